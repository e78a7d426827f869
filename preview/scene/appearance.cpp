#include "preview/scene/appearance.h"

#include "datreader/records/common.h"
#include "preview/core/event_fields.h"
#include "preview/scene/effect_playback.h"

#include <algorithm>
#include <cstring>

namespace portalkit::preview {

namespace {

// `part` -2 leaves the field out: the property is the whole owner's.
void publishAppearance(const SceneContext& scene, const Owner& owner, const char* property,
                       double value, std::int32_t part = -2) {
    if (!scene.events.active())
        return;
    QJsonObject fields{{"property", property}};
    fields["value"] = std::strcmp(property, "gfxObj") == 0
                          ? QJsonValue(dat::didJson(std::uint32_t(value)))
                          : realField(float(value));
    if (part >= -1)
        fields["part"] = part;
    scene.publish(owner, "appearance", fields);
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
    publishAppearance(scene, owner, "scale", scale);
}

void applyTranslucency(SceneContext& scene, Owner& owner, float value) {
    // Never below the description's translucency (docs/retail-behaviour.md#translucency-floor).
    const float applied = std::max(value, owner.originalTranslucency);
    owner.translucency = applied;
    for (OwnerPart& part : owner.parts)
        part.translucency = applied;
    publishAppearance(scene, owner, "translucency", applied);
}

// Luminous and Diffuse: every part, published once for the owner.
void applyToAllParts(SceneContext& scene, Owner& owner, float OwnerPart::*property,
                     const char* name, float value) {
    for (OwnerPart& each : owner.parts)
        each.*property = value;
    publishAppearance(scene, owner, name, value);
}

// The Part variants: one part, when the index names one.
void applyToPart(SceneContext& scene, Owner& owner, std::uint32_t index, float OwnerPart::*property,
                 const char* name, float value) {
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
        applyToPart(scene, owner, hook.user, &OwnerPart::translucency, "translucency", value);
        break;
    case Type::Luminous:
        applyToAllParts(scene, owner, &OwnerPart::luminosity, "luminosity", value);
        break;
    case Type::Diffuse:
        applyToAllParts(scene, owner, &OwnerPart::diffuse, "diffuse", value);
        break;
    case Type::LuminousPart:
        applyToPart(scene, owner, hook.user, &OwnerPart::luminosity, "luminosity", value);
        break;
    case Type::DiffusePart:
        applyToPart(scene, owner, hook.user, &OwnerPart::diffuse, "diffuse", value);
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
    publishAppearance(scene, owner, "gfxObj", gfxObj, std::int32_t(part));
}

} // namespace portalkit::preview
