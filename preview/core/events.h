#pragma once

// What happened during a step (architecture.md): the simulate trace, the studio's event log and
// the tests all read this one stream. Each event is when, whose and one typed kind
// (preview/core/event_types.h, docs/preview.md#events); the trace writer
// (preview/scene/trace.h) spells it as JSON.

#include "preview/core/event_types.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace portalkit::preview {

struct Event {
    double t = 0;            // simulation seconds
    std::uint32_t owner = 0; // the owner's local id; 0 for scene-wide events
    EventKind what;

    template <class Kind> const Kind* as() const { return std::get_if<Kind>(&what); }
    template <class Kind> bool is() const { return std::holds_alternative<Kind>(what); }
};

inline std::string_view eventName(const Event& event) {
    return eventName(event.what);
}

// Fans events out to listeners. With no listener nothing is built: publishers check active()
// before assembling an event whose fields cost something (lists, reasons, lookups).
class Events {
  public:
    using Listener = std::function<void(const Event&)>;

    void listen(Listener listener) { m_listeners.push_back(std::move(listener)); }
    bool active() const { return !m_listeners.empty(); }
    void publish(const Event& event) const {
        for (const Listener& listener : m_listeners)
            listener(event);
    }
    template <class Kind> void publish(double t, std::uint32_t owner, Kind what) const {
        if (active())
            publish(Event{t, owner, EventKind(std::move(what))});
    }

  private:
    std::vector<Listener> m_listeners;
};

// One event of a known kind: when, whose and its fields.
template <class Kind> struct Published {
    double t = 0;
    std::uint32_t owner = 0;
    Kind what;
};

// A listener that keeps everything, for tests and summaries.
class EventRecorder {
  public:
    explicit EventRecorder(Events& events) {
        events.listen([this](const Event& event) { m_events.push_back(event); });
    }
    const std::vector<Event>& all() const { return m_events; }
    // The events of one kind, in order.
    template <class Kind> std::vector<Published<Kind>> ofKind() const {
        std::vector<Published<Kind>> out;
        for (const Event& event : m_events)
            if (const Kind* what = event.as<Kind>())
                out.push_back({event.t, event.owner, *what});
        return out;
    }
    void clear() { m_events.clear(); }

  private:
    std::vector<Event> m_events;
};

} // namespace portalkit::preview
