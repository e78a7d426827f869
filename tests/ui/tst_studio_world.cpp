// The studio shows the world (docs/render.md#the-world, docs/user-guide.md#the-world): choosing a
// LandBlock or LandBlockInfo in the browser builds that block and its neighbours off the GUI
// thread and draws them in the viewport instead of the Setup shown before; choosing a Setup
// then stands it in the world, and Ctrl+click moves it to the ground clicked (Hide World puts it
// back alone). A dungeon's records show the dungeon alone, and choosing one of its EnvCells
// stands the camera in it, where only the cells it can see are drawn.

#include "support/demo_ids.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/studio/world_loader.h"
#include "ui/studio/world_navigation.h"
#include "ui/studio/world_placement.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWindow>

using namespace portalkit;
using namespace portalkit::ui;

namespace {

// The demo portal and cell DATs open in a shown 900 x 700 window.
bool openDemo(MainWindow& window) {
    if (!window.openDat(PORTALKIT_DEMO_DAT) || !window.openDat(PORTALKIT_DEMO_CELL_DAT))
        return false;
    window.resize(900, 700);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

} // namespace

class TestStudioWorld : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void selectingALandblockShowsTheWorld() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(openDemo(window));
        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);

        QSignalSpy shown(&studio, &Studio::worldShown);
        QVERIFY(window.selectEntry(0xA9B4FFFE)); // the town's LandBlockInfo
        QVERIFY(shown.wait(60000));
        QCOMPARE(shown.first().first().value<std::uint32_t>(), 0xA9B4FFFFu);
        // The centre block at once, its neighbours a frame apart (no frame takes in all nine).
        QVERIFY(studio.viewport()->scene().world().blockCount() >= 1);
        QTRY_COMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
        QCOMPARE(studio.viewport()->scene().world().pendingCount(), std::size_t(0));
        QVERIFY(studio.viewport()->scene().world().partCount() > 0);
        QCOMPARE(studio.viewport()->scene().drawnParts(), std::size_t(0)); // the Setup is gone
        QCOMPARE(studio.session()->mode(), StudioSession::Mode::Empty);

        // Ground fills a good part of the view now.
        const QImage image = studio.viewport()->capture().convertToFormat(QImage::Format_RGB32);
        QVERIFY(!image.isNull());
        const QRgb bg = render::backgroundColor().rgb();
        int drawn = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                drawn += image.pixel(x, y) != bg ? 1 : 0;
        QVERIFY(drawn > (image.width() / 4) * (image.height() / 4) / 6);

        QVERIFY(window.selectEntry(0x01D9FFFF)); // the sea block: a LandBlock, on its own
        QVERIFY(shown.wait(60000));
        QVERIFY(studio.viewport()->scene().world().blockCount() >= 1);

        // Seen from above, the sea block's dungeon has no floor in the middle of the view to
        // stand a Setup on: the Setup is shown alone, as without a world.
        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(0));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);
        QVERIFY(!studio.placement()->hideWorldAction()->isEnabled());
    }

    // In the town, a Setup chosen in the browser stands on the ground in the middle of the view,
    // and a Ctrl+click stands it where the click's ray meets the ground; a click at the sky
    // leaves it where it was. The world stays drawn throughout.
    void ctrlClickStandsTheSetupOnTheGround() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(openDemo(window));
        QSignalSpy shown(&studio, &Studio::worldShown);
        QVERIFY(window.selectEntry(0xA9B4FFFE));
        QVERIFY(shown.wait(60000));
        QTRY_COMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));

        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        StudioSession* session = studio.session();
        QCOMPARE(session->mode(), StudioSession::Mode::Setup);
        const preview::Vec3 first = session->setupOrigin();
        const QVector3D at(first.x, first.y, first.z);
        // On the ground: straight down from above it meets the ground there.
        const auto below = studio.placement()->pick(at + QVector3D(0, 0, 20), QVector3D(0, 0, -1));
        QVERIFY(below && (*below - at).length() < 0.01f);
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);

        // Ctrl+click low in the view, left of the middle.
        QWindow* surface = studio.viewport()->renderWindow();
        const QPoint pixel(surface->width() / 5, surface->height() * 4 / 5);
        const render::OrbitCamera camera = studio.viewport()->camera();
        const auto expected =
            studio.placement()->pick(camera.eye(), camera.rayThrough(pixel, surface->size()));
        QVERIFY(expected);
        QTest::mouseClick(surface, Qt::LeftButton, Qt::ControlModifier, pixel);
        const preview::Vec3 moved = session->setupOrigin();
        QVERIFY((QVector3D(moved.x, moved.y, moved.z) - *expected).length() < 0.01f);
        QVERIFY2(
            (QVector3D(moved.x, moved.y, moved.z) - at).length() > 0.5f,
            qPrintable(QStringLiteral("%1 %2 %3 from %4 %5 %6, camera %7 %8 %9")
                           .arg(moved.x)
                           .arg(moved.y)
                           .arg(moved.z)
                           .arg(at.x())
                           .arg(at.y())
                           .arg(at.z())
                           .arg(camera.yaw)
                           .arg(camera.pitch)
                           .arg(camera.distance) +
                       QStringLiteral(" in %1x%2").arg(surface->width()).arg(surface->height())));
        QVERIFY(studio.viewport()->captionLabel()->text().contains("standing at"));

        QSignalSpy missed(studio.placement(), &WorldPlacement::pickMissed);
        emit studio.viewport()->groundClicked(studio.viewport()->camera().eye(),
                                              QVector3D(0, 0, 1));
        QCOMPARE(missed.count(), 1);
        QCOMPARE(session->setupOrigin(), moved);
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));

        // Hide World: the Setup stays, the landblocks go.
        QVERIFY(studio.placement()->hideWorldAction()->isEnabled());
        studio.placement()->hideWorldAction()->trigger();
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(0));
        QVERIFY(!studio.placement()->hideWorldAction()->isEnabled());
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);
        QCOMPARE(studio.shownLandblock(), 0u);
    }

    // A scenario naming its place (town_bolt.json: the demo town) is drawn there, and the
    // session keeps playing it over the world: its objects are drawn, its clock runs.
    void aScenarioWithAPlaceIsPlayedInTheWorld() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(openDemo(window));
        QSignalSpy shown(&studio, &Studio::worldShown);
        const QString file =
            QDir(EffectLauncher::defaultScenarioFolder()).filePath("town_bolt.json");
        QVERIFY(studio.launcher()->runScenarioFile(file));
        QVERIFY(shown.wait(60000));
        QCOMPARE(shown.last().first().value<std::uint32_t>(), 0xA9B4FFFFu);
        QTRY_COMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
        QCOMPARE(studio.session()->mode(), StudioSession::Mode::Scenario);
        // Its world is the cell DAT's ("geometry": "dat"): the flights now sweep against the
        // terrain and buildings drawn, from the place's origin.
        const preview::Scenario* scenario = studio.session()->scenario();
        QVERIFY(scenario && scenario->world && scenario->world->dat);
        QCOMPARE(scenario->world->dat->block, 0xA9B4FFFFu);
        QVERIFY(!scenario->world->dat->world->terrain.statics.empty());
        QVERIFY(studio.viewport()->captionLabel()->text().contains("flying against"));
        studio.session()->seek(0.6);
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);
        QVERIFY(studio.viewport()->captionLabel()->text().contains("landblock"));
        // The status bar names the camera's real place: the scenario's frame is moved by its
        // origin (60, 88), so the camera a few metres off is still over the town's block.
        QVERIFY2(studio.navigation()->placeLabel()->text().contains("0xA9B4"),
                 qPrintable(studio.navigation()->placeLabel()->text()));
        // A replay (seek) keeps the world: nothing is rebuilt.
        const int before = shown.count();
        studio.session()->seek(0.2);
        QTest::qWait(200);
        QCOMPARE(shown.count(), before);
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
    }

    // Walking east and back keeps the blocks both 3x3s share: the studio swaps in only the new
    // ones, one a tick, and the picture settles on all nine again.
    void movingToANeighbourKeepsTheSharedBlocks() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(openDemo(window));
        QSignalSpy shown(&studio, &Studio::worldShown);
        const render::WorldView& world = studio.viewport()->scene().world();
        studio.showLandblock(0xA9B4FFFF);
        QVERIFY(shown.wait(60000));
        QTRY_COMPARE(world.blockCount(), std::size_t(9));
        studio.showLandblock(0xAAB4FFFF); // its 3x3 holds six demo blocks, all drawn already
        QVERIFY(shown.wait(60000));
        QCOMPARE(world.blockCount(), std::size_t(6));
        QCOMPARE(world.pendingCount(), std::size_t(0));
        studio.showLandblock(0xA9B4FFFF); // back: six kept, three new
        QVERIFY(shown.wait(60000));
        QVERIFY(world.blockCount() >= 6);
        QTRY_COMPARE(world.blockCount(), std::size_t(9));
        QVERIFY(!studio.viewport()->capture().isNull());
    }

    void selectingADungeonShowsItsCells() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(openDemo(window));
        QSignalSpy shown(&studio, &Studio::worldShown);
        const render::WorldView& world = studio.viewport()->scene().world();

        QVERIFY(window.selectEntry(0x01D9FFFE)); // the dungeon's LandBlockInfo
        QVERIFY(shown.wait(60000));
        QCOMPARE(world.blockCount(), std::size_t(1)); // alone: no neighbours' terrain
        QCOMPARE(world.cellCount(), std::size_t(6));
        QCOMPARE(world.viewCell(), 0u); // looking from above: every cell drawn
        QCOMPARE(world.shownCellCount(), std::size_t(6));
        QVERIFY(studio.viewport()->captionLabel()->text().contains("Dungeon"));

        QVERIFY(window.selectEntry(0x01D90104)); // the east room
        QVERIFY(shown.wait(60000));
        QCOMPARE(world.viewCell(), 0x01D90104u);
        QCOMPARE(world.shownCellCount(), std::size_t(3)); // it, the east corridor and the hall
        QVERIFY(!world.cellShown(0x01D90105));

        // Walls fill the view: no background colour in the middle.
        const QImage image = studio.viewport()->capture().convertToFormat(QImage::Format_RGB32);
        QVERIFY(!image.isNull());
        QVERIFY(image.pixel(image.width() / 4, image.height() / 2) !=
                render::backgroundColor().rgb());
    }
};

int main(int argc, char** argv) {
    render::prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestStudioWorld test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_studio_world.moc"
