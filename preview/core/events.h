#pragma once

// What happened during a step (architecture.md): the simulate trace, the studio's event log and
// the tests all read this one stream. Each event is a type name plus its fields; field names
// are the trace's JSON keys (docs/preview.md#events).

#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace portalkit::preview {

struct Event {
    double t = 0;            // simulation seconds
    std::uint32_t owner = 0; // the owner's local id; 0 for scene-wide events
    QString type;            // "hook", "emitter_created", "sound", ...
    QJsonObject fields;
};

// Fans events out to listeners. With no listener nothing is built: publishers check active()
// before assembling fields on hot paths.
class Events {
  public:
    using Listener = std::function<void(const Event&)>;

    void listen(Listener listener) { m_listeners.push_back(std::move(listener)); }
    bool active() const { return !m_listeners.empty(); }
    void publish(const Event& event) const {
        for (const Listener& listener : m_listeners)
            listener(event);
    }
    void publish(double t, std::uint32_t owner, QString type, QJsonObject fields = {}) const {
        if (active())
            publish(Event{t, owner, std::move(type), std::move(fields)});
    }

  private:
    std::vector<Listener> m_listeners;
};

// A listener that keeps everything, for tests and summaries.
class EventRecorder {
  public:
    explicit EventRecorder(Events& events) {
        events.listen([this](const Event& event) { m_events.push_back(event); });
    }
    const std::vector<Event>& all() const { return m_events; }
    std::vector<Event> ofType(const QString& type) const {
        std::vector<Event> out;
        for (const Event& event : m_events)
            if (event.type == type)
                out.push_back(event);
        return out;
    }
    void clear() { m_events.clear(); }

  private:
    std::vector<Event> m_events;
};

} // namespace portalkit::preview
