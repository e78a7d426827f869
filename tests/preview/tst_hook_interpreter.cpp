// What each hook type does (scene/hook_interpreter), with the effects they start
// (scene/effect_playback): default scripts through the right table, CallPES with its delay.

#include "datreader/records/sound_table.h"
#include "support/scene_world.h"

#include <QObject>
#include <QTest>
#include <bit>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

class TestHookInterpreter : public QObject {
    Q_OBJECT
  private slots:
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
};

QTEST_APPLESS_MAIN(TestHookInterpreter)
#include "tst_hook_interpreter.moc"
