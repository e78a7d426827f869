// The studio put together: the browser drives the session, the session drives the viewport and
// the docks (issue 8's GUI scenarios on the demo DAT).

#include "datreader/records/common.h"
#include "preview/core/events.h"
#include "support/demo_ids.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/event_log.h"
#include "ui/session/sound_player.h"
#include "ui/session/studio_session.h"
#include "ui/session/table_browser.h"
#include "ui/session/timeline_bar.h"
#include "ui/studio/studio.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QByteArray>
#include <QColor>
#include <QFile>
#include <QIODevice>
#include <QImage>
#include <QJsonDocument>
#include <QKeySequence>
#include <QList>
#include <QMenu>
#include <QObject>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace portalkit;
using namespace portalkit::ui;
using namespace portalkit::testing::demo_ids;

namespace {

// Pixels that differ by more than a little in any channel.
qsizetype differingPixels(const QImage& a, const QImage& b) {
    qsizetype count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            if (std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
                    std::abs(p.blue() - q.blue()) >
                24)
                ++count;
        }
    return count;
}

// Whether the log holds an event of this kind that `match` accepts.
template <class Kind, class Match> bool logged(const EventLog& log, Match match) {
    for (const preview::Event& event : log.model()->allEvents())
        if (const Kind* what = event.as<Kind>(); what && match(*what))
            return true;
    return false;
}

} // namespace

class TestStudio : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void recallShowsParticlesAndLaunchLogsItsScript() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(studio.session());

        // Choosing the human in the browser shows it.
        QVERIFY(window.selectEntry(kHuman));
        StudioSession& session = *studio.session();
        QCOMPARE(session.mode(), StudioSession::Mode::Setup);
        QCOMPARE(session.setupId(), kHuman);

        // Recall: frame 16 (left at 1.71 s) creates emitter 0x3200078E.
        QVERIFY(session.performMotion(StudioSession::kRecall));
        session.advanceFrames(40); // 1.6 s
        QVERIFY(session.snapshot().particles.empty());
        const QImage before = studio.viewport()->capture();
        session.advanceFrames(10); // 2.0 s
        QVERIFY(!session.snapshot().particles.empty());
        const QImage after = studio.viewport()->capture();
        QVERIFY(!before.isNull() && !after.isNull());
        QCOMPARE(before.size(), after.size());
        QVERIFY(differingPixels(before, after) > 50);
        QVERIFY(logged<preview::EmitterCreated>(
            *studio.eventLog(), [](const auto& e) { return e.emitter == 0x3200078E; }));

        // Flame Bolt, Launch at 0.5: the table's stored order picks 0x3300011C.
        QVERIFY(window.selectEntry(kFlameBolt));
        QCOMPARE(session.setupId(), kFlameBolt);
        QVERIFY(studio.launcher()->selectType(kLaunch));
        studio.launcher()->setIntensityText("0.5");
        QVERIFY(studio.launcher()->playTypedFromInput());
        session.advanceFrames(1);
        QVERIFY(logged<preview::ScriptQueued>(
            *studio.eventLog(), [](const auto& e) { return e.script == 0x3300011C; }));

        // Choosing a PhysicsScriptTable lists it in the table browser.
        QVERIFY(window.selectEntry(kFlameBoltTable));
        QCOMPARE(studio.tableBrowser()->tableId(), kFlameBoltTable);
    }

    // The mute toggle sits beside play and step, answers to M, and outlives the session.
    void muteToggleMutesTheSoundAndIsRemembered() {
        QSettings("PortalKit", "Studio").remove("audio/muted");
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QAction* mute = studio.muteAction();
        QVERIFY(mute->isCheckable() && !mute->isChecked());
        QCOMPARE(mute->shortcut(), QKeySequence(Qt::Key_M));
        QCOMPARE(studio.timeline()->muteButton()->defaultAction(), mute);
        QVERIFY(!studio.soundPlayer()->isMuted());

        QTest::keyClick(&window, Qt::Key_M);
        QVERIFY(mute->isChecked());
        QVERIFY(studio.soundPlayer()->isMuted());
        studio.timeline()->muteButton()->click();
        QVERIFY(!studio.soundPlayer()->isMuted());
        studio.soundPlayer()->setMuted(true); // the player's own state shows on the button
        QVERIFY(mute->isChecked());

        // A new session (the DAT opened again) starts muted, with the button in its timeline.
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(studio.soundPlayer()->isMuted());
        QVERIFY(mute->isChecked());
        QCOMPARE(studio.timeline()->muteButton()->defaultAction(), mute);
        mute->trigger();
        QVERIFY(!studio.soundPlayer()->isMuted());
        QCOMPARE(QSettings("PortalKit", "Studio").value("audio/muted").toBool(), false);
    }

    void openingAnotherDatRebuildsTheSession() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(!studio.session()); // nothing open yet
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(studio.session());
        QVERIFY(!window.openDat(QStringLiteral("/nonexistent/client_portal.dat")));
        QVERIFY(studio.session()); // a failed open keeps what was open
    }

    // File → Export selected… writes the browser's entry in its format, with the model options.
    void exportSelectedWritesTheEntry() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(window.fileMenu()->actions().contains(studio.exportAction()));
        QTemporaryDir dir;
        QVERIFY(window.selectEntry(0x02000001));
        exports::ModelExportOptions options;
        options.motion = exports::MotionRequest{StudioSession::kRecall, std::nullopt, 1};
        const QString glb = dir.filePath("human.glb");
        QVERIFY2(studio.exportCurrent(glb, options), qPrintable(studio.lastExportError()));
        QFile model(glb);
        QVERIFY(model.open(QIODevice::ReadOnly));
        const QByteArray bytes = model.readAll();
        QCOMPARE(bytes.left(4), QByteArray("glTF"));
        QVERIFY(bytes.contains("\"animations\""));

        const std::uint32_t table = 0x34000005;
        QVERIFY(window.selectEntry(table));
        const QString json = dir.filePath("table.json");
        QVERIFY(studio.exportCurrent(json, {}));
        QFile text(json);
        QVERIFY(text.open(QIODevice::ReadOnly));
        QVERIFY(QJsonDocument::fromJson(text.readAll()).isObject());

        // A bad path fails with the reason, and nothing crashes.
        QVERIFY(!studio.exportCurrent(dir.filePath("missing/folder/x.json"), {}));
        QVERIFY(!studio.lastExportError().isEmpty());
    }

    // View brings back every panel and toggles the viewport's overlays.
    void viewMenuHasThePanelsAndOverlays() {
        QSettings("PortalKit", "Studio").remove("viewport/overlays");
        MainWindow window;
        Studio studio(&window);
        QStringList texts;
        QMenu* viewport = nullptr;
        for (QAction* action : window.viewMenu()->actions()) {
            texts << action->text();
            if (action->menu())
                viewport = action->menu();
        }
        for (const char* panel : {"Effects", "Script table", "Timeline", "Event log", "Particles"})
            QVERIFY2(texts.contains(panel), panel);
        QVERIFY(viewport);
        const QList<QAction*> overlays = studio.viewport()->overlayActions();
        for (QAction* overlay : overlays)
            QVERIFY(viewport->actions().contains(overlay));
        QVERIFY(viewport->actions().contains(studio.viewport()->frameSelectionAction()));
        overlays[int(render::Overlay::CollisionSpheres)]->trigger();
        QVERIFY(studio.viewport()->overlay(render::Overlay::CollisionSpheres));
        overlays[int(render::Overlay::CollisionSpheres)]->trigger();
        QVERIFY(!studio.viewport()->overlay(render::Overlay::CollisionSpheres));
    }
};

QTEST_MAIN(TestStudio)
#include "tst_studio.moc"
