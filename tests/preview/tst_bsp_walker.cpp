// A physics BSP against a walker (preview/physics/bsp_walker.h,
// docs/physics.md#the-retail-transition): BSPTREE::find_collisions' branches on hand-built
// trees — the placement and walkable probes, a missile's stop, a creature stepping up a ledge its
// scaled step-up height allows and refusing a higher one, its head sliding along a beam, an
// airborne mover landing on slopes either side of FloorZ, the step-down's walkable filter, and an
// owner that is moved, turned and scaled — plus the walkable-face polygon tests.

#include "support/walker_world.h"

#include <QObject>
#include <QTest>
#include <cmath>
#include <numbers>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::test;

namespace {

// A ledge of height h at x = 1: the floor z = 0 behind (x < 1), the ledge's face and top in
// front, the tree split at the face.
PhysicsGeometry ledge(float h) {
    return twoLeaves(1, {floorAt(1, -5, 1)}, {floorAt(2, 1, 5, h), wallFacingMinusX(3, 1, 0, h)});
}

// A plane through the origin whose normal is (sqrt(1 − nz²), 0, nz): it descends toward +x.
BspPolygon slope(std::uint16_t id, float nz) {
    const float rise = 5 * std::sqrt(1 - nz * nz) / nz;
    return ramp(id, -5, rise, 5, -rise);
}

// What a creature at `scale` makes of a ledge of height h met head on: its foot sphere starts
// against the face and the step pushes it 60 % of a radius into it. True when it stood on top.
bool stepsUp(float scale, float h, float* lifted = nullptr) {
    WalkerWorld w(creature(scale));
    w.objects.push_back({ledge(h), {}, 1});
    const float r = w.radius();
    w.place({1 - r, 0, 0}, {1 - 0.4f * r, 0, 0});
    w.standOn({{0, 0, 1}, 0});
    const TransitionState state = w.insertStep();
    if (lifted)
        *lifted = w.path.checkOrigin.z;
    return state == TransitionState::OK && w.collision.contactPlaneValid &&
           std::abs(w.collision.contactPlane.plane.d + h) < 1e-4f;
}

} // namespace

class TestBspWalker : public QObject {
    Q_OBJECT

  private slots:
    // The owner's space: spheres turned and scaled into it, planes and offsets turned back.
    void anOwnersSpaceIsCachedAndPlanesComeBack() {
        SpherePath path;
        path.numSphere = 1;
        path.globalSphere[0] = {{10, 3, 1.5f}, 0.5f};
        path.globalCurrCenter[0] = {10, 2, 1.5f};
        const Frame owner{{10, 0, 1}, fromAxisAngle({0, 0, std::numbers::pi_v<float> / 2})};
        const LocalSpace space = cacheLocalSpace(path, owner, 2);
        QVERIFY(near(space.sphere[0].center, {1.5f, 0, 0.25f}));
        QCOMPARE(space.sphere[0].radius, 0.25f);
        QVERIFY(near(space.currCenter[0], {1, 0, 0.25f}));
        QVERIFY(near(space.z, {0, 0, 1}));
        const world::Plane p = planeToGlobal(floorAt(1, -1, 1, 0.5f), space);
        QVERIFY(near(fromWorld(p.normal), {0, 0, 1}));
        QVERIFY(std::abs(p.d + 2) < 1e-5f); // local z = 0.5, × 2, up 1: world z = 2
    }

    // check_walkable drops the centre onto the face and asks whether the face holds a circle of
    // the radius (a quarter of the area when small); find_crossed_edge names the edge crossed.
    void aWalkableFaceHoldsTheDroppedCentre() {
        const BspPolygon f = floorAt(1, 0, 2);
        QVERIFY(checkWalkablePolygon(f, {{1, 0, 0.3f}, 0.5f}, {0, 0, 1}));
        QVERIFY(checkWalkablePolygon(f, {{2.3f, 0, 0.3f}, 0.5f}, {0, 0, 1}));
        QVERIFY(!checkWalkablePolygon(f, {{2.3f, 0, 0.3f}, 0.5f}, {0, 0, 1}, true));
        QVERIFY(!checkWalkablePolygon(f, {{1, 0, 0.3f}, 0.5f}, {0, 0, -1})); // not facing up
        Vec3 edge;
        QVERIFY(!findCrossedEdge(f, {{1, 0, 0.3f}, 0.5f}, {0, 0, 1}, edge));
        QVERIFY(findCrossedEdge(f, {{2.3f, 0, 0.3f}, 0.5f}, {0, 0, 1}, edge));
        QVERIFY(near(edge, {-1, 0, 0})); // the edge x = 2, its normal pointing back in
    }

    // Placement tests only the solid; the walkable probe "collides" with ground under it.
    void placementAndTheWalkableProbe() {
        WalkerWorld w(creature(1));
        w.objects.push_back({ledge(0.5f), {}, 1});
        w.path.insertType = InsertType::Placement;
        w.place({0, 0, 0}, {0.8f, 0, 0}); // the foot sphere into the ledge's face
        QCOMPARE(w.findCollisions(), TransitionState::Collided);
        w.place({0, 0, 0}, {0, 0, 0});
        QCOMPARE(w.findCollisions(), TransitionState::OK);
        w.path.insertType = InsertType::Transition;
        w.path.checkWalkable = true;
        w.path.walkableAllowance = kFloorZ;
        w.place({0, 0, 0}, {0, 0, -0.1f}); // probe lowered into the floor
        QCOMPARE(w.findCollisions(), TransitionState::Collided);
        w.place({0, 0, 0}, {0, 0, 0.2f}); // nothing within reach below
        QCOMPARE(w.findCollisions(), TransitionState::OK);
    }

    // A missile (path-clipped, never perfectly) stops at any polygon it reaches, even one it
    // moves along.
    // oracle: R60
    void aMissileStopsAtWhatItReaches() {
        MoverDescription arrow;
        arrow.physicsState = 0x40; // Missile
        WalkerWorld w(arrow, 1);
        w.objects.push_back({oneLeaf({wallFacingMinusX(1, 1, -3, 3)}), {}, 1});
        w.place({0.8f, -0.5f, 0}, {0.8f, 0.5f, 0}); // along the wall, 0.2 from it
        QVERIFY(w.info.has(object_info::kPathClipped));
        QCOMPARE(w.findCollisions(), TransitionState::Collided);
        QVERIFY(near(w.collision.collisionNormal, {-1, 0, 0}));
    }

    // A creature at scale 1.5 has a step-up height of 0.4 × 1.5 = 0.6 (R51). It stands on a
    // 0.5 m ledge, lifted exactly onto its top, and refuses a 0.95 m one: the walkable search
    // may lift the sphere by at most 1.5 × the step height (adjust_sphere_to_plane keeps
    // walk_interp ≥ −0.5). Refused, it is stopped against the face.
    // oracle: R51
    void aScaledCreatureStepsUpWhatItsHeightAllows() {
        float lifted = 0;
        QVERIFY(stepsUp(1.5f, 0.5f, &lifted));
        QVERIFY(std::abs(lifted - 0.5f) < 1e-3f);
        QVERIFY(!stepsUp(1.5f, 0.95f, &lifted));
        QCOMPARE(lifted, 0.0f);

        WalkerWorld w(creature(1.5f));
        w.objects.push_back({ledge(0.95f), {}, 1});
        const float r = w.radius();
        w.place({1 - r, 0, 0}, {1 - 0.4f * r, 0, 0});
        w.standOn({{0, 0, 1}, 0});
        QCOMPARE(w.insertStep(), TransitionState::Collided);
        QVERIFY(near(w.collision.collisionNormal, {-1, 0, 0}));
        QVERIFY(!w.path.stepUp); // step-up state is cleared again
        QVERIFY(w.path.walkable == nullptr);
    }

    // The same 0.65 m ledge: the scale-1.5 creature (0.6, lift up to 0.9) steps up, the same
    // Setup at scale 1 (0.4, lift up to 0.6) does not — the step height is scaled (R51).
    // oracle: R51
    void theStepHeightScalesWithTheCreature() {
        QVERIFY(stepsUp(1.5f, 0.65f));
        QVERIFY(!stepsUp(1, 0.65f));
    }

    // The head sphere meeting a low beam slides along it (BSPTREE::slide_sphere): the step keeps
    // its along-beam part, then the foot steps back down onto the floor.
    void theHeadSlidesAlongABeam() {
        WalkerWorld w(creature(1));
        w.objects.push_back(
            {twoLeaves(0.9f, {floorAt(1, -5, 5)}, {wallFacingMinusX(2, 1, 1, 3)}), {}, 1});
        w.place({0.6f, 0, 0}, {0.8f, 0.2f, 0});
        w.standOn({{0, 0, 1}, 0});
        QCOMPARE(w.insertStep(), TransitionState::OK);
        QVERIFY(near(w.path.checkOrigin, {0.6f, 0.2f, 0}));
        QVERIFY(near(w.collision.collisionNormal, {-1, 0, 0}));
        QVERIFY(w.collision.contactPlaneValid); // back on the floor
    }

    // A face only grazed while walking (moving away from it) is not stepped up at once: with
    // two spheres it is noted for the insert loop, the foot's as a step up, the head's as a
    // slide, its normal turned round; a single sphere notes nothing.
    void aGrazedFaceIsLeftForTheInsert() {
        WalkerWorld foot(creature(1));
        foot.objects.push_back({oneLeaf({slope(1, 0.98f)}), {}, 1});
        foot.place({0, 0, -0.09f}, {0.2f, 0, -0.09f}); // sunk into it, moving off its face
        QCOMPARE(foot.findCollisions(), TransitionState::OK);
        QVERIFY(foot.path.negPolyHit);
        QVERIFY(foot.path.negStepUp);
        QVERIFY(near(foot.path.negCollisionNormal, -foot.objects[0].geometry.polygons[1].normal));

        WalkerWorld head(creature(1));
        head.objects.push_back({oneLeaf({wallFacingMinusX(1, 1, 0.8f, 3)}), {}, 1});
        head.place({0.75f, 0, 0}, {0.7f, 0.1f, 0}); // the head against the beam, backing off
        QCOMPARE(head.findCollisions(), TransitionState::OK);
        QVERIFY(head.path.negPolyHit);
        QVERIFY(!head.path.negStepUp);
        QVERIFY(near(head.path.negCollisionNormal, {1, 0, 0}));

        WalkerWorld single(creature(1), 1);
        single.objects.push_back({oneLeaf({slope(1, 0.98f)}), {}, 1});
        single.place({0, 0, -0.09f}, {0.2f, 0, -0.09f});
        QCOMPARE(single.findCollisions(), TransitionState::OK);
        QVERIFY(!single.path.negPolyHit);
    }

    // An airborne creature meets a slope, lands on it (set_collide, then find_walkable with
    // z_for_landing) and the commit takes Contact, and OnWalkable only when the slope's normal
    // z is at least FloorZ 0.66417414.
    // oracle: R58
    void landingOnSlopesEitherSideOfFloorZ() {
        for (const float nz : {0.67f, 0.66f}) {
            MoverDescription m = creature(1);
            m.transient = 0; // in the air
            WalkerWorld w(m);
            w.objects.push_back({oneLeaf({slope(1, nz)}), {}, 1});
            w.place({0, 0, 0.2f}, {0, 0, -0.1f});
            const TransitionState state = w.insertStep();
            QCOMPARE(state, TransitionState::OK);
            QVERIFY(w.collision.contactPlaneValid);
            const TransitionSphere s0 = w.path.globalSphere[0];
            const world::Plane& cp = w.collision.contactPlane.plane;
            QVERIFY(std::abs(dot(fromWorld(cp.normal), s0.center) + cp.d - s0.radius) < 1e-3f);
            validateTransition(state, w.info, w.path, w.collision, true);
            QVERIFY(w.info.has(object_info::kContact));
            QCOMPARE(w.info.has(object_info::kOnWalkable), nz >= kFloorZ);
        }
    }

    // Stepping down (step_sphere_down) stands only on faces walkable at the allowance: FloorZ
    // for a walker on a walkable floor.
    // oracle: R51
    void aStepDownStandsOnlyOnWalkableFaces() {
        for (const float nz : {0.67f, 0.66f}) {
            WalkerWorld w(creature(1));
            w.objects.push_back({oneLeaf({slope(1, nz)}), {}, 1});
            w.place({0, 0, 0}, {0, 0, -0.1f});
            w.path.stepDown = true;
            w.path.stepDownAmt = 0.4f;
            w.path.walkInterp = 1;
            w.path.walkableAllowance = kFloorZ;
            const TransitionState state = w.findCollisions();
            QCOMPARE(state, nz > kFloorZ ? TransitionState::Adjusted : TransitionState::OK);
            QCOMPARE(w.collision.contactPlaneValid, nz > kFloorZ);
            QCOMPARE(w.path.walkable != nullptr, nz > kFloorZ);
        }
    }

    // A floor in a moved, turned and scaled owner: the step down lands on it in world terms.
    void aStepDownOntoAScaledTurnedOwner() {
        WalkerWorld w(creature(1));
        const Frame owner{{10, 0, 1}, fromAxisAngle({0, 0, std::numbers::pi_v<float> / 2})};
        w.objects.push_back({oneLeaf({floorAt(1, -1, 1, 0.5f)}), owner, 2}); // world z = 2
        w.place({10, 0, 1.95f}, {10, 0, 1.9f});
        w.path.stepDown = true;
        w.path.stepDownAmt = 0.4f;
        w.path.walkInterp = 1;
        w.path.walkableAllowance = kFloorZ;
        QCOMPARE(w.findCollisions(), TransitionState::Adjusted);
        QVERIFY(std::abs(w.path.checkOrigin.z - 2) < 1e-3f);
        const world::Plane& cp = w.collision.contactPlane.plane;
        QVERIFY(near(fromWorld(cp.normal), {0, 0, 1}));
        QVERIFY(std::abs(cp.d + 2) < 1e-4f);
        QCOMPARE(w.path.walkableScale, 2.0f);
        QVERIFY(w.path.walkablePos == owner);
    }
};

QTEST_APPLESS_MAIN(TestBspWalker)
#include "tst_bsp_walker.moc"
