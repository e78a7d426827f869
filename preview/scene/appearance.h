#pragma once

// How an owner looks over time: scale, translucency, luminosity and diffuse, set at once or ramped
// by the timed hooks (FPHook), and the delayed CallPES those hooks also carry.

#include "preview/effects/timed_hooks.h"
#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// Evaluates the owner's timed hooks at its PhysicsTimer, newest first.
void processTimedHooks(SceneContext& scene, Owner& owner);
// One evaluation of a timed hook at `value` (a ramp's current value, or its end when the ramp
// is shorter than kEpsilon); publishes `appearance`.
void applyTimedHook(SceneContext& scene, Owner& owner, const TimedHook& hook, float value);
// The part's GfxObj swapped by ReplaceObject.
void replacePartGfxObj(SceneContext& scene, Owner& owner, std::uint32_t part, std::uint32_t gfxObj);

} // namespace portalkit::preview
