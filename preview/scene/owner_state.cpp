#include "preview/scene/owner_state.h"

#include "datreader/records/common.h"
#include "preview/core/event_fields.h"
#include "preview/scene/effect_playback.h"

#include <QJsonArray>

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

void changeState(SceneContext& scene, Owner& owner, std::uint32_t next, const QString& cause) {
    const std::uint32_t before = owner.state;
    const std::uint32_t changed = before ^ next;
    owner.state = next;
    if (changed & state::Lighting)
        setLights(scene, owner, (next & state::Lighting) != 0);
    if (changed & state::NoDraw)
        setNoDraw(owner, (next & state::NoDraw) != 0);
    if (changed & state::Hidden)
        setHidden(scene, owner, (next & state::Hidden) != 0);
    if (owner.state != before || cause == QLatin1String("create"))
        publishState(scene, owner, before, cause);
}

void publishState(const SceneContext& scene, const Owner& owner, std::uint32_t before,
                  const QString& cause) {
    scene.publish(owner, "state",
                  {{"state", dat::didJson(owner.state)},
                   {"changed", dat::didJson(owner.state ^ before)},
                   {"bits", QJsonArray::fromStringList(state::names(owner.state))},
                   {"cause", cause}});
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
    QJsonArray lights;
    owner.lights.clear();
    if (on) {
        owner.state |= state::Lighting;
        for (const auto& [type, info] : owner.setup->lights) {
            OwnerLight light{info, type, compose(owner.root(), Frame(info.viewSpaceLocation))};
            lights.append(QJsonObject{{"type", type},
                                      {"color", dat::didJson(info.color)},
                                      {"intensity", realField(info.intensity)},
                                      {"range", realField(info.falloff * 1.5f)},
                                      {"frame", frameField(light.world)}});
            owner.lights.push_back(light);
        }
    } else {
        owner.state &= ~state::Lighting;
    }
    scene.publish(owner, "light", {{"on", on}, {"lights", lights}});
}

void refreshLights(Owner& owner) {
    for (OwnerLight& light : owner.lights)
        light.world = compose(owner.root(), Frame(light.info.viewSpaceLocation));
}

} // namespace portalkit::preview
