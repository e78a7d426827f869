// Static objects' cylinder spheres and spheres against a missile's sphere
// (preview/physics/object_shapes.h): the overlap test and the collide_with_point normal.
#include "preview/physics/object_shapes.h"

#include <QObject>
#include <QTest>

using namespace portalkit::preview;

namespace {

// A tree trunk: 0.3 m round, 3 m tall, standing at (10, 10, 20).
StaticShape trunk() {
    StaticShape s;
    s.low = {10, 10, 20};
    s.radius = 0.3f;
    s.height = 3;
    return s;
}

bool near(Vec3 a, Vec3 b) {
    return length(a - b) < 1e-4f;
}

} // namespace

class TestObjectShapes : public QObject {
    Q_OBJECT

  private slots:
    void theOverlapTestCoversTheCylindersHeightAndRadius() {
        const StaticShape s = trunk();
        const TransitionSphere small{{}, 0.1f};
        const float radsum = s.radius - kTransitionEpsilon + small.radius;
        QVERIFY(cylinderHitsSphere(s, small, {0.39f, 0, 1.5f}, radsum));
        QVERIFY(!cylinderHitsSphere(s, small, {0.41f, 0, 1.5f}, radsum)); // beside it
        QVERIFY(cylinderHitsSphere(s, small, {0, 0, 3.09f}, radsum));     // on the top
        QVERIFY(!cylinderHitsSphere(s, small, {0, 0, 3.11f}, radsum));    // above it
        QVERIFY(cylinderHitsSphere(s, small, {0, 0, -0.09f}, radsum));    // under the base
        QVERIFY(!cylinderHitsSphere(s, small, {0, 0, -0.11f}, radsum));
    }

    // oracle: R60
    void aMissileFromTheSideStopsWithAHorizontalNormal() {
        CollisionInfo collision;
        const TransitionSphere check{{10.35f, 10, 21.5f}, 0.1f}; // overlapping the trunk
        const Vec3 curr{10.5f, 10.1f, 21.6f};                    // clear of it, to the east
        QCOMPARE(pathClippedShapeCollision(trunk(), check, curr, collision),
                 TransitionState::Collided);
        QVERIFY(collision.collisionNormalValid);
        const Vec3 expected = Vec3{0.5f, 0.1f, 0} * (1.0f / length(Vec3{0.5f, 0.1f, 0}));
        QVERIFY(near(collision.collisionNormal, expected));
    }

    // oracle: R60
    void aMissileFromAboveStopsWithAnUpwardNormal() {
        CollisionInfo collision;
        const TransitionSphere check{{10.05f, 10, 23.05f}, 0.1f}; // into the top
        const Vec3 curr{10.05f, 10, 23.2f};                       // above the axis
        QCOMPARE(pathClippedShapeCollision(trunk(), check, curr, collision),
                 TransitionState::Collided);
        QVERIFY(near(collision.collisionNormal, Vec3{0, 0, 1}));
    }

    void aMissileThatMissesIsOK() {
        CollisionInfo collision;
        const TransitionSphere check{{11, 10, 21.5f}, 0.1f};
        QCOMPARE(pathClippedShapeCollision(trunk(), check, {11.2f, 10, 21.5f}, collision),
                 TransitionState::OK);
        QVERIFY(!collision.collisionNormalValid);
    }

    // oracle: R60
    void aSphereShapeTurnsTheMissileBackFromItsCentre() {
        StaticShape ball;
        ball.cylinder = false;
        ball.low = {0, 0, 5};
        ball.radius = 1;
        CollisionInfo collision;
        const TransitionSphere check{{0, 1.05f, 5}, 0.1f};
        QCOMPARE(pathClippedShapeCollision(ball, check, {0, 1.2f, 5.2f}, collision),
                 TransitionState::Collided);
        const Vec3 expected = Vec3{0, 1.2f, 0.2f} * (1.0f / length(Vec3{0, 1.2f, 0.2f}));
        QVERIFY(near(collision.collisionNormal, expected));
        CollisionInfo clear;
        QCOMPARE(pathClippedShapeCollision(ball, {{0, 1.2f, 5}, 0.1f}, {0, 1.3f, 5}, clear),
                 TransitionState::OK);
    }
};

QTEST_GUILESS_MAIN(TestObjectShapes)
#include "tst_object_shapes.moc"
