#include "preview/effects/script_manager.h"

namespace portalkit::preview {

double ScriptManager::length(const dat::PhysicsScript& script) {
    return script.entries.empty() ? 0.0 : script.entries.back().startTime;
}

double ScriptManager::firstHookTime(const Queued& queued) {
    // An empty script has no first hook; retail reads past its array, here it is due at once.
    const auto& entries = queued.script->entries;
    return queued.start + (entries.empty() ? 0.0 : entries.front().startTime);
}

void ScriptManager::add(std::uint32_t id, const dat::PhysicsScript& script, double now) {
    const double start =
        m_queue.empty() ? now : m_queue.back().start + length(*m_queue.back().script);
    m_queue.push_back(Queued{id, &script, start});
    m_events->publish(now, m_owner, ScriptQueued{id, start, m_queue.size() - 1});
    if (m_queue.size() == 1) {
        m_hookIndex = -1;
        m_nextHookTime = firstHookTime(m_queue.front());
    }
}

void ScriptManager::update(double now, const Execute& execute) {
    int executed = 0;
    while (!m_queue.empty() && now >= m_nextHookTime) {
        // Guard, not retail: a script that plays itself with no delay (CallPES, or a table
        // that resolves back to it) would otherwise run forever inside one update.
        if (executed == kMaxHooksPerUpdate) {
            m_events->publish(now, m_owner, ScriptOverrun{m_queue.front().id, kMaxHooksPerUpdate});
            return;
        }
        // A copy: executing a hook may append to the queue.
        const Queued head = m_queue.front();
        const auto& entries = head.script->entries;
        ++m_hookIndex;
        if (std::size_t(m_hookIndex) < entries.size()) {
            if (m_hookIndex == 0)
                m_events->publish(now, m_owner, ScriptStarted{head.id, head.start});
            if (std::size_t(m_hookIndex) + 1 < entries.size())
                m_nextHookTime = head.start + entries[std::size_t(m_hookIndex) + 1].startTime;
            else if (m_queue.size() > 1)
                m_nextHookTime = firstHookTime(m_queue[1]);
            else
                m_nextHookTime = -1.0; // pops the finished head on the next pass
            ++executed;
            execute(head, entries[std::size_t(m_hookIndex)]);
        } else {
            if (entries.empty())
                m_events->publish(now, m_owner, ScriptStarted{head.id, head.start});
            m_events->publish(now, m_owner, ScriptFinished{head.id});
            m_queue.pop_front();
            m_hookIndex = -1;
            m_nextHookTime = m_queue.empty() ? -1.0 : firstHookTime(m_queue.front());
        }
    }
}

} // namespace portalkit::preview
