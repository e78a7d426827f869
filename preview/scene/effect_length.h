#pragma once

// How long an effect lasts, measured by playing it: the time of its last sign of life (a hook, a
// sound, a script step, an emitter, a live particle, an animation frame of a motion still under
// way). `portalkit simulate` runs that long when no --duration is given, and the studio's
// timeline spans it (docs/cli.md, docs/studio.md). Reading the runtime's own events keeps the
// motion's animations, the script's length and the emitters' lives in one measure without a
// second model of any of them.

#include "preview/core/events.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <set>

namespace portalkit::preview {

class PreviewScene;

// Follows a scene's events: when the effect was last active, and whether something is still
// under way (a motion not done, a script not finished, an emitter alive, a CallPES pending).
class ActivityWatch {
  public:
    explicit ActivityWatch(Events& events);

    double lastActive() const { return m_state->last; }
    bool busy(double now) const;

  private:
    struct State {
        double last = 0;
        double pendingUntil = 0; // a delayed CallPES fires then
        std::multiset<std::uint32_t> motions;
        std::multiset<std::uint32_t> scripts;
        std::set<std::uint32_t> emitters; // created and not yet retired or destroyed
        void see(const Event& event);
    };
    // Shared with the listener, which the scene keeps after the watch is gone.
    std::shared_ptr<State> m_state = std::make_shared<State>();
};

struct EffectLength {
    double seconds = 0;  // the last active time, in whole frames
    bool capped = false; // still active at the cap
};

// Nothing active for this long (and nothing under way) ends the measure.
inline constexpr double kEffectQuietSeconds = 2.0;

// Plays `scene` in frames of `dt` seconds, calling `beforeFrame(frame)` before each tick to apply
// the actions due (as the caller's real run does), until nothing is under way and nothing has
// happened for kEffectQuietSeconds, or `cap` seconds have run. The scene must be fresh (clock at
// 0, its owner created) and is left where the measure stopped.
EffectLength measureEffectLength(PreviewScene& scene,
                                 const std::function<void(std::int64_t frame)>& beforeFrame,
                                 double dt, double cap);

} // namespace portalkit::preview
