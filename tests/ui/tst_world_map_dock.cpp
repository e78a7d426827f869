// The studio's World map dock (docs/studio.md#world-map): it draws the demo cell DAT off the GUI
// thread, shows the whole world, names the retail coordinates, landblock and cell under the
// pointer, and a click on a demo landblock emits that landblock's id.

#include "datreader/container/dat_file.h"
#include "ui/widgets/world_map_dock.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace portalkit;
using namespace portalkit::ui;

class TestWorldMapDock : public QObject {
    Q_OBJECT

  private slots:
    void describesCellsAsTheClientDoes() {
        // Holtburg's cell cx 3, cy 0 of 0xA9B4 (docs/world.md#map-coordinates).
        QCOMPARE(WorldMapDock::describeCell({8 * 0xA9 + 3, 8 * 0xB4}),
                 QStringLiteral("42.1N, 33.6E · landblock 0xA9B4 · cell 0xA9B40019"));
    }

    void withoutAPortalThereIsNoMap() {
        WorldMapDock dock;
        dock.setDats(
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_CELL_DAT)),
            nullptr);
        QVERIFY(!dock.isDrawing());
        QVERIFY(dock.view()->image().isNull());
        QVERIFY(dock.infoText().contains("portal DAT"));
    }

    void drawsHoversAndClicks() {
        WorldMapDock dock;
        dock.resize(600, 640);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QSignalSpy ready(&dock, &WorldMapDock::mapReady);
        dock.setDats(
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_CELL_DAT)),
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
        QVERIFY(ready.wait(30000));
        QCOMPARE(dock.view()->image().size(), QSize(2040, 2040));
        QVERIFY(dock.infoText().contains("10 landblock"));

        // Zoom in on the town so a cell is several screen pixels wide.
        WorldMapView* view = dock.view();
        const world::Lcoord town{8 * 0xA9 + 3, 8 * 0xB4};
        view->zoomAt(16, QPointF(0, 0));
        view->centreOn(town);
        const QPointF centre(view->width() / 2.0, view->height() / 2.0);
        QCOMPARE(view->cellAt(centre), std::optional(town));
        // One cell north is one cell higher on screen.
        QCOMPARE(view->cellAt(centre - QPointF(0, 16)),
                 (std::optional(world::Lcoord{town.x, town.y + 1})));

        QTest::mouseMove(view, centre.toPoint());
        QTRY_VERIFY(dock.infoText().startsWith("42.1N, 33.6E"));
        QSignalSpy clicked(&dock, &WorldMapDock::landblockActivated);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre.toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.at(0).at(0).value<std::uint32_t>(), 0xA9B4FFFFu);
        // The town's pixels are the map's, not the background.
        QVERIFY(view->image().pixel(town.x, 2039 - town.y) != view->image().pixel(0, 0));
    }

    // A focus asked for before the map is drawn (the studio shows a landblock while the map is
    // still being drawn) is applied when it arrives: the cell in the middle, about four
    // landblocks (32 cells) across the view, not the whole world.
    void focusWaitsForTheMap() {
        WorldMapDock dock;
        dock.resize(600, 640);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        WorldMapView* view = dock.view();
        const world::Lcoord town{8 * 0xA9 + 4, 8 * 0xB4 + 4};
        view->focusOn(town, 4);
        QSignalSpy ready(&dock, &WorldMapDock::mapReady);
        dock.setDats(
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_CELL_DAT)),
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
        QVERIFY(ready.wait(30000));
        const QPointF centre(view->width() / 2.0, view->height() / 2.0);
        QCOMPARE(view->cellAt(centre), std::optional(town));
        const double cellsAcross = std::min(view->width(), view->height()) / view->zoom();
        QVERIFY2(cellsAcross > 31.9 && cellsAcross < 32.1,
                 qPrintable(QString::number(cellsAcross)));
    }
};

QTEST_MAIN(TestWorldMapDock)
#include "tst_world_map_dock.moc"
