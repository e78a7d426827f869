// PreviewScene itself: the owner registry, effects for objects not yet there, the tick order and
// its quanta, the snapshot, and what hostile or missing records do to the whole.

#include "support/scene_world.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <bit>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

class TestPreviewScene : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R6
    void effectsForAnAbsentTargetWaitInArrivalOrder() {
        World world;
        world.assets->add(script(0x33000010, {{0.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        const std::uint32_t guid = 0x50000042;
        scene.deliver(guid, TypedEffect{kLaunch, 1.0f});
        scene.deliver(guid, DirectEffect{0x33000010});
        QCOMPARE(scene.pendingFor(guid), std::size_t(2));
        QVERIFY(world.queued().empty());

        OwnerDesc desc;
        desc.setup = kSetup;
        desc.guid = guid;
        const std::uint32_t id = scene.createOwner(desc);
        QVERIFY(id);
        QCOMPARE(scene.pendingFor(guid), std::size_t(0));
        QCOMPARE(world.queued(id), (Ids{0x33000004, 0x33000010}));
        // Later effects for the same guid play at once.
        scene.deliver(guid, DirectEffect{0x33000010});
        QCOMPARE(world.queued(id).size(), std::size_t(3));
    }

    // oracle: R7
    void directEffectsSkipTheTableTypedOnesResolveWhenTheyPlay() {
        World world;
        world.assets->add(script(0x33000010, {{0.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        const std::uint32_t guid = 0x50000042;
        scene.deliver(guid, TypedEffect{kLaunch, 1.0f});
        // The object arrives with another table than its Setup's: the queued typed effect
        // resolves through the table current when it plays.
        OwnerDesc desc;
        desc.setup = kSetup;
        desc.guid = guid;
        desc.scriptTable = kOtherTable;
        const std::uint32_t id = scene.createOwner(desc);
        QCOMPARE(world.queued(id), Ids{0x33000044});
        const auto resolved = world.recorder->ofKind<TableResolved>();
        QCOMPARE(resolved.size(), std::size_t(1));
        QCOMPARE(resolved[0].what.table, std::optional(kOtherTable));

        world.recorder->clear();
        scene.deliver(guid, DirectEffect{0x33000010});
        QVERIFY(world.recorder->ofKind<TableResolved>().empty());
        QCOMPARE(world.queued(id), Ids{0x33000010});
    }

    // oracle: R47
    // CPhysicsObj::UpdateObjectInternal 0x005156B0: process_hooks runs before set_frame, and
    // particles step before scripts tick.
    void oneTickRunsHooksBeforeThePoseAndParticlesBeforeScripts() {
        World world;
        // Frame 0's CreateParticle on part 0 fires when the playhead leaves frame 0, before the
        // new pose is committed, so its anchor is frame 0's part position (x = 0, not 2).
        addSlidingPart(*world.assets, 0x02000006, 0x03000001, kEmitter);
        world.assets->add(script(0x33000060, {{0.0, createParticle(kEmitter, -1, 2)}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = 0x02000006;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000060);
        world.recorder->clear();
        scene.advance(kTick); // 30 fps default animation: 0.05 s leaves frame 0

        QCOMPARE(tickOrder(*world.recorder),
                 (QStringList{did(0x03000001), "emitter_created", "anim_frame", did(0x33000060),
                              "emitter_created", "particles"}));
        const auto created = world.recorder->ofKind<EmitterCreated>();
        QCOMPARE(created[0].what.anchor.x, 0.0f);
    }

    // oracle: R35
    void updateObjectSlicesTimeIntoRetailQuanta() {
        QVERIFY(planQuanta(0.0002).resync);
        QVERIFY(planQuanta(2.0001).resync); // a gap above 2 s moves nothing
        QVERIFY(!planQuanta(2.0).resync);
        QCOMPARE(planQuanta(0.03).steps, std::vector<double>{0.03}); // up to 0.2 s: whole
        QCOMPARE(planQuanta(0.05).steps, std::vector<double>{0.05});
        const QuantumPlan catchUp = planQuanta(0.25);
        QCOMPARE(catchUp.steps.size(), std::size_t(2));
        QCOMPARE(catchUp.steps[0], 0.2);
        QVERIFY(std::abs(catchUp.steps[1] - 0.05) < 1e-12);
        const QuantumPlan withWait = planQuanta(0.42); // 0.2, 0.2, and 0.02 stays owed
        QCOMPARE(withWait.steps, (std::vector<double>{0.2, 0.2}));

        // Through the scene: 0.02 s frames pass every other frame (UseTime), carrying the time.
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.advance(0.02);
        QCOMPARE(scene.owner(id)->updateTime, 0.0);
        scene.advance(0.02);
        QVERIFY(std::abs(scene.owner(id)->updateTime - 0.04) < 1e-12);
        scene.advance(3.0);
        QCOMPARE(scene.owner(id)->updateTime, scene.now());
    }

    void snapshotHoldsWhatIsDrawn() {
        World world;
        auto s = setup(0x02000008, 2);
        s.lights.push_back({2, dat::LightInfo{{}, 0xFF102030, 2.0f, 4.0f, 0.5f}});
        world.assets->add(s);
        world.assets->add(script(0x33000090, {{0.0, createParticle(kEmitter, 1, 3)},
                                              {0.0, dat::hooks::TransparentPart{{0, {0, 1, 0}}}}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        desc.frame.origin = Vec3{5, 0, 0};
        const std::uint32_t id = scene.createOwner(desc);
        FrameSnapshot before = scene.snapshot();
        QCOMPARE(before.parts.size(), std::size_t(2));
        QCOMPARE(before.parts[1].world.origin, Vec3(5, 0, 1)); // placement frame on the root
        QCOMPARE(before.lights.size(), std::size_t(1));
        QCOMPARE(before.lights[0].range, 6.0f);
        QCOMPARE(before.lights[0].type, 2);
        QCOMPARE(before.owners.size(), std::size_t(1));
        QCOMPARE(before.owners[0].setup, s.id);
        QCOMPARE(before.owners[0].root.origin, Vec3(5, 0, 0));
        QVERIFY(!before.owners[0].hidden);

        scene.playScript(id, 0x33000090);
        for (int i = 0; i < 3; ++i)
            scene.advance(kTick);
        const FrameSnapshot after = scene.snapshot();
        // Part 0 went fully transparent and is no longer drawn; particles are at part 1.
        QCOMPARE(after.parts.size(), std::size_t(1));
        QCOMPARE(after.parts[0].part, 1);
        QVERIFY(!after.particles.empty());
        for (const ParticleInstance& particle : after.particles) {
            QCOMPARE(particle.gfxObj, 0x01000A01u);
            QCOMPARE(particle.emitter, 3u);
            QCOMPARE(particle.position, Vec3(5, 0, 1));
        }
        scene.setState(id, state::kDefault | state::NoDraw);
        QVERIFY(scene.snapshot().parts.empty());
        QCOMPARE(scene.snapshot().particles.size(), after.particles.size());
        QVERIFY(scene.snapshot().owners[0].hidden);
    }

    void hostileDataIsBoundedNotFollowedForever() {
        World world;
        // A script that plays itself with no delay, an emitter asking for 2^31 slots and as
        // many at once, and a two-frame loop at ten million frames per second.
        world.assets->add(script(0x330000A0, {{0.0, dat::hooks::CallPES{0x330000A0, 0.0f}}}));
        auto greedy = stillEmitter(0x320000A0);
        greedy.maxParticles = greedy.initialParticles = std::numeric_limits<std::int32_t>::max();
        world.assets->add(greedy);
        world.assets->add(script(0x330000A1, {{0.0, createParticle(greedy.id, -1, 1)}}));
        dat::Animation spin;
        spin.id = 0x030000A0;
        spin.numParts = 1;
        spin.partFrames.push_back({{dat::Frame{}}, {hook(dat::hooks::NoOp{})}});
        spin.partFrames.push_back({{dat::Frame{}}, {}});
        world.assets->add(spin);
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        Owner& owner = *scene.owner(id);
        owner.sequencer.clear();
        QVERIFY(owner.sequencer.appendAnimation(dat::AnimData{spin.id, 0, -1, 1e7f}));
        scene.playScript(id, 0x330000A1);
        scene.playScript(id, 0x330000A0);
        scene.advance(kTick);

        QCOMPARE(owner.particles.particleCount(), std::size_t(ParticleEmitter::kMaxSlots));
        const auto overrun = world.recorder->ofKind<ScriptOverrun>();
        QCOMPARE(overrun.size(), std::size_t(1));
        QCOMPARE(overrun[0].what.script, 0x330000A0u);
        // Every wrap of the loop leaves its one frame; the wraps are capped per update.
        std::size_t fromLoop = 0;
        for (const auto& e : world.recorder->ofKind<HookFired>())
            fromLoop += e.what.source == spin.id;
        QVERIFY(fromLoop > 0 && fromLoop <= 1000);
        scene.advance(kTick); // and the next frame goes on from there
        QCOMPARE(world.recorder->ofKind<ScriptOverrun>().size(), std::size_t(2));
    }

    void missingRecordsAreReportedNotInvented() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = 0x02000999;
        QCOMPARE(scene.createOwner(desc), 0u);
        QCOMPARE(world.recorder->ofKind<SetupMissing>().size(), std::size_t(1));
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000999);
        const auto missing = world.recorder->ofKind<ScriptMissing>();
        QCOMPARE(missing.size(), std::size_t(1));
        QVERIFY(missing[0].what.reason.contains("not in the DAT"));
    }

    void sameSeedSameHistory() {
        auto run = [](std::uint32_t seed) {
            World world;
            world.assets->add(script(0x33000080, {{0.0, dat::hooks::CallPES{0x33000004, 1.0f}},
                                                  {0.0, createParticle(kEmitter, -1, 0)}}));
            PreviewScene& scene = world.start(seed);
            OwnerDesc desc;
            desc.setup = kSetup;
            const std::uint32_t id = scene.createOwner(desc);
            scene.playScript(id, 0x33000080);
            for (int i = 0; i < 40; ++i)
                scene.advance(kTick);
            QStringList lines;
            for (const Event& e : world.recorder->all())
                lines << QString::number(e.t, 'g', 17) + QString::fromUtf8(traceLine(e));
            return lines;
        };
        QCOMPARE(run(5), run(5));
        QVERIFY(run(5) != run(6));
    }
};

QTEST_APPLESS_MAIN(TestPreviewScene)
#include "tst_preview_scene.moc"
