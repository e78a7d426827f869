// How long an effect lasts (preview/scene/effect_length.h), and what `portalkit simulate` does
// with it when no --duration is given: the demo recall runs to its end instead of the old 5 s
// default, and the summary prints clock times at the trace's precision (docs/cli.md).

#include "preview/core/assets.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/effect_length.h"
#include "preview/scene/preview_scene.h"
#include "support/cli_run.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
using portalkit::testing::runPortalkit;

namespace {

constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kRecall = 0x10000153;
constexpr double kDt = 0.04;

std::shared_ptr<const Assets> demoAssets() {
    static const auto assets = std::make_shared<const Assets>(std::make_shared<const dat::DatFile>(
        dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT))));
    return assets;
}

// The human, with `action` (if any) at t = 0, measured with this cap.
EffectLength measureHuman(std::optional<EffectAction> action, double cap,
                          std::vector<Event>* events = nullptr) {
    PreviewScene scene(demoAssets(), 1);
    if (events)
        scene.events().listen([events](const Event& event) { events->push_back(event); });
    OwnerDesc desc;
    desc.setup = kHuman;
    const std::uint32_t owner = scene.createOwner(desc);
    return measureEffectLength(
        scene,
        [&](std::int64_t frame) {
            if (frame == 0 && action)
                applyAction(scene, owner, *action);
        },
        kDt, cap);
}

const EffectAction kRecallAction{EffectAction::Kind::Motion, kRecall, 0};

QJsonObject summaryOf(const QStringList& arguments) {
    const auto run = runPortalkit(QStringList{"simulate", PORTALKIT_DEMO_DAT} + arguments +
                                  QStringList{"--summary"});
    if (run.exitCode != 0)
        qWarning("%s", run.err.constData());
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace

class TestEffectLength : public QObject {
    Q_OBJECT
  private slots:
    // The recall's motion ends at 15.08 s (its animation's last frame): the length is the time
    // of that motion_done, a whole number of frames, and not capped.
    void recallLastsUntilItsMotionIsDone() {
        std::vector<Event> events;
        const EffectLength length = measureHuman(kRecallAction, 30, &events);
        QVERIFY(!length.capped);
        double done = -1;
        for (const Event& event : events)
            if (const auto* motion = event.as<MotionDone>(); motion && motion->motion == kRecall)
                done = event.t;
        QVERIFY(done > 10);
        QVERIFY2(std::abs(length.seconds - done) < 1e-6,
                 qPrintable(QStringLiteral("%1 vs %2").arg(length.seconds).arg(done)));
        const double frames = length.seconds / kDt;
        QVERIFY(std::abs(frames - std::round(frames)) < 1e-6);
        // Every sound of the recall is inside it.
        int sounds = 0;
        for (const Event& event : events)
            if (event.is<SoundPlayed>() && event.t <= length.seconds + 1e-9)
                ++sounds;
        QCOMPARE(sounds, 4);
    }

    // Nothing played: the idle Setup is quiet at once; its idle animation frames do not count.
    void anIdleSetupIsShort() {
        const EffectLength length = measureHuman(std::nullopt, 30);
        QVERIFY(!length.capped);
        QVERIFY2(length.seconds < 1.0, qPrintable(QString::number(length.seconds)));
    }

    // A cap below the effect's end stops the measure there and says so.
    void theCapStopsALongEffect() {
        const EffectLength length = measureHuman(kRecallAction, 3);
        QVERIFY(length.capped);
        QVERIFY(length.seconds <= 3 + 1e-9);
    }

    // simulate without --duration: the recall's whole length and all four sounds; with the old
    // 5 s it stops after two.
    void simulateDefaultsToTheEffectsLength() {
        const QJsonObject measured = summaryOf({"--setup", "0x02000001", "--motion", "0x10000153"});
        QVERIFY(!measured.isEmpty());
        QCOMPARE(measured["duration"].toDouble(), measureHuman(kRecallAction, 30).seconds);
        QCOMPARE(measured["soundsPlayed"].toInt(), 4);
        const QJsonObject five =
            summaryOf({"--setup", "0x02000001", "--motion", "0x10000153", "--duration", "5"});
        QCOMPARE(five["duration"].toDouble(), 5.0);
        QCOMPARE(five["soundsPlayed"].toInt(), 2);
    }

    // The clock sums 0.04 s steps; the summary prints its times at the trace's twelve digits.
    void summaryTimesHaveTheTicksPrecision() {
        const auto run = runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--setup", "0x02000001",
                                       "--motion", "0x10000153", "--duration", "5", "--summary"});
        QCOMPARE(run.exitCode, 0);
        const QRegularExpression number(
            QStringLiteral("\"(duration|peakParticlesAt)\": ([^,\\n]+)"));
        int seen = 0;
        for (auto it = number.globalMatch(QString::fromUtf8(run.out)); it.hasNext(); ++seen) {
            const QString value = it.next().captured(2);
            QString digits = value;
            digits.remove('.').remove('-');
            while (digits.startsWith('0'))
                digits.remove(0, 1);
            QVERIFY2(digits.size() <= 12, qPrintable(value));
        }
        QCOMPARE(seen, 2);
        QVERIFY2(run.out.contains("\"duration\": 5,"), run.out.constData());
    }

    void helpSaysWhatTheDefaultIs() {
        const auto run = runPortalkit({"simulate", "--help"});
        QCOMPARE(run.exitCode, 0);
        const QString help = QString::fromUtf8(run.out).simplified();
        QVERIFY2(help.contains("the effect's own length") && help.contains("at most 30 s"),
                 run.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestEffectLength)
#include "tst_effect_length.moc"
