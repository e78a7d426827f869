#include "preview/scene/trace.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace portalkit::preview {

QByteArray traceLine(const Event& event) {
    // Twelve significant digits: nanoseconds for the first thousand seconds, without the
    // last-bit noise of a clock built by adding frame steps (1.7200000000000009).
    QByteArray line = "{\"t\":" + QByteArray::number(event.t, 'g', 12) +
                      ",\"owner\":" + QByteArray::number(event.owner) + ",\"event\":\"" +
                      event.type.toUtf8() + '"';
    if (!event.fields.isEmpty()) {
        const QByteArray fields = QJsonDocument(event.fields).toJson(QJsonDocument::Compact);
        line += ',';
        line += fields.mid(1, fields.size() - 2); // without its braces
    }
    line += "}\n";
    return line;
}

void TraceSummary::add(const Event& event) {
    ++m_events[event.type];
    if (event.type == QLatin1String("hook"))
        ++m_hooks[event.fields.value("type").toString()];
    else if (event.type == QLatin1String("script_started"))
        ++m_scripts[event.fields.value("script").toString()];
    else if (event.type == QLatin1String("sound") && event.fields.value("played").toBool())
        ++m_soundsPlayed;
    else if (event.type == QLatin1String("particles")) {
        // One sample per owner per frame: the peak is per owner, which is what a single-owner
        // simulation reports.
        const qint64 live = event.fields.value("live").toInteger();
        if (live > m_peakParticles) {
            m_peakParticles = live;
            m_peakParticlesAt = event.t;
        }
    }
}

QJsonObject TraceSummary::toJson(double duration) const {
    auto object = [](const std::map<QString, qint64>& counts) {
        QJsonObject out;
        for (const auto& [key, count] : counts)
            out[key] = count;
        return out;
    };
    return {{"duration", duration},
            {"events", object(m_events)},
            {"hooks", object(m_hooks)},
            {"scriptsStarted", object(m_scripts)},
            {"soundsPlayed", m_soundsPlayed},
            {"peakParticles", m_peakParticles},
            {"peakParticlesAt", m_peakParticlesAt}};
}

} // namespace portalkit::preview
