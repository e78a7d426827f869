// The studio shows the world (docs/render.md#the-world, docs/user-guide.md#the-world): choosing a
// LandBlock or LandBlockInfo in the browser builds that block and its neighbours off the GUI
// thread and draws them in the viewport instead of the Setup shown before; choosing a Setup
// again puts the Setup back alone. A dungeon's records show the dungeon alone, and choosing one
// of its EnvCells stands the camera in it, where only the cells it can see are drawn.

#include "support/demo_ids.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/studio/world_loader.h"
#include "ui/widgets/main_window.h"

#include <QApplication>
#include <QImage>
#include <QLabel>
#include <QObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

class TestStudioWorld : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void selectingALandblockShowsTheWorld() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(window.openDat(PORTALKIT_DEMO_CELL_DAT));
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);

        QSignalSpy shown(&studio, &Studio::worldShown);
        QVERIFY(window.selectEntry(0xA9B4FFFE)); // the town's LandBlockInfo
        QVERIFY(shown.wait(60000));
        QCOMPARE(shown.first().first().value<std::uint32_t>(), 0xA9B4FFFFu);
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(9));
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

        QVERIFY(studio.showSetup(testing::demo_ids::kHuman));
        QCOMPARE(studio.viewport()->scene().world().blockCount(), std::size_t(0));
        QVERIFY(studio.viewport()->scene().drawnParts() > 0);
    }

    void selectingADungeonShowsItsCells() {
        MainWindow window;
        Studio studio(&window);
        QVERIFY(window.openDat(PORTALKIT_DEMO_DAT));
        QVERIFY(window.openDat(PORTALKIT_DEMO_CELL_DAT));
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
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
