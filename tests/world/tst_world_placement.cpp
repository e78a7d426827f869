// Placing in a shown block's scene frame (world/placement.h): Positions of other blocks shift by
// 192 m per block, a map point stands on the terrain, and a camera ray picks the terrain point
// it crosses, on the demo town's block 0xA9B4 and its neighbours.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"
#include "world/placement.h"

#include <QObject>
#include <QTest>
#include <map>
#include <vector>

using namespace portalkit;
using portalkit::dat::LandBlock;
using portalkit::dat::Region;
using namespace portalkit::world;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;

LandblockTerrain terrain(std::uint32_t id) {
    const auto region = testing::demoRecord<Region>(testing::demoPortalDat(), 0x13000000);
    return LandblockTerrain(testing::demoRecord<LandBlock>(testing::demoCellDat(), id),
                            region.landDefs);
}

} // namespace

class TestWorldPlacement : public QObject {
    Q_OBJECT

  private slots:
    void sameBlockIsUnchanged() {
        QCOMPARE(scenePoint(kTown, 0xA9B40019, Vec3{10, 20, 3}), (Vec3{10, 20, 3}));
        QCOMPARE(scenePoint(kTown, 0xA9B40105, Vec3{1, 2, 3}), (Vec3{1, 2, 3})); // an EnvCell
    }

    void otherBlocksShiftBy192PerBlock() {
        // East neighbour (X + 1): its local x = 5 is 197 m east of the town's south-west corner.
        QCOMPARE(scenePoint(kTown, 0xAAB40001, Vec3{5, 6, 7}), (Vec3{197, 6, 7}));
        // South-west neighbour (X - 1, Y - 1).
        QCOMPARE(scenePoint(kTown, 0xA8B30040, Vec3{190, 180, 0}), (Vec3{-2, -12, 0}));
    }

    void groundPointStandsOnTheTerrain() {
        const LandblockTerrain town = terrain(kTown);
        const auto p = groundPoint(town, 100.5f, 37.25f);
        QVERIFY(p);
        QCOMPARE(p->z, *town.heightAt(100.5f, 37.25f));
        QVERIFY(!groundPoint(town, -1.0f, 5.0f));
        QVERIFY(!groundPoint(town, 5.0f, 200.0f));
    }

    void rayStraightDownHitsHeightAt() {
        const LandblockTerrain town = terrain(kTown);
        const std::vector<const LandblockTerrain*> blocks{&town};
        for (const auto& [x, y] : std::vector<std::pair<float, float>>{
                 {12.0f, 12.0f}, {100.5f, 37.25f}, {150.0f, 170.0f}, {3.3f, 188.1f}}) {
            const auto hit = pickTerrain(blocks, kTown, Vec3{x, y, 1000.0f}, Vec3{0, 0, -1});
            QVERIFY(hit);
            QVERIFY(qAbs(hit->x - x) < 1e-3f && qAbs(hit->y - y) < 1e-3f);
            QVERIFY(qAbs(hit->z - *town.heightAt(x, y)) < 1e-2f);
        }
        // Pointing up from above the ground, or off the block, misses.
        QVERIFY(!pickTerrain(blocks, kTown, Vec3{50, 50, 1000}, Vec3{0, 0, 1}));
        QVERIFY(!pickTerrain(blocks, kTown, Vec3{-50, 50, 1000}, Vec3{0, 0, -1}));
    }

    void rayPicksTheNeighbourInTheSceneFrame() {
        const LandblockTerrain town = terrain(kTown);
        const LandblockTerrain east = terrain(0xAAB4FFFF);
        const std::vector<const LandblockTerrain*> blocks{&town, &east};
        const auto hit = pickTerrain(blocks, kTown, Vec3{200, 30, 1000}, Vec3{0, 0, -1});
        QVERIFY(hit);
        QVERIFY(qAbs(hit->z - *east.heightAt(8.0f, 30.0f)) < 1e-2f);
    }

    void slantedRayHitsTheNearestTriangle() {
        const LandblockTerrain town = terrain(kTown);
        const std::vector<const LandblockTerrain*> blocks{&town};
        const Vec3 origin{96, 96, 300};
        const Vec3 dir{0.3f, 0.2f, -1.0f};
        const auto hit = pickTerrain(blocks, kTown, origin, dir);
        QVERIFY(hit);
        // The hit lies on the ground under it and on the ray.
        QVERIFY(qAbs(hit->z - *town.heightAt(hit->x, hit->y)) < 1e-2f);
        const float t = (origin.z - hit->z);
        QVERIFY(qAbs(hit->x - (origin.x + dir.x * t)) < 1e-2f);
    }
};

QTEST_APPLESS_MAIN(TestWorldPlacement)
#include "tst_world_placement.moc"
