// The flight physics on hand-built bodies and worlds: integration, acceleration, AlignPath,
// the Setup's spheres, the continuous sweep, missile_ignore and the collision response.

#include "preview/physics/flight.h"

#include <QByteArray>
#include <QObject>
#include <QTest>
#include <cmath>
#include <numbers>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

bool near(float a, float b, float tolerance = 1e-4f) {
    return std::abs(a - b) <= tolerance;
}
bool near(Vec3 a, Vec3 b, float tolerance = 1e-4f) {
    return near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance) && near(a.z, b.z, tolerance);
}
QByteArray show(Vec3 v) {
    return QByteArray::number(v.x) + ", " + QByteArray::number(v.y) + ", " +
           QByteArray::number(v.z);
}
#define QVERIFY_NEAR(actual, expected) QVERIFY2(near(actual, expected), show(actual).constData())

dat::Setup setupWith(std::vector<dat::Sphere> spheres, float stepUp = 0, float stepDown = 0) {
    dat::Setup s;
    s.id = 0x02000001;
    s.spheres = std::move(spheres);
    s.stepUpHeight = stepUp;
    s.stepDownHeight = stepDown;
    return s;
}

// An arrow: one centred 0.1 sphere, Missile | AlignPath | PathClipped as a server creates it.
PhysicsBody arrow(Vec3 at, Vec3 velocity) {
    PhysicsBody body;
    body.id = 0x50000001;
    body.setShape(setupWith({{{0, 0, 0}, 0.1f}}), 1);
    body.frame.origin = at;
    body.velocity = velocity;
    body.state = state::ReportCollisions | state::Missile | state::AlignPath | state::PathClipped |
                 state::Gravity;
    return body;
}

// A wall 1 cm thick across the x axis at x = 5.
PreviewWorld thinWall() {
    PreviewWorld world;
    world.boxes.push_back({0x100, {5, -100, -100}, {5.01f, 100, 100}});
    return world;
}

PhysicsBody onGround(PhysicsBody body) {
    body.transientState = transient::Contact | transient::OnWalkable;
    body.contactNormal = {0, 0, 1};
    return body;
}

} // namespace

class TestFlight : public QObject {
    Q_OBJECT

  private slots:
    // oracle: R36
    void updatePhysicsInternalClampsBrakesStopsAndIntegrates() {
        // Above 50 m/s the speed is clamped before anything moves.
        PhysicsBody fast;
        fast.velocity = {100, 0, 0};
        Frame frame;
        updatePhysicsInternal(fast, 0.1f, frame);
        QVERIFY_NEAR(fast.velocity, (Vec3{50, 0, 0}));
        QVERIFY_NEAR(frame.origin, (Vec3{5, 0, 0}));

        // Friction on walkable ground decays by (1 − f)^dt, and the position uses that velocity.
        PhysicsBody sliding = onGround(PhysicsBody{});
        sliding.velocity = {2, 0, 0};
        frame = Frame{};
        updatePhysicsInternal(sliding, 0.2f, frame);
        const float decayed = 2 * std::pow(0.05f, 0.2f);
        QVERIFY_NEAR(sliding.velocity, (Vec3{decayed, 0, 0}));
        QVERIFY_NEAR(frame.origin, (Vec3{decayed * 0.2f, 0, 0}));

        // Below 0.25 m/s (with the F_EPSILON margin) the velocity is zeroed...
        PhysicsBody slow;
        slow.velocity = {0.24f, 0, 0};
        frame = Frame{};
        updatePhysicsInternal(slow, 0.2f, frame);
        QCOMPARE(slow.velocity, Vec3{});
        QCOMPARE(frame.origin, Vec3{});
        PhysicsBody justAbove;
        justAbove.velocity = {0.26f, 0, 0};
        updatePhysicsInternal(justAbove, 0.2f, frame);
        QVERIFY_NEAR(justAbove.velocity, (Vec3{0.26f, 0, 0}));
        // ...judged on the speed before friction: 0.3 brakes to 0.165 and keeps moving.
        PhysicsBody braking = onGround(PhysicsBody{});
        braking.velocity = {0.3f, 0, 0};
        frame = Frame{};
        updatePhysicsInternal(braking, 0.2f, frame);
        QVERIFY(braking.velocity.x > 0.1f && braking.velocity.x < 0.25f);

        // Sledding reads the same speed²: below 1.25 m/s it stops dead, fast on a slope
        // steeper than 10° it slides with 0.2, otherwise the body's friction applies.
        PhysicsBody sled = onGround(PhysicsBody{});
        sled.state |= state::Sledding;
        sled.velocity = {1.2f, 0, 0};
        calcFriction(sled, 0.2f, 1.44f);
        QCOMPARE(sled.velocity, Vec3{});
        const float tilt = float(20 * std::numbers::pi / 180);
        sled.contactNormal = {std::sin(tilt), 0, std::cos(tilt)};
        const Vec3 downhill{std::cos(tilt) * 3, 0, -std::sin(tilt) * 3};
        sled.velocity = downhill;
        calcFriction(sled, 0.2f, 9);
        QVERIFY_NEAR(sled.velocity, downhill * std::pow(0.8f, 0.2f));
        sled.contactNormal = {0, 0, 1};
        sled.velocity = {3, 0, 0};
        calcFriction(sled, 0.2f, 9);
        QVERIFY_NEAR(sled.velocity, (Vec3{3 * std::pow(0.05f, 0.2f), 0, 0}));

        // At rest the position does not integrate, but v += a·dt still runs (R36).
        PhysicsBody resting;
        resting.acceleration = {0, 0, kGravity};
        frame = Frame{};
        updatePhysicsInternal(resting, 0.2f, frame);
        QCOMPARE(frame.origin, Vec3{});
        QVERIFY_NEAR(resting.velocity, (Vec3{0, 0, kGravity * 0.2f}));
        PhysicsBody falling;
        falling.velocity = {1, 0, 0};
        falling.acceleration = {0, 0, kGravity};
        frame = Frame{};
        updatePhysicsInternal(falling, 0.2f, frame);
        QVERIFY_NEAR(frame.origin, (Vec3{0.2f, 0, 0.5f * kGravity * 0.04f}));

        // Omega turns about world axes: the spin's rotation is applied before the old one.
        PhysicsBody spinning;
        spinning.omega = {float(std::numbers::pi / 2), 0, 0}; // a quarter turn a second
        Frame turned{{}, fromAxisAngle({0, 0, float(std::numbers::pi / 2)})};
        updatePhysicsInternal(spinning, 1.0f, turned);
        // Local +Y first went to world −X by the yaw; a turn about world X leaves it there.
        QVERIFY_NEAR(rotate(turned.orientation, {0, 1, 0}), (Vec3{-1, 0, 0}));
        // Local +X went to +Y by the yaw, and world X's turn lifts that to +Z.
        QVERIFY_NEAR(rotate(turned.orientation, {1, 0, 0}), (Vec3{0, 0, 1}));
    }

    // oracle: R37
    void calcAccelerationTestsContactWalkableAndSledding() {
        PhysicsBody grounded = onGround(PhysicsBody{});
        grounded.omega = {0, 0, 3};
        calcAcceleration(grounded);
        QCOMPARE(grounded.acceleration, Vec3{});
        QCOMPARE(grounded.omega, Vec3{});

        PhysicsBody sled = onGround(PhysicsBody{});
        sled.state |= state::Sledding;
        sled.omega = {0, 0, 3};
        calcAcceleration(sled);
        QCOMPARE(sled.acceleration, (Vec3{0, 0, kGravity}));
        QCOMPARE(sled.omega, (Vec3{0, 0, 3}));

        // Inelastic 0x20000 is not the Sledding bit.
        PhysicsBody inelastic = onGround(PhysicsBody{});
        inelastic.state |= state::Inelastic;
        calcAcceleration(inelastic);
        QCOMPARE(inelastic.acceleration, Vec3{});

        PhysicsBody wall; // contact with a steep plane is not walkable
        wall.transientState = transient::Contact;
        calcAcceleration(wall);
        QCOMPARE(wall.acceleration, (Vec3{0, 0, kGravity}));

        PhysicsBody weightless;
        weightless.state &= ~state::Gravity;
        weightless.acceleration = {1, 2, 3};
        weightless.omega = {0, 0, 3};
        calcAcceleration(weightless);
        QCOMPARE(weightless.acceleration, Vec3{});
        QCOMPARE(weightless.omega, (Vec3{0, 0, 3}));

        // Through a quantum: the network's acceleration is replaced, grounded spin stops.
        PhysicsBody spun = onGround(PhysicsBody{});
        spun.acceleration = {0, 0, 5};
        spun.omega = {0, 0, 3};
        updateObjectInternal(spun, PreviewWorld{}, 0.2);
        QCOMPARE(spun.frame.orientation, Quat{});
        QCOMPARE(spun.frame.origin, Vec3{});
    }

    // oracle: R38
    void alignPathFacesTheWhole3DDisplacement() {
        Frame east;
        setVectorHeading(east, {2, 0, 0});
        QVERIFY_NEAR(rotate(east.orientation, {0, 1, 0}), (Vec3{1, 0, 0}));
        // No roll: the local +X axis stays horizontal.
        Frame climbing;
        setVectorHeading(climbing, {-1, 1, 1});
        const Vec3 dir = normalized(Vec3{-1, 1, 1});
        QVERIFY_NEAR(rotate(climbing.orientation, {0, 1, 0}), dir);
        QVERIFY(near(rotate(climbing.orientation, {1, 0, 0}).z, 0));
        // Too short a direction leaves the frame as it was.
        Frame kept = climbing;
        setVectorHeading(kept, {0, 0, 1e-5f});
        QCOMPARE(kept.orientation, climbing.orientation);

        // A flying body faces its displacement, pitch included, and its spin is overridden.
        PhysicsBody body = arrow({0, 0, 10}, {3, 4, 5});
        body.state &= ~state::Gravity;
        body.omega = {0, 0, 7};
        updateObjectInternal(body, PreviewWorld{}, 0.2);
        const Vec3 forward = rotate(body.frame.orientation, {0, 1, 0});
        QVERIFY_NEAR(forward, normalized(Vec3{3, 4, 5}));
        QVERIFY(forward.z > 0.7f); // not yaw only
        // With gravity the facing follows the displacement (which includes ½a·dt²), not v.
        PhysicsBody lobbed = arrow({0, 0, 10}, {10, 0, 0});
        const Vec3 start = lobbed.frame.origin;
        updateObjectInternal(lobbed, PreviewWorld{}, 0.2);
        QVERIFY_NEAR(rotate(lobbed.frame.orientation, {0, 1, 0}),
                     normalized(lobbed.frame.origin - start));
        QVERIFY(rotate(lobbed.frame.orientation, {0, 1, 0}).z < -0.09f);
    }

    // oracle: R39
    void missileSweepsPathClippedAndDoesNotTunnel() {
        QVERIFY(objectInfoState(arrow({}, {})) & object_info::kPathClipped);
        QVERIFY(!(objectInfoState(arrow({}, {})) & object_info::kPerfectClip));
        PhysicsBody plain = arrow({}, {});
        plain.state &= ~(state::Missile | state::PathClipped);
        QVERIFY(!(objectInfoState(plain) & object_info::kPathClipped));

        // 50 m/s, a 0.1 sphere, a 1 cm wall, one 0.2 s quantum: 10 m of travel stops at the wall.
        PhysicsBody fast = arrow({0, 0, 1}, {50, 0, 0});
        fast.state &= ~state::Gravity;
        const std::vector<QuantumRecord> records = updateObject(fast, thinWall(), 0.2);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY_NEAR(fast.frame.origin, (Vec3{4.9f, 0, 1}));
        QVERIFY(records[0].collision);
        QCOMPARE(records[0].collision->kind, HitKind::Box);
        QCOMPARE(records[0].collision->id, 0x100u);
        QVERIFY_NEAR(records[0].collision->normal, (Vec3{-1, 0, 0}));
        QVERIFY(fast.velocity.x < 0); // bounced back off the wall, not through it

        // PathClipped stops at the first contact; a body that is not a missile slides on.
        PhysicsBody missile = arrow({0, 0, 1}, {30, 30, 0});
        missile.state &= ~(state::Gravity | state::AlignPath);
        PhysicsBody slider = missile;
        slider.state &= ~(state::Missile | state::PathClipped);
        updateObjectInternal(missile, thinWall(), 0.2);
        updateObjectInternal(slider, thinWall(), 0.2);
        QVERIFY_NEAR(missile.frame.origin, (Vec3{4.9f, 4.9f, 1}));
        QVERIFY_NEAR(slider.frame.origin, (Vec3{4.9f, 6, 1}));
    }

    // oracle: R40
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: no spheres, no transition, and the current
    // origin goes back into the candidate.
    void noSpheresKeepsTheOriginWithoutASweep() {
        PhysicsBody ghost = arrow({0, 0, 1}, {50, 0, 0});
        ghost.state &= ~state::Gravity;
        ghost.setShape(setupWith({}), 1);
        QVERIFY(ghost.spheres.empty());
        const QuantumRecord record = updateObjectInternal(ghost, thinWall(), 0.2);
        QVERIFY(!record.swept);
        QVERIFY(!record.collision);
        QCOMPARE(ghost.frame.origin, (Vec3{0, 0, 1})); // not through the wall: not moved at all
        QVERIFY_NEAR(ghost.velocity, (Vec3{50, 0, 0}));
        QCOMPARE(ghost.cachedVelocity, Vec3{});
    }

    // oracle: R41
    void setupSpheresAreScaledWithTheirOffsetKept() {
        // Force Bolt 0x0200087D: one sphere at (0, -0.165, 0.1045), radius 0.102.
        const dat::Setup forceBolt = setupWith({{{0, -0.165f, 0.1045f}, 0.102f}});
        PhysicsBody bolt;
        bolt.setShape(forceBolt, 2);
        QCOMPARE(bolt.spheres.size(), std::size_t(1));
        QVERIFY_NEAR(bolt.spheres[0].center, (Vec3{0, -0.33f, 0.209f}));
        QVERIFY(near(bolt.spheres[0].radius, 0.204f));

        // At most two spheres are used.
        PhysicsBody many;
        many.setShape(setupWith({{{0, 0, 1}, 1}, {{0, 0, 2}, 2}, {{0, 0, 3}, 3}}), 1);
        QCOMPARE(many.spheres.size(), std::size_t(2));
        QCOMPARE(many.spheres[1].radius, 2.0f);

        // The offset sphere is what lands: its bottom sits 0.005 above the origin, so the
        // origin comes to rest just below the ground, not a radius above it.
        bolt.frame.origin = {0, 0, 1};
        bolt.velocity = {0, 0, -20};
        bolt.state |= state::Missile;
        PreviewWorld ground;
        ground.ground = GroundPlane{};
        const QuantumRecord record = updateObjectInternal(bolt, ground, 0.2);
        QVERIFY(record.collision);
        QVERIFY(near(bolt.frame.origin.z, -0.005f));
    }

    // oracle: R42
    void stepHeightsAreScaledAndKeepAWalkerOnTheGround() {
        PhysicsBody scaled;
        scaled.setShape(setupWith({{{0, 0, 0.1f}, 0.1f}}, 0.3f, 0.25f), 2);
        QVERIFY(near(scaled.stepUpHeight, 0.6f));
        QVERIFY(near(scaled.stepDownHeight, 0.5f));

        // Walking off a 0.3 ledge: a 0.5 step-down (0.25 × 2) finds the ground below, a 0.1
        // one (0.05 × 2) leaves the body in the air.
        PreviewWorld ledge;
        ledge.ground = GroundPlane{};
        ledge.boxes.push_back({0x200, {-10, -10, -1}, {0, 10, 0.3f}});
        const auto walker = [](float stepDown) {
            PhysicsBody body;
            body.setShape(setupWith({{{0, 0, 0.05f}, 0.05f}}, 0, stepDown), 2);
            body.frame.origin = {-0.5f, 0, 0.3f};
            body.velocity = {5, 0, 0};
            body.setFriction(0);
            return onGround(body);
        };
        PhysicsBody deep = walker(0.25f);
        updateObjectInternal(deep, ledge, 0.2);
        QVERIFY_NEAR(deep.frame.origin, (Vec3{0.5f, 0, 0}));
        QVERIFY(deep.contact() && deep.onWalkable());
        PhysicsBody shallow = walker(0.05f);
        updateObjectInternal(shallow, ledge, 0.2);
        QVERIFY_NEAR(shallow.frame.origin, (Vec3{0.5f, 0, 0.3f}));
        QVERIFY(!shallow.contact());
    }

    // oracle: R43
    void hiddenRunsNoPhysics() {
        PhysicsBody body = arrow({0, 0, 10}, {10, 0, 0});
        body.omega = {0, 0, 1};
        body.state |= state::Hidden;
        body.state &= ~state::AlignPath;
        const std::vector<QuantumRecord> records = updateObject(body, PreviewWorld{}, 0.5);
        QCOMPARE(records.size(), std::size_t(3)); // the quanta still run: 0.2, 0.2, 0.1
        QCOMPARE(body.frame.origin, (Vec3{0, 0, 10}));
        QCOMPARE(body.frame.orientation, Quat{});
        QCOMPARE(body.velocity, (Vec3{10, 0, 0}));
        body.state &= ~state::Hidden;
        updateObject(body, PreviewWorld{}, 0.7);
        QVERIFY(body.frame.origin.x > 1.9f);
    }

    // oracle: R44
    void missileIgnoreFollowsTheRetailBranchTree() {
        const ObjectFacts missile{1, true, false, false, true};
        const ObjectFacts plainMover{1, false, false, false, true};
        const ObjectFacts otherMissile{2, true, false, false, true};
        const ObjectFacts creature{5, false, false, true, true};
        const ObjectFacts etherealWeenie{6, false, true, false, true};
        const ObjectFacts etherealScenery{7, false, true, false, false};
        const ObjectFacts wall{8, false, false, false, false};
        QVERIFY(missileIgnore(missile, 0, otherMissile));
        QVERIFY(missileIgnore(plainMover, 0, otherMissile)); // checked before the mover
        QVERIFY(!missileIgnore(plainMover, 0, etherealWeenie));
        QVERIFY(!missileIgnore(plainMover, 9, creature));
        QVERIFY(!missileIgnore(missile, 5, creature)); // the designated target
        QVERIFY(!missileIgnore(missile, 6, etherealWeenie));
        QVERIFY(missileIgnore(missile, 0, etherealWeenie));
        QVERIFY(!missileIgnore(missile, 0, etherealScenery));
        QVERIFY(missileIgnore(missile, 9, creature));  // a target is set and this is not it
        QVERIFY(!missileIgnore(missile, 0, creature)); // no target: creatures are hit
        QVERIFY(!missileIgnore(missile, 9, wall));
        QCOMPARE(PhysicsBody{}.targetId, 0u);

        // In flight: with target 7 the arrow passes creature 5 and stops at 7.
        PreviewWorld field;
        field.spheres.push_back({creature, {3, 0, 1}, 0.5f});
        field.spheres.push_back({{7, false, false, true, true}, {6, 0, 1}, 0.5f});
        const auto shoot = [&](std::uint32_t target) {
            PhysicsBody body = arrow({0, 0, 1}, {50, 0, 0});
            body.state &= ~state::Gravity;
            body.targetId = target;
            const QuantumRecord record = updateObjectInternal(body, field, 0.2);
            return record.collision ? record.collision->id : 0u;
        };
        QCOMPARE(shoot(7), 7u);
        QCOMPARE(shoot(0), 5u);
        QCOMPARE(shoot(9), 0u);
    }

    // oracle: R45
    void collisionResponseReflectsStopsOrIsGated() {
        const Vec3 up{0, 0, 1};
        // Airborne onto the ground: elastic reflection with e = 0.05.
        PhysicsBody bounce = onGround(PhysicsBody{});
        bounce.velocity = {10, 0, -10};
        QCOMPARE(handleAllCollisions(bounce, true, up, false), Response::Reflected);
        QVERIFY_NEAR(bounce.velocity, (Vec3{10, 0, 0.5f}));
        // Inelastic (0x20000) stops dead instead.
        PhysicsBody inelastic = onGround(PhysicsBody{});
        inelastic.state |= state::Inelastic;
        inelastic.velocity = {10, 0, -10};
        QCOMPARE(handleAllCollisions(inelastic, true, up, false), Response::Stopped);
        QCOMPARE(inelastic.velocity, Vec3{});
        // Walkable before and after: no reflection, unless Sledding (0x800000).
        PhysicsBody walking = onGround(PhysicsBody{});
        walking.velocity = {1, 0, -2};
        QCOMPARE(handleAllCollisions(walking, true, up, true), Response::Suppressed);
        QCOMPARE(walking.velocity, (Vec3{1, 0, -2}));
        PhysicsBody walkingInelastic = walking;
        walkingInelastic.state |= state::Inelastic;
        QCOMPARE(handleAllCollisions(walkingInelastic, true, up, true), Response::Suppressed);
        PhysicsBody sledding = walking;
        sledding.state |= state::Sledding;
        QCOMPARE(handleAllCollisions(sledding, true, up, true), Response::Reflected);
        QVERIFY_NEAR(sledding.velocity, (Vec3{1, 0, 0.1f}));
        // Leaving the plane, or no valid normal: nothing changes.
        PhysicsBody leaving;
        leaving.velocity = {0, 0, 3};
        QCOMPARE(handleAllCollisions(leaving, true, up, false), Response::None);
        QCOMPARE(handleAllCollisions(leaving, false, up, false), Response::None);
        QCOMPARE(leaving.velocity, (Vec3{0, 0, 3}));
        // More than one frame stationary while falling: velocity zero, and the transient bits.
        PhysicsBody stuck;
        stuck.velocity = {0, 0, -3};
        stuck.framesStationaryFall = 2;
        QCOMPARE(handleAllCollisions(stuck, false, up, false), Response::Stuck);
        QCOMPARE(stuck.velocity, Vec3{});
        QCOMPARE(stuck.transientState & transient::StationaryMask, transient::StationaryStop);
        stuck.framesStationaryFall = 1;
        stuck.velocity = {0, 0, -3};
        QCOMPARE(handleAllCollisions(stuck, true, up, false), Response::Reflected);
        QCOMPARE(stuck.transientState & transient::StationaryMask, transient::StationaryFall);
        // Elasticity is clamped to [0, 0.1].
        PhysicsBody springy;
        springy.setElasticity(0.5f);
        QCOMPARE(springy.elasticity, kMaxElasticity);

        // In flight: a ground hit is Contact and OnWalkable, a wall hit Contact only.
        PreviewWorld ground;
        ground.ground = GroundPlane{};
        PhysicsBody dropped = arrow({0, 0, 1}, {10, 0, -20});
        const QuantumRecord landed = updateObjectInternal(dropped, ground, 0.2);
        QVERIFY(landed.collision && landed.collision->walkable);
        QCOMPARE(landed.collision->response, Response::Reflected);
        QVERIFY(dropped.contact() && dropped.onWalkable());
        QVERIFY(dropped.velocity.z > 0 && dropped.velocity.z < 2);
        PhysicsBody thrown = arrow({0, 0, 1}, {50, 0, 0});
        const QuantumRecord walled = updateObjectInternal(thrown, thinWall(), 0.2);
        QVERIFY(walled.collision && !walled.collision->walkable);
        QVERIFY(thrown.contact() && !thrown.onWalkable());
        // A steep slope is contact, not ground: 60° is past floor_z.
        PreviewWorld steep;
        steep.ground = GroundPlane{0, {std::sin(float(std::numbers::pi / 3)), 0, 0.5f}};
        PhysicsBody sliding = arrow({0, 0, 1}, {0, 0, -20});
        updateObjectInternal(sliding, steep, 0.2);
        QVERIFY(sliding.contact() && !sliding.onWalkable());
    }

    // oracle: R46
    void aHitOnlyStopsOrBouncesTheBody() {
        PhysicsBody body = arrow({0, 0, 1}, {50, 0, 0});
        const std::uint32_t before = body.state;
        std::vector<QuantumRecord> records = updateObject(body, thinWall(), 0.2);
        QVERIFY(records.back().collision);
        // No Hidden, no deletion: only the client's own mask of its missile bits.
        const std::uint32_t masked =
            before & ~(state::Missile | state::AlignPath | state::PathClipped);
        QCOMPARE(body.state, masked);
        QVERIFY(body.velocity.x < 0);
        // The body flies on under gravity after the hit; nothing removes it.
        records = updateObject(body, thinWall(), 0.4);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(body.frame.origin.x < 4.9f);
        QVERIFY(body.frame.origin.z < 1);
        QCOMPARE(body.state, masked);
    }

    // oracle: R35
    void updateObjectRunsTheRetailQuanta() {
        PhysicsBody body = arrow({0, 0, 100}, {10, 0, 0});
        body.state &= ~state::Gravity;
        // A gap above 2 s moves nothing and only resets the clock.
        QVERIFY(updateObject(body, PreviewWorld{}, 2.5).empty());
        QCOMPARE(body.frame.origin, (Vec3{0, 0, 100}));
        QCOMPARE(body.updateTime, 2.5);
        // 0.25 s: a 0.2 step, then 0.05 as its own step (above 1/30 s).
        std::vector<QuantumRecord> records = updateObject(body, PreviewWorld{}, 2.75);
        QCOMPARE(records.size(), std::size_t(2));
        QCOMPARE(records[0].dt, 0.2);
        QVERIFY(std::abs(records[1].dt - 0.05) < 1e-9);
        QVERIFY(std::abs(records[1].time - 2.75) < 1e-9);
        QVERIFY_NEAR(body.frame.origin, (Vec3{2.5f, 0, 100}));
        // 0.02 s is stepped whole: update_object has no 1/30 s test below 0.2 s.
        records = updateObject(body, PreviewWorld{}, 2.77);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(std::abs(records[0].dt - 0.02) < 1e-9);
        QVERIFY(std::abs(body.updateTime - 2.77) < 1e-9);
        // 0.22 s: a 0.2 step, and the 0.02 left (not above 1/30 s) stays owed.
        records = updateObject(body, PreviewWorld{}, 2.99);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(std::abs(body.updateTime - 2.97) < 1e-9);
        // Frozen runs nothing.
        body.state |= state::Frozen;
        QVERIFY(updateObject(body, PreviewWorld{}, 3.0).empty());
        QVERIFY_NEAR(body.frame.origin, (Vec3{4.7f, 0, 100}));
    }

    // oracle: R57
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: a failed transition puts the current origin
    // back, zeroes only the reported velocity, and runs no response.
    void transitionFailureKeepsTheOldOrigin() {
        PreviewWorld small;
        small.bounds = {{-5, -5, -5}, {5, 5, 5}};
        PhysicsBody body = arrow({4, 0, 0}, {10, 0, 0});
        body.state &= ~state::Gravity;
        const QuantumRecord record = updateObjectInternal(body, small, 0.2);
        QVERIFY(record.transitionFailed);
        QCOMPARE(body.frame.origin, (Vec3{4, 0, 0}));
        QVERIFY_NEAR(body.velocity, (Vec3{10, 0, 0}));
        QCOMPARE(body.cachedVelocity, Vec3{});
        QVERIFY(!record.collision);
        PhysicsBody inside = arrow({0, 0, 0}, {10, 0, 0});
        inside.state &= ~state::Gravity;
        QVERIFY(!updateObjectInternal(inside, small, 0.2).transitionFailed);
        QVERIFY_NEAR(inside.cachedVelocity, (Vec3{10, 0, 0}));
    }
};

QTEST_APPLESS_MAIN(TestFlight)
#include "tst_flight.moc"
