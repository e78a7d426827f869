// The transition's outdoor cell routines (preview/physics/land_cell.h,
// docs/physics.md#the-retail-transition): entry restrictions in the client's order (R53), the
// water depth added before the walkable test (R54), deep water stopping all but viewers and
// missiles (R55), and validate_walkable's contact, push-up and step-down answers, on hand-built
// planes and on the demo cell DAT (the dry town 0xA9B4; the dungeon's sea block 0x01D9, every
// vertex deep water).

#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "preview/physics/land_cell.h"
#include "support/demo_dats.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
namespace oi = portalkit::preview::object_info;

namespace {

world::LandblockTerrain demoTerrain(std::uint32_t id) {
    const auto region = testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000);
    return world::LandblockTerrain(testing::demoRecord<dat::LandBlock>(testing::demoCellDat(), id),
                                   region.landDefs);
}

// One sphere of radius r whose centre is at `centre` (its low point r below), checked there.
SpherePath pathAt(Vec3 centre, float r) {
    SpherePath path;
    path.globalSphere[0] = {centre, r};
    path.globalLowPoint = centre - Vec3{0, 0, r};
    path.globalCurrCenter[0] = centre;
    path.checkOrigin = centre;
    return path;
}

const world::Plane kFlat{{0, 0, 1}, 0}; // z = 0

bool near(float a, float b) {
    return std::abs(a - b) < 1e-4f;
}

} // namespace

class TestLandCell : public QObject {
    Q_OBJECT

  private slots:
    // oracle: R53
    void entryRestrictionsFollowTheClientsOrder() {
        ObjectInfo player;
        player.state = oi::kIsPlayer;
        const ObjectInfo npc;
        RestrictionMover mover;
        mover.hasWeenie = true;
        mover.guid = 0x50000001;
        RestrictionObject house;
        house.owner = 0x50000009;
        house.allowed = std::vector<std::uint32_t>{0x5000000A};
        // The mover stands 20 m south of the cell's centre (96, 96).
        const SpherePath path = [] {
            SpherePath p = pathAt({96, 76, 1}, 0.5f);
            p.currOrigin = {96, 76, 0.5f};
            return p;
        }();
        const Vec3 centre{96, 96, 0};
        const auto check = [&](const ObjectInfo& info, const RestrictionMover& m,
                               const RestrictionObject* r, CollisionInfo& c) {
            return checkEntryRestrictions(info, m, r, path, centre, c);
        };
        CollisionInfo c;
        RestrictionMover none = mover;
        none.exists = false;
        QCOMPARE(check(player, none, &house, c), TransitionState::Collided);
        RestrictionMover bare = mover;
        bare.hasWeenie = false;
        QCOMPARE(check(player, bare, &house, c), TransitionState::OK);
        QCOMPARE(check(npc, mover, &house, c), TransitionState::OK);     // not a player
        QCOMPARE(check(player, mover, nullptr, c), TransitionState::OK); // no restriction
        RestrictionMover admin = mover;
        admin.pwdBits = 0x100000 | 0x400000;
        QCOMPARE(check(player, admin, &house, c), TransitionState::OK);
        admin.pwdBits = 0x400000; // one bit is not enough
        QVERIFY(!c.collisionNormalValid);
        QCOMPARE(check(player, admin, &house, c), TransitionState::Collided);
        // Refused by CanMoveInto: the normal points back to the south, where the mover is.
        QVERIFY(c.collisionNormalValid);
        QCOMPARE(c.collisionNormal, (Vec3{0, -1, 0}));

        // An unloaded restriction object, or one without a weenie: COLLIDED, no normal.
        for (auto broken :
             {RestrictionObject{false, true, 0, {}}, RestrictionObject{true, false, 0, {}}}) {
            CollisionInfo fresh;
            QCOMPARE(check(player, mover, &broken, fresh), TransitionState::Collided);
            QVERIFY(!fresh.collisionNormalValid);
        }
        // CanMoveInto: nobody owns it, the mover owns it, no list, or listed.
        RestrictionObject open = house;
        open.owner = 0;
        CollisionInfo d;
        QCOMPARE(check(player, mover, &open, d), TransitionState::OK);
        RestrictionObject own = house;
        own.owner = mover.guid;
        QCOMPARE(check(player, mover, &own, d), TransitionState::OK);
        RestrictionObject unlisted = house;
        unlisted.allowed.reset();
        QCOMPARE(check(player, mover, &unlisted, d), TransitionState::OK);
        RestrictionObject listed = house;
        listed.allowed->push_back(mover.guid);
        QCOMPARE(check(player, mover, &listed, d), TransitionState::OK);
        QVERIFY(!d.collisionNormalValid);
    }

    // The restriction runs before the terrain: a refused player never reaches the ground test.
    // oracle: R53
    void theRestrictionComesBeforeTheTerrain() {
        const world::LandblockTerrain town = demoTerrain(0xA9B4FFFF);
        RestrictionObject house;
        house.owner = 0x50000009;
        house.allowed = std::vector<std::uint32_t>{};
        LandCellContext cell{&town, 0xA9B40019, {}, {true, true, 0x50000001, 0}, &house};
        ObjectInfo player;
        player.state = oi::kIsPlayer;
        const float ground = *town.heightAt(84, 12);
        SpherePath path = pathAt({84, 12, ground + 0.2f}, 0.5f); // 0.3 m into the ground
        path.currCellId = 0xA9B40019;
        path.currOrigin = {84, 40, ground}; // north of the cell's centre
        CollisionInfo c;
        QCOMPARE(landCellEnvCollisions(cell, player, path, c), TransitionState::Collided);
        QCOMPARE(c.collisionNormal, (Vec3{0, 1, 0}));
        QVERIFY(!c.contactPlaneValid);
        QCOMPARE(path.checkOrigin.z, ground + 0.2f); // not pushed up
    }

    // oracle: R54
    void waterDepthIsAddedBeforeTheWalkableTest() {
        ObjectInfo walker;
        walker.state = oi::kContact | oi::kOnWalkable;
        // Low point 0.5 m below the plane: dry land pushes it up by 0.5 ...
        SpherePath dry = pathAt({0, 0, 0}, 0.5f);
        CollisionInfo c1;
        QCOMPARE(validateWalkable(dry.globalSphere[0], kFlat, false, 0, 1, walker, dry, c1),
                 TransitionState::Adjusted);
        QVERIFY(near(dry.checkOrigin.z, 0.5f));
        QVERIFY(c1.contactPlaneValid && !c1.contactPlane.isWater);
        // ... in deep water (0.9) it is 0.4 m clear of the ground: nothing happens.
        SpherePath deep = pathAt({0, 0, 0}, 0.5f);
        CollisionInfo c2;
        QCOMPARE(validateWalkable(deep.globalSphere[0], kFlat, true, 0.9f, 1, walker, deep, c2),
                 TransitionState::OK);
        QVERIFY(!c2.contactPlaneValid);
        QCOMPARE(deep.checkOrigin.z, 0.0f);
        // Exactly at the water depth it touches: a water contact plane, no push.
        SpherePath touching = pathAt({0, 0, -0.4f}, 0.5f); // low point at -0.9
        CollisionInfo c3;
        QCOMPARE(
            validateWalkable(touching.globalSphere[0], kFlat, true, 0.9f, 7, walker, touching, c3),
            TransitionState::OK);
        QVERIFY(c3.contactPlaneValid && c3.contactPlane.isWater);
        QCOMPARE(c3.contactPlane.cellId, 7u);
        // 1.0 m down with depth 0.9: pushed up by the 0.1 m left.
        SpherePath sunk = pathAt({0, 0, -0.5f}, 0.5f);
        CollisionInfo c4;
        QCOMPARE(validateWalkable(sunk.globalSphere[0], kFlat, true, 0.9f, 1, walker, sunk, c4),
                 TransitionState::Adjusted);
        QVERIFY(near(sunk.checkOrigin.z, -0.4f));
    }

    // A mover not yet in contact reports the ground as an environment collision; one on a
    // walkable floor meeting a steep plane outside a step-down takes no contact plane from it.
    void validateWalkableContactRules() {
        const world::Plane steep{{0.8f, 0, 0.6f}, 0}; // normal z 0.6 < FloorZ
        ObjectInfo falling;                           // no Contact
        SpherePath a = pathAt({0, 0, 0.3f}, 0.5f);
        CollisionInfo ca;
        QCOMPARE(validateWalkable(a.globalSphere[0], kFlat, false, 0, 1, falling, a, ca),
                 TransitionState::Adjusted);
        QVERIFY(ca.collidedWithEnvironment && ca.collisionNormalValid);
        ObjectInfo walking;
        walking.state = oi::kContact | oi::kOnWalkable;
        SpherePath b = pathAt({0, 0, 0.3f}, 0.5f);
        CollisionInfo cb;
        QCOMPARE(validateWalkable(b.globalSphere[0], steep, false, 0, 1, walking, b, cb),
                 TransitionState::OK);
        QVERIFY(!cb.contactPlaneValid && !cb.collidedWithEnvironment);
        QCOMPARE(b.checkOrigin.z, 0.3f); // not pushed out of the steep plane
        // The walkable probe answers COLLIDED as soon as it finds ground below.
        SpherePath probe = pathAt({0, 0, 0.3f}, 0.5f);
        probe.checkWalkable = true;
        CollisionInfo cp;
        QCOMPARE(validateWalkable(probe.globalSphere[0], kFlat, false, 0, 1, walking, probe, cp),
                 TransitionState::Collided);
        // A step-down that would sink further than its step allows is refused.
        SpherePath down = pathAt({0, 0, 0.3f}, 0.5f);
        down.stepDown = true;
        down.stepDownAmt = 0.04f;
        down.walkInterp = 1;
        CollisionInfo cd;
        QCOMPARE(validateWalkable(down.globalSphere[0], kFlat, false, 0, 1, walking, down, cd),
                 TransitionState::Collided);
    }

    // oracle: R55
    void deepWaterStopsAllButViewersAndMissiles() {
        const world::LandblockTerrain sea = demoTerrain(0x01D9FFFF);
        QCOMPARE(sea.blockWater(), world::WaterClass::Entire);
        LandCellContext cell{&sea, 0x01D90024, {}, {}, nullptr};
        const float surface = *sea.heightAt(96, 96);
        const auto run = [&](const ObjectInfo& info, float lowBelow) {
            SpherePath path = pathAt({96, 96, surface - lowBelow + 0.5f}, 0.5f);
            path.currCellId = cell.cellId;
            CollisionInfo c;
            return std::pair{landCellEnvCollisions(cell, info, path, c), path.checkOrigin.z};
        };
        ObjectInfo swimmer;
        swimmer.state = oi::kContact | oi::kOnWalkable;
        QCOMPARE(run(swimmer, 0.2f).first, TransitionState::Collided);
        QCOMPARE(run(swimmer, -5.0f).first, TransitionState::Collided); // even well above it
        ObjectInfo missile;
        missile.missile = true;
        missile.stepDown = false;
        // A missile goes on to validate_walkable with depth 0.9: 0.5 m under is still clear.
        QCOMPARE(run(missile, 0.5f).first, TransitionState::OK);
        const auto [state, z] = run(missile, 1.0f); // 0.1 m past the depth: pushed up
        QCOMPARE(state, TransitionState::Adjusted);
        QVERIFY(near(z, surface - 1.0f + 0.5f + 0.1f));
        ObjectInfo viewer;
        viewer.state = oi::kIsViewer;
        QCOMPARE(run(viewer, -1.0f).first, TransitionState::OK);

        // Dry land: the same walker is not stopped.
        const world::LandblockTerrain town = demoTerrain(0xA9B4FFFF);
        QVERIFY(town.blockWater() != world::WaterClass::Entire);
        LandCellContext dry{&town, 0xA9B40019, {}, {}, nullptr};
        const float ground = *town.heightAt(84, 12);
        SpherePath path = pathAt({84, 12, ground + 1.0f}, 0.5f);
        CollisionInfo c;
        QCOMPARE(landCellEnvCollisions(dry, swimmer, path, c), TransitionState::OK);
    }

    // The check spheres are in check_pos's landblock: a cell of the east neighbour sees them
    // moved back by 192 m, and a low point off its block is none of its business.
    void theBlockOffsetMovesTheSpheresIntoTheCellsBlock() {
        const world::LandblockTerrain east = demoTerrain(0xAAB4FFFF);
        LandCellContext cell{&east, 0xAAB40001, {192, 0, 0}, {}, nullptr};
        const float ground = *east.heightAt(4, 4);
        ObjectInfo walker;
        walker.state = oi::kContact | oi::kOnWalkable;
        SpherePath path = pathAt({196, 4, ground + 0.3f}, 0.5f); // 0.2 m into the ground
        CollisionInfo c;
        QCOMPARE(landCellEnvCollisions(cell, walker, path, c), TransitionState::Adjusted);
        QVERIFY(c.contactPlaneValid);
        QCOMPARE(c.contactPlane.cellId, 0xAAB40001u);
        QVERIFY(std::abs(path.globalLowPoint.z - ground) < 1e-3f);
        SpherePath off = pathAt({-50, 4, ground}, 0.5f); // 242 m west of the east block
        CollisionInfo none;
        QCOMPARE(landCellEnvCollisions(cell, walker, off, none), TransitionState::OK);
        QVERIFY(!none.contactPlaneValid);
    }
};

QTEST_GUILESS_MAIN(TestLandCell)
#include "tst_land_cell.moc"
