// The runtime as a whole on synthetic records: owners, state, typed and direct effects, hooks,
// and the order of one tick.

#include "preview/effects/script_table.h"
#include "preview/physics/quanta.h"
#include "preview/scene/preview_scene.h"
#include "preview/scene/trace.h"
#include "support/preview_fixtures.h"

#include <QtTest>
#include <bit>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

namespace {

constexpr std::uint32_t kSetup = 0x02000001;
constexpr std::uint32_t kTable = 0x34000001;
constexpr std::uint32_t kOtherTable = 0x34000002;
constexpr std::uint32_t kHiddenType = 0x76;
constexpr std::uint32_t kUnHideType = 0x75;
constexpr std::uint32_t kLaunch = 4;
constexpr std::uint32_t kHiddenScript = 0x33000331;
constexpr std::uint32_t kUnHideScript = 0x3300032F;
constexpr std::uint32_t kEmitter = 0x32000001;
constexpr double kTick = 0.05; // above 1/30: one object tick per advance

// A scene over hand-built records: a 3-part Setup with table kTable (Hidden, UnHide, Launch),
// a quiet emitter, and whatever scripts the test adds.
struct World {
    std::shared_ptr<Assets> assets = std::make_shared<Assets>();
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<EventRecorder> recorder;

    World() {
        auto s = setup(kSetup, 3);
        s.defaultScriptTable = kTable;
        assets->add(s);
        assets->add(table(kTable, {{kHiddenType, {{1.0f, kHiddenScript}}},
                                   {kUnHideType, {{1.0f, kUnHideScript}}},
                                   {kLaunch, {{1.0f, 0x33000004}}}}));
        assets->add(table(kOtherTable, {{kLaunch, {{1.0f, 0x33000044}}}}));
        assets->add(script(kHiddenScript, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(kUnHideScript, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(0x33000004, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(0x33000044, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(stillEmitter(kEmitter));
    }
    PreviewScene& start(std::uint32_t seed = 1) {
        scene = std::make_unique<PreviewScene>(assets, seed);
        recorder = std::make_unique<EventRecorder>(scene->events());
        return *scene;
    }
    Ids queued(std::uint32_t owner = 0) const { return scriptsOf<ScriptQueued>(*recorder, owner); }
    std::vector<QString> resolvedTypes() const {
        std::vector<QString> out;
        for (const auto& e : recorder->ofKind<TableResolved>())
            out.push_back(playScriptName(e.what.type));
        return out;
    }
};

} // namespace

class TestScene : public QObject {
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

    // oracle: R8
    void aDescriptionTableReplacesTheSetupsEvenWhenZero() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        desc.scriptTable = 0;
        const std::uint32_t id = scene.createOwner(desc);
        QCOMPARE(scene.owner(id)->scriptTable, 0u);
        QVERIFY(!scene.playTyped(id, kLaunch, 1.0f));
        QVERIFY(world.queued(id).empty());
    }

    // oracle: R10
    void initDefaultsPlaysTheDefaultScriptDirectlyAndInstallsTables() {
        World world;
        auto s = setup(0x02000002, 1);
        s.defaultScript = 0x33000020;
        s.defaultScriptTable = kOtherTable;
        s.defaultSoundTable = 0x20000001;
        world.assets->add(s);
        world.assets->add(script(0x33000020, {{0.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        const std::uint32_t id = scene.createOwner(desc);
        QCOMPARE(world.queued(id), Ids{0x33000020});
        QVERIFY(world.recorder->ofKind<TableResolved>().empty()); // direct, not typed
        QCOMPARE(scene.owner(id)->scriptTable, kOtherTable);
        QCOMPARE(scene.owner(id)->soundTable, 0x20000001u);
        scene.advance(kTick);
        QCOMPARE(scriptsOf<ScriptFinished>(*world.recorder, id), Ids{0x33000020});
    }

    // oracle: R11
    void physicsStateHasExactlyTheRetailBits() {
        std::uint32_t all = 0;
        for (const auto& [bit, name] : state::kNames) {
            QCOMPARE(std::popcount(bit), 1);
            QVERIFY((all & bit) == 0);
            all |= bit;
        }
        // Every bit from Static to Frozen except 0x2 and 0x2000, which retail leaves unnamed.
        QCOMPARE(all, 0x01FFDFFDu);
        QCOMPARE(state::Inelastic, 0x20000u);
        QCOMPARE(state::Sledding, 0x800000u);
        QCOMPARE(state::Hidden, 0x4000u);
        QCOMPARE(state::names(0x00400C08),
                 (QStringList{"ReportCollisions", "Gravity", "Lighting", "EdgeSlide"}));
        QCOMPARE(state::names(0x2), QStringList{"0x2"});
    }

    // oracle: R12
    void setStateHandlesLightsAndNoDrawBeforeHidden() {
        World world;
        auto s = setup(0x02000003, 2);
        s.defaultScriptTable = kTable;
        s.lights.push_back({0, dat::LightInfo{{}, 0xFFFF8000, 1.5f, 3.0f, 0}});
        world.assets->add(s);
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        const std::uint32_t id = scene.createOwner(desc);
        Owner& owner = *scene.owner(id);
        QCOMPARE(owner.lights.size(), std::size_t(1)); // Lighting is in the default state
        world.recorder->clear();

        // Lighting off, NoDraw on and Hidden on in one change.
        scene.setState(id, (state::kDefault & ~state::Lighting) | state::NoDraw | state::Hidden);
        QVERIFY(owner.lights.empty());
        QVERIFY(owner.parts[0].noDraw && owner.parts[1].noDraw);
        QStringList order;
        for (const Event& e : world.recorder->all())
            order << QString::fromLatin1(eventName(e).data());
        QVERIFY2(order.indexOf("light") >= 0 &&
                     order.indexOf("light") < order.indexOf("table_resolved"),
                 qPrintable(order.join(',')));
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});

        scene.setState(id, state::kDefault);
        QCOMPARE(owner.lights.size(), std::size_t(1));
        QVERIFY(!owner.parts[0].noDraw);
    }

    // oracle: R13
    void hiddenAndUnHideTransitions() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t parentId = scene.createOwner(desc);
        const std::uint32_t childId = scene.createOwner(desc);
        QVERIFY(scene.attach(childId, parentId, 1, Frame{}));
        Owner& parent = *scene.owner(parentId);
        Owner& child = *scene.owner(childId);
        world.recorder->clear();

        scene.setState(parentId, state::kDefault | state::Hidden);
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});
        const auto hidden = world.recorder->ofKind<TableResolved>().front();
        QCOMPARE(hidden.what.intensity, 1.0f);
        QCOMPARE(world.queued(parentId), Ids{kHiddenScript});
        QVERIFY(child.state & state::NoDraw);
        QVERIFY(!(parent.state & state::ReportCollisions));
        QVERIFY(parent.state & state::IgnoreCollisions);

        world.recorder->clear();
        scene.setState(parentId, (state::kDefault & ~state::ReportCollisions));
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"UnHide"});
        QCOMPARE(world.queued(parentId), Ids{kUnHideScript});
        QVERIFY(!(child.state & state::NoDraw));
        QVERIFY(!(parent.state & state::IgnoreCollisions));
        QVERIFY(parent.state & state::ReportCollisions); // set again because it was clear
    }

    // oracle: R14
    void aVisibleCreateMakesNoUnHide() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc visible;
        visible.setup = kSetup;
        QCOMPARE(visible.state, 0x00400C08u);
        const std::uint32_t id = scene.createOwner(visible);
        QCOMPARE(scene.owner(id)->state, 0x00400C08u);
        QVERIFY(world.resolvedTypes().empty());

        OwnerDesc hidden = visible;
        hidden.state |= state::Hidden;
        const std::uint32_t hiddenId = scene.createOwner(hidden);
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});
        scene.setState(hiddenId, state::kDefault);
        QCOMPARE(world.resolvedTypes(), (std::vector<QString>{"Hidden", "UnHide"}));
    }

    // oracle: R15
    void hiddenKeepsScriptsAndParticlesRunning() {
        World world;
        dat::Animation idle;
        idle.id = 0x03000002;
        idle.numParts = 3;
        idle.partFrames.resize(10, dat::AnimationFrame{std::vector<dat::Frame>(3), {}});
        world.assets->add(idle);
        auto s = setup(kSetup, 3);
        s.defaultScriptTable = kTable;
        s.defaultAnimation = idle.id;
        world.assets->add(s);
        world.assets->add(script(0x33000030, {{0.0, createParticle(kEmitter, -1, 7)},
                                              {0.5, dat::hooks::NoOp{}},
                                              {1.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000030);
        scene.advance(kTick);
        Owner& owner = *scene.owner(id);
        QCOMPARE(owner.particles.emitterCount(), std::size_t(1));
        const std::size_t before = owner.particles.particleCount();
        scene.setState(id, state::kDefault | state::Hidden);
        const double frame = owner.sequencer.frameNumber();
        for (int i = 0; i < 30; ++i)
            scene.advance(kTick);
        QCOMPARE(owner.sequencer.frameNumber(), frame); // only the sequence stops
        QCOMPARE(owner.particles.emitterCount(), std::size_t(1));
        QVERIFY(owner.particles.particleCount() > before);
        QCOMPARE(scriptsOf<ScriptFinished>(*world.recorder, id), (Ids{0x33000030, kHiddenScript}));
        QVERIFY(world.recorder->ofKind<EmitterDestroyed>().empty());
    }

    // oracle: R27
    void defaultScriptHooksUseTheOwnersOrTheChildsTableAndDefault() {
        World world;
        auto childSetup = setup(0x02000005, 1);
        childSetup.defaultScriptTable = kOtherTable;
        world.assets->add(childSetup);
        world.assets->add(script(0x33000040, {{0.0, dat::hooks::DefaultScript{}},
                                              {0.0, dat::hooks::DefaultScriptPart{2}}}));
        PreviewScene& scene = world.start();
        OwnerDesc parentDesc;
        parentDesc.setup = kSetup;
        parentDesc.defaultScriptType = kLaunch;
        parentDesc.defaultScriptIntensity = 0.5f;
        const std::uint32_t parentId = scene.createOwner(parentDesc);
        OwnerDesc childDesc;
        childDesc.setup = childSetup.id;
        childDesc.defaultScriptType = kLaunch;
        childDesc.defaultScriptIntensity = 1.0f;
        const std::uint32_t childId = scene.createOwner(childDesc);
        QVERIFY(scene.attach(childId, parentId, 2, Frame{}));

        scene.playScript(parentId, 0x33000040);
        scene.advance(kTick);
        // The parent's default through the parent's table; the part hook through the child's.
        QCOMPARE(world.queued(parentId), (Ids{0x33000040, 0x33000004}));
        QCOMPARE(world.queued(childId), Ids{0x33000044});
        const auto resolved = world.recorder->ofKind<TableResolved>();
        QCOMPARE(resolved.size(), std::size_t(2));
        QCOMPARE(resolved[0].what.intensity, 0.5f);
        QCOMPARE(resolved[1].what.table, std::optional(kOtherTable));
    }

    // oracle: R26
    void callPesWithAPauseWaitsARandomDelay() {
        World world;
        world.assets->add(script(0x33000050, {{0.0, dat::hooks::CallPES{0x33000004, 0.0f}},
                                              {0.0, dat::hooks::CallPES{0x33000044, 0.5f}}}));
        PreviewScene& scene = world.start(99);
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000050);
        scene.advance(kTick);
        // No pause: queued in the same tick. A pause: scheduled with the first ran2 draw.
        QCOMPARE(world.queued(id), (Ids{0x33000050, 0x33000004}));
        const auto scheduled = world.recorder->ofKind<CallPesScheduled>();
        QCOMPARE(scheduled.size(), std::size_t(1));
        Ran2 same(99);
        const double delay = same.rollDice(0.0, 0.5f);
        QCOMPARE(scheduled[0].what.delay, delay);
        double queuedAt = -1;
        for (int i = 0; i < 40 && queuedAt < 0; ++i) {
            scene.advance(kTick);
            for (const auto& e : world.recorder->ofKind<ScriptQueued>())
                if (e.what.script == 0x33000044)
                    queuedAt = e.t;
        }
        QVERIFY(queuedAt >= kTick + delay - 1e-9);
        QVERIFY(queuedAt < kTick + delay + kTick + 1e-9);
    }

    // oracle: R47
    void oneTickRunsPosesThenAnimationHooksThenScriptsThenParticles() {
        World world;
        // An animation whose frame 0 moves part 0 to x = 0 and frame 1 to x = 2, with a
        // CreateParticle on part 0 stored on frame 0: it fires when the playhead leaves frame 0,
        // after the new pose is published, so its anchor is frame 1's part position.
        dat::Animation animation;
        animation.id = 0x03000001;
        animation.numParts = 3;
        for (int f = 0; f < 3; ++f) {
            dat::AnimationFrame frame;
            for (int p = 0; p < 3; ++p) {
                dat::Frame part;
                part.origin.x = p == 0 ? float(2 * f) : 0.0f;
                frame.parts.push_back(part);
            }
            if (f == 0)
                frame.hooks.push_back(hook(createParticle(kEmitter, 0, 1)));
            animation.partFrames.push_back(frame);
        }
        world.assets->add(animation);
        auto s = setup(0x02000006, 3);
        s.defaultAnimation = animation.id;
        world.assets->add(s);
        world.assets->add(script(0x33000060, {{0.0, createParticle(kEmitter, -1, 2)}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000060);
        world.recorder->clear();
        scene.advance(kTick); // 30 fps default animation: 0.05 s leaves frame 0

        QStringList order;
        for (const Event& e : world.recorder->all())
            if (const auto* hook = e.as<HookFired>())
                order << did(hook->source);
            else if (e.is<AnimFrameShown>() || e.is<EmitterCreated>() || e.is<ParticlesSampled>())
                order << QString::fromLatin1(eventName(e).data());
        QCOMPARE(order, (QStringList{"anim_frame", did(animation.id), "emitter_created",
                                     did(0x33000060), "emitter_created", "particles"}));
        const auto created = world.recorder->ofKind<EmitterCreated>();
        QCOMPARE(created[0].what.anchor.x, 2.0f);
    }

    // oracle: R35
    void updateObjectSlicesTimeIntoRetailQuanta() {
        QVERIFY(planQuanta(0.0002).resync);
        QVERIFY(planQuanta(2.0001).resync); // a gap above 2 s moves nothing
        QVERIFY(!planQuanta(2.0).resync);
        QCOMPARE(planQuanta(0.03).steps, std::vector<double>{}); // waits, still owed
        QCOMPARE(planQuanta(0.05).steps, std::vector<double>{0.05});
        const QuantumPlan catchUp = planQuanta(0.25);
        QCOMPARE(catchUp.steps.size(), std::size_t(2));
        QCOMPARE(catchUp.steps[0], 0.2);
        QVERIFY(std::abs(catchUp.steps[1] - 0.05) < 1e-12);
        const QuantumPlan withWait = planQuanta(0.42); // 0.2, 0.2, and 0.02 stays owed
        QCOMPARE(withWait.steps, (std::vector<double>{0.2, 0.2}));

        // Through the scene: a 1/60 s frame step ticks every other frame, carrying the time.
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

    void everyHookTypeHasAnEffectOrEvent() {
        World world;
        namespace hk = dat::hooks;
        auto s = setup(0x02000007, 2);
        s.defaultScriptTable = kTable;
        s.defaultSoundTable = 0x20000001;
        s.lights.push_back({0, dat::LightInfo{}});
        world.assets->add(s);
        dat::SoundTable soundTable;
        soundTable.id = 0x20000001;
        soundTable.sounds.push_back({0x5F, {{0x0A000001, 0.5f, 1.0f, 0.8f}}, 0});
        world.assets->add(soundTable);
        world.assets->add(
            script(0x33000070, {
                                   {0.0, hk::NoOp{}},
                                   {0.0, hk::Sound{0x0A000002}},
                                   {0.0, hk::SoundTable{0x5F}},
                                   {0.0, hk::Attack{}},
                                   {0.0, hk::ReplaceObject{1, 0x01000099, false}},
                                   {0.0, hk::Ethereal{1}},
                                   {0.0, hk::TransparentPart{{0, {0.0f, 0.5f, 0.0f}}}},
                                   {0.0, hk::Luminous{{0.0f, 0.7f, 0.0f}}},
                                   {0.0, hk::LuminousPart{{1, {0.0f, 0.3f, 0.0f}}}},
                                   {0.0, hk::Diffuse{{1.0f, 0.2f, 0.0f}}},
                                   {0.0, hk::DiffusePart{{0, {1.0f, 0.4f, 0.0f}}}},
                                   {0.0, hk::Scale{2.0f, 0.0f}},
                                   {0.0, createParticle(kEmitter, -1, 5)},
                                   {0.0, hk::StopParticle{5}},
                                   {0.0, createParticle(kEmitter, -1, 6)},
                                   {0.0, hk::DestroyParticle{6}},
                                   {0.0, hk::NoDraw{1}},
                                   {0.0, hk::Transparent{{0.0f, 0.25f, 0.0f}}},
                                   {0.0, hk::SoundTweaked{0x0A000003, 0.1f, 1.0f, 0.6f}},
                                   {0.0, hk::SetOmega{{0, 0, 1}}},
                                   {0.0, hk::TextureVelocity{0.5f, 0.0f}},
                                   {0.0, hk::TextureVelocityPart{1, 0.0f, 0.25f}},
                                   {0.0, hk::SetLight{0}},
                                   {0.0, hk::AnimationDone{}},
                                   {0.0, hk::CallPES{0x33000004, 0.0f}},
                                   {0.0, hk::DefaultScript{}},
                                   {0.0, hk::DefaultScriptPart{1}},
                               }));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        desc.defaultScriptType = kLaunch;
        desc.defaultScriptIntensity = 1.0f;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000070);
        scene.advance(kTick);
        const Owner& owner = *scene.owner(id);

        std::size_t fromScript = 0;
        for (const auto& e : world.recorder->ofKind<HookFired>())
            fromScript += e.what.source == 0x33000070;
        QCOMPARE(fromScript, std::size_t(27));
        const auto sounds = world.recorder->ofKind<SoundPlayed>();
        QCOMPARE(sounds.size(), std::size_t(3));
        QCOMPARE(sounds[1].what.wave, std::optional(0x0A000001u));
        QCOMPARE(sounds[1].what.volume, std::optional(0.8f));
        QCOMPARE(sounds[2].what.priority, std::optional(0.1f));
        QCOMPARE(world.recorder->ofKind<AttackMade>().size(), std::size_t(1));
        QCOMPARE(owner.parts[1].gfxObj, 0x01000099u);
        QVERIFY(owner.state & state::Ethereal);
        QVERIFY(owner.state & state::NoDraw);
        QVERIFY(!(owner.state & state::Lighting));
        QCOMPARE(owner.parts[0].translucency, 0.25f); // Transparent came after TransparentPart
        QCOMPARE(owner.parts[1].luminosity, 0.3f);
        QCOMPARE(owner.parts[0].luminosity, 0.7f);
        QCOMPARE(owner.parts[0].diffuse, 0.4f);
        QCOMPARE(owner.parts[1].diffuse, 0.2f);
        QCOMPARE(owner.scale, 2.0f);
        QCOMPARE(owner.parts[0].gfxScale.x, 2.0f);
        QCOMPARE(owner.body.omega, Vec3(0, 0, 1)); // set; cleared by the next grounded tick
        QCOMPARE(world.recorder->ofKind<EmitterStopped>().size(), std::size_t(1));
        QCOMPARE(world.recorder->ofKind<EmitterDestroyed>().size(), std::size_t(1));
        QCOMPARE(scene.textureScrolls().at(0x01000001).du, 0.5f);
        QCOMPARE(scene.textureScrolls().at(0x01000099).dv, 0.25f);
        QCOMPARE(world.recorder->ofKind<NoChildAtPart>().size(), std::size_t(1));
        // CallPES with no pause, and DefaultScript through the table.
        QCOMPARE(world.queued(id), (Ids{0x33000070, 0x33000004, 0x33000004}));
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

QTEST_APPLESS_MAIN(TestScene)
#include "tst_scene.moc"
