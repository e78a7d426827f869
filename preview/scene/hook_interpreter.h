#pragma once

// What each of the 27 hook types does to its owner, from a PhysicsScript or an animation frame
// (docs/preview.md#hooks): one small function per type behind one dispatch.

#include "datreader/records/hooks.h"
#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// Where a hook came from, for the `hook` event.
struct HookSource {
    std::uint32_t id = 0;    // the script or animation
    std::int32_t frame = -1; // the animation frame, -1 for scripts
};

// Publishes `hook`, then runs it.
void executeHook(SceneContext& scene, Owner& owner, const dat::AnimationHook& hook,
                 const HookSource& source);

} // namespace portalkit::preview
