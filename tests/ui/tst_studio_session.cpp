// The studio's effect session without a window: the clock moves in whole frames, seeking is a
// replay from 0, speed changes nothing but pacing, and the demo's effects show as the runtime
// publishes them.

#include "datreader/container/dat_file.h"
#include "preview/effects/script_table.h"
#include "preview/scene/trace.h"
#include "ui/session/studio_session.h"

#include <QByteArray>
#include <QLatin1String>
#include <QList>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <cmath>
#include <limits>
#include <memory>

using namespace portalkit;
using portalkit::ui::StudioSession;

namespace {

using Ids = QList<std::uint32_t>;

constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kFlameBolt = 0x0200040D;
constexpr std::uint32_t kRecall = 0x10000153;
constexpr std::uint32_t kLaunch = 4;

std::shared_ptr<const preview::Assets> demoAssets() {
    static std::shared_ptr<const preview::Assets> assets = std::make_shared<preview::Assets>(
        std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
    return assets;
}

// Every event the session hands out since its last reset, as trace lines.
class Log {
  public:
    explicit Log(StudioSession& session) {
        QObject::connect(&session, &StudioSession::eventPublished,
                         [this](const preview::Event& event) {
                             lines.push_back(preview::traceLine(event));
                             events.push_back(event);
                         });
        QObject::connect(&session, &StudioSession::sceneReset, [this] {
            lines.clear();
            events.clear();
            ++resets;
        });
    }
    template <class Kind> std::vector<preview::Published<Kind>> ofKind() const {
        std::vector<preview::Published<Kind>> out;
        for (const auto& event : events)
            if (const Kind* what = event.as<Kind>())
                out.push_back({event.t, event.owner, *what});
        return out;
    }
    // The script ids of one kind of script event, in order.
    template <class Kind> Ids scripts() const {
        Ids out;
        for (const auto& event : ofKind<Kind>())
            out << event.what.script;
        return out;
    }
    std::vector<QByteArray> lines;
    std::vector<preview::Event> events;
    int resets = 0;
};

std::vector<preview::Published<preview::EmitterCreated>> emittersOf(const Log& log,
                                                                    std::uint32_t emitter) {
    std::vector<preview::Published<preview::EmitterCreated>> out;
    for (const auto& event : log.ofKind<preview::EmitterCreated>())
        if (event.what.emitter == emitter)
            out.push_back(event);
    return out;
}

QString scenarioPath(const char* name) {
    return QStringLiteral(PORTALKIT_SCENARIOS "/") + QLatin1String(name);
}

} // namespace

class TestStudioSession : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void recallCreatesItsEmitterWhenTheClockPassesIt() {
        StudioSession session(demoAssets());
        Log log(session);
        QVERIFY(session.showSetup(kHuman));
        QCOMPARE(session.targetMotionTable(), 0x09000001u);
        QCOMPARE(session.targetScriptTable(), 0x34000004u);
        QVERIFY(session.performMotion(kRecall));
        QCOMPARE(session.actions().size(), std::size_t(1));

        session.seek(1.68);
        QCOMPARE(session.frame(), std::int64_t(42));
        QVERIFY(emittersOf(log, 0x3200078E).empty());
        session.step(); // frame 43: 1.72 s
        const auto created = emittersOf(log, 0x3200078E);
        QCOMPARE(created.size(), std::size_t(1));
        QCOMPARE(created.front().what.id, 19u);
        QVERIFY(std::abs(created.front().t - 1.72) < 1e-6);
        QVERIFY(std::abs(session.time() - 1.72) < 1e-9);
        QVERIFY(std::abs(session.snapshot().t - 1.72) < 1e-6);
    }

    // Seeking back replays from 0 with the recorded actions: the events and the particles are
    // those of playing straight through.
    void seekReplayGivesTheEventsOfStraightPlay() {
        StudioSession straight(demoAssets());
        Log straightLog(straight);
        QVERIFY(straight.showSetup(kHuman));
        straight.performMotion(kRecall);
        straight.advanceFrames(25);
        straight.playTyped(0x76, 1.0f); // Hidden through the table at 1 s
        straight.advanceFrames(75);
        QCOMPARE(straight.frame(), std::int64_t(100));

        StudioSession seeking(demoAssets());
        Log seekingLog(seeking);
        QVERIFY(seeking.showSetup(kHuman));
        seeking.performMotion(kRecall);
        seeking.seek(1.0);
        seeking.playTyped(0x76, 1.0f);
        seeking.seek(3.2);
        seeking.seek(4.0);
        const int resetsBefore = seekingLog.resets;
        seeking.seek(0.52); // back: a replay
        QCOMPARE(seekingLog.resets, resetsBefore + 1);
        for (const auto& event : seekingLog.events)
            QVERIFY(event.t <= 0.52 + 1e-9);
        seeking.seek(4.0);

        QCOMPARE(seeking.frame(), straight.frame());
        QVERIFY(straightLog.lines.size() > 100);
        QCOMPARE(seekingLog.lines.size(), straightLog.lines.size());
        QVERIFY(seekingLog.lines == straightLog.lines);
        QVERIFY(!emittersOf(seekingLog, 0x3200078E).empty());
        QCOMPARE(seeking.snapshot().particles.size(), straight.snapshot().particles.size());
        QVERIFY(!straight.snapshot().particles.empty());
        for (std::size_t i = 0; i < straight.snapshot().particles.size(); ++i) {
            const auto& a = straight.snapshot().particles[i].position;
            const auto& b = seeking.snapshot().particles[i].position;
            QCOMPARE(a.x, b.x);
            QCOMPARE(a.y, b.y);
            QCOMPARE(a.z, b.z);
        }
    }

    // The speed scales only how fast wall time turns into frames.
    void speedDoesNotChangeResults() {
        std::vector<QByteArray> reference;
        {
            StudioSession session(demoAssets());
            Log log(session);
            QVERIFY(session.showSetup(kHuman));
            session.performMotion(kRecall);
            session.advanceFrames(60);
            reference = log.lines;
        }
        for (const double speed : {0.1, 0.35, 1.0, 2.5, 4.0}) {
            StudioSession session(demoAssets());
            Log log(session);
            QVERIFY(session.showSetup(kHuman));
            session.performMotion(kRecall);
            session.setSpeed(speed);
            QCOMPARE(session.speed(), speed);
            int ticks = 0;
            while (session.frame() < 60 && ticks < 100000) {
                session.tick(0.004); // 250 Hz wall ticks
                ++ticks;
            }
            QCOMPARE(session.frame(), std::int64_t(60));
            QVERIFY2(log.lines == reference, qPrintable(QString::number(speed)));
            // Slower speeds take proportionally more wall time for the same frames.
            QVERIFY(std::abs(ticks * 0.004 * speed - 60 * session.frameStep()) <
                    0.004 * speed + 1e-9);
        }
        StudioSession session(demoAssets());
        session.setSpeed(10);
        QCOMPARE(session.speed(), 4.0);
        session.setSpeed(0);
        QCOMPARE(session.speed(), 0.1);
    }

    void flameBoltLaunchResolvesThroughItsTable() {
        StudioSession session(demoAssets());
        Log log(session);
        QVERIFY(session.showSetup(kFlameBolt));
        QCOMPARE(session.targetScriptTable(), 0x34000005u);
        const float inf = std::numeric_limits<float>::infinity();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const std::optional<std::uint32_t> none;
        const std::pair<float, std::optional<std::uint32_t>> cases[] = {
            {0.5f, 0x3300011C}, {0.0f, 0x3300011B}, {0.7f, 0x3300011D},
            {-inf, 0x3300011B}, {nan, none},        {inf, none}};
        for (const auto& [intensity, expected] : cases) {
            log.events.clear();
            QCOMPARE(session.playTyped(kLaunch, intensity), expected.has_value());
            const auto resolved = log.ofKind<preview::TableResolved>();
            QCOMPARE(resolved.size(), std::size_t(1));
            QCOMPARE(preview::playScriptName(resolved.front().what.type), QString("Launch"));
            QCOMPARE(resolved.front().what.result, expected);
            QCOMPARE(log.scripts<preview::ScriptQueued>(), expected ? Ids{*expected} : Ids());
        }
        // Every typed play is recorded, also the ones that selected nothing.
        QCOMPARE(session.actions().size(), std::size_t(6));
        session.advanceFrames(2);
        QVERIFY(log.scripts<preview::ScriptStarted>().contains(0x3300011C));
    }

    void hiddenToggleRunsTheTablesHiddenAndUnHideScripts() {
        StudioSession session(demoAssets());
        Log log(session);
        QVERIFY(session.showSetup(kHuman));
        session.advanceFrames(3);
        QVERIFY(!session.targetHidden());
        QVERIFY(session.setHidden(true));
        QVERIFY(session.targetHidden());
        QCOMPARE(log.scripts<preview::ScriptQueued>(), Ids{0x33000331});
        session.advanceFrames(3);
        QVERIFY(session.snapshot().owners.front().hidden);
        QVERIFY(session.snapshot().parts.empty());
        QVERIFY(session.setHidden(false));
        QVERIFY(!session.targetHidden());
        QCOMPARE(log.scripts<preview::ScriptQueued>(), (Ids{0x33000331, 0x3300032F}));
        session.advanceFrames(1);
        QVERIFY(!session.snapshot().owners.front().hidden);
    }

    void arrowScenarioCollidesAndStopsAtItsEnd() {
        StudioSession session(demoAssets());
        Log log(session);
        QVERIFY(session.runScenario(scenarioPath("arrow.json")));
        QCOMPARE(session.mode(), StudioSession::Mode::Scenario);
        QCOMPARE(session.frameStep(), 0.04);
        QCOMPARE(session.length(), 3.0);
        QVERIFY(log.ofKind<preview::CollisionHit>().empty());
        session.play();
        QVERIFY(session.isPlaying());
        for (int i = 0; i < 40 && session.isPlaying(); ++i)
            session.tick(0.1);
        QVERIFY(!session.isPlaying()); // paused at the scenario's end
        QVERIFY(std::abs(session.time() - 3.0) < 1e-6);
        QVERIFY(!log.ofKind<preview::CollisionHit>().empty());
        QVERIFY(!log.ofKind<preview::OwnerCreated>().empty());

        // The same as the CLI's straight run: seeking back and forth replays it.
        const auto lines = log.lines;
        session.seek(1.0);
        session.seek(3.0);
        QVERIFY(log.lines == lines);
    }

    void loopReplaysTheRecordedActions() {
        StudioSession session(demoAssets());
        Log log(session);
        QVERIFY(session.showSetup(kFlameBolt));
        session.setLoopLength(0.4);
        session.setLoop(true);
        session.playTyped(kLaunch, 0.5f);
        QSignalSpy resets(&session, &StudioSession::sceneReset);
        session.tick(0.4); // to the end
        QCOMPARE(int(resets.count()), 0);
        QCOMPARE(session.frame(), std::int64_t(10));
        session.tick(0.08); // past it: from 0 again, two frames in
        QCOMPARE(int(resets.count()), 1);
        QCOMPARE(session.frame(), std::int64_t(2));
        QCOMPARE(log.scripts<preview::ScriptQueued>(), Ids{0x3300011C});
        QVERIFY(log.scripts<preview::ScriptStarted>().contains(0x3300011C));

        // Without recorded actions the next loop plays nothing, and new actions record again.
        session.clearActions();
        QVERIFY(session.actions().empty());
        session.seek(0);
        QVERIFY(log.scripts<preview::ScriptQueued>().isEmpty());
        QVERIFY(session.playTyped(kLaunch, 1.0f));
        QCOMPARE(log.scripts<preview::ScriptQueued>(), Ids{0x3300011D});
        QCOMPARE(session.actions().size(), std::size_t(1));
    }

    void badScenarioLeavesAnEmptySession() {
        StudioSession session(demoAssets());
        QSignalSpy errors(&session, &StudioSession::errorOccurred);
        QVERIFY(!session.runScenario(scenarioPath("no_such_scenario.json")));
        QCOMPARE(int(errors.count()), 1);
        QVERIFY(!session.lastError().isEmpty());
        QVERIFY(!session.hasScene());
        QVERIFY(!session.playScript(0x3300011C));
        QVERIFY(!session.showSetup(0x02FFFFFF));
        QVERIFY(session.lastError().contains("0x02ffffff", Qt::CaseInsensitive));
    }

    void playRunsOnTheTimer() {
        StudioSession session(demoAssets());
        QVERIFY(session.showSetup(kHuman));
        session.setSpeed(4);
        session.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.frame() >= 5, 5000);
        session.pause();
        const std::int64_t frame = session.frame();
        QTest::qWait(100);
        QCOMPARE(session.frame(), frame);
    }
};

QTEST_GUILESS_MAIN(TestStudioSession)
#include "tst_studio_session.moc"
