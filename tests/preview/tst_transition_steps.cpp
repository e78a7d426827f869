// How the retail transition cuts a move into steps and constrains each one
// (preview/physics/transition_steps.h, docs/physics.md#the-retail-transition): step counts with
// no cap (R59), a viewer's radius steps and remainder, adjust_offset on contact planes, slopes
// and sliding normals with the lift back onto a dry contact plane, and validate_transition's
// commit, undo and stationary-fall failsafe.

#include "preview/physics/transition_steps.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

bool near(Vec3 a, Vec3 b, float tolerance = 1e-4f) {
    return length(a - b) < tolerance;
}

SpherePath sphereAt(Vec3 centre, float r) {
    SpherePath path;
    path.globalSphere[0] = {centre, r};
    path.globalLowPoint = centre - Vec3{0, 0, r};
    path.checkOrigin = centre;
    return path;
}

} // namespace

class TestTransitionSteps : public QObject {
    Q_OBJECT

  private slots:
    // A 50 m/s arrow with a 0.1 m sphere over a 0.2 s quantum sweeps 10 m in 100 steps of one
    // radius each, and a 1 km/s move in 2,000: the client caps nothing (ACE refuses sweeps of
    // more than 1,000 steps).
    // oracle: R59
    void stepsAreOneRadiusAndUncapped() {
        const StepPlan arrow = calcNumSteps(true, {0, 10, 0}, 0.1f, false);
        QCOMPARE(arrow.steps, 100);
        QVERIFY(near(arrow.perStep, {0, 0.1f, 0}));
        QVERIFY(near(arrow.perStep * float(arrow.steps), arrow.offset));
        const StepPlan fast = calcNumSteps(true, {0, 200, 0}, 0.1f, false);
        QCOMPARE(fast.steps, 2000);
        QVERIFY(length(fast.perStep) <= 0.1f + 1e-6f);
    }

    void shortAndEmptyMoves() {
        const StepPlan small = calcNumSteps(true, {0.05f, 0, 0}, 0.1f, false);
        QCOMPARE(small.steps, 1);
        QCOMPARE(small.perStep, (Vec3{0.05f, 0, 0}));
        QCOMPARE(calcNumSteps(true, {}, 0.1f, false).steps, 0);
        const StepPlan unplaced = calcNumSteps(false, {5, 0, 0}, 0.1f, false);
        QCOMPARE(unplaced.steps, 1); // no begin position: one step that moves nothing
        QCOMPARE(unplaced.perStep, Vec3{});
    }

    // A viewer steps one radius at a time and takes what is left last.
    void aViewerStepsOneRadiusAndTheRemainder() {
        const StepPlan camera = calcNumSteps(true, {1.05f, 0, 0}, 0.1f, true);
        QCOMPARE(camera.steps, 11);
        QVERIFY(near(camera.perStep, {0.1f, 0, 0}));
        QVERIFY(near(viewerLastStep(camera, 0.1f), {0.05f, 0, 0}));
        QCOMPARE(calcNumSteps(true, {}, 0.1f, true).steps, 0);
    }

    // On a contact plane a step into it runs along it, a step off it is snapped onto it; on a
    // 37° slope that means climbing and descending along the slope.
    void aStepFollowsTheContactPlane() {
        SpherePath path = sphereAt({0, 0, 0.5f}, 0.5f);
        CollisionInfo flat;
        flat.setContactPlane({{0, 0, 1}, 0}, 0, false);
        QVERIFY(near(adjustOffset({1, 0, -1}, path, flat), {1, 0, 0}));
        QVERIFY(near(adjustOffset({1, 0, 1}, path, flat), {1, 0, 0}));
        CollisionInfo slope;
        slope.setContactPlane({{-0.6f, 0, 0.8f}, 0}, 0, false);
        QVERIFY(near(adjustOffset({1, 0, 0}, path, slope), {0.64f, 0, 0.48f})); // uphill
        QVERIFY(near(adjustOffset({-1, 0, 0}, path, slope), {-1, 0, -0.75f}));  // downhill
    }

    // A sliding normal stops the part of a step against it and is dropped by a step away from
    // it; with a contact plane too, the step runs along both.
    void aStepSlidesAlongTheSlidingNormal() {
        SpherePath path = sphereAt({0, 0, 0.5f}, 0.5f);
        CollisionInfo wall;
        wall.slidingNormalValid = true;
        wall.slidingNormal = {1, 0, 0};
        QVERIFY(near(adjustOffset({-1, 1, 0}, path, wall), {0, 1, 0}));
        QVERIFY(wall.slidingNormalValid);
        QVERIFY(near(adjustOffset({1, 1, 0}, path, wall), {1, 1, 0}));
        QVERIFY(!wall.slidingNormalValid);
        CollisionInfo corner;
        corner.slidingNormalValid = true;
        corner.slidingNormal = {1, 0, 0};
        corner.setContactPlane({{0, 0, 1}, 0}, 0, false);
        QVERIFY(near(adjustOffset({-1, 1, -0.5f}, path, corner), {0, 1, 0}));
    }

    // Sphere 0 sunk 0.2 m into a dry contact plane is lifted back onto it; on water, or with no
    // contact cell, it is left where it is.
    void aSunkSphereIsLiftedOntoADryPlane() {
        SpherePath dry = sphereAt({0, 0, 0.3f}, 0.5f);
        CollisionInfo ground;
        ground.setContactPlane({{0, 0, 1}, 0}, 0xA9B40001, false);
        adjustOffset({1, 0, 0}, dry, ground);
        QVERIFY(std::abs(dry.checkOrigin.z - 0.5f) < 1e-5f);
        QVERIFY(std::abs(dry.globalSphere[0].center.z - 0.5f) < 1e-5f);
        SpherePath wet = sphereAt({0, 0, 0.3f}, 0.5f);
        CollisionInfo water;
        water.setContactPlane({{0, 0, 1}, 0}, 0xA9B40001, true);
        adjustOffset({1, 0, 0}, wet, water);
        QCOMPARE(wet.checkOrigin.z, 0.3f);
        // The contact plane of the east neighbour: the sphere is moved into its frame first.
        SpherePath east = sphereAt({193, 0, 0.3f}, 0.5f);
        CollisionInfo neighbour;
        neighbour.setContactPlane({{0, 0, 1}, 0}, 0xAAB40001, false);
        adjustOffset({1, 0, 0}, east, neighbour, {192, 0, 0});
        QVERIFY(std::abs(east.checkOrigin.z - 0.5f) < 1e-5f);
    }

    // An OK step is committed and Contact/OnWalkable follow its contact plane: a floor gives
    // both, a 53° slope Contact only, no plane neither.
    void anOkStepIsCommittedAndContactFollowsThePlane() {
        SpherePath path = sphereAt({1, 0, 0.5f}, 0.5f);
        path.currOrigin = {0, 0, 0.5f};
        path.globalCurrCenter[0] = {0, 0, 0.5f};
        path.checkCellId = path.currCellId = 0xA9B40001;
        ObjectInfo info;
        CollisionInfo floor;
        floor.setContactPlane({{0, 0, 1}, 0}, 0xA9B40001, false);
        const StepValidation v = validateTransition(TransitionState::OK, info, path, floor, true);
        QCOMPARE(v.state, TransitionState::OK);
        QVERIFY(!v.killVelocity);
        QCOMPARE(path.currOrigin, (Vec3{1, 0, 0.5f}));
        QCOMPARE(path.globalCurrCenter[0], (Vec3{1, 0, 0.5f}));
        QCOMPARE(info.state, object_info::kContact | object_info::kOnWalkable);
        QVERIFY(floor.lastKnownContactPlaneValid);
        QCOMPARE(floor.framesStationaryFall, 0);

        CollisionInfo slope;
        slope.setContactPlane({{0.8f, 0, 0.6f}, 0}, 0xA9B40001, false);
        validateTransition(TransitionState::OK, info, path, slope, true);
        QCOMPARE(info.state, object_info::kContact);
        CollisionInfo air;
        validateTransition(TransitionState::OK, info, path, air, false);
        QCOMPARE(info.state, 0u);
        QVERIFY(!air.lastKnownContactPlaneValid);
    }

    // A collided step is undone, which is not a failure: the check position goes back, the
    // answer is OK, the collision normal becomes the sliding normal (+Z by default, which has
    // no sliding part).
    void aCollidedStepIsUndoneNotFailed() {
        SpherePath path = sphereAt({1, 0, 0.5f}, 0.5f);
        path.currOrigin = path.globalCurrCenter[0] = {0, 0, 0.5f};
        path.currLowPoint = {0, 0, 0};
        ObjectInfo info;
        CollisionInfo wall;
        wall.setCollisionNormal({-1, 0, 0.2f});
        const StepValidation v =
            validateTransition(TransitionState::Collided, info, path, wall, false);
        QCOMPARE(v.state, TransitionState::OK);
        QCOMPARE(path.checkOrigin, (Vec3{0, 0, 0.5f}));
        QCOMPARE(path.globalSphere[0].center, (Vec3{0, 0, 0.5f}));
        QCOMPARE(path.globalLowPoint, (Vec3{0, 0, 0}));
        QVERIFY(wall.slidingNormalValid);
        QCOMPARE(wall.slidingNormal, (Vec3{-1, 0, 0}));
        CollisionInfo blank;
        validateTransition(TransitionState::Adjusted, info, path, blank, false);
        QVERIFY(blank.collisionNormalValid);
        QCOMPARE(blank.collisionNormal, (Vec3{0, 0, 1}));
        QVERIFY(!blank.slidingNormalValid);
        QCOMPARE(validateTransition(TransitionState::Invalid, info, path, blank, false).state,
                 TransitionState::Invalid);
    }

    // With a last known contact plane the velocity is killed, and the plane is taken back when
    // sphere 0 still touches it (a walker then counts as moved).
    void anUndoneStepTakesBackTheLastContactPlane() {
        SpherePath path = sphereAt({1, 0, 0.5f}, 0.5f);
        path.currOrigin = path.globalCurrCenter[0] = {0, 0, 0.5f};
        ObjectInfo walker;
        walker.state = object_info::kContact | object_info::kOnWalkable;
        CollisionInfo c;
        c.lastKnownContactPlaneValid = true;
        c.lastKnownContactPlane = {{{0, 0, 1}, 0}, 0xA9B40001, false};
        c.framesStationaryFall = 2;
        const StepValidation v = validateTransition(TransitionState::Slid, walker, path, c, true);
        QVERIFY(v.killVelocity);
        QVERIFY(c.contactPlaneValid);
        QCOMPARE(c.contactPlane.cellId, 0xA9B40001u);
        QCOMPARE(c.framesStationaryFall, 0); // it moved, as far as the failsafe cares
        QCOMPARE(walker.state, object_info::kContact | object_info::kOnWalkable);
    }

    // Under gravity, the third step in a row without movement stands the sphere on a level
    // plane under it and, for a mover not in contact, reports the environment.
    void theStationaryFallFailsafe() {
        SpherePath path = sphereAt({0, 0, 5}, 0.5f);
        path.currOrigin = path.checkOrigin;
        path.globalCurrCenter[0] = path.globalSphere[0].center;
        path.checkCellId = path.currCellId = 0xA9B40001;
        ObjectInfo info;
        CollisionInfo c;
        validateTransition(TransitionState::OK, info, path, c, true);
        QCOMPARE(c.framesStationaryFall, 1);
        validateTransition(TransitionState::OK, info, path, c, true);
        QCOMPARE(c.framesStationaryFall, 2);
        QVERIFY(!c.contactPlaneValid);
        validateTransition(TransitionState::OK, info, path, c, true);
        QCOMPARE(c.framesStationaryFall, 3);
        QVERIFY(c.contactPlaneValid);
        QCOMPARE(c.contactPlane.plane.d, -4.5f); // z = 4.5, under the sphere
        QVERIFY(c.collidedWithEnvironment && c.collisionNormal == (Vec3{0, 0, 1}));
        QVERIFY(info.has(object_info::kContact));
        // A viewer has no failsafe.
        ObjectInfo viewer;
        viewer.state = object_info::kIsViewer;
        CollisionInfo v;
        for (int i = 0; i < 4; ++i)
            validateTransition(TransitionState::OK, viewer, path, v, true);
        QCOMPARE(v.framesStationaryFall, 0);
    }
};

QTEST_GUILESS_MAIN(TestTransitionSteps)
#include "tst_transition_steps.moc"
