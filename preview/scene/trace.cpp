#include "preview/scene/trace.h"

#include "datreader/records/common.h"

#include <QJsonDocument>

namespace portalkit::preview {

namespace {

QString nameOf(const Event& event) {
    const std::string_view name = eventName(event);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

// A clock time at the precision the trace prints it: the clock sums frame steps, and 104 steps
// of 0.04 s are 4.160000000000003 s, which the summary should say as 4.16.
double clockTime(double t) {
    return QByteArray::number(t, 'g', 12).toDouble();
}

} // namespace

QByteArray traceLine(const Event& event) {
    // Twelve significant digits: nanoseconds for the first thousand seconds, without the
    // last-bit noise of a clock built by adding frame steps (1.7200000000000009).
    const std::string_view name = eventName(event);
    QByteArray line = "{\"t\":" + QByteArray::number(event.t, 'g', 12) +
                      ",\"owner\":" + QByteArray::number(event.owner) + ",\"event\":\"" +
                      QByteArray(name.data(), qsizetype(name.size())) + '"';
    const QJsonObject fields = traceFields(event);
    if (!fields.isEmpty()) {
        const QByteArray text = QJsonDocument(fields).toJson(QJsonDocument::Compact);
        line += ',';
        line += text.mid(1, text.size() - 2); // without its braces
    }
    line += "}\n";
    return line;
}

void TraceSummary::add(const Event& event) {
    ++m_events[nameOf(event)];
    if (const auto* hook = event.as<HookFired>()) {
        ++m_hooks[QString::fromUtf8(dat::hookTypeName(hook->hook.type()).data())];
    } else if (const auto* started = event.as<ScriptStarted>()) {
        ++m_scripts[dat::didJson(started->script)];
    } else if (const auto* sound = event.as<SoundPlayed>(); sound && sound->played) {
        ++m_soundsPlayed;
    } else if (const auto* sample = event.as<ParticlesSampled>()) {
        // One sample per owner per frame: the peak is per owner, which is what a single-owner
        // simulation reports.
        const auto live = qint64(sample->live);
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
    return {{"duration", clockTime(duration)},
            {"events", object(m_events)},
            {"hooks", object(m_hooks)},
            {"scriptsStarted", object(m_scripts)},
            {"soundsPlayed", m_soundsPlayed},
            {"peakParticles", m_peakParticles},
            {"peakParticlesAt", clockTime(m_peakParticlesAt)}};
}

} // namespace portalkit::preview
