// The scenarios on the demo DAT our writer builds: what retail does with
// these ids, played from DAT data by the runtime and by `portalkit simulate`.

#include "preview/scene/preview_scene.h"
#include "support/cli_run.h"
#include "support/demo_ids.h"
#include "support/preview_fixtures.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;
using namespace portalkit::testing::demo_ids;
using portalkit::testing::runPortalkit;

namespace {

constexpr double kRecallFps = 9.96;
constexpr double kTick = 0.04;

struct Demo {
    std::shared_ptr<Assets> assets;
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<EventRecorder> recorder;

    Demo() {
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT));
        assets = std::make_shared<Assets>(dat);
        scene = std::make_unique<PreviewScene>(assets, 1);
        recorder = std::make_unique<EventRecorder>(scene->events());
    }
    std::uint32_t create(std::uint32_t setup, std::uint32_t state = state::kDefault) {
        OwnerDesc desc;
        desc.setup = setup;
        desc.state = state;
        return scene->createOwner(desc);
    }
    void run(double seconds) {
        for (int i = 0; i < int(std::lround(seconds / kTick)); ++i)
            scene->advance(kTick);
    }
};

// Leaving frame k of an animation started at t0 happens at t0 + (k + 1)/fps; the event lands on
// the first tick at or after it.
bool firesOnLeaving(double t, int frame, double fps, double start = 0) {
    const double due = start + (frame + 1) / fps;
    return t >= due - 1e-9 && t < due + kTick + 1e-9;
}

} // namespace

class TestDemoEffects : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R48
    void recallPlaysFromDatData() {
        Demo demo;
        const std::uint32_t human = demo.create(kHuman);
        QVERIFY(human);
        demo.recorder->clear();
        QVERIFY(demo.scene->performMotion(human, kRecall));
        demo.run(16.0);

        const auto created = demo.recorder->ofKind<EmitterCreated>();
        QCOMPARE(created.size(), std::size_t(1));
        QCOMPARE(created[0].what.emitter, 0x3200078Eu);
        QCOMPARE(created[0].what.id, 19u);
        QCOMPARE(created[0].what.part, -1);
        QVERIFY2(firesOnLeaving(created[0].t, 16, kRecallFps),
                 qPrintable(QString::number(created[0].t)));

        std::vector<int> soundFrames;
        for (const auto& hook : demo.recorder->ofKind<HookFired>()) {
            if (hook.what.source != kRecallAnimation)
                continue;
            const int frame = hook.what.frame.value_or(0);
            QVERIFY2(firesOnLeaving(hook.t, frame, kRecallFps),
                     qPrintable(QString::number(hook.t)));
            if (hook.what.hook.type() == dat::HookType::SoundTweaked)
                soundFrames.push_back(frame);
        }
        QCOMPARE(soundFrames, (std::vector<int>{16, 46, 76, 116}));
        QCOMPARE(demo.recorder->ofKind<SoundPlayed>().size(), std::size_t(4));
        // No CallPES in this chain, and the action completes once the link has played.
        QVERIFY(demo.recorder->ofKind<CallPesScheduled>().empty());
        // (The idle Ready queued at creation completes with the same AnimationDone.)
        std::vector<double> recallDone;
        for (const auto& done : demo.recorder->ofKind<MotionDone>())
            if (done.what.motion == kRecall)
                recallDone.push_back(done.t);
        QCOMPARE(recallDone.size(), std::size_t(1));
        QVERIFY(recallDone[0] >= 150 / kRecallFps);
    }

    // oracle: R21
    void flameBoltLaunchAcrossIntensities() {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        const std::optional<std::uint32_t> none;
        const std::vector<std::pair<float, std::optional<std::uint32_t>>> expected{
            {0.0f, 0x3300011B}, {0.4f, 0x3300011C}, {0.5f, 0x3300011C},
            {0.7f, 0x3300011D}, {1.0f, 0x3300011D}, {1.1f, none},
            {nan, none},        {inf, none},        {-inf, 0x3300011B}};
        for (const auto& [intensity, script] : expected) {
            Demo demo;
            const std::uint32_t bolt = demo.create(kFlameBolt);
            demo.scene->playTyped(bolt, 4, intensity);
            const auto resolved = demo.recorder->ofKind<TableResolved>();
            QCOMPARE(resolved.size(), std::size_t(1));
            QCOMPARE(resolved[0].what.table, std::optional<std::uint32_t>(0x34000005));
            QVERIFY2(resolved[0].what.result == script, qPrintable(QString::number(intensity)));
            demo.run(3.0);
            // A resolved Launch plays its hooks; an unresolved one plays nothing.
            const bool played = !scriptsOf<ScriptFinished>(*demo.recorder, bolt).empty();
            QCOMPARE(played, script.has_value());
        }
    }

    // oracle: R30
    void blockingScriptTwiceOnOneOwner() {
        Demo demo;
        const std::uint32_t human = demo.create(kHuman);
        demo.scene->playScript(human, 0x33000AEA);
        demo.scene->playScript(human, 0x33000AEA);
        demo.run(kTick);
        QCOMPARE(scriptsOf<ScriptFinished>(*demo.recorder, human).size(), std::size_t(2));
        QCOMPARE(demo.recorder->ofKind<EmitterCreated>().size(), std::size_t(1));
        const auto suppressed = demo.recorder->ofKind<EmitterSuppressed>();
        QCOMPARE(suppressed.size(), std::size_t(1));
        QCOMPARE(suppressed[0].what.id, 1u);
        QCOMPARE(demo.scene->owner(human)->particles.emitterCount(), std::size_t(1));
    }

    void hiddenToVisibleMakesUnHide() {
        Demo demo;
        const std::uint32_t visible = demo.create(kHuman);
        QVERIFY(demo.recorder->ofKind<TableResolved>().empty());
        const std::uint32_t hidden = demo.create(kHuman, state::kDefault | state::Hidden);
        QCOMPARE(scriptsOf<ScriptQueued>(*demo.recorder, hidden), Ids{0x33000331});
        demo.run(1.0);
        demo.scene->setState(hidden, state::kDefault);
        QCOMPARE(scriptsOf<ScriptQueued>(*demo.recorder, hidden), (Ids{0x33000331, 0x3300032F}));
        QVERIFY(scriptsOf<ScriptQueued>(*demo.recorder, visible).empty());
    }

    void tuskerFistDefaultScriptRunsAtCreation() {
        Demo demo;
        const std::uint32_t fist = demo.create(kTuskerFist);
        QCOMPARE(scriptsOf<ScriptQueued>(*demo.recorder, fist), Ids{0x33000D77});
        demo.run(kTick);
        std::vector<dat::HookType> hooks;
        for (const auto& hook : demo.recorder->ofKind<HookFired>())
            hooks.push_back(hook.what.hook.type());
        QCOMPARE(hooks,
                 (std::vector<dat::HookType>{dat::HookType::Scale, dat::HookType::CreateParticle,
                                             dat::HookType::SoundTable}));
        QCOMPARE(demo.scene->owner(fist)->scale, 1.25f);
        const auto created = demo.recorder->ofKind<EmitterCreated>();
        QCOMPARE(created.size(), std::size_t(1));
        QCOMPARE(created[0].what.emitter, 0x3200071Bu);
        QCOMPARE(created[0].what.part, 0);
    }

    void everyDemoScriptPlaysWithoutMissingRecords() {
        auto dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
        std::vector<std::uint32_t> scripts;
        for (const dat::EntryInfo& entry : dat.entries())
            if (entry.id >> 24 == 0x33)
                scripts.push_back(entry.id);
        QVERIFY(scripts.size() > 20);
        for (std::uint32_t script : scripts) {
            Demo demo;
            const std::uint32_t human = demo.create(kHuman);
            demo.scene->playScript(human, script);
            demo.run(4.0);
            QVERIFY2(demo.recorder->ofKind<ScriptMissing>().empty(),
                     qPrintable(did(script) + " script_missing"));
            QVERIFY2(demo.recorder->ofKind<EmitterMissing>().empty(),
                     qPrintable(did(script) + " emitter_missing"));
            QVERIFY2(demo.recorder->ofKind<EmitterInvalid>().empty(),
                     qPrintable(did(script) + " emitter_invalid"));
            QVERIFY2(!scriptsOf<ScriptStarted>(*demo.recorder, human).empty(),
                     qPrintable(did(script)));
        }
    }

    void simulateTraceIsDeterministicJsonLines() {
        QTemporaryDir dir;
        const QString first = dir.filePath("a.jsonl"), second = dir.filePath("b.jsonl");
        const QStringList common{
            "simulate",   PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--motion",
            "0x10000153", "--duration",       "3",       "--seed",     "7"};
        QCOMPARE(runPortalkit(common + QStringList{"--trace", first}).exitCode, 0);
        QCOMPARE(runPortalkit(common + QStringList{"--trace", second}).exitCode, 0);
        QFile a(first), b(second);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray bytes = a.readAll();
        QCOMPARE(bytes, b.readAll());
        QStringList events;
        for (const QByteArray& line : bytes.split('\n')) {
            if (line.isEmpty())
                continue;
            QJsonParseError error;
            const QJsonObject event = QJsonDocument::fromJson(line, &error).object();
            QCOMPARE(error.error, QJsonParseError::NoError);
            QVERIFY(event.contains("t") && event.contains("owner") && event.contains("event"));
            QVERIFY(line.startsWith("{\"t\":"));
            events << event.value("event").toString();
        }
        for (const char* type : {"owner_created", "motion_started", "anim_frame", "hook",
                                 "emitter_created", "sound", "particles"})
            QVERIFY2(events.contains(type), type);
    }

    void simulateTypedAcceptsNamesAndNonFiniteIntensities() {
        const auto run =
            runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--setup", "0x0200040D", "--typed",
                          "Launch", "--intensity", "nan", "--trace", "-", "--duration", "0.2"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("\"event\":\"table_resolved\""));
        QVERIFY(run.out.contains("\"intensity\":\"nan\""));
        QVERIFY(run.out.contains("\"result\":null"));

        const auto summary =
            runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--script",
                          "0x33000AEA", "--at", "0", "--at", "0", "--at", "1=state:0x00404C08",
                          "--summary", "--duration", "2"});
        QCOMPARE(summary.exitCode, 0);
        const QJsonObject totals = QJsonDocument::fromJson(summary.out).object();
        QCOMPARE(totals.value("events").toObject().value("emitter_suppressed").toInt(), 1);
        QCOMPARE(totals.value("scriptsStarted").toObject().value(did(0x33000331)).toInt(), 1);

        QCOMPARE(runPortalkit({"simulate", PORTALKIT_DEMO_DAT}).exitCode, 2);
        QCOMPARE(runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--setup", "0x02000001", "--typed",
                               "NoSuchType"})
                     .exitCode,
                 2);
        const auto missing =
            runPortalkit({"simulate", PORTALKIT_DEMO_DAT, "--setup", "0x02000999"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("0x02000999"));
    }
};

QTEST_GUILESS_MAIN(TestDemoEffects)
#include "tst_demo_effects.moc"
