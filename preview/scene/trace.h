#pragma once

// The `simulate` trace: one JSON object per line, "t", "owner" and "event" first and then the
// event's own fields, so the same seed gives byte-identical files. And the totals of --summary.

#include "preview/core/events.h"

#include <QByteArray>
#include <QJsonObject>
#include <map>

namespace portalkit::preview {

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
