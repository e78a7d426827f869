#include "preview/scene/owner_animation.h"

#include "preview/scene/hook_interpreter.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace portalkit::preview {

bool performMotion(SceneContext& scene, Owner& owner, std::uint32_t motion, float speed) {
    if (!owner.motion) {
        scene.publish(owner, MotionFailed{motion, speed, 0, true});
        return false;
    }
    const MotionResult result = owner.motion->perform(motion, speed, owner.sequencer);
    const auto animations = std::uint32_t(result.numAnims);
    if (result.success)
        scene.publish(owner, MotionStarted{motion, speed, animations});
    else
        scene.publish(owner, MotionFailed{motion, speed, animations, false});
    return result.success;
}

void publishPose(SceneContext& scene, Owner& owner) {
    const Vec3 scale{owner.scale, owner.scale, owner.scale};
    if (const dat::AnimationFrame* pose = owner.sequencer.currentPose()) {
        const std::size_t count = std::min(owner.parts.size(), pose->parts.size());
        for (std::size_t i = 0; i < count; ++i)
            owner.parts[i].world = composeScaled(owner.root(), Frame(pose->parts[i]), scale);
    }
    owner.refreshPoseFrames();
    const std::uint32_t animation = owner.sequencer.currentAnimation();
    const auto frame = std::int32_t(std::floor(owner.sequencer.frameNumber()));
    if (animation && (animation != owner.shownAnimation || frame != owner.shownFrame))
        scene.publish(owner, AnimFrameShown{animation, frame});
    owner.shownAnimation = animation;
    owner.shownFrame = animation ? frame : -1;
}

void drainAnimationHooks(SceneContext& scene, Owner& owner) {
    std::vector<FiredHook> fired;
    fired.swap(owner.pendingAnimHooks);
    for (const FiredHook& each : fired) {
        if (each.hook) {
            executeHook(scene, owner, *each.hook, HookSource{each.animation, each.frame});
        } else {
            scene.publish(owner, AnimationFinished{each.animation});
            motionAnimationDone(scene, owner);
        }
    }
}

void motionAnimationDone(SceneContext& scene, Owner& owner) {
    if (!owner.motion)
        return;
    owner.motion->animationDone();
    for (const MotionTableManager::Completed& done : owner.motion->takeCompleted())
        scene.publish(owner, MotionDone{done.motion, done.success});
}

} // namespace portalkit::preview
