// The collision world of the demo town (world/scene/collision_world.h): which objects collide
// through their physics BSPs and which through their Setup's cylinder spheres, and a missile
// flown through the retail transition into a tree's trunk.
#include "datreader/records/region.h"
#include "preview/physics/dat_world.h"
#include "preview/physics/object_info.h"
#include "support/demo_assets.h"
#include "world/coords.h"
#include "world/scene/collision_world.h"

#include <QObject>
#include <QTest>
#include <algorithm>

using namespace portalkit;
using namespace portalkit::preview;
using portalkit::testing::demoCellAssets;
using portalkit::testing::demoPortalAssets;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;
constexpr std::uint32_t kTree = 0x02000C01; // a Setup whose parts have no physics BSP

const DatWorld& town() {
    static const DatWorld world =
        world::buildCollisionWorld({&demoPortalAssets(), &demoCellAssets(),
                                    demoPortalAssets().get<dat::Region>(world::kRegionId)},
                                   kTown, 1);
    return world;
}

ObjectInfo missile() {
    MoverDescription bolt;
    bolt.physicsState = 0x40; // Missile
    return makeObjectInfo(bolt);
}

} // namespace

class TestCollisionWorld : public QObject {
    Q_OBJECT

  private slots:
    // The town's trees stand as their Setup's one cylinder sphere (0.3 m round, 3 m tall) at
    // their LandBlockInfo frames; the house, whose GfxObj has a physics BSP, as that.
    void treesCollideThroughTheirCylinderSpheres() {
        const auto& shapes = town().terrain.shapes;
        const auto tree = std::find_if(shapes.begin(), shapes.end(), [](const StaticShape& s) {
            return s.block == kTown && length(s.low - Vec3{84, 110, 40.25f}) < 1e-3f;
        });
        QVERIFY(tree != shapes.end());
        QCOMPARE(tree->model, kTree);
        QVERIFY(tree->cylinder);
        QVERIFY(std::abs(tree->radius - 0.3f) < 1e-5f);
        QVERIFY(std::abs(tree->height - 3.0f) < 1e-5f);
        QVERIFY(std::none_of(town().staticModels.begin(), town().staticModels.end(),
                             [](std::uint32_t id) { return id == kTree; }));
    }

    // oracle: R60
    void anArrowStopsAtATreeTrunk() {
        TerrainMove move;
        move.beginCell = *world::cellAt(kTown, 70, 110);
        move.begin = {70, 110, 41.5f};
        move.end = {90, 110, 41.5f};
        move.spheres[0] = {{0, 0, 0}, 0.1f};
        const TerrainTransition t = terrainTransition(town().terrain, missile(), move);
        QVERIFY(t.ok);
        QVERIFY(t.hitShape >= 0);
        QCOMPARE(town().terrain.shapes[std::size_t(t.hitShape)].model, kTree);
        QVERIFY(std::abs(t.collision.collisionNormal.x + 1) < 1e-3f);
        // Stopped at the last clean step before the trunk's face at x = 83.7.
        QVERIFY2(t.origin.x <= 83.7f - 0.1f + 1e-3f && t.origin.x > 83.7f - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
        // Above the trunk's 3 m it flies on.
        move.begin.z = move.end.z = 40.25f + 3.2f;
        const TerrainTransition over = terrainTransition(town().terrain, missile(), move);
        QVERIFY(over.ok);
        QCOMPARE(over.hitShape, -1);
        QVERIFY(length(over.origin - move.end) < 1e-3f);
    }
};

QTEST_GUILESS_MAIN(TestCollisionWorld)
#include "tst_collision_world.moc"
