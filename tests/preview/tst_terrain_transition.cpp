// The retail transition of a missile over the demo terrain and the town's house
// (preview/physics/terrain_transition.h, docs/physics.md#the-retail-transition): level flight
// never touches, a 50 m/s dive rests on the ground, never under it, deep water lets a missile in
// to its depth, block edges re-base the position (into unloaded blocks too), and the house's
// walls stop an arrow at the last clean step while its doorway lets one through.

#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "preview/physics/object_info.h"
#include "preview/physics/terrain_transition.h"
#include "support/demo_dats.h"
#include "world/coords.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

const TerrainWorld& demoWorld() {
    static const TerrainWorld world = [] {
        TerrainWorld out;
        const auto region = testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000);
        for (int x = 0xA8; x <= 0xAA; ++x)
            for (int y = 0xB3; y <= 0xB5; ++y) {
                const std::uint32_t id = world::landblockId(x, y);
                out.blocks.emplace(id, world::LandblockTerrain(testing::demoRecord<dat::LandBlock>(
                                                                   testing::demoCellDat(), id),
                                                               region.landDefs));
            }
        const std::uint32_t sea = 0x01D9FFFF;
        out.blocks.emplace(sea, world::LandblockTerrain(testing::demoRecord<dat::LandBlock>(
                                                            testing::demoCellDat(), sea),
                                                        region.landDefs));
        // The town's house, where its LandBlockInfo puts it (docs/demo.md: (96, 96, 40.25), an
        // 8 x 6 x 3 m box with a 1.6 x 2.2 m doorway in the middle of its south wall).
        const auto info =
            testing::demoRecord<dat::LandBlockInfo>(testing::demoCellDat(), 0xA9B4FFFE);
        const dat::BuildingInfo& house = info.buildings.front();
        out.statics.push_back(makeStaticObject(
            0xA9B4FFFF, Frame(house.frame), 1.0f,
            std::make_shared<PhysicsGeometry>(PhysicsGeometry::fromGfxObj(
                testing::demoRecord<dat::GfxObj>(testing::demoPortalDat(), house.modelId)))));
        return out;
    }();
    return world;
}

ObjectInfo missile() {
    MoverDescription bolt;
    bolt.physicsState = 0x40; // Missile
    return makeObjectInfo(bolt);
}

float ground(std::uint32_t block, float x, float y) {
    return *demoWorld().find(block)->heightAt(x, y);
}

// A one-sphere mover of radius 0.1 at its origin, from `begin` to `end` in `block`'s frame.
TerrainMove move(std::uint32_t block, Vec3 begin, Vec3 end) {
    TerrainMove m;
    m.beginCell = *world::cellAt(block, begin.x, begin.y);
    m.begin = begin;
    m.end = end;
    m.spheres[0] = {{0, 0, 0}, 0.1f};
    return m;
}

constexpr std::uint32_t kTown = 0xA9B4FFFF;

} // namespace

class TestTerrainTransition : public QObject {
    Q_OBJECT

  private slots:
    void levelFlightNeverTouches() {
        const float z = ground(kTown, 60, 88) + 1.2f;
        const auto t =
            terrainTransition(demoWorld(), missile(), move(kTown, {60, 88, z}, {60, 91, z}));
        QVERIFY(t.ok);
        QCOMPARE(t.stepsPlanned, 30);
        QCOMPARE(t.stepsTaken, 30);
        QVERIFY(length(t.origin - Vec3{60, 91, z}) < 1e-3f);
        QVERIFY(!t.collision.collisionNormalValid && !t.collision.contactPlaneValid);
        QVERIFY(!t.info.has(object_info::kContact));
    }

    // A 50 m/s arrow diving 6 m over 10 m in one 0.2 s quantum: 100 steps of one radius, and it
    // ends resting on the town floor, its collision normal the floor's, never below it.
    // oracle: R59
    void aFastDiveStopsOnTheGroundWithoutTunnelling() {
        const float g = ground(kTown, 50, 80);
        const auto t = terrainTransition(demoWorld(), missile(),
                                         move(kTown, {50, 80, g + 1}, {50, 90, g - 5}));
        QVERIFY(t.ok);
        QCOMPARE(t.stepsPlanned, 117); // |(0, 10, −6)| = 11.66 m in steps of 0.1
        QVERIFY(t.stepsTaken < t.stepsPlanned);
        QVERIFY(t.collision.collisionNormalValid);
        QVERIFY(t.collision.collisionNormal.z > 0.99f); // the flat town floor
        QCOMPARE(t.hitStatic, -1);
        QVERIFY(world::isOutdoorCell(t.hitTerrainCell));
        const float under = ground(kTown, t.origin.x, t.origin.y);
        QVERIFY2(std::abs(t.origin.z - 0.1f - under) < 1e-3f,
                 qPrintable(QStringLiteral("%1 vs ground %2").arg(t.origin.z).arg(under)));
        QVERIFY(t.collision.contactPlaneValid && !t.collision.contactPlane.isWater);
        QVERIFY(t.info.has(object_info::kContact | object_info::kOnWalkable));
    }

    // Missiles are not stopped by deep water: a dive into the sea block goes in to the water
    // depth, 0.9 m, and rests there on a water contact plane.
    // oracle: R55
    void aMissileDivesIntoDeepWaterToItsDepth() {
        const std::uint32_t sea = 0x01D9FFFF;
        const float surface = ground(sea, 96, 96);
        const auto t = terrainTransition(demoWorld(), missile(),
                                         move(sea, {96, 96, surface + 1}, {96, 100, surface - 3}));
        QVERIFY(t.ok);
        QVERIFY(t.collision.contactPlaneValid && t.collision.contactPlane.isWater);
        QVERIFY2(std::abs(t.origin.z - 0.1f - (surface - 0.9f)) < 1e-3f,
                 qPrintable(QString::number(t.origin.z)));
    }

    // Crossing into the east neighbour re-bases the position into its frame.
    // oracle: R56
    void crossingABlockEdgeRebasesThePosition() {
        const float z = ground(kTown, 190, 50) + 5;
        const auto t =
            terrainTransition(demoWorld(), missile(), move(kTown, {190, 50, z}, {194, 50, z}));
        QVERIFY(t.ok);
        QCOMPARE(world::landblockOf(t.cell), 0xAAB4FFFFu);
        QVERIFY(length(t.origin - Vec3{2, 50, z}) < 1e-3f);
        // Westward out of the loaded blocks: passed through without collision, re-based.
        const std::uint32_t west = 0xA8B4FFFF;
        const float w = ground(west, 2, 50) + 5;
        const auto out =
            terrainTransition(demoWorld(), missile(), move(west, {2, 50, w}, {-2, 50, w}));
        QVERIFY(out.ok);
        QCOMPARE(world::landblockOf(out.cell), 0xA7B4FFFFu);
        QVERIFY(length(out.origin - Vec3{190, 50, w}) < 1e-3f);
    }

    // A 50 m/s arrow at the house's west wall (x = 92) stops at the last clean step before it:
    // 100 steps planned, the wall never tunnelled, the wall's normal reported.
    // oracle: R60
    void anArrowStopsAtTheHousesWall() {
        const auto t = terrainTransition(demoWorld(), missile(),
                                         move(kTown, {84, 96, 41.5f}, {94, 96, 41.5f}));
        QVERIFY(t.ok);
        QCOMPARE(t.stepsPlanned, 100);
        QVERIFY(t.stepsTaken < 100);
        QVERIFY(t.collision.collisionNormalValid);
        QVERIFY(std::abs(std::abs(t.collision.collisionNormal.x) - 1) < 1e-3f);
        QVERIFY2(t.origin.x <= 92 - 0.1f + 1e-3f && t.origin.x > 92 - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
        QVERIFY(!t.bspTooDeep);
        // The trace names what stopped it: the house (the demo block's only static with a
        // wall), one of its polygons, and not the ground.
        QVERIFY(t.hitStatic >= 0);
        QVERIFY(demoWorld().statics[std::size_t(t.hitStatic)].geometry->polygon(t.hitPolygon));
        QCOMPARE(t.hitTerrainCell, 0u);
    }

    // Through the doorway the arrow flies into the house untouched; from inside, the north wall
    // (y = 99) stops it.
    void anArrowFliesThroughTheDoorwayAndStopsInside() {
        const auto in =
            terrainTransition(demoWorld(), missile(), move(kTown, {96, 85, 41}, {96, 95, 41}));
        QVERIFY(in.ok);
        QVERIFY(!in.collision.collisionNormalValid);
        QVERIFY(length(in.origin - Vec3{96, 95, 41}) < 1e-3f);
        const auto wall =
            terrainTransition(demoWorld(), missile(), move(kTown, {96, 95, 41}, {96, 105, 41}));
        QVERIFY(wall.collision.collisionNormalValid);
        QVERIFY(std::abs(std::abs(wall.collision.collisionNormal.y) - 1) < 1e-3f);
        QVERIFY2(wall.origin.y <= 99 - 0.1f + 1e-3f && wall.origin.y > 99 - 0.35f,
                 qPrintable(QString::number(wall.origin.y)));
    }

    void noMoveIsAnEmptySuccess() {
        const float z = ground(kTown, 60, 88) + 1;
        const auto t =
            terrainTransition(demoWorld(), missile(), move(kTown, {60, 88, z}, {60, 88, z}));
        QVERIFY(t.ok);
        QCOMPARE(t.stepsPlanned, 0);
        QCOMPARE(t.origin, (Vec3{60, 88, z}));
    }
};

QTEST_GUILESS_MAIN(TestTerrainTransition)
#include "tst_terrain_transition.moc"
