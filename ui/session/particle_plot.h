#pragma once

// The live particle plot (docs/studio.md): live particles and live emitters over time, read from
// the runtime's per-frame `particles` samples. A frame with no sample had no emitter: it counts
// as zero. Drawn with QPainter; a seek back or a new scene starts the series again.

#include "preview/core/events.h"

#include <QWidget>
#include <vector>

namespace portalkit::ui {

class StudioSession;

class ParticlePlot : public QWidget {
    Q_OBJECT
  public:
    struct Sample {
        double t = 0;
        qint64 particles = 0; // summed over owners
        qint64 emitters = 0;
    };

    explicit ParticlePlot(StudioSession* session, QWidget* parent = nullptr);

    const std::vector<Sample>& series() const { return m_series; }
    qint64 peakParticles() const { return m_peakParticles; }
    qint64 peakEmitters() const { return m_peakEmitters; }
    // The sample in force at t (the last at or before it); zeros before the first.
    Sample at(double t) const;

    QSize sizeHint() const override { return {360, 160}; }
    QSize minimumSizeHint() const override { return {160, 80}; }

  public Q_SLOTS:
    void clear();
    void addEvent(const portalkit::preview::Event& event);

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    void closeGapTo(double t);

    StudioSession* m_session;
    std::vector<Sample> m_series;
    qint64 m_peakParticles = 0;
    qint64 m_peakEmitters = 0;
    double m_now = 0;
};

} // namespace portalkit::ui
