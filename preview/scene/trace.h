#pragma once

// The `simulate` trace, the one place events become JSON: one object per line, "t", "owner"
// and "event" first and then the event's own fields, so the same seed gives byte-identical
// files. Reals are the shortest decimal that reads back as the same float (0.8, not
// 0.800000011920929), non-finite ones "nan", "inf", "-inf"; vectors [x, y, z], frames
// {origin, orientation [w, x, y, z]}, ids as "0x%08X" strings. And the totals of --summary.

#include "preview/core/events.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <map>

namespace portalkit::preview {

// The event's fields as its trace line spells them (without t, owner and event).
QJsonObject traceFields(const Event& event);
QByteArray traceLine(const Event& event);

class TraceSummary {
  public:
    void add(const Event& event);
    QJsonObject toJson(double duration) const;

  private:
    std::map<QString, qint64> m_events;
    std::map<QString, qint64> m_hooks;
    std::map<QString, qint64> m_scripts;
    qint64 m_soundsPlayed = 0;
    qint64 m_peakParticles = 0;
    double m_peakParticlesAt = 0;
};

} // namespace portalkit::preview
