#pragma once

// The owner's timed object hooks (docs/retail-behaviour.md#timed-hooks, FPHook): Scale, the
// translucency, luminosity and diffuse ramps, and delayed CallPES (R26). New hooks go to the head
// of the list and the list is walked head first, so the newest hook is evaluated first and, among
// ramps on the same property, the oldest writes last and wins.

#include <cstdint>
#include <vector>

namespace portalkit::preview {

struct TimedHook {
    enum class Type : std::uint8_t {
        Scale = 0,
        Transparent = 1,
        TransparentPart = 2,
        Luminous = 3,
        Diffuse = 4,
        LuminousPart = 5,
        DiffusePart = 6,
        CallPES = 7,
    };
    Type type = Type::Scale;
    double created = 0;  // PhysicsTimer when added
    double duration = 0; // seconds; for CallPES the random delay
    float start = 0;
    float end = 0;
    std::uint32_t user = 0; // part index, or the PhysicsScript for CallPES
};

class TimedHooks {
  public:
    void add(const TimedHook& hook) { m_newestLast.push_back(hook); }

    // Evaluates every hook at `now`, newest first: apply(hook, value) with value lerped from
    // start to end; a hook that reached its end is applied once more and then removed.
    template <class Apply> void process(double now, Apply&& apply) {
        const std::size_t count = m_newestLast.size();
        std::vector<bool> finished(count, false);
        for (std::size_t i = count; i-- > 0;) {
            const TimedHook hook = m_newestLast[i]; // apply may add hooks and reallocate
            const double elapsed = now - hook.created;
            const double k =
                elapsed <= 0 ? 0.0 : (elapsed < hook.duration ? elapsed / hook.duration : 1.0);
            apply(hook, float(hook.start + (hook.end - hook.start) * k));
            finished[i] = k >= 1.0;
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_newestLast.size(); ++i)
            if (i >= count || !finished[i])
                m_newestLast[kept++] = m_newestLast[i];
        m_newestLast.resize(kept);
    }

    bool empty() const { return m_newestLast.empty(); }
    std::size_t size() const { return m_newestLast.size(); }

  private:
    std::vector<TimedHook> m_newestLast; // the client's head is our back
};

} // namespace portalkit::preview
