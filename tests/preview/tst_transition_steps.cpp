// How the retail transition cuts a move into steps and constrains each one
// (preview/physics/transition_steps.h, docs/physics.md#the-retail-transition): step counts with
// no cap (R59), a viewer's radius steps and remainder, and adjust_offset on contact planes,
// slopes and sliding normals, with the lift back onto a dry contact plane.

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
};

QTEST_GUILESS_MAIN(TestTransitionSteps)
#include "tst_transition_steps.moc"
