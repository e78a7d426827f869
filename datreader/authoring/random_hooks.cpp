#include "datreader/authoring/random_draws.h"

#include <array>
#include <stdexcept>

namespace portalkit::authoring {
namespace {

// The hook types of each HookSet (random_draws.h).
constexpr std::array kAnimationHooks{
    dat::HookType::NoOp,
    dat::HookType::Sound,
    dat::HookType::SoundTable,
    dat::HookType::Attack,
    dat::HookType::AnimationDone,
    dat::HookType::ReplaceObject,
    dat::HookType::Ethereal,
    dat::HookType::TransparentPart,
    dat::HookType::LuminousPart,
    dat::HookType::DiffusePart,
    dat::HookType::NoDraw,
    dat::HookType::DefaultScript,
    dat::HookType::DefaultScriptPart,
    dat::HookType::CallPES,
    dat::HookType::SoundTweaked,
    dat::HookType::TextureVelocityPart,
    dat::HookType::CreateParticle,
};
constexpr std::array kScriptHooks{
    dat::HookType::CreateParticle,  dat::HookType::CreateBlockingParticle,
    dat::HookType::DestroyParticle, dat::HookType::StopParticle,
    dat::HookType::Sound,           dat::HookType::SoundTweaked,
    dat::HookType::CallPES,         dat::HookType::Scale,
    dat::HookType::Transparent,     dat::HookType::Luminous,
    dat::HookType::Diffuse,         dat::HookType::SetOmega,
    dat::HookType::TextureVelocity, dat::HookType::SetLight,
};

dat::hooks::Fade fade(RandomDraws& draw) {
    return {draw.real(0, 1), draw.real(0, 1), draw.real(0, 2)};
}
dat::hooks::PartFade partFade(RandomDraws& draw) {
    return {draw.below(8), fade(draw)};
}
dat::hooks::CreateParticle createParticle(RandomDraws& draw) {
    return {draw.reference<dat::ParticleEmitterInfo>(), draw.below(8), draw.frame(0.5),
            draw.below(4)};
}

dat::HookPayload hookPayload(RandomDraws& draw, dat::HookType type) {
    namespace hooks = dat::hooks;
    using dat::HookType;
    switch (type) {
    case HookType::NoOp:
        return hooks::NoOp{};
    case HookType::Sound:
        return hooks::Sound{draw.reference<dat::Wave>()};
    case HookType::SoundTable:
        return hooks::SoundTable{draw.between(1, 0x80)};
    case HookType::Attack:
        return hooks::Attack{{draw.below(8), draw.real(-1, 0), draw.real(0, 1), draw.real(0, 1),
                              draw.real(0, 1), draw.real(0.5, 3), draw.real(0.5, 2)}};
    case HookType::AnimationDone:
        return hooks::AnimationDone{};
    case HookType::ReplaceObject:
        // Stored as an offset from the first GfxObj id, so it has to name a GfxObj.
        return hooks::ReplaceObject{std::uint16_t(draw.below(8)), draw.reference<dat::GfxObj>(),
                                    false};
    case HookType::Ethereal:
        return hooks::Ethereal{draw.below(2)};
    case HookType::TransparentPart:
        return hooks::TransparentPart{partFade(draw)};
    case HookType::Luminous:
        return hooks::Luminous{fade(draw)};
    case HookType::LuminousPart:
        return hooks::LuminousPart{partFade(draw)};
    case HookType::Diffuse:
        return hooks::Diffuse{fade(draw)};
    case HookType::DiffusePart:
        return hooks::DiffusePart{partFade(draw)};
    case HookType::Scale:
        return hooks::Scale{draw.real(0.5, 2), draw.real(0, 2)};
    case HookType::CreateParticle:
        return createParticle(draw);
    case HookType::DestroyParticle:
        return hooks::DestroyParticle{draw.below(4)};
    case HookType::StopParticle:
        return hooks::StopParticle{draw.below(4)};
    case HookType::NoDraw:
        return hooks::NoDraw{draw.below(2)};
    case HookType::DefaultScript:
        return hooks::DefaultScript{};
    case HookType::DefaultScriptPart:
        return hooks::DefaultScriptPart{draw.below(8)};
    case HookType::CallPES:
        return hooks::CallPES{draw.reference<dat::PhysicsScript>(), draw.real(0, 1)};
    case HookType::Transparent:
        return hooks::Transparent{fade(draw)};
    case HookType::SoundTweaked:
        return hooks::SoundTweaked{draw.reference<dat::Wave>(), draw.real(0, 1), draw.real(0, 1),
                                   draw.real(0, 1)};
    case HookType::SetOmega:
        return hooks::SetOmega{draw.vec3(2)};
    case HookType::TextureVelocity:
        return hooks::TextureVelocity{draw.real(-1, 1), draw.real(-1, 1)};
    case HookType::TextureVelocityPart:
        return hooks::TextureVelocityPart{draw.below(8), draw.real(-1, 1), draw.real(-1, 1)};
    case HookType::SetLight:
        return hooks::SetLight{draw.below(2)};
    case HookType::CreateBlockingParticle:
        return hooks::CreateBlockingParticle{createParticle(draw)};
    }
    throw std::logic_error("hook type outside HookType");
}

} // namespace

dat::AnimationHook randomHook(RandomDraws& draw, HookSet set) {
    const std::span<const dat::HookType> types =
        set == HookSet::Animation ? std::span<const dat::HookType>(kAnimationHooks) : kScriptHooks;
    dat::AnimationHook hook;
    hook.direction = std::int32_t(draw.below(3)) - 1;
    hook.payload = hookPayload(draw, types[draw.below(types.size())]);
    return hook;
}

} // namespace portalkit::authoring
