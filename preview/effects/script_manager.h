#pragma once

// One owner's PhysicsScript queue (ScriptManager): a serial FIFO where each script
// starts when the one before it ends, duplicates included (R23), and an update runs every hook
// that has come due, in order, however long the frame (R24, R25). Times are the client's Timer
// clock (docs/retail-behaviour.md#clocks).

#include "datreader/records/physics_script.h"
#include "preview/core/events.h"

#include <cstdint>
#include <deque>
#include <functional>

namespace portalkit::preview {

class ScriptManager {
  public:
    struct Queued {
        std::uint32_t id = 0;
        const dat::PhysicsScript* script = nullptr; // entries in load order (sorted, R22)
        double start = 0;
    };
    // Runs one hook of `running` on the owner; it may add scripts to this same queue.
    using Execute = std::function<void(const Queued& running, const dat::PhysicsScript::Entry&)>;

    ScriptManager(std::uint32_t owner, const Events& events) : m_owner(owner), m_events(&events) {}

    // Hooks one update may run before it stops for the frame (see update).
    static constexpr int kMaxHooksPerUpdate = 10000;

    // AddScriptInternal: appends, starting now on an empty queue, else when the tail ends.
    void add(std::uint32_t id, const dat::PhysicsScript& script, double now);
    // UpdateScripts: executes every hook due at `now`, popping scripts whose hooks are all done.
    void update(double now, const Execute& execute);

    bool empty() const { return m_queue.empty(); }
    std::size_t size() const { return m_queue.size(); }
    const std::deque<Queued>& queue() const { return m_queue; }
    double nextHookTime() const { return m_nextHookTime; }

    // A script's length: the start time of its last hook after sorting (R22).
    static double length(const dat::PhysicsScript& script);

  private:
    static double firstHookTime(const Queued& queued);

    std::uint32_t m_owner;
    const Events* m_events;
    std::deque<Queued> m_queue;
    int m_hookIndex = -1;
    double m_nextHookTime = -1;
};

} // namespace portalkit::preview
