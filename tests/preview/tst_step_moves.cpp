// How the retail transition moves a walker (preview/physics/step_moves.h,
// docs/physics.md#the-retail-transition), on hand-built physics BSPs through the client's insert
// loop: slide_sphere along a wall, a diagonal walk into a wall, following a gentle downslope,
// stepping off a cliff without EdgeSlide and kept on top with it (precipice_slide), the Setup's
// step-down height only on a walkable floor (R51), no step-down for a missile (R52), cliff_slide
// against a steep contact plane, and a failed landing.

#include "support/walker_world.h"

#include <QObject>
#include <QTest>
#include <cmath>
#include <numbers>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::test;

namespace {

constexpr world::Plane kLevel{{0, 0, 1}, 0};

// The floor z = 0 for x < 0 and, past the edge at x = 0, `beyond`.
PhysicsGeometry edgeAt0(std::vector<BspPolygon> beyond) {
    return twoLeaves(0, {floorAt(1, -5, 0)}, std::move(beyond));
}

// A path with sphere 0 (r 0.5) moved from `curr` to `check`, standing on the level floor.
struct Slide {
    ObjectInfo info;
    SpherePath path;
    CollisionInfo collision;
    StepContext ctx{info, path, collision, {}, {}, false};

    Slide(Vec3 curr, Vec3 check) {
        path.globalCurrCenter[0] = curr;
        path.globalSphere[0] = {check, 0.5f};
        path.checkOrigin = check;
        collision.lastKnownContactPlaneValid = true;
        collision.lastKnownContactPlane = {kLevel, 1, false};
    }
};

} // namespace

class TestStepMoves : public QObject {
    Q_OBJECT

  private slots:
    // Against a wall the step keeps its part along the crease of wall and floor (SLID); head on
    // nothing is left (COLLIDED); an obstacle parallel to the ground drops only the part against
    // it; a ceiling met while on the ground stops the step, its normal pointing back.
    void slideSphereKeepsTheAlongWallMotion() {
        Slide along({0, 0, 0.5f}, {0.3f, 0.4f, 0.5f});
        QCOMPARE(slideSphere(along.ctx, along.path.globalSphere[0], {-1, 0, 0}, {0, 0, 0.5f}),
                 TransitionState::Slid);
        QVERIFY(near(along.path.checkOrigin, {0, 0.4f, 0.5f}));
        QVERIFY(near(along.collision.collisionNormal, {-1, 0, 0}));

        Slide headOn({0, 0, 0.5f}, {0.3f, 0, 0.5f});
        QCOMPARE(slideSphere(headOn.ctx, headOn.path.globalSphere[0], {-1, 0, 0}, {0, 0, 0.5f}),
                 TransitionState::Collided);

        Slide parallel({0, 0, 0.5f}, {0.3f, 0, 0.4f});
        QCOMPARE(slideSphere(parallel.ctx, parallel.path.globalSphere[0], {0, 0, 1}, {0, 0, 0.5f}),
                 TransitionState::Slid);
        QVERIFY(near(parallel.path.checkOrigin, {0.3f, 0, 0.5f}));

        Slide ceiling({0, 0, 0.5f}, {0.3f, 0, 0.6f});
        QCOMPARE(slideSphere(ceiling.ctx, ceiling.path.globalSphere[0], {0, 0, -1}, {0, 0, 0.5f}),
                 TransitionState::Collided);
        QVERIFY(near(ceiling.collision.collisionNormal, normalized(Vec3{-0.3f, 0, -0.1f})));
    }

    // A creature walking diagonally into a tall wall is stopped at it once (step_up fails,
    // step_up_slide), then the sliding normal carries it along the wall for the rest of the
    // move: it never passes the wall and keeps four of its six steps' along-wall motion.
    void walkingDiagonallyIntoAWallSlidesAlongIt() {
        WalkerWorld w(creature(1.5f));
        w.objects.push_back(
            {twoLeaves(0.9f, {floorAt(1, -5, 5)}, {wallFacingMinusX(2, 1, 0, 3)}), {}, 1});
        w.place({0, 0, 0}, {0, 0, 0});
        w.standOn(kLevel);
        QVERIFY(w.walk({2, 2, 0}));
        const float r = w.radius();
        QVERIFY(w.path.currOrigin.x + r < 1);
        QVERIFY(near(w.path.currOrigin, {1.0f / 3, 5.0f / 3, 0}));
        QVERIFY(w.collision.slidingNormalValid);
        QVERIFY(near(w.collision.slidingNormal, {-1, 0, 0}));
        QVERIFY(w.info.has(object_info::kOnWalkable));
    }

    // Past the floor's edge a gentle downslope (1 in 5) is found by the step down and the walker
    // stays on it; over a longer walk it follows the slope down.
    // oracle: R51
    void aGentleDownslopeKeepsTheWalkerOnIt() {
        const BspPolygon slope = ramp(2, 0, 0, 5, -1);
        WalkerWorld w(creature(1.5f));
        w.objects.push_back({edgeAt0({slope}), {}, 1});
        w.place({-0.3f, 0, 0}, {0.2f, 0, 0});
        w.standOn(kLevel);
        QCOMPARE(w.insertStep(), TransitionState::OK);
        QVERIFY(w.collision.contactPlaneValid);
        QVERIFY(near(fromWorld(w.collision.contactPlane.plane.normal), slope.normal));
        QVERIFY(w.path.checkOrigin.z < 0);

        WalkerWorld longer(creature(1.5f));
        longer.objects.push_back({edgeAt0({slope}), {}, 1});
        longer.place({-1, 0, 0}, {-1, 0, 0});
        longer.standOn(kLevel);
        QVERIFY(longer.walk({3, 0, 0}));
        const TransitionSphere s0 = longer.path.globalSphere[0];
        QVERIFY(std::abs(longer.path.currOrigin.x - 2) < 1e-3f);
        QVERIFY(std::abs(slope.distance(s0.center) - s0.radius) < 1e-3f); // resting on it
        QVERIFY(longer.info.has(object_info::kOnWalkable));
    }

    // Over a cliff (the ground 3 m down, past any step-down) a creature without EdgeSlide steps
    // on and loses its contact: it will fall.
    // oracle: R51
    void aCliffIsSteppedOffWithoutEdgeSlide() {
        WalkerWorld w(creature(1.5f));
        w.objects.push_back({edgeAt0({floorAt(2, 0, 5, -3)}), {}, 1});
        w.place({0.1f, 0, 0}, {0.6f, 0, 0});
        w.standOn(kLevel);
        QCOMPARE(w.insertStep(), TransitionState::OK);
        QVERIFY(!w.collision.contactPlaneValid);
        QVERIFY(near(w.path.checkOrigin, {0.6f, 0, 0}));
        validateTransition(TransitionState::OK, w.info, w.path, w.collision, true);
        QVERIFY(!w.info.has(object_info::kContact));
    }

    // With EdgeSlide the same step is kept on the cliff top (precipice_slide along the edge it
    // crossed): head on it is stopped with the edge's normal; diagonally it keeps the part of
    // the step along the edge and is back on the floor.
    void edgeSlideKeepsTheWalkerOnTheCliffTop() {
        WalkerWorld headOn(creature(1.5f, true));
        headOn.objects.push_back({edgeAt0({floorAt(2, 0, 5, -3)}), {}, 1});
        headOn.place({0.1f, 0, 0}, {0.6f, 0, 0});
        headOn.standOn(kLevel);
        QVERIFY(headOn.info.has(object_info::kEdgeSlide));
        QCOMPARE(headOn.insertStep(), TransitionState::Collided);
        QVERIFY(near(headOn.collision.collisionNormal, {-1, 0, 0}));

        WalkerWorld diagonal(creature(1.5f, true));
        diagonal.objects.push_back({edgeAt0({floorAt(2, 0, 5, -3)}), {}, 1});
        diagonal.place({0.1f, 0, 0}, {0.6f, 0.3f, 0});
        diagonal.standOn(kLevel);
        QCOMPARE(diagonal.insertStep(), TransitionState::OK);
        QVERIFY(near(diagonal.path.checkOrigin, {0.1f, 0.3f, 0}));
        QVERIFY(diagonal.collision.contactPlaneValid);
        QVERIFY(near(fromWorld(diagonal.collision.contactPlane.plane.normal), {0, 0, 1}));
    }

    // The same cliff top in an owner turned a quarter round: the edge crossed comes back in the
    // world's axes (the walkable's frame), so the walker is stopped facing the right way.
    void edgeSlideInATurnedOwner() {
        WalkerWorld w(creature(1.5f, true));
        const Frame turned{{}, fromAxisAngle({0, 0, std::numbers::pi_v<float> / 2})};
        w.objects.push_back({edgeAt0({floorAt(2, 0, 5, -3)}), turned, 1}); // floor: world y < 0
        w.place({0, -0.1f, 0}, {0, 0.4f, 0});
        w.standOn(kLevel);
        QCOMPARE(w.insertStep(), TransitionState::Collided);
        QVERIFY(near(w.collision.collisionNormal, {0, -1, 0}));
    }

    // Hanging over the edge with its centre 0.4 m out (more than half its 0.525 m radius): the
    // step down still finds the floor's edge, which holds a creature without EdgeSlide; one with
    // it asks check_walkable for ground under half its radius, finds none, and is stopped.
    void anEdgeSliderWillNotHangPastHalfItsRadius() {
        for (const bool edgeSlide : {false, true}) {
            WalkerWorld w(creature(1.5f, edgeSlide));
            w.objects.push_back({edgeAt0({floorAt(2, 0, 5, -3)}), {}, 1});
            w.place({-0.1f, 0, 0}, {0.4f, 0, 0});
            w.standOn(kLevel);
            const TransitionState state = w.insertStep();
            QCOMPARE(state, edgeSlide ? TransitionState::Collided : TransitionState::OK);
            QCOMPARE(w.collision.contactPlaneValid, !edgeSlide);
        }
    }

    // A 0.3 m drop: a creature on a walkable floor steps down by its Setup's 0.4 × 1.5 and
    // lands on the lower floor; in contact but not on a walkable floor it reaches only 0.04 and
    // steps off.
    // oracle: R51
    void theSetupsStepDownHeightOnlyOnAWalkableFloor() {
        WalkerWorld walker(creature(1.5f));
        walker.objects.push_back({edgeAt0({floorAt(2, 0, 5, -0.3f)}), {}, 1});
        walker.place({0.1f, 0, 0}, {0.6f, 0, 0});
        walker.standOn(kLevel);
        QCOMPARE(walker.insertStep(), TransitionState::OK);
        QVERIFY(walker.collision.contactPlaneValid);
        QVERIFY(std::abs(walker.path.checkOrigin.z + 0.3f) < 1e-3f);

        MoverDescription sliding = creature(1.5f);
        sliding.transient = 0x1; // Contact only
        WalkerWorld w(sliding);
        w.objects.push_back({edgeAt0({floorAt(2, 0, 5, -0.3f)}), {}, 1});
        w.place({0.1f, 0, 0}, {0.6f, 0, 0});
        w.standOn(kLevel);
        QCOMPARE(w.insertStep(), TransitionState::OK);
        QVERIFY(!w.collision.contactPlaneValid);
        QCOMPARE(w.path.checkOrigin.z, 0.0f);
    }

    // A missile in contact that loses its ground never steps down.
    // oracle: R52
    void aMissileNeverStepsDown() {
        MoverDescription arrow = creature(1);
        arrow.physicsState = 0x40; // Missile
        WalkerWorld w(arrow, 1);
        w.objects.push_back({edgeAt0({floorAt(2, 0, 5, -0.1f)}), {}, 1});
        w.place({0.1f, 0, 0}, {0.6f, 0, 0});
        w.standOn(kLevel);
        w.collision.contactPlaneValid = false; // this step found no ground
        QVERIFY(!w.info.stepDown);
        const InsertTail tail = transitionalInsertTail(w.ctx, 3, true);
        QVERIFY(tail.done);
        QCOMPARE(tail.state, TransitionState::OK);
        QVERIFY(!w.collision.contactPlaneValid);
        QCOMPARE(w.path.checkOrigin.z, 0.0f);
    }

    // A contact plane too steep to stand on, met by an edge-sliding walker: cliff_slide gives a
    // collision normal along the slope's foot, against the step, and the insert goes on.
    void aTooSteepPlaneSlidesAlongItsFoot() {
        const world::Plane steep{{-0.8f, 0, 0.6f}, 0}; // rising toward +x
        WalkerWorld w(creature(1, true));
        w.place({0, 0, 0}, {0.3f, 0.2f, 0});
        w.standOn(kLevel);
        w.path.saveCheckPos();
        w.collision.setContactPlane(steep, w.path.checkCellId, false);
        TransitionState state = TransitionState::OK;
        QVERIFY(!edgeSlide(w.ctx, state, 0.4f, kFloorZ));
        QCOMPARE(state, TransitionState::Adjusted);
        QVERIFY(near(w.collision.collisionNormal, {-1, 0, 0}));
        QVERIFY(!w.collision.contactPlaneValid);
        QVERIFY(std::abs(w.path.checkOrigin.y - 0.2f) < 1e-5f); // along the foot: kept

        WalkerWorld away(creature(1, true));
        away.place({0, 0, 0}, {-0.3f, 0, 0});
        away.standOn(kLevel);
        QCOMPARE(cliffSlide(away.ctx, steep), TransitionState::Adjusted);
        QVERIFY(near(away.collision.collisionNormal, {1, 0, 0})); // against this step
    }

    // A landing that finds no ground under it is undone: back to where it started, stopped
    // with the normal it met, or with its velocity killed when it had a last known plane.
    void aFailedLandingIsUndone() {
        MoverDescription m = creature(1);
        m.transient = 0;
        WalkerWorld w(m);
        w.place({0, 0, 1}, {0, 0, 1});
        w.path.collide = true;
        w.path.saveCheckPos();
        w.path.stepUpNormal = {0, -1, 0};
        w.path.addOffsetToCheckPos({0, 0.4f, 0});
        const InsertTail tail = transitionalInsertTail(w.ctx, 3, true);
        QCOMPARE(tail.state, TransitionState::Collided);
        QVERIFY(near(w.path.checkOrigin, {0, 0, 1}));
        QVERIFY(near(w.collision.collisionNormal, {0, -1, 0}));
        QVERIFY(!w.path.collide);
        QVERIFY(!w.ctx.killVelocity);

        WalkerWorld known(m);
        known.place({0, 0, 1}, {0, 0.4f, 1});
        known.path.collide = true;
        known.collision.lastKnownContactPlaneValid = true;
        QCOMPARE(transitionalInsertTail(known.ctx, 3, true).state, TransitionState::Collided);
        QVERIFY(known.ctx.killVelocity);
        QVERIFY(!known.collision.lastKnownContactPlaneValid);
    }
};

QTEST_APPLESS_MAIN(TestStepMoves)
#include "tst_step_moves.moc"
