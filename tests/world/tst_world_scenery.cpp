// Scenery placement: the scene, frequency, quadrant, heading and scale draws against values
// worked out by hand from the client's u32 formulas, the road table, and placement on a
// hand-built Region, Scene and LandBlockInfo with each exclusion (frequency, weenie objects,
// roads, buildings, slope, the block's edge) switched on alone (docs/world.md#scenery).

#include "world/scenery.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::world;

namespace {

constexpr std::uint32_t kBlock = 0xA9B4FFFF;
constexpr std::uint32_t kScene = 0x120000AA;
// Vertex (2,3) of 0xA9B4 is global vertex (1354, 1443). Worked out for it:
//   frequency noise k=0: 0.090041, k=1: 0.985993; quadrant 0.288352 (a quarter turn);
//   heading noise k=0: 0.485418; scale noise k=0: 0.476043
constexpr int kVx = 2, kVy = 3;

dat::LandDefs flatTable() {
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = float(i);
    return defs;
}

// Terrain type 1 everywhere, height index `height(x, y)`; scene type 1 only at vertex (2,3).
template <typename F> dat::LandBlock block(F height) {
    dat::LandBlock b;
    b.id = kBlock;
    for (int x = 0; x < 9; ++x)
        for (int y = 0; y < 9; ++y) {
            const auto vi = std::size_t(dat::LandBlock::vertexIndex(x, y));
            b.heights[vi] = std::uint8_t(height(x, y));
            b.terrain[vi] = dat::LandBlock::terrainWord(0, 1, (x == kVx && y == kVy) ? 1 : 0);
        }
    return b;
}

dat::LandBlock flatBlock() {
    return block([](int, int) { return 10; });
}

// Terrain type 1: scene type 0 none, scene type 1 -> SceneDesc entry 0 holding kScene.
dat::Region region() {
    dat::Region r;
    r.terrain.terrainTypes.resize(2);
    r.terrain.terrainTypes[1].sceneTypes = {dat::SceneType::kNone, 0};
    r.scene.sceneTypes.resize(1);
    r.scene.sceneTypes[0].scenes = {kScene};
    return r;
}

dat::SceneObject object(std::uint32_t id, float frequency = 1.0f) {
    dat::SceneObject o;
    o.objectId = id;
    o.frequency = frequency;
    o.minSlope = 0;
    o.maxSlope = 1;
    return o;
}

std::vector<SceneryObject> place(const dat::LandBlock& b, const dat::Scene& scene,
                                 const dat::LandBlockInfo* info = nullptr,
                                 RadiusLookup radius = {}) {
    static const dat::Region r = region();
    const LandblockTerrain terrain(b, flatTable());
    SceneryInputs in;
    in.region = &r;
    in.info = info;
    in.scenes = [&scene](std::uint32_t id) { return id == kScene ? &scene : nullptr; };
    in.radius = std::move(radius);
    return placeScenery(terrain, in);
}

dat::Scene sceneOf(std::vector<dat::SceneObject> objects) {
    dat::Scene s;
    s.id = kScene;
    s.objects = std::move(objects);
    return s;
}

} // namespace

class TestWorldScenery : public QObject {
    Q_OBJECT

  private slots:
    // Block 0xA9B4 vertex (0,0) is global (1352, 1440).
    void hashVectors() {
        QCOMPARE(sceneHash(1352, 1440), 1260785721u); // 0.29355 of 2^32
        QCOMPARE(sceneIndex(1352, 1440, 4), 1u);      // floor(0.29355 * 4)
        QCOMPARE(sceneIndex(1352, 1440, 10), 2u);
        QCOMPARE(sceneIndex(1352, 1440, 1), 0u);
        QVERIFY(std::fabs(sceneNoise(1352, 1440, 0, 23399) - 0.0893) < 1e-4);
        QVERIFY(std::fabs(placeQuadrant(1352, 1440) - 0.6647) < 1e-4);
        QVERIFY(std::fabs(sceneNoise(1354, 1443, 0, 23399) - 0.090041) < 1e-6);
        QVERIFY(std::fabs(sceneNoise(1354, 1443, 1, 23399) - 0.985993) < 1e-6);
    }

    // At (1352,1440) the quadrant draw is 0.6647: a half turn, (dx, dy) -> (-dx, -dy).
    // Displacement noises k=0 there: x 0.212508, y 0.039899.
    void placeOffsets() {
        dat::SceneObject o = object(1);
        o.baseLocation.origin = {3, 1, 2};
        Vec3 p = placeOffset(o, 1352, 1440, 0);
        QCOMPARE(p, (Vec3{-3, -1, 2}));
        o.displaceX = 10;
        o.displaceY = 20;
        p = placeOffset(o, 1352, 1440, 0);
        QVERIFY(std::fabs(p.x - -(3 + 2.12508f)) < 1e-4f);
        QVERIFY(std::fabs(p.y - -(1 + 20 * 0.039899f)) < 1e-4f);
        // At (1354,1443) the draw is 0.2884: a quarter turn, (dx, dy) -> (-dy, dx).
        o.displaceX = o.displaceY = 0;
        QCOMPARE(placeOffset(o, 1354, 1443, 0), (Vec3{-1, 3, 2}));
    }

    void scales() {
        dat::SceneObject o = object(1);
        o.minScale = o.maxScale = 1.5f;
        QCOMPARE(sceneScale(o, 1354, 1443, 0), 1.5f);
        o.minScale = 1;
        o.maxScale = 4;
        // minScale * (max/min)^noise with the scale noise 0.476043
        QVERIFY(std::fabs(sceneScale(o, 1354, 1443, 0) - std::pow(4.0f, 0.476043f)) < 1e-4f);
    }

    // Road corners in cell (2,3) as a mask SW 1, NW 2, SE 4, NE 8; a point (dx, dy) in the cell.
    void roadTable_data() {
        QTest::addColumn<int>("mask");
        QTest::addColumn<float>("dx");
        QTest::addColumn<float>("dy");
        QTest::addColumn<bool>("road");
        QTest::newRow("none") << 0 << 1.0f << 1.0f << false;
        QTest::newRow("all") << 15 << 12.0f << 12.0f << true;
        QTest::newRow("SW NW SE: west strip") << 7 << 4.9f << 12.0f << true;
        QTest::newRow("SW NW SE: middle") << 7 << 12.0f << 12.0f << false;
        QTest::newRow("SW NW NE: north strip") << 11 << 12.0f << 19.5f << true;
        QTest::newRow("SW SE NE: east strip") << 13 << 19.5f << 12.0f << true;
        QTest::newRow("NW SE NE: south is free") << 14 << 12.0f << 2.0f << false;
        QTest::newRow("SW NW: x < 5") << 3 << 4.0f << 20.0f << true;
        QTest::newRow("SW NW: x = 5") << 3 << 5.0f << 20.0f << false;
        QTest::newRow("SW SE: y < 5") << 5 << 20.0f << 4.0f << true;
        QTest::newRow("SE NE: x > 19") << 12 << 19.5f << 4.0f << true;
        QTest::newRow("NW NE: y > 19") << 10 << 2.0f << 19.5f << true;
        QTest::newRow("SW NE: near the diagonal") << 9 << 10.0f << 14.0f << true;
        QTest::newRow("SW NE: off the diagonal") << 9 << 4.0f << 14.0f << false;
        QTest::newRow("NW SE: near x + y = 24") << 6 << 10.0f << 16.0f << true;
        QTest::newRow("SW: dx + dy < 5") << 1 << 2.0f << 2.0f << true;
        QTest::newRow("SW: dx + dy = 6") << 1 << 3.0f << 3.0f << false;
        QTest::newRow("NW: 24 + dx - dy < 5") << 2 << 1.0f << 21.0f << true;
        QTest::newRow("SE: 24 - dx + dy < 5") << 4 << 21.0f << 1.0f << true;
        QTest::newRow("NE: 48 - dx - dy < 5") << 8 << 22.0f << 22.0f << true;
        QTest::newRow("NE: far corner free") << 8 << 2.0f << 2.0f << false;
    }
    void roadTable() {
        QFETCH(int, mask);
        QFETCH(float, dx);
        QFETCH(float, dy);
        QFETCH(bool, road);
        dat::LandBlock b = flatBlock();
        const int corners[4][2] = {{2, 3}, {2, 4}, {3, 3}, {3, 4}}; // SW, NW, SE, NE
        for (int k = 0; k < 4; ++k)
            if (mask & (1 << k)) {
                auto& w = b.terrain[std::size_t(
                    dat::LandBlock::vertexIndex(corners[k][0], corners[k][1]))];
                w = std::uint16_t(w | 1);
            }
        const LandblockTerrain terrain(b, flatTable());
        QCOMPARE(onRoad(terrain, 48 + dx, 72 + dy), road);
    }

    // Object 0 always appears: at its vertex (48, 72) plus its quarter-turned base offset
    // (4, 2) -> (-2, 4), on flat ground 10 m up; x 46 is in cell (1,3) = 8*1+3+1 = 12.
    void placesOnFlatGround() {
        dat::SceneObject o = object(0x01000C03);
        o.baseLocation.origin = {4, 2, 0};
        const auto placed = place(flatBlock(), sceneOf({o}));
        QCOMPARE(placed.size(), std::size_t(1));
        const SceneryObject& s = placed[0];
        QCOMPARE(s.objectId, 0x01000C03u);
        QCOMPARE(s.origin, (Vec3{46, 76, 10}));
        QCOMPARE(s.cellId, 0xA9B4000Cu);
        QCOMPARE(s.sceneId, kScene);
        QCOMPARE(s.objectIndex, 0u);
        QCOMPARE(s.scale, 1.0f);
        QCOMPARE(s.orientation, (Quat{1, 0, 0, 0})); // no random rotation
        QCOMPARE(s.vertexX, kVx);
        QCOMPARE(s.vertexY, kVy);
    }

    void deterministic() {
        dat::SceneObject o = object(1, 0.5f);
        o.displaceX = o.displaceY = 12;
        o.maxRotation = 360;
        o.minScale = 0.5f;
        o.maxScale = 2;
        const dat::Scene scene = sceneOf({o, o, o, o, o, o});
        const auto b = block([](int x, int y) { return (x * 7 + y * 3) % 20; });
        const auto first = place(b, scene), second = place(b, scene);
        QCOMPARE(first.size(), second.size());
        for (std::size_t i = 0; i < first.size(); ++i) {
            QCOMPARE(first[i].origin, second[i].origin);
            QCOMPARE(first[i].orientation, second[i].orientation);
            QCOMPARE(first[i].scale, second[i].scale);
        }
    }

    // The frequency draws at (2,3) are 0.090041 for k=0 and 0.985993 for k=1.
    void frequency_data() {
        QTest::addColumn<float>("f0");
        QTest::addColumn<float>("f1");
        QTest::addColumn<QList<int>>("kept");
        QTest::newRow("both") << 0.1f << 0.99f << QList<int>{0, 1};
        QTest::newRow("k0 just below its draw") << 0.09f << 0.99f << QList<int>{1};
        QTest::newRow("k1 just below its draw") << 0.1f << 0.98f << QList<int>{0};
        QTest::newRow("zero never") << 0.0f << 0.0f << QList<int>{};
    }
    void frequency() {
        QFETCH(float, f0);
        QFETCH(float, f1);
        QFETCH(QList<int>, kept);
        const auto placed = place(flatBlock(), sceneOf({object(1, f0), object(2, f1)}));
        QList<int> indices;
        for (const SceneryObject& s : placed)
            indices.append(int(s.objectIndex));
        QCOMPARE(indices, kept);
    }

    void weenieObjectsAreNotScenery() {
        dat::SceneObject o = object(1);
        o.weenieObj = 1;
        QVERIFY(place(flatBlock(), sceneOf({o})).empty());
    }

    void roadExcludes() {
        dat::LandBlock b = flatBlock();
        b.terrain[std::size_t(dat::LandBlock::vertexIndex(kVx, kVy))] |= 1; // road at the vertex
        QVERIFY(place(b, sceneOf({object(1)})).empty());
    }

    // A building whose origin is in cell (2,3) keeps scenery out of that cell only.
    void buildingExcludes_data() {
        QTest::addColumn<float>("bx");
        QTest::addColumn<float>("by");
        QTest::addColumn<bool>("kept");
        QTest::newRow("same cell") << 50.0f << 80.0f << false;
        QTest::newRow("neighbour cell") << 50.0f << 97.0f << true;
        QTest::newRow("other block") << 250.0f << 80.0f << true;
    }
    void buildingExcludes() {
        QFETCH(float, bx);
        QFETCH(float, by);
        QFETCH(bool, kept);
        dat::LandBlockInfo info;
        info.id = 0xA9B4FFFE;
        info.buildings.resize(1);
        info.buildings[0].frame.origin = {bx, by, 10};
        QCOMPARE(place(flatBlock(), sceneOf({object(1)}), &info).size(), std::size_t(kept));
    }

    // On flat ground the normal's z is 1: a maximum below 1 or a minimum above it excludes.
    void slope_data() {
        QTest::addColumn<float>("minSlope");
        QTest::addColumn<float>("maxSlope");
        QTest::addColumn<bool>("kept");
        QTest::newRow("0..1") << 0.0f << 1.0f << true;
        QTest::newRow("max 0.9") << 0.0f << 0.9f << false;
        QTest::newRow("retail default max 90") << 0.0f << 90.0f << true;
        QTest::newRow("min 1 on flat") << 1.0f << 1.0f << true;
    }
    void slope() {
        QFETCH(float, minSlope);
        QFETCH(float, maxSlope);
        QFETCH(bool, kept);
        dat::SceneObject o = object(1);
        o.minSlope = minSlope;
        o.maxSlope = maxSlope;
        QCOMPARE(place(flatBlock(), sceneOf({o})).size(), std::size_t(kept));
    }

    // A 45° slope rising east (index 24*x: 24 m per 24 m): normal z = 0.7071.
    void steepSlopeExcludes() {
        dat::SceneObject o = object(1);
        o.minSlope = 0.75f;
        const auto steep = block([](int x, int) { return 24 * x; });
        QVERIFY(place(steep, sceneOf({o})).empty());
        o.maxSlope = 0.75f;
        o.minSlope = 0.7f;
        const auto placed = place(steep, sceneOf({o}));
        QCOMPARE(placed.size(), std::size_t(1));
        QVERIFY(std::fabs(placed[0].origin.z - 48.0f) < 1e-3f); // height snapped: z = x
    }

    // The heading draw 0.485418 * 360 = 174.75°: forward (+Y) turns to (sin h, cos h).
    void randomHeading() {
        dat::SceneObject o = object(1);
        o.maxRotation = 360;
        const auto placed = place(flatBlock(), sceneOf({o}));
        QCOMPARE(placed.size(), std::size_t(1));
        const Quat q = placed[0].orientation;
        const float fx = 2 * (q.x * q.y - q.w * q.z), fy = 1 - 2 * (q.x * q.x + q.z * q.z);
        const double h = 0.485418 * 360 * 3.14159265358979 / 180;
        QVERIFY(std::fabs(fx - std::sin(h)) < 1e-3);
        QVERIFY(std::fabs(fy - std::cos(h)) < 1e-3);
    }

    // Aligned objects take the heading of the plane's downward normal -N: on ground rising
    // east, N leans west, so -N and the heading point east (90°), up the slope.
    void alignedHeading() {
        dat::SceneObject o = object(1);
        o.align = 1;
        o.maxSlope = 1;
        const auto placed = place(block([](int x, int) { return 6 * x; }), sceneOf({o}));
        QCOMPARE(placed.size(), std::size_t(1));
        const Quat q = placed[0].orientation;
        const float fx = 2 * (q.x * q.y - q.w * q.z), fy = 1 - 2 * (q.x * q.x + q.z * q.z);
        QVERIFY(std::fabs(fx - 1) < 1e-4f && std::fabs(fy) < 1e-4f);
    }

    // Pushed past the east edge (the block's bound), or too near it for a bounding radius.
    void blockEdge() {
        dat::SceneObject o = object(1);
        o.baseLocation.origin = {0, -150, 0}; // quarter turn -> (+150, 0): x = 198
        QVERIFY(place(flatBlock(), sceneOf({o})).empty());
        o.baseLocation.origin = {0, -140, 0}; // x = 188
        QCOMPARE(place(flatBlock(), sceneOf({o})).size(), std::size_t(1));
        const RadiusLookup wide = [](std::uint32_t) { return std::optional<float>(5.0f); };
        QVERIFY(place(flatBlock(), sceneOf({o}), nullptr, wide).empty());
        const RadiusLookup narrow = [](std::uint32_t) { return std::optional<float>(3.0f); };
        QCOMPARE(place(flatBlock(), sceneOf({o}), nullptr, narrow).size(), std::size_t(1));
    }

    void missingSceneOrSceneType() {
        dat::LandBlock b = flatBlock();
        b.terrain[std::size_t(dat::LandBlock::vertexIndex(kVx, kVy))] =
            dat::LandBlock::terrainWord(0, 1, 5); // scene type 5 is past the list
        QVERIFY(place(b, sceneOf({object(1)})).empty());
        b.terrain[std::size_t(dat::LandBlock::vertexIndex(kVx, kVy))] =
            dat::LandBlock::terrainWord(0, 9, 1); // terrain type 9 is past the list
        QVERIFY(place(b, sceneOf({object(1)})).empty());
    }
};

QTEST_APPLESS_MAIN(TestWorldScenery)
#include "tst_world_scenery.moc"
