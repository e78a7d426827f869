#include "preview/scene/hook_interpreter.h"

#include "preview/scene/appearance.h"
#include "preview/scene/effect_playback.h"
#include "preview/scene/owner_animation.h"
#include "preview/scene/owner_state.h"

#include <vector>

namespace portalkit::preview {

namespace {

namespace hk = dat::hooks;

// One hook being run: its owner, the scene it lives in and the effect clock of this tick.
struct HookRun {
    SceneContext& scene;
    Owner& owner;
    EffectTime time;

    template <class Kind> void publish(Kind what) const { scene.publish(owner, std::move(what)); }
    // A ramp becomes a timed hook; one shorter than kEpsilon applies its end at once.
    void fade(TimedHook::Type type, const hk::Fade& ramp, std::uint32_t part) const {
        const TimedHook timed{type, owner.physicsTime, ramp.time, ramp.start, ramp.end, part};
        if (ramp.time >= kEpsilon)
            owner.timedHooks.add(timed);
        else
            applyTimedHook(scene, owner, timed, ramp.end);
    }
};

void run(HookRun&, const hk::NoOp&) {}

void run(HookRun& hook, const hk::Sound& sound) {
    // No gate; the effect-volume setting is the volume (1 in the preview).
    SoundPlayed played;
    played.hook = SoundHook::Sound;
    played.wave = sound.waveId;
    played.volume = 1.0f;
    played.played = true;
    hook.publish(std::move(played));
}

void run(HookRun& hook, const hk::SoundTable& sound) {
    playSoundTable(hook.scene, hook.owner, sound.soundType);
}

void run(HookRun& hook, const hk::Attack& attack) {
    const dat::AttackCone& cone = attack.cone;
    hook.publish(
        AttackMade{cone.partIndex, cone.radius * hook.owner.scale, cone.height * hook.owner.scale});
}

void run(HookRun& hook, const hk::AnimationDone&) {
    motionAnimationDone(hook.scene, hook.owner);
}

void run(HookRun& hook, const hk::ReplaceObject& replace) {
    replacePartGfxObj(hook.scene, hook.owner, replace.partIndex, replace.gfxObjId);
}

void run(HookRun& hook, const hk::Ethereal& ethereal) {
    // Clearing waits while something overlaps; the preview world has nothing to overlap.
    const std::uint32_t bits = hook.owner.state;
    changeState(hook.scene, hook.owner,
                ethereal.ethereal != 0 ? bits | state::Ethereal : bits & ~state::Ethereal,
                StateCause::Ethereal);
}

void run(HookRun& hook, const hk::TransparentPart& ramp) {
    hook.fade(TimedHook::Type::TransparentPart, ramp.fade, ramp.partIndex);
}
void run(HookRun& hook, const hk::Luminous& ramp) {
    hook.fade(TimedHook::Type::Luminous, ramp, 0);
}
void run(HookRun& hook, const hk::LuminousPart& ramp) {
    hook.fade(TimedHook::Type::LuminousPart, ramp.fade, ramp.partIndex);
}
void run(HookRun& hook, const hk::Diffuse& ramp) {
    hook.fade(TimedHook::Type::Diffuse, ramp, 0);
}
void run(HookRun& hook, const hk::DiffusePart& ramp) {
    hook.fade(TimedHook::Type::DiffusePart, ramp.fade, ramp.partIndex);
}
void run(HookRun& hook, const hk::Transparent& ramp) {
    hook.fade(TimedHook::Type::Transparent, ramp, 0);
}

void run(HookRun& hook, const hk::Scale& scale) {
    // From the current scale, not a stored start (docs/retail-behaviour.md#scale-hook).
    hook.fade(TimedHook::Type::Scale, hk::Fade{hook.owner.scale, scale.end, scale.time}, 0);
}

void run(HookRun& hook, const hk::CreateParticle& create) {
    hook.owner.particles.create(create, false, hook.owner.pose(), hook.time);
}
void run(HookRun& hook, const hk::CreateBlockingParticle& create) {
    hook.owner.particles.create(create, true, hook.owner.pose(), hook.time);
}
void run(HookRun& hook, const hk::DestroyParticle& destroy) {
    hook.owner.particles.destroy(destroy.emitterId, hook.time);
}
void run(HookRun& hook, const hk::StopParticle& stop) {
    hook.owner.particles.stop(stop.emitterId, hook.time);
}

void run(HookRun& hook, const hk::NoDraw& noDraw) {
    const std::uint32_t before = hook.owner.state;
    setNoDraw(hook.owner, noDraw.noDraw != 0);
    if (hook.owner.state != before)
        publishState(hook.scene, hook.owner, before, StateCause::NoDraw);
}

void run(HookRun& hook, const hk::DefaultScript&) {
    playDefaultScript(hook.scene, hook.owner);
}

void run(HookRun& hook, const hk::DefaultScriptPart& defaultPart) {
    // The child held at that part plays its own default through its own table (R27). Part
    // indices are u32 on disk; -1 (0xFFFFFFFF) names the root.
    const auto part = std::int32_t(defaultPart.partIndex);
    Owner* held = nullptr;
    for (std::uint32_t child : hook.owner.children)
        if (Owner* candidate = hook.scene.owner(child); candidate && candidate->parentPart == part)
            held = candidate;
    if (held)
        playDefaultScript(hook.scene, *held);
    else
        hook.publish(NoChildAtPart{part});
}

void run(HookRun& hook, const hk::CallPES& call) {
    callPes(hook.scene, hook.owner, call.pes, call.pause);
}

void run(HookRun& hook, const hk::SoundTweaked& tweak) {
    SoundPlayed played;
    played.hook = SoundHook::SoundTweaked;
    played.wave = tweak.waveId;
    played.volume = tweak.volume;
    played.priority = tweak.priority;
    played.probability = tweak.probability;
    played.played = hook.scene.crtRandom.passes(tweak.probability); // drawn even untraced
    hook.publish(std::move(played));
}

void run(HookRun& hook, const hk::SetOmega& omega) {
    hook.owner.body.omega = Vec3(omega.axis);
}

// Global per GfxObj: every object drawing that GfxObj scrolls (docs/preview.md#hooks).
void scrollTextures(HookRun& hook, std::vector<std::uint32_t> gfxObjs, float du, float dv) {
    for (std::uint32_t gfxObj : gfxObjs) {
        if (du == 0 && dv == 0) {
            hook.scene.scrolls.erase(gfxObj);
        } else {
            TextureScroll& scroll = hook.scene.scrolls[gfxObj];
            scroll.du = du;
            scroll.dv = dv;
        }
    }
    hook.publish(TextureVelocitySet{std::move(gfxObjs), du, dv});
}

void run(HookRun& hook, const hk::TextureVelocity& all) {
    std::vector<std::uint32_t> gfxObjs;
    for (const OwnerPart& part : hook.owner.parts)
        gfxObjs.push_back(part.gfxObj);
    scrollTextures(hook, std::move(gfxObjs), all.uSpeed, all.vSpeed);
}

void run(HookRun& hook, const hk::TextureVelocityPart& one) {
    std::vector<std::uint32_t> gfxObjs;
    if (one.partIndex < hook.owner.parts.size())
        gfxObjs.push_back(hook.owner.parts[one.partIndex].gfxObj);
    scrollTextures(hook, std::move(gfxObjs), one.uSpeed, one.vSpeed);
}

void run(HookRun& hook, const hk::SetLight& light) {
    setLights(hook.scene, hook.owner, light.lightsOn != 0);
}

} // namespace

void executeHook(SceneContext& scene, Owner& owner, const dat::AnimationHook& hook,
                 const HookSource& source) {
    if (scene.events.active()) {
        std::optional<std::int32_t> frame;
        if (source.frame >= 0)
            frame = source.frame;
        scene.publish(owner, HookFired{hook, source.id, frame});
    }
    HookRun running{scene, owner, EffectTime{scene.now, owner.physicsTime}};
    std::visit([&](const auto& payload) { run(running, payload); }, hook.payload);
}

} // namespace portalkit::preview
