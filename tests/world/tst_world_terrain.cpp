// Landblock terrain: the client's split hash against worked test vectors, the two triangles of a
// cell and their winding, heights inside each triangle against a barycentric interpolation of
// the corner heights, stitching across landblock edges, water classes and depths, and vertex
// normals from this block's faces only (docs/world.md#terrain).

#include "world/terrain.h"

#include <QObject>
#include <QTest>

using namespace portalkit;
using namespace portalkit::world;

namespace {

// A height table where index i is i/2 metres, so heights are easy to write by hand.
dat::LandDefs halfMetreTable() {
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = 0.5f * float(i);
    return defs;
}

// A block whose height index at vertex (x, y) is f(x, y), terrain type `type` everywhere.
template <typename F> dat::LandBlock makeBlock(std::uint32_t id, F height, int type = 1) {
    dat::LandBlock block;
    block.id = id;
    for (int x = 0; x < 9; ++x)
        for (int y = 0; y < 9; ++y) {
            const auto vi = std::size_t(dat::LandBlock::vertexIndex(x, y));
            block.heights[vi] = std::uint8_t(height(x, y));
            block.terrain[vi] = dat::LandBlock::terrainWord(0, std::uint16_t(type), 0);
        }
    return block;
}

// Rolling made-up heights, different in every block.
int bumpy(std::uint32_t seed, int x, int y) {
    return int((seed * 2654435761u + std::uint32_t(x * 97 + y * 13) * 40503u) >> 24) % 200;
}

// The height at (px, py) of the plane through three vertices, by barycentric weights.
float barycentric(Vec3 a, Vec3 b, Vec3 c, float px, float py) {
    const float det = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y);
    const float wa = ((b.y - c.y) * (px - c.x) + (c.x - b.x) * (py - c.y)) / det;
    const float wb = ((c.y - a.y) * (px - c.x) + (a.x - c.x) * (py - c.y)) / det;
    return wa * a.z + wb * b.z + (1 - wa - wb) * c.z;
}

} // namespace

class TestWorldTerrain : public QObject {
    Q_OBJECT

  private slots:
    // Worked from the hash in u32 arithmetic; bit 31 set means the SW-NE diagonal.
    void splitVectors_data() {
        QTest::addColumn<quint32>("gx");
        QTest::addColumn<quint32>("gy");
        QTest::addColumn<quint32>("hash");
        QTest::addColumn<bool>("swToNe");
        QTest::newRow("0,0") << 0u << 0u << 0xAE6470DBu << true;
        QTest::newRow("1,0") << 1u << 0u << 0x6C488D1Eu << false;
        QTest::newRow("0,1") << 0u << 1u << 0x1A7F3662u << false;
        QTest::newRow("1352,1440") << 1352u << 1440u << 0xC15BD913u << true;
        QTest::newRow("2039,2039") << 2039u << 2039u << 0x3846F0E4u << false;
    }
    void splitVectors() {
        QFETCH(quint32, gx);
        QFETCH(quint32, gy);
        QFETCH(quint32, hash);
        QFETCH(bool, swToNe);
        QCOMPARE(splitHash(gx, gy), hash);
        QCOMPARE(splitDirection(gx, gy) == Split::SWtoNE, swToNe);
    }

    void cellTriangles() {
        const LandblockTerrain flat(makeBlock(0x0000FFFF, [](int, int) { return 0; }),
                                    halfMetreTable());
        // Cell (0,0) is lcoord (0,0): SW-NE, polygons {SW,SE,NE} and {SW,NE,NW}.
        QCOMPARE(flat.split(0, 0), Split::SWtoNE);
        QCOMPARE(flat.polygon(0, 0, 0).vertices, (std::array<int, 3>{0, 9, 10}));
        QCOMPARE(flat.polygon(0, 0, 1).vertices, (std::array<int, 3>{0, 10, 1}));
        // Cell (1,0) is lcoord (1,0): SE-NW, {SW,SE,NW} and {NE,NW,SE}.
        QCOMPARE(flat.split(1, 0), Split::SEtoNW);
        QCOMPARE(flat.polygon(1, 0, 0).vertices, (std::array<int, 3>{9, 18, 10}));
        QCOMPARE(flat.polygon(1, 0, 1).vertices, (std::array<int, 3>{19, 10, 18}));
        QCOMPARE(flat.split(0, 1), Split::SEtoNW);
    }

    void trianglesWindCounterClockwise() {
        const LandblockTerrain terrain(
            makeBlock(0xA9B4FFFF, [](int x, int y) { return bumpy(1, x, y); }), halfMetreTable());
        for (const TerrainPolygon& poly : terrain.polygons()) {
            const auto& v = terrain.vertices();
            const Vec3 a = v[std::size_t(poly.vertices[0])], b = v[std::size_t(poly.vertices[1])],
                       c = v[std::size_t(poly.vertices[2])];
            QVERIFY((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0);
            QVERIFY(poly.plane.normal.z > 0);
            QVERIFY(std::fabs(length(poly.plane.normal) - 1) < 1e-5f);
        }
    }

    // Cell (0,0) of block 0x0000 splits SW-NE. Height indices SW 0, SE 24, NE 48, NW 12 are
    // 0, 12, 24 and 6 m. In {SW,SE,NE}: z = 12x/24 + 12y/24; in {SW,NE,NW}: z = 18x/24 + 6y/24.
    void handWorkedHeights_data() {
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("y");
        QTest::addColumn<float>("z");
        QTest::newRow("SE triangle 20,8") << 20.0f << 8.0f << 14.0f;
        QTest::newRow("NW triangle 4,16") << 4.0f << 16.0f << 7.0f;
        QTest::newRow("on the diagonal 12,12") << 12.0f << 12.0f << 12.0f;
        QTest::newRow("SW corner") << 0.0f << 0.0f << 0.0f;
        QTest::newRow("NE corner") << 24.0f << 24.0f << 24.0f;
    }
    void handWorkedHeights() {
        QFETCH(float, x);
        QFETCH(float, y);
        QFETCH(float, z);
        const LandblockTerrain terrain(makeBlock(0x0000FFFF,
                                                 [](int vx, int vy) {
                                                     const int corner[2][2] = {{0, 12}, {24, 48}};
                                                     return vx < 2 && vy < 2 ? corner[vx][vy] : 0;
                                                 }),
                                       halfMetreTable());
        const auto h = terrain.heightAt(x, y);
        QVERIFY(h);
        QVERIFY2(std::fabs(*h - z) < 1e-3f, qPrintable(QString::number(*h)));
    }

    // In every cell, a point of each triangle: (4,16) and (20,8) of the cell lie in different
    // triangles for either diagonal.
    void heightInsideEveryTriangle() {
        const LandblockTerrain terrain(
            makeBlock(0xA9B4FFFF, [](int x, int y) { return bumpy(2, x, y); }), halfMetreTable());
        for (int cx = 0; cx < 8; ++cx)
            for (int cy = 0; cy < 8; ++cy) {
                const Vec3 sw = terrain.vertex(cx, cy), se = terrain.vertex(cx + 1, cy);
                const Vec3 ne = terrain.vertex(cx + 1, cy + 1), nw = terrain.vertex(cx, cy + 1);
                const bool swne = terrain.split(cx, cy) == Split::SWtoNE;
                const float x0 = 24.0f * float(cx), y0 = 24.0f * float(cy);
                // (20,8): SE of the SW-NE diagonal, NE of the SE-NW one
                const float e1 = swne ? barycentric(sw, se, ne, x0 + 20, y0 + 8)
                                      : barycentric(ne, nw, se, x0 + 20, y0 + 8);
                // (4,16): NW of the SW-NE diagonal, SW of the SE-NW one
                const float e2 = swne ? barycentric(sw, ne, nw, x0 + 4, y0 + 16)
                                      : barycentric(sw, se, nw, x0 + 4, y0 + 16);
                QVERIFY(std::fabs(*terrain.heightAt(x0 + 20, y0 + 8) - e1) < 1e-3f);
                QVERIFY(std::fabs(*terrain.heightAt(x0 + 4, y0 + 16) - e2) < 1e-3f);
                const TerrainPolygon* p1 = terrain.findTerrainPoly(x0 + 20, y0 + 8);
                const TerrainPolygon* p2 = terrain.findTerrainPoly(x0 + 4, y0 + 16);
                QVERIFY(p1 && p2 && p1 != p2);
            }
    }

    void onTheDiagonalTheFirstPolygonWins() {
        const LandblockTerrain terrain(makeBlock(0x0000FFFF, [](int, int) { return 0; }),
                                       halfMetreTable());
        QCOMPARE(terrain.findTerrainPoly(12, 12), &terrain.polygon(0, 0, 0)); // SW-NE
        QCOMPARE(terrain.findTerrainPoly(36, 12), &terrain.polygon(1, 0, 0)); // SE-NW, x+y=24
        QVERIFY(!terrain.findTerrainPoly(-0.1f, 3));
        QVERIFY(!terrain.findTerrainPoly(3, 192.5f));
    }

    // Neighbours share their edge vertices, so along the edge both blocks give the same height.
    void stitchesAcrossBlockEdges_data() {
        QTest::addColumn<quint32>("neighbour");
        QTest::addColumn<bool>("east");
        QTest::newRow("east 0xAAB4") << 0xAAB4FFFFu << true;
        QTest::newRow("north 0xA9B5") << 0xA9B5FFFFu << false;
    }
    void stitchesAcrossBlockEdges() {
        QFETCH(quint32, neighbour);
        QFETCH(bool, east);
        const dat::LandBlock a = makeBlock(0xA9B4FFFF, [](int x, int y) { return bumpy(3, x, y); });
        dat::LandBlock b = makeBlock(neighbour, [](int x, int y) { return bumpy(4, x, y); });
        for (int i = 0; i < 9; ++i) { // b's first column (or row) is a's last
            const int from =
                east ? dat::LandBlock::vertexIndex(8, i) : dat::LandBlock::vertexIndex(i, 8);
            const int to =
                east ? dat::LandBlock::vertexIndex(0, i) : dat::LandBlock::vertexIndex(i, 0);
            b.heights[std::size_t(to)] = a.heights[std::size_t(from)];
        }
        const LandblockTerrain ta(a, halfMetreTable()), tb(b, halfMetreTable());
        for (float s = 0; s <= 192.0f; s += 1.5f) {
            const auto ha = east ? ta.heightAt(192, s) : ta.heightAt(s, 192);
            const auto hb = east ? tb.heightAt(0, s) : tb.heightAt(s, 0);
            QVERIFY(ha && hb);
            QVERIFY2(std::fabs(*ha - *hb) < 1e-3f,
                     qPrintable(QString("at %1: %2 vs %3").arg(s).arg(*ha).arg(*hb)));
        }
    }

    // Corner types SW, SE, NE, NW of cell (0,0); 16-20 are water, 15 and 21 are not.
    void waterClasses_data() {
        QTest::addColumn<QList<int>>("types");
        QTest::addColumn<int>("water");
        QTest::newRow("dry") << QList<int>{1, 1, 1, 1} << int(WaterClass::None);
        QTest::newRow("15 and 21 are dry") << QList<int>{15, 21, 15, 21} << int(WaterClass::None);
        QTest::newRow("all water 16-20") << QList<int>{16, 18, 19, 20} << int(WaterClass::Entire);
        QTest::newRow("one corner") << QList<int>{17, 1, 1, 1} << int(WaterClass::Partial);
    }
    void waterClasses() {
        QFETCH(QList<int>, types);
        QFETCH(int, water);
        dat::LandBlock block = makeBlock(0xA9B4FFFF, [](int, int) { return 10; });
        const int corners[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int k = 0; k < 4; ++k)
            block.terrain[std::size_t(dat::LandBlock::vertexIndex(corners[k][0], corners[k][1]))] =
                dat::LandBlock::terrainWord(0, std::uint16_t(types[k]), 0);
        const LandblockTerrain terrain(block, halfMetreTable());
        QCOMPARE(int(terrain.cellWater(0, 0)), water);
        QCOMPARE(terrain.cellWater(3, 3), WaterClass::None);
    }

    // Cell (0,0) with only its SW corner water: the SW quadrant (x, y < 12) is the water corner.
    void waterDepths_data() {
        QTest::addColumn<float>("x");
        QTest::addColumn<float>("y");
        QTest::addColumn<float>("depth");
        QTest::newRow("water quadrant") << 3.0f << 3.0f << 0.44999999f;
        QTest::newRow("SE quadrant, dry corner") << 20.0f << 3.0f << 0.1f;
        QTest::newRow("12,12 is the NE quadrant") << 12.0f << 12.0f << 0.1f;
        QTest::newRow("11.9,11.9 is still SW") << 11.9f << 11.9f << 0.44999999f;
        QTest::newRow("dry cell") << 60.0f << 60.0f << 0.0f;
        QTest::newRow("flooded cell 7,7") << 180.0f << 180.0f << 0.89999998f;
        QTest::newRow("no landblock") << 200.0f << 10.0f << 0.1f;
    }
    void waterDepths() {
        QFETCH(float, x);
        QFETCH(float, y);
        QFETCH(float, depth);
        dat::LandBlock block = makeBlock(0xA9B4FFFF, [](int, int) { return 10; });
        block.terrain[0] = dat::LandBlock::terrainWord(0, 17, 0);
        for (const auto& [vx, vy] : {std::pair{7, 7}, {8, 7}, {8, 8}, {7, 8}})
            block.terrain[std::size_t(dat::LandBlock::vertexIndex(vx, vy))] =
                dat::LandBlock::terrainWord(0, 20, 0);
        const LandblockTerrain terrain(block, halfMetreTable());
        QCOMPARE(terrain.waterDepth(x, y), depth);
        QCOMPARE(terrain.blockWater(), WaterClass::Partial);
    }

    void blockWater() {
        const dat::LandDefs defs = halfMetreTable();
        QCOMPARE(LandblockTerrain(makeBlock(
                                      0x01D9FFFF, [](int, int) { return 0; }, 20),
                                  defs)
                     .blockWater(),
                 WaterClass::Entire);
        QCOMPARE(LandblockTerrain(makeBlock(
                                      0x01D9FFFF, [](int, int) { return 0; }, 2),
                                  defs)
                     .blockWater(),
                 WaterClass::None);
    }

    // A plane z = x/2 (index x*24 at vertex x: 12 m per 24 m): every normal is (-1/2, 0, 1)
    // normalised. A flat block beside a sloped one keeps (0,0,1) on the shared edge, since a
    // block lights its vertices from its own faces only.
    void vertexNormals() {
        const dat::LandDefs defs = halfMetreTable();
        const LandblockTerrain slope(makeBlock(0xA9B4FFFF, [](int x, int) { return 24 * x; }),
                                     defs);
        const float s = 1.0f / std::sqrt(1.25f);
        for (const Vec3& n : slope.vertexNormals())
            QVERIFY(std::fabs(n.x + 0.5f * s) < 1e-5f && std::fabs(n.y) < 1e-5f &&
                    std::fabs(n.z - s) < 1e-5f);
        const LandblockTerrain flat(makeBlock(0xA8B4FFFF, [](int, int) { return 0; }), defs);
        const auto normals = flat.vertexNormals();
        for (int y = 0; y < 9; ++y)
            QCOMPARE(normals[std::size_t(LandblockTerrain::vertexIndex(8, y))], (Vec3{0, 0, 1}));
    }

    void vertexAttributes() {
        dat::LandBlock block = makeBlock(0xA9B4FFFF, [](int x, int y) { return x + y; });
        block.terrain[std::size_t(dat::LandBlock::vertexIndex(2, 5))] =
            dat::LandBlock::terrainWord(3, 9, 17);
        const LandblockTerrain terrain(block, halfMetreTable());
        QCOMPARE(terrain.road(2, 5), 3);
        QCOMPARE(terrain.terrainType(2, 5), 9);
        QCOMPARE(terrain.sceneType(2, 5), 17);
        QCOMPARE(terrain.vertex(2, 5), (Vec3{48, 120, 3.5f})); // index 7 -> 3.5 m
        QCOMPARE(terrain.id(), 0xA9B4FFFFu);
    }
};

QTEST_APPLESS_MAIN(TestWorldTerrain)
#include "tst_world_terrain.moc"
