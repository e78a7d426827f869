#include "preview/scene/appearance.h"

#include "preview/scene/effect_playback.h"

#include <algorithm>

namespace portalkit::preview {

namespace {

// No part: the property is the whole owner's.
void publishAppearance(const SceneContext& scene, const Owner& owner, AppearanceProperty property,
                       float value, std::optional<std::int32_t> part = std::nullopt) {
    scene.publish(owner, AppearanceChanged{property, value, 0, part});
}

void applyScale(SceneContext& scene, Owner& owner, float scale) {
    owner.scale = scale;
    for (std::size_t i = 0; i < owner.parts.size(); ++i) {
        const Vec3 base = i < owner.setup->defaultScales.size()
                              ? Vec3(owner.setup->defaultScales[i])
                              : Vec3{1, 1, 1};
        owner.parts[i].gfxScale = base * scale;
    }
    owner.body.scale = scale;
    owner.body.setShape(*owner.setup, scale);
    publishAppearance(scene, owner, AppearanceProperty::Scale, scale);
}

void applyTranslucency(SceneContext& scene, Owner& owner, float value) {
    // Never below the description's translucency (docs/retail-behaviour.md#translucency-floor).
    const float applied = std::max(value, owner.originalTranslucency);
    owner.translucency = applied;
    for (OwnerPart& part : owner.parts)
        part.translucency = applied;
    publishAppearance(scene, owner, AppearanceProperty::Translucency, applied);
}

// Luminous and Diffuse: every part, published once for the owner.
void applyToAllParts(SceneContext& scene, Owner& owner, float OwnerPart::*property,
                     AppearanceProperty name, float value) {
    for (OwnerPart& each : owner.parts)
        each.*property = value;
    publishAppearance(scene, owner, name, value);
}

// The Part variants: one part, when the index names one.
void applyToPart(SceneContext& scene, Owner& owner, std::uint32_t index, float OwnerPart::*property,
                 AppearanceProperty name, float value) {
    if (index >= owner.parts.size())
        return;
    owner.parts[index].*property = value;
    publishAppearance(scene, owner, name, value, std::int32_t(index));
}

} // namespace

void processTimedHooks(SceneContext& scene, Owner& owner) {
    owner.timedHooks.process(owner.physicsTime, [&](const TimedHook& hook, float value) {
        applyTimedHook(scene, owner, hook, value);
    });
}

void applyTimedHook(SceneContext& scene, Owner& owner, const TimedHook& hook, float value) {
    using Type = TimedHook::Type;
    switch (hook.type) {
    case Type::Scale:
        applyScale(scene, owner, value);
        break;
    case Type::Transparent:
        applyTranslucency(scene, owner, value);
        break;
    case Type::TransparentPart:
        applyToPart(scene, owner, hook.user, &OwnerPart::translucency,
                    AppearanceProperty::Translucency, value);
        break;
    case Type::Luminous:
        applyToAllParts(scene, owner, &OwnerPart::luminosity, AppearanceProperty::Luminosity,
                        value);
        break;
    case Type::Diffuse:
        applyToAllParts(scene, owner, &OwnerPart::diffuse, AppearanceProperty::Diffuse, value);
        break;
    case Type::LuminousPart:
        applyToPart(scene, owner, hook.user, &OwnerPart::luminosity, AppearanceProperty::Luminosity,
                    value);
        break;
    case Type::DiffusePart:
        applyToPart(scene, owner, hook.user, &OwnerPart::diffuse, AppearanceProperty::Diffuse,
                    value);
        break;
    case Type::CallPES:
        if (value >= 1.0f)
            playScript(scene, owner, hook.user);
        break;
    }
}

void replacePartGfxObj(SceneContext& scene, Owner& owner, std::uint32_t part,
                       std::uint32_t gfxObj) {
    if (part >= owner.parts.size())
        return;
    owner.parts[part].gfxObj = gfxObj;
    scene.publish(owner,
                  AppearanceChanged{AppearanceProperty::GfxObj, 0, gfxObj, std::int32_t(part)});
}

} // namespace portalkit::preview
