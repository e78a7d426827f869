#pragma once

// What every concern of a scene reaches for: the records, the event stream, the client's two
// random sources, the clock and the owner registry. PreviewScene owns one; the rooms that set
// owners up, change their state, play their effects, interpret their hooks and step their bodies
// borrow it, so each of them is a handful of free functions rather than a slice of one class.

#include "preview/core/assets.h"
#include "preview/core/events.h"
#include "preview/core/retail_random.h"
#include "preview/physics/world.h"
#include "preview/scene/owner.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>

namespace portalkit::preview {

// The global UV scroll registry entry of a TextureVelocity hook (docs/preview.md#hooks).
struct TextureScroll {
    float du = 0, dv = 0, u = 0, v = 0;
};

struct SceneContext {
    SceneContext(std::shared_ptr<const Assets> assets, std::uint32_t seed)
        : assetHandle(std::move(assets)), assets(*assetHandle),
          random(std::int32_t(seed & 0x7FFFFFFF)), crtRandom(seed) {}

    std::shared_ptr<const Assets> assetHandle;
    const Assets& assets;
    Events events;
    Ran2 random;       // the client's ran2: dice rolls, emitter randomness, sound choice
    CrtRand crtRandom; // the CRT rand behind sound probabilities
    double now = 0;    // simulation seconds
    std::map<std::uint32_t, std::unique_ptr<Owner>> owners;
    std::map<std::uint32_t, TextureScroll> scrolls; // by GfxObj
    // The ground, walls and target spheres bodies collide with; none: no transition at all.
    std::optional<PreviewWorld> world;

    Owner* owner(std::uint32_t id) const {
        auto found = owners.find(id);
        return found == owners.end() ? nullptr : found->second.get();
    }
    template <class Kind> void publish(const Owner& owner, Kind what) const {
        events.publish(now, owner.id, std::move(what));
    }
};

} // namespace portalkit::preview
