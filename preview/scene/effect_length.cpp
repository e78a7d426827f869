#include "preview/scene/effect_length.h"

#include "preview/scene/preview_scene.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

ActivityWatch::ActivityWatch(Events& events) {
    events.listen([state = m_state](const Event& event) { state->see(event); });
}

bool ActivityWatch::busy(double now) const {
    return !m_state->motions.empty() || !m_state->scripts.empty() || !m_state->emitters.empty() ||
           now < m_state->pendingUntil;
}

void ActivityWatch::State::see(const Event& event) {
    // Samples say only that time passed, unless they show something still going.
    if (const auto* sample = event.as<ParticlesSampled>()) {
        if (sample->live == 0)
            return;
    } else if (const auto* created = event.as<EmitterCreated>()) {
        emitters.insert(created->id);
    } else if (const auto* retired = event.as<EmitterRetired>()) {
        emitters.erase(retired->id);
    } else if (const auto* destroyed = event.as<EmitterDestroyed>()) {
        emitters.erase(destroyed->id);
    } else if (event.is<PhysicsQuantum>()) {
        return;
    } else if (event.is<AnimFrameShown>()) {
        if (motions.empty()) // an idle cycle is not the effect
            return;
    } else if (const auto* started = event.as<MotionStarted>()) {
        motions.insert(started->motion);
    } else if (const auto* done = event.as<MotionDone>()) {
        if (const auto it = motions.find(done->motion); it != motions.end())
            motions.erase(it);
    } else if (const auto* script = event.as<ScriptStarted>()) {
        scripts.insert(script->script);
    } else if (const auto* finished = event.as<ScriptFinished>()) {
        if (const auto it = scripts.find(finished->script); it != scripts.end())
            scripts.erase(it);
    } else if (const auto* call = event.as<CallPesScheduled>()) {
        pendingUntil = std::max(pendingUntil, event.t + call->delay);
    }
    last = std::max(last, event.t);
}

EffectLength measureEffectLength(PreviewScene& scene,
                                 const std::function<void(std::int64_t frame)>& beforeFrame,
                                 double dt, double cap) {
    const ActivityWatch watch(scene.events());
    const auto frames = std::int64_t(std::ceil(cap / dt - 1e-9));
    const auto quietFrames = std::int64_t(std::ceil(kEffectQuietSeconds / dt - 1e-9));
    std::int64_t lastActiveFrame = 0;
    double lastActive = -1;
    for (std::int64_t frame = 0;; ++frame) {
        beforeFrame(frame);
        // Frames, not the summed clock, so the length is a whole number of steps.
        if (watch.lastActive() > lastActive) {
            lastActive = watch.lastActive();
            lastActiveFrame = frame;
        }
        if (frame >= frames)
            return {double(lastActiveFrame) * dt, watch.busy(scene.now())};
        if (!watch.busy(scene.now()) && frame - lastActiveFrame >= quietFrames)
            return {double(lastActiveFrame) * dt, false};
        scene.advance(dt);
    }
}

} // namespace portalkit::preview
