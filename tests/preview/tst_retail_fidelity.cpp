// The rules a second reading of the retail client (11.4186) corrected: each test pins what the
// decompiled function does (docs/retail-behaviour.md), on hand-built bodies, worlds and records.

#include "preview/physics/flight.h"
#include "preview/timeline/smartbox.h"
#include "support/scene_world.h"

#include <QObject>
#include <QStringList>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

namespace {

constexpr std::uint32_t kBall = 0x02000050;     // one 0.1 m sphere 0.1 m up, table kTable
constexpr std::uint32_t kDistance = 0x32000002; // emits once its anchor is 0.5 m from the last

bool near(Vec3 a, Vec3 b, float tolerance = 1e-4f) {
    return length(a - b) <= tolerance;
}

PhysicsBody missile(Vec3 at, Vec3 velocity) {
    PhysicsBody body;
    body.id = 0x50000001;
    dat::Setup shape;
    shape.spheres.push_back({{0, 0, 0}, 0.1f});
    body.setShape(shape, 1);
    body.frame.origin = at;
    body.velocity = velocity;
    body.state = state::ReportCollisions | state::Missile | state::AlignPath | state::PathClipped;
    return body;
}

PreviewWorld wallAt5() {
    PreviewWorld world;
    world.boxes.push_back({0x100, {5, -100, -100}, {5.01f, 100, 100}});
    return world;
}

PreviewWorld groundAndBox() {
    PreviewWorld world;
    world.ground = GroundPlane{};
    world.boxes.push_back({0x200, {-1, -1, 0}, {1, 1, 2}});
    return world;
}

// The scene fixture plus a one-sphere Setup on the fixture's table.
World ballWorld() {
    World world;
    auto ball = setup(kBall);
    ball.spheres.push_back({{0, 0, 0.1f}, 0.1f});
    ball.defaultScriptTable = kTable;
    world.assets->add(ball);
    return world;
}

OwnerDesc ballAt(Vec3 at, Vec3 velocity = {}, std::uint32_t extraState = 0) {
    OwnerDesc desc;
    desc.setup = kBall;
    desc.frame.origin = at;
    desc.velocity = velocity;
    desc.state = state::kDefault | extraState;
    return desc;
}

} // namespace

class TestRetailFidelity : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R35
    // CPhysicsObj::update_object 0x00515D10: an elapsed time of at most MAX_QUANTUM (0.2 s) is
    // stepped whole; only the remainder after 0.2 s steps is held back when ≤ 1/30 s.
    void updateObjectStepsAnElapsedUpToAFifthWhole() {
        QCOMPARE(planQuanta(0.03).steps, std::vector<double>{0.03});
        QCOMPARE(planQuanta(0.001).steps, std::vector<double>{0.001});
        QCOMPARE(planQuanta(0.2).steps, std::vector<double>{0.2});
        QCOMPARE(planQuanta(0.22).steps, std::vector<double>{0.2}); // 0.02 stays owed
        PhysicsBody body = missile({0, 0, 0}, {10, 0, 0});
        const std::vector<QuantumRecord> records = updateObject(body, PreviewWorld{}, 0.02);
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(records[0].dt, 0.02);
        QCOMPARE(body.updateTime, 0.02);
        QVERIFY(near(body.frame.origin, {0.2f, 0, 0}));
    }

    // oracle: R35
    // CPhysics::UseTime 0x00509950 runs the object pass only when at least 1/30 s has passed
    // since its last pass; an object made between passes steps its short elapsed whole.
    void theObjectPassRunsAtMostEveryThirtiethOfASecond() {
        World world;
        PreviewScene& scene = world.start();
        scene.advance(0.04); // a pass at 0.04
        OwnerDesc desc;
        desc.setup = kSetup;
        scene.advance(0.02); // 0.06: no pass
        const std::uint32_t late = scene.createOwner(desc);
        QCOMPARE(scene.owner(late)->updateTime, scene.now());
        scene.advance(0.02); // 0.08: a pass; the new owner's 0.02 is stepped
        QVERIFY(std::abs(scene.owner(late)->updateTime - 0.08) < 1e-9);
        scene.advance(0.02); // 0.10: 0.02 since the pass, nothing runs
        QVERIFY(std::abs(scene.owner(late)->updateTime - 0.08) < 1e-9);
        scene.advance(0.02); // 0.12: a pass
        QVERIFY(std::abs(scene.owner(late)->updateTime - 0.12) < 1e-9);
    }

    // oracle: R36
    // CPhysicsObj::UpdatePhysicsInternal 0x00510700 moves the position only inside its
    // speed² > 0 branch: a body dropped at rest gains speed on its first step and moves on the
    // second.
    void aDroppedBodyStartsMovingOneStepLater() {
        PhysicsBody body = missile({0, 0, 10}, {});
        body.state = state::kDefault;
        updateObjectInternal(body, PreviewWorld{}, 0.05);
        QCOMPARE(body.frame.origin, (Vec3{0, 0, 10}));
        QVERIFY(near(body.velocity, {0, 0, kGravity * 0.05f}));
        updateObjectInternal(body, PreviewWorld{}, 0.05);
        const float fell = kGravity * 0.05f * 0.05f + 0.5f * kGravity * 0.05f * 0.05f;
        QVERIFY(near(body.frame.origin, {0, 0, 10 + fell}));
    }

    // oracle: R40
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: with no Setup spheres the current origin
    // goes back into the candidate frame, only its rotation is applied, cached velocity is 0.
    void noSpheresKeepsTheOriginAndTakesTheRotation() {
        PhysicsBody ghost = missile({0, 0, 1}, {50, 0, 0});
        ghost.state |= state::Gravity;
        ghost.spheres.clear();
        ghost.omega = {0, 0, 1};
        const QuantumRecord record = updateObjectInternal(ghost, wallAt5(), 0.2);
        QVERIFY(!record.swept);
        QCOMPARE(ghost.frame.origin, (Vec3{0, 0, 1}));
        QVERIFY(near(ghost.velocity, {50, 0, kGravity * 0.2f})); // v += a·dt still runs
        QVERIFY(
            near(rotate(ghost.frame.orientation, {1, 0, 0}), {std::cos(0.2f), std::sin(0.2f), 0}));
        QCOMPARE(ghost.cachedVelocity, Vec3{});
    }

    // oracle: R45
    // CPhysicsObj::handle_all_collisions 0x00514780 bounces or stops only with a valid
    // collision normal: an Inelastic missile in open air keeps its speed.
    void anInelasticBodyStopsOnlyWithACollisionNormal() {
        PhysicsBody body = missile({0, 0, 10}, {10, 0, 0});
        body.state |= state::Inelastic;
        QCOMPARE(handleAllCollisions(body, false, {}, false), Response::None);
        QCOMPARE(body.velocity, (Vec3{10, 0, 0}));
        PreviewWorld open;
        open.ground = GroundPlane{};
        updateObjectInternal(body, open, 0.2);
        QCOMPARE(body.velocity, (Vec3{10, 0, 0}));
        updateObjectInternal(body, wallAt5(), 0.5); // the wall: now it stops
        QCOMPARE(body.velocity, Vec3{});
    }

    // oracle: R46
    // CPhysicsObj::report_environment_collision 0x00512FC0 and report_object_collision
    // 0x00513060: a missile's first reported collision masks its state with 0xFFFFFCBF.
    void aMissilesFirstHitClearsMissileAlignPathAndPathClipped() {
        PhysicsBody body = missile({0, 0, 1}, {50, 10, 0});
        updateObjectInternal(body, wallAt5(), 0.2);
        QCOMPARE(body.state, std::uint32_t(state::ReportCollisions));
        // AlignPath is gone: the next quantum's displacement no longer turns it.
        const Quat facing = body.frame.orientation;
        updateObjectInternal(body, wallAt5(), 0.1);
        QCOMPARE(body.frame.orientation, facing);

        PreviewWorld field; // an object: a creature's sphere
        field.spheres.push_back({{5, false, false, true, true}, {3, 0, 1}, 0.5f});
        PhysicsBody bolt = missile({0, 0, 1}, {50, 0, 0});
        updateObjectInternal(bolt, field, 0.2);
        QCOMPARE(bolt.state, std::uint32_t(state::ReportCollisions));
        // A body that is not a missile keeps its state.
        PhysicsBody rock = missile({0, 0, 1}, {50, 0, 0});
        rock.state = state::kDefault;
        updateObjectInternal(rock, wallAt5(), 0.2);
        QCOMPARE(rock.state, state::kDefault);
    }

    // oracle: R46
    // ACCWeenieObject::DoCollision 0x0058C3A0 (environment profile): ReportCollisions with
    // ScriptedCollision plays the object's default script through its table.
    void aScriptedCollisionPlaysTheDefaultScriptOnAnEnvironmentHit() {
        for (const bool scripted : {true, false}) {
            World world = ballWorld();
            PreviewScene& scene = world.start();
            PreviewWorld ground;
            ground.ground = GroundPlane{};
            scene.setWorld(ground);
            OwnerDesc desc =
                ballAt({0, 0, 1}, {0, 0, -10}, scripted ? state::ScriptedCollision : 0);
            desc.defaultScriptType = kLaunch;
            desc.defaultScriptIntensity = 1;
            desc.grounded = false; // airborne whatever the placement finds
            const std::uint32_t id = scene.createOwner(desc);
            for (int i = 0; i < 4; ++i)
                scene.advance(kTick);
            const auto hits = world.recorder->ofKind<CollisionHit>();
            QVERIFY(!hits.empty());
            const auto queued = world.recorder->ofKind<ScriptQueued>();
            if (!scripted) {
                QVERIFY(queued.empty());
                continue;
            }
            QVERIFY(!queued.empty());
            QCOMPARE(queued.front().what.script, 0x33000004u);
            QCOMPARE(queued.front().owner, id);
            QCOMPARE(queued.front().t, hits.front().t);
        }
    }

    // oracle: R47
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: animation hooks run inside
    // UpdatePositionInternal, before set_frame commits the new pose, and
    // ParticleManager::UpdateParticles runs before ScriptManager::UpdateScripts.
    void hooksSeeThePreviousPoseAndScriptEmittersStepNextTick() {
        World world;
        addSlidingPart(*world.assets, 0x02000006, 0x03000001, kEmitter);
        auto distance = stillEmitter(kDistance);
        distance.emitterType = 2; // by distance moved: its first step emits (5 m from the origin)
        distance.birthrate = 0.5;
        world.assets->add(distance);
        world.assets->add(script(0x33000060, {{0.0, createParticle(kDistance, -1, 2)}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = 0x02000006;
        desc.frame.origin = {5, 0, 0};
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000060);
        world.recorder->clear();
        scene.advance(kTick); // 30 fps: 0.05 s leaves frame 0

        QCOMPARE(tickOrder(*world.recorder),
                 (QStringList{did(0x03000001), "emitter_created", "anim_frame", did(0x33000060),
                              "emitter_created", "particles"}));
        const auto created = world.recorder->ofKind<EmitterCreated>();
        QCOMPARE(created[0].what.anchor.x, 5.0f); // frame 0's part, not frame 1's (x = 7)
        const ParticleManager& particles = scene.owner(id)->particles;
        QCOMPARE(particles.emitter(2)->particleCount(), std::size_t(0)); // not stepped yet
        scene.advance(kTick);
        QCOMPARE(particles.emitter(2)->particleCount(), std::size_t(1));
    }

    // oracle: R57
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: when transition returns none the current
    // origin goes back into the candidate, which is applied (its rotation changes), cached
    // velocity is 0, and nothing responds.
    void aFailedTransitionKeepsTheOldOrigin() {
        PreviewWorld small;
        small.bounds = {{-5, -5, -5}, {5, 5, 5}};
        PhysicsBody body = missile({4, 0, 0}, {10, 10, 0});
        const std::uint32_t transientBefore = body.transientState;
        const QuantumRecord record = updateObjectInternal(body, small, 0.2);
        QVERIFY(record.transitionFailed);
        QCOMPARE(body.frame.origin, (Vec3{4, 0, 0}));
        QVERIFY(near(rotate(body.frame.orientation, {0, 1, 0}), normalized(Vec3{1, 1, 0})));
        QCOMPARE(body.velocity, (Vec3{10, 10, 0}));
        QCOMPARE(body.cachedVelocity, Vec3{});
        QCOMPARE(body.transientState, transientBefore);
        QVERIFY(!record.collision);
    }

    // oracle: R6
    // CPhysicsObj::play_script 0x00510D30 and 0x00513260 return without playing for an object
    // that is not in a cell; only an unknown guid is queued (CObjectMaint::QueueBlobForObject).
    void anEffectForAnObjectOutsideEveryCellIsDropped() {
        World world;
        PreviewScene& scene = world.start();
        SmartBox box(scene);
        wire::CreateObject create;
        create.guid = 0x50000077;
        create.physics.state = state::kDefault;
        create.physics.setupId = kSetup;
        create.physics.physicsScriptTableId = kTable;
        for (auto& stamp : create.physics.timestamps)
            stamp = 1;
        create.physics.syncFlags(); // no Position: the object is in no cell
        box.receive(create);
        QVERIFY(box.ownerOf(create.guid));
        world.recorder->clear();
        box.receive(wire::PlayScriptId{create.guid, 0x33000004});
        box.receive(wire::PlayScriptType{create.guid, kLaunch, std::bit_cast<std::uint32_t>(1.0f)});
        QVERIFY(world.queued().empty());
        QCOMPARE(scene.pendingFor(create.guid), std::size_t(0));
    }

    // oracle: R34
    // ParticleManager::CreateParticleEmitter 0x0051B6C0 destroys the live emitter with the id
    // before ParticleEmitter::SetInfo 0x0051D3C0 fails on the missing info.
    void aFailedNormalCreateHasStillEndedTheLiveEmitter() {
        World world;
        PreviewScene& scene = world.start();
        world.assets->add(script(0x33000070, {{0.0, createParticle(kEmitter, -1, 7)}}));
        world.assets->add(script(0x33000071, {{0.0, createParticle(0x32000404, -1, 7)}}));
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000070);
        scene.advance(kTick);
        QVERIFY(scene.owner(id)->particles.has(7));
        scene.playScript(id, 0x33000071);
        scene.advance(kTick);
        QVERIFY(!scene.owner(id)->particles.has(7));
        QCOMPARE(scene.owner(id)->particles.emitterCount(), std::size_t(0));
        QCOMPARE(world.recorder->ofKind<EmitterReplaced>().size(), std::size_t(1));
        QCOMPARE(world.recorder->ofKind<EmitterMissing>().size(), std::size_t(1));
    }

    // Contact at creation: retail places a new object with a placement transition and takes
    // Contact and OnWalkable from what it finds (CPhysicsObj::SetPositionInternal 0x00515330).
    void anObjectMadeAtRestFallsUnlessItStandsOnSomething() {
        World world = ballWorld();
        PreviewScene& scene = world.start();
        scene.setWorld(groundAndBox());
        const std::uint32_t high = scene.createOwner(ballAt({10, 0, 50}));
        const std::uint32_t onBox = scene.createOwner(ballAt({0, 0, 2}));
        const std::uint32_t onGround = scene.createOwner(ballAt({5, 0, 0}));
        QVERIFY(!scene.owner(high)->body.contact());
        QVERIFY(scene.owner(onBox)->body.contact() && scene.owner(onBox)->body.onWalkable());
        QVERIFY(scene.owner(onGround)->body.onWalkable());
        for (int i = 0; i < 20; ++i)
            scene.advance(kTick);
        QVERIFY(scene.owner(high)->root().origin.z < 50 - 4);
        QCOMPARE(scene.owner(onBox)->root().origin, (Vec3{0, 0, 2}));
        QCOMPARE(scene.owner(onGround)->root().origin, (Vec3{5, 0, 0}));
    }
};

QTEST_GUILESS_MAIN(TestRetailFidelity)
#include "datreader/records/setup.h"
#include "tst_retail_fidelity.moc"
