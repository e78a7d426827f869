// The scene's owners as physics bodies: gravity, root motion on the ground, sweeps against
// the preview world and against each other, and the physics/collision events.

#include "preview/scene/preview_scene.h"
#include "support/preview_fixtures.h"

#include <QObject>
#include <QTest>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

namespace {

constexpr std::uint32_t kBolt = 0x02000010;   // one 0.1 m sphere at its origin
constexpr std::uint32_t kTarget = 0x02000020; // one 0.5 m sphere 0.5 m up
constexpr std::uint32_t kBare = 0x02000030;   // no spheres
constexpr double kTick = 0.05;

struct FlightWorld {
    std::shared_ptr<Assets> assets = std::make_shared<Assets>();
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<EventRecorder> recorder;

    FlightWorld() {
        auto bolt = setup(kBolt);
        bolt.spheres.push_back({{0, 0, 0}, 0.1f});
        assets->add(bolt);
        auto target = setup(kTarget);
        target.spheres.push_back({{0, 0, 0.5f}, 0.5f});
        assets->add(target);
        assets->add(setup(kBare));
    }
    PreviewScene& start() {
        scene = std::make_unique<PreviewScene>(assets, 1);
        recorder = std::make_unique<EventRecorder>(scene->events());
        return *scene;
    }
    void run(double seconds) {
        for (double t = 0; t < seconds - 1e-9; t += kTick)
            scene->advance(kTick);
    }
};

OwnerDesc inFlight(std::uint32_t setupId, Vec3 at, Vec3 velocity, std::uint32_t state) {
    OwnerDesc desc;
    desc.setup = setupId;
    desc.frame.origin = at;
    desc.velocity = velocity;
    desc.state = state;
    desc.grounded = false;
    return desc;
}

constexpr std::uint32_t kMissileState = state::kDefault | state::Missile;
constexpr std::uint32_t kStraightMissile = kMissileState & ~state::Gravity;

} // namespace

class TestSceneFlight : public QObject {
    Q_OBJECT
  private slots:
    void aBodyInTheAirFallsUnderGravity() {
        FlightWorld world;
        PreviewScene& scene = world.start();
        const auto id = scene.createOwner(inFlight(kBolt, {0, 0, 10}, {1, 0, 0}, state::kDefault));
        world.run(1.0);
        const Owner& owner = *scene.owner(id);
        // 20 quanta of 0.05 s: x = t, z = 10 − ½·9.8·t² (v·dt + ½a·dt² per quantum is exact).
        QCOMPARE(owner.root().origin.x, 1.0f);
        QVERIFY(std::abs(owner.root().origin.z - (10.0f - 4.9f)) < 1e-4f);
        QVERIFY(std::abs(owner.body.velocity.z + 9.8f) < 1e-4f);
        QCOMPARE(world.recorder->ofKind<PhysicsQuantum>().size(), std::size_t(20));
    }

    // oracle: R40
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: a Setup without spheres never moves its
    // origin, with or without a world; its velocity still integrates.
    void aSpherelessOwnerKeepsItsOrigin() {
        for (const bool withWorld : {false, true}) {
            FlightWorld world;
            PreviewScene& scene = world.start();
            if (withWorld)
                scene.setWorld(PreviewWorld{});
            const auto id =
                scene.createOwner(inFlight(kBare, {0, 0, 10}, {1, 0, 0}, state::kDefault));
            world.run(0.5);
            QCOMPARE(scene.owner(id)->root().origin, (Vec3{0, 0, 10}));
            QVERIFY(scene.owner(id)->body.velocity.z < -4.0f);
        }
    }

    void aGroundedOwnerStaysWhereItIsAndSaysNothing() {
        FlightWorld world;
        PreviewScene& scene = world.start();
        PreviewWorld ground;
        ground.ground = GroundPlane{};
        scene.setWorld(ground);
        OwnerDesc desc;
        desc.setup = kTarget;
        const auto id = scene.createOwner(desc);
        world.run(1.0);
        QCOMPARE(scene.owner(id)->root().origin, Vec3{});
        QVERIFY(scene.owner(id)->body.onWalkable());
        QVERIFY(world.recorder->ofKind<PhysicsQuantum>().empty());
    }

    void withoutAWorldNothingIsSweptAndContactStays() {
        FlightWorld world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kTarget;
        desc.velocity = {2, 0, 0}; // on walkable ground: friction slows it, gravity does not pull
        const auto id = scene.createOwner(desc);
        world.run(0.5);
        const Owner& owner = *scene.owner(id);
        QCOMPARE(owner.root().origin.z, 0.0f);
        QVERIFY(owner.root().origin.x > 0.0f && owner.root().origin.x < 1.0f);
        QVERIFY(owner.body.contact());
        for (const auto& e : world.recorder->ofKind<PhysicsQuantum>())
            QVERIFY(!e.what.swept);
    }

    // oracle: R46
    void aBoltThatHitsTheGroundOnlyStops() {
        FlightWorld world;
        PreviewScene& scene = world.start();
        PreviewWorld ground;
        ground.ground = GroundPlane{};
        scene.setWorld(ground);
        const auto id = scene.createOwner(inFlight(kBolt, {0, 0, 1}, {10, 0, -10}, kMissileState));
        world.run(0.5);
        const auto collisions = world.recorder->ofKind<CollisionHit>();
        QVERIFY(!collisions.empty());
        QCOMPARE(collisions.front().what.hit, HitKind::Ground);
        QCOMPARE(collisions.front().what.response, Response::Reflected);
        // No impact is invented: the object is still there with no script, and only the
        // client's own mask of the missile bits changed its state.
        const Owner* owner = scene.owner(id);
        QVERIFY(owner);
        QCOMPARE(owner->state, kMissileState & ~state::Missile);
        std::vector<Published<StateChanged>> masked;
        for (const auto& e : world.recorder->ofKind<StateChanged>())
            if (e.what.cause == StateCause::Collision)
                masked.push_back(e);
        QCOMPARE(masked.size(), std::size_t(1));
        QCOMPARE(masked[0].what.changed, state::Missile);
        QCOMPARE(masked[0].t, collisions.front().t);
        QVERIFY(world.recorder->ofKind<ScriptQueued>().empty());
        QVERIFY(world.recorder->ofKind<OwnerRemoved>().empty());
        QVERIFY(owner->root().origin.z >= 0.1f - 1e-4f); // the sphere never went under
    }

    // oracle: R44
    void aMissileHitsItsTargetButPassesOtherCreatures() {
        for (const bool targeted : {true, false}) {
            FlightWorld world;
            PreviewScene& scene = world.start();
            PreviewWorld ground; // the creature is placed standing on it
            ground.ground = GroundPlane{};
            scene.setWorld(ground);
            OwnerDesc creature;
            creature.setup = kTarget;
            creature.guid = 0x50000002;
            creature.creature = true;
            creature.frame.origin = {5, 0, 0};
            scene.createOwner(creature);
            OwnerDesc bolt = inFlight(kBolt, {0, 0, 0.5f}, {20, 0, 0}, kStraightMissile);
            bolt.guid = 0x50000001;
            bolt.targetId = targeted ? 0x50000002 : 0x50000099;
            const auto id = scene.createOwner(bolt);
            world.run(0.5);
            const auto collisions = world.recorder->ofKind<CollisionHit>();
            if (targeted) {
                QCOMPARE(collisions.size(), std::size_t(1));
                QCOMPARE(collisions.front().what.id, std::optional(0x50000002u));
                // PathClipped: the bolt stops at the creature's sphere (centre 5, r 0.5) and
                // bounces back with the default elasticity: v −= (1 + 0.05)(v·n)n.
                const Vec3 after = collisions.front().what.velocityAfter;
                QVERIFY(std::abs(double(after.x) + 1.0) < 1e-4);
                const float x = scene.owner(id)->root().origin.x;
                QVERIFY(x < 4.4f + 1e-4f && x > 3.5f);
            } else {
                QVERIFY(collisions.empty());
                QVERIFY(scene.owner(id)->root().origin.x > 9.0f);
            }
        }
    }

    void rootMotionMovesOnlyAnOwnerOnTheGround() {
        for (const bool grounded : {true, false}) {
            FlightWorld world;
            auto walker = setup(0x02000040);
            walker.spheres.push_back({{0, 0, 0.5f}, 0.5f}); // without spheres nothing moves (R40)
            walker.defaultAnimation = 0x03000040;
            world.assets->add(walker);
            dat::Animation walk;
            walk.id = 0x03000040;
            walk.flags = dat::Animation::kHasPosFrames;
            walk.numParts = 1;
            for (int i = 0; i < 3; ++i) {
                walk.posFrames.push_back(dat::Frame{{0, 0.1f, 0}, {1, 0, 0, 0}});
                walk.partFrames.push_back(
                    dat::AnimationFrame{{dat::Frame{{0, 0, 0}, {1, 0, 0, 0}}}, {}});
            }
            world.assets->add(walk);
            PreviewScene& scene = world.start();
            OwnerDesc desc;
            desc.setup = 0x02000040;
            desc.grounded = grounded;
            desc.state = state::kDefault & ~state::Gravity;
            const auto id = scene.createOwner(desc);
            world.run(0.5);
            const float moved = scene.owner(id)->root().origin.y;
            QVERIFY(grounded ? moved > 0.5f : moved == 0.0f);
        }
    }
};

QTEST_GUILESS_MAIN(TestSceneFlight)
#include "datreader/records/animation.h"
#include "tst_scene_flight.moc"
