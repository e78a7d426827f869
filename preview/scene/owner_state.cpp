#include "preview/scene/owner_state.h"

#include "preview/scene/effect_playback.h"

namespace portalkit::preview {

namespace {

constexpr std::uint32_t kPlayScriptUnHide = 0x75;
constexpr std::uint32_t kPlayScriptHidden = 0x76;

void setChildrenNoDraw(const SceneContext& scene, const Owner& owner, bool noDraw) {
    for (std::uint32_t child : owner.children)
        if (Owner* held = scene.owner(child))
            setNoDraw(*held, noDraw);
}

} // namespace

void changeState(SceneContext& scene, Owner& owner, std::uint32_t next, StateCause cause) {
    const std::uint32_t before = owner.state;
    const std::uint32_t changed = before ^ next;
    owner.state = next;
    if (changed & state::Lighting)
        setLights(scene, owner, (next & state::Lighting) != 0);
    if (changed & state::NoDraw)
        setNoDraw(owner, (next & state::NoDraw) != 0);
    if (changed & state::Hidden)
        setHidden(scene, owner, (next & state::Hidden) != 0);
    if (owner.state != before || cause == StateCause::Create)
        publishState(scene, owner, before, cause);
}

void publishState(const SceneContext& scene, const Owner& owner, std::uint32_t before,
                  StateCause cause) {
    scene.publish(owner, StateChanged{owner.state, owner.state ^ before, cause});
}

void setHidden(SceneContext& scene, Owner& owner, bool hidden) {
    if (hidden) {
        owner.state |= state::Hidden;
        playTyped(scene, owner, kPlayScriptHidden, 1.0f);
        setChildrenNoDraw(scene, owner, true);
        owner.state &= ~state::ReportCollisions;
        owner.state |= state::IgnoreCollisions;
    } else {
        owner.state &= ~state::Hidden;
        playTyped(scene, owner, kPlayScriptUnHide, 1.0f);
        setChildrenNoDraw(scene, owner, false);
        owner.state &= ~state::IgnoreCollisions;
        owner.state |= state::ReportCollisions;
    }
}

void setNoDraw(Owner& owner, bool noDraw) {
    if (noDraw)
        owner.state |= state::NoDraw;
    else
        owner.state &= ~state::NoDraw;
    for (OwnerPart& part : owner.parts)
        part.noDraw = noDraw;
}

void setLights(SceneContext& scene, Owner& owner, bool on) {
    LightsSet shown{on, {}};
    owner.lights.clear();
    if (on) {
        owner.state |= state::Lighting;
        for (const auto& [type, info] : owner.setup->lights) {
            OwnerLight light{info, type, compose(owner.root(), Frame(info.viewSpaceLocation))};
            if (scene.events.active())
                shown.lights.push_back(
                    {type, info.color, info.intensity, info.falloff * 1.5f, light.world});
            owner.lights.push_back(light);
        }
    } else {
        owner.state &= ~state::Lighting;
    }
    scene.publish(owner, std::move(shown));
}

void refreshLights(Owner& owner) {
    for (OwnerLight& light : owner.lights)
        light.world = compose(owner.root(), Frame(light.info.viewSpaceLocation));
}

} // namespace portalkit::preview
