#pragma once

// An owner's animation as the scene sees it: motion commands through the MotionTableManager,
// the pose the sequencer's frame puts the parts in, and the animation hooks a tick fired.

#include "preview/scene/scene_context.h"

#include <cstdint>

namespace portalkit::preview {

// GetObjectSequence for `motion`; publishes `motion_started` or `motion_failed`.
bool performMotion(SceneContext& scene, Owner& owner, std::uint32_t motion, float speed);
// The parts at the sequencer's current frame around the root; publishes `anim_frame` when the
// shown frame changes.
void publishPose(SceneContext& scene, Owner& owner);
// Runs the animation hooks the last sequencer update fired, in firing order; a hook may fire
// more.
void drainAnimationHooks(SceneContext& scene, Owner& owner);
// MotionTableManager::AnimationDone: a motion completes when its animations have all ended.
void motionAnimationDone(SceneContext& scene, Owner& owner);

} // namespace portalkit::preview
