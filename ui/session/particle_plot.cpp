#include "ui/session/particle_plot.h"

#include "ui/session/studio_session.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

namespace {

constexpr double kSameTime = 1e-9;

// A round axis top at or above `value`: 1, 2, 5 × 10^n.
double niceCeiling(double value) {
    if (value <= 1)
        return 1;
    const double power = std::pow(10.0, std::floor(std::log10(value)));
    for (const double step : {1.0, 2.0, 5.0, 10.0})
        if (step * power >= value)
            return step * power;
    return 10 * power;
}

} // namespace

ParticlePlot::ParticlePlot(StudioSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_session, &StudioSession::eventPublished, this, &ParticlePlot::addEvent);
    connect(m_session, &StudioSession::sceneReset, this, &ParticlePlot::clear);
    connect(m_session, &StudioSession::timeChanged, this, [this](double t) {
        closeGapTo(t);
        m_now = t;
        update();
    });
}

void ParticlePlot::clear() {
    m_series.clear();
    m_peakParticles = 0;
    m_peakEmitters = 0;
    m_now = 0;
    update();
}

void ParticlePlot::closeGapTo(double t) {
    // Frames without a sample had no emitters: drop to zero one frame after the last sample
    // and stay there until t.
    if (m_series.empty() || t <= m_series.back().t + kSameTime)
        return;
    const double step = m_session->frameStep();
    const Sample& last = m_series.back();
    if (last.particles == 0 && last.emitters == 0) {
        return;
    }
    if (t > last.t + step * 1.5)
        m_series.push_back({last.t + step, 0, 0});
    else if (t > last.t + step * 0.5)
        m_series.push_back({t, 0, 0});
}

void ParticlePlot::addEvent(const preview::Event& event) {
    const auto* sample = event.as<preview::ParticlesSampled>();
    if (!sample)
        return;
    const auto live = qint64(sample->live);
    const auto emitters = qint64(sample->emitters.size());
    if (!m_series.empty() && std::abs(m_series.back().t - event.t) <= kSameTime) {
        m_series.back().particles += live; // another owner's sample of the same frame
        m_series.back().emitters += emitters;
    } else {
        if (!m_series.empty() && event.t > m_series.back().t + m_session->frameStep() * 1.5)
            closeGapTo(event.t - m_session->frameStep());
        else if (m_series.empty() && event.t > m_session->frameStep() * 0.5)
            m_series.push_back({0, 0, 0});
        m_series.push_back({event.t, live, emitters});
    }
    m_peakParticles = std::max(m_peakParticles, m_series.back().particles);
    m_peakEmitters = std::max(m_peakEmitters, m_series.back().emitters);
}

ParticlePlot::Sample ParticlePlot::at(double t) const {
    const auto after = std::upper_bound(m_series.begin(), m_series.end(), t + kSameTime,
                                        [](double value, const Sample& s) { return value < s.t; });
    if (after == m_series.begin())
        return {t, 0, 0};
    return *std::prev(after);
}

void ParticlePlot::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    painter.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics metrics(font());
    const int left = metrics.horizontalAdvance("00000") + 6;
    const int right = metrics.horizontalAdvance("000") + 8;
    const int top = metrics.height() + 4;
    const int bottom = metrics.height() + 4;
    const QRectF area(left, top, std::max(10, width() - left - right),
                      std::max(10, height() - top - bottom));

    const double span = std::max({m_session->length(), m_now, 1e-3});
    const double particleTop = niceCeiling(double(m_peakParticles));
    const double emitterTop = niceCeiling(double(m_peakEmitters));
    const auto x = [&](double t) { return area.left() + area.width() * (t / span); };
    const auto y = [&](double value, double topValue) {
        return area.bottom() - area.height() * (value / topValue);
    };

    const QColor particleColour(220, 120, 20);
    const QColor emitterColour(40, 110, 210);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(0, area.top() - metrics.height() / 2.0, left - 4, metrics.height()),
                     Qt::AlignRight, QString::number(particleTop));
    painter.drawText(QRectF(0, area.bottom() - metrics.height() / 2.0, left - 4, metrics.height()),
                     Qt::AlignRight, "0");
    painter.drawText(
        QRectF(area.right() + 4, area.top() - metrics.height() / 2.0, right, metrics.height()),
        Qt::AlignLeft, QString::number(emitterTop));
    painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), metrics.height()),
                     Qt::AlignRight, QStringLiteral("%1 s").arg(span, 0, 'f', 2));

    // Each series as steps: a count holds until the next sample.
    const auto drawSeries = [&](auto value, double topValue, const QColor& colour) {
        if (m_series.empty())
            return;
        QPainterPath path(
            QPointF(x(m_series.front().t), y(double(value(m_series.front())), topValue)));
        for (std::size_t i = 1; i < m_series.size(); ++i) {
            const double previous = double(value(m_series[i - 1]));
            path.lineTo(x(m_series[i].t), y(previous, topValue));
            path.lineTo(x(m_series[i].t), y(double(value(m_series[i])), topValue));
        }
        path.lineTo(x(std::max(m_now, m_series.back().t)),
                    y(double(value(m_series.back())), topValue));
        painter.setPen(QPen(colour, 1.5));
        painter.drawPath(path);
    };
    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    drawSeries([](const Sample& s) { return s.particles; }, particleTop, particleColour);
    drawSeries([](const Sample& s) { return s.emitters; }, emitterTop, emitterColour);
    painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DashLine));
    painter.drawLine(QPointF(x(m_now), area.top()), QPointF(x(m_now), area.bottom()));
    painter.restore();

    const Sample now = at(m_now);
    painter.setPen(particleColour);
    painter.drawText(QPointF(area.left(), metrics.ascent() + 1),
                     tr("particles %1 (peak %2)").arg(now.particles).arg(m_peakParticles));
    painter.setPen(emitterColour);
    painter.drawText(QRectF(area.left(), 1, area.width(), metrics.height()), Qt::AlignRight,
                     tr("emitters %1 (peak %2)").arg(now.emitters).arg(m_peakEmitters));
}

} // namespace portalkit::ui
