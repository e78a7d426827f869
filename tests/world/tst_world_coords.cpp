// Landblock and cell ids, adjust_to_outside across block edges, block offsets, and the retail map
// coordinate text both ways (docs/world.md#ids-and-coordinates). Expected values are worked out
// by hand from the client's formulas, quoted beside each row.

#include "world/coords.h"

#include <QObject>
#include <QTest>

using namespace portalkit::world;

namespace {

void compareVec(Vec3 actual, Vec3 expected) {
    QVERIFY2(std::fabs(actual.x - expected.x) < 1e-3f && std::fabs(actual.y - expected.y) < 1e-3f &&
                 std::fabs(actual.z - expected.z) < 1e-3f,
             qPrintable(QString("(%1, %2, %3) != (%4, %5, %6)")
                            .arg(actual.x)
                            .arg(actual.y)
                            .arg(actual.z)
                            .arg(expected.x)
                            .arg(expected.y)
                            .arg(expected.z)));
}

} // namespace

class TestWorldCoords : public QObject {
    Q_OBJECT

  private slots:
    void cellLcoords_data() {
        QTest::addColumn<quint32>("cell");
        QTest::addColumn<int>("gx");
        QTest::addColumn<int>("gy");
        // 0xA9 = 169 -> 1352 + cx, 0xB4 = 180 -> 1440 + cy; cell 0x19 = 25 = 8*3 + 0 + 1
        QTest::newRow("Holtburg cx3 cy0") << 0xA9B40019u << 1355 << 1440;
        QTest::newRow("first cell") << 0xA9B40001u << 1352 << 1440;
        QTest::newRow("last cell 64 = 8*7+7+1") << 0xA9B40040u << 1359 << 1447;
        QTest::newRow("cell 2 is north of cell 1") << 0xA9B40002u << 1352 << 1441;
        QTest::newRow("world corner") << 0x00000001u << 0 << 0;
        QTest::newRow("far corner") << 0xFEFE0040u << 2039 << 2039;
    }
    void cellLcoords() {
        QFETCH(quint32, cell);
        QFETCH(int, gx);
        QFETCH(int, gy);
        const auto lc = cellLcoord(cell);
        QVERIFY(lc);
        QCOMPARE(lc->x, gx);
        QCOMPARE(lc->y, gy);
        QCOMPARE(lcoordCellId(Lcoord{gx, gy}), std::optional<std::uint32_t>(cell));
    }

    void notOutdoorCells() {
        QVERIFY(!cellLcoord(0xA9B40100)); // an EnvCell
        QVERIFY(!cellLcoord(0xA9B4FFFF)); // the landblock itself
        QVERIFY(!cellLcoord(0xA9B40000));
        QVERIFY(!lcoordCellId({2040, 0}));
        QVERIFY(!lcoordCellId({0, -1}));
        QVERIFY(isEnvCell(0x01D90105));
        QVERIFY(!isEnvCell(0x01D90040));
    }

    void cellAtPoint_data() {
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("y");
        QTest::addColumn<quint32>("cell"); // 0 = none
        QTest::newRow("origin") << 0.0f << 0.0f << 0xA9B40001u;
        QTest::newRow("84,12 -> cx 3, cy 0") << 84.0f << 12.0f << 0xA9B40019u;
        QTest::newRow("24 starts cell cy 1") << 0.0f << 24.0f << 0xA9B40002u;
        QTest::newRow("191.9 is cell 64") << 191.9f << 191.9f << 0xA9B40040u;
        QTest::newRow("192 is outside") << 192.0f << 10.0f << 0u;
        QTest::newRow("negative is outside") << -0.5f << 10.0f << 0u;
    }
    void cellAtPoint() {
        QFETCH(float, x);
        QFETCH(float, y);
        QFETCH(quint32, cell);
        const auto found = cellAt(0xA9B4FFFF, x, y);
        QCOMPARE(found.value_or(0u), cell);
    }

    void adjustAcrossEdges_data() {
        QTest::addColumn<quint32>("block");
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("y");
        QTest::addColumn<quint32>("cell"); // 0 = off the world
        QTest::addColumn<float>("lx");
        QTest::addColumn<float>("ly");
        QTest::newRow("inside stays")
            << 0xA9B4FFFFu << 84.0f << 12.0f << 0xA9B40019u << 84.0f << 12.0f;
        // -10 -> 182 in X-1 (cx 7); 200 -> 8 in Y+1 (cy 0): cell 8*7+0+1 = 57 = 0x39
        QTest::newRow("west and north")
            << 0xA9B4FFFFu << -10.0f << 200.0f << 0xA8B50039u << 182.0f << 8.0f;
        QTest::newRow("two blocks east")
            << 0xA9B4FFFFu << 400.0f << 5.0f << 0xABB40001u << 16.0f << 5.0f;
        QTest::newRow("192 is the next block")
            << 0xA9B4FFFFu << 192.0f << 0.0f << 0xAAB40001u << 0.0f << 0.0f;
        QTest::newRow("within epsilon of 0 snaps")
            << 0xA9B4FFFFu << -0.0001f << 30.0f << 0xA9B40002u << 0.0f << 30.0f;
        QTest::newRow("off the west edge") << 0x0010FFFFu << -1.0f << 30.0f << 0u << 0.0f << 0.0f;
        QTest::newRow("off the north edge") << 0x10FEFFFFu << 5.0f << 192.5f << 0u << 0.0f << 0.0f;
    }
    void adjustAcrossEdges() {
        QFETCH(quint32, block);
        QFETCH(float, x);
        QFETCH(float, y);
        QFETCH(quint32, cell);
        QFETCH(float, lx);
        QFETCH(float, ly);
        const auto at = adjustToOutside(block, {x, y, 7.0f});
        QCOMPARE(bool(at), cell != 0);
        if (!at)
            return;
        QCOMPARE(at->cellId, cell);
        compareVec(at->local, {lx, ly, 7.0f});
    }

    void blockOffsets() {
        compareVec(blockOffset(0xA9B40019, 0xA9B40040), {});
        compareVec(blockOffset(0xA9B40019, 0xA9B40100), {}); // an EnvCell of the same block
        compareVec(blockOffset(0xA9B40019, 0xAAB30001), {192, -192, 0});
        compareVec(blockOffset(0xAAB30001, 0xA8B40005), {-384, 192, 0});
        compareVec(worldPosition(0xA9B4FFFF, {84, 12, 3}), {169 * 192 + 84, 180 * 192 + 12, 3});
    }

    void coordinateTexts_data() {
        QTest::addColumn<quint32>("cell");
        QTest::addColumn<QString>("text");
        // (gx - 1024) * 0.1 + 0.5 east, (gy - 1024) * 0.1 + 0.5 north
        QTest::newRow("Holtburg 1355,1440") << 0xA9B40019u << "42.1N, 33.6E";
        // ACE's GetMapCoordStr would print 42.0N, 33.5E for the same cell.
        QTest::newRow("1019,1019 is 0,0 without letters") << 0x7F7F001Cu << "0.0, 0.0";
        // block 0x7D = 125 -> gx 1000, cx 0; 0x70 = 112 -> gy 896 + 4: cell 8*0+4+1 = 5
        QTest::newRow("south-west 1000,900") << 0x7D700005u << "11.9S, 1.9W";
        QTest::newRow("world corner 0,0") << 0x00000001u << "101.9S, 101.9W";
        QTest::newRow("far corner 2039,2039") << 0xFEFE0040u << "102.0N, 102.0E";
    }
    void coordinateTexts() {
        QFETCH(quint32, cell);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(cellCoordinateText(cell).value_or("")), text);
        // The printed value lands back in the same cell, at its centre.
        const auto coord = parseCoordinates(text.toStdString());
        QVERIFY(coord);
        const auto at = mapCoordPosition(*coord);
        QVERIFY(at);
        QCOMPARE(at->cellId, cell);
        const int index = int(cell & 0xFFFF) - 1;
        compareVec(at->local, {24.0f * float(index / 8) + 12, 24.0f * float(index % 8) + 12, 0});
    }

    void noCoordinateForEnvCells() { QVERIFY(!cellCoordinateText(0xA9B40100)); }

    void pointCoordinates() {
        // The centre of the Holtburg cell is exactly its printed value.
        const MapCoord centre = pointMapCoord(0xA9B4FFFF, {84, 12, 0});
        QVERIFY(std::fabs(centre.ns - 42.1) < 1e-6);
        QVERIFY(std::fabs(centre.ew - 33.6) < 1e-6);
        // 24 m further east is one tenth of a unit.
        const MapCoord east = pointMapCoord(0xA9B4FFFF, {108, 12, 0});
        QVERIFY(std::fabs(east.ew - 33.7) < 1e-6);
    }

    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("ns");
        QTest::addColumn<double>("ew");
        QTest::newRow("space") << "42.1N 33.6E" << true << 42.1 << 33.6;
        QTest::newRow("comma") << "42.1N, 33.6E" << true << 42.1 << 33.6;
        QTest::newRow("no space") << "42.1N,33.6E" << true << 42.1 << 33.6;
        QTest::newRow("lower case") << "42.1n 33.6e" << true << 42.1 << 33.6;
        QTest::newRow("east first") << "33.6E 42.1N" << true << 42.1 << 33.6;
        QTest::newRow("south west negative") << "11.9S, 1.9W" << true << -11.9 << -1.9;
        QTest::newRow("unlettered zero") << "0.0, 0.0" << true << 0.0 << 0.0;
        QTest::newRow("space before letter") << " 42.1 N , 33.6 E " << true << 42.1 << 33.6;
        QTest::newRow("same axis twice") << "42.1N 33.6S" << false << 0.0 << 0.0;
        QTest::newRow("one value") << "42.1N" << false << 0.0 << 0.0;
        QTest::newRow("trailing text") << "42.1N 33.6E x" << false << 0.0 << 0.0;
        QTest::newRow("words") << "Holtburg" << false << 0.0 << 0.0;
    }
    void parse() {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(double, ns);
        QFETCH(double, ew);
        const auto coord = parseCoordinates(text.toStdString());
        QCOMPARE(bool(coord), valid);
        if (!coord)
            return;
        QCOMPARE(coord->ns, ns);
        QCOMPARE(coord->ew, ew);
    }

    void offTheMap() {
        QVERIFY(!mapCoordPosition({0, 150}));
        QVERIFY(!mapCoordPosition({-102.5, 0}));
    }
};

QTEST_APPLESS_MAIN(TestWorldCoords)
#include "tst_world_coords.moc"
