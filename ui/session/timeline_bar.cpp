#include "ui/session/timeline_bar.h"

#include "ui/session/studio_session.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

TimelineBar::TimelineBar(StudioSession* session, QWidget* parent)
    : QWidget(parent), m_session(session), m_play(new QPushButton(tr("Play"), this)),
      m_step(new QPushButton(tr("Step"), this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_time(new QLabel(this)), m_speed(new QDoubleSpinBox(this)),
      m_loop(new QCheckBox(tr("Loop"), this)) {
    m_step->setToolTip(tr("One frame forward"));
    m_slider->setToolTip(tr("Scrub: the session replays from 0 to the chosen time"));
    m_speed->setRange(StudioSession::kMinSpeed, StudioSession::kMaxSpeed);
    m_speed->setSingleStep(0.1);
    m_speed->setDecimals(1);
    m_speed->setSuffix(QStringLiteral("×"));
    m_speed->setValue(m_session->speed());
    m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance(readout(88.888, 88.888, 8888)));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_play);
    layout->addWidget(m_step);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_time);
    layout->addWidget(m_speed);
    layout->addWidget(m_loop);

    connect(m_play, &QPushButton::clicked, m_session, &StudioSession::togglePlay);
    connect(m_step, &QPushButton::clicked, m_session, &StudioSession::step);
    connect(m_slider, &QSlider::sliderMoved, this, &TimelineBar::scrubTo);
    connect(m_slider, &QSlider::actionTriggered, this, [this](int action) {
        // Clicks on the groove and keys move the slider without sliderMoved.
        if (action != QAbstractSlider::SliderMove && action != QAbstractSlider::SliderNoAction)
            scrubTo(m_slider->sliderPosition());
    });
    connect(m_speed, &QDoubleSpinBox::valueChanged, m_session, &StudioSession::setSpeed);
    connect(m_loop, &QCheckBox::toggled, m_session, &StudioSession::setLoop);
    connect(m_session, &StudioSession::timeChanged, this, &TimelineBar::refresh);
    connect(m_session, &StudioSession::playingChanged, this, &TimelineBar::refresh);
    connect(m_session, &StudioSession::sceneReset, this, &TimelineBar::refresh);
    connect(m_session, &StudioSession::speedChanged, this, [this](double speed) {
        const QSignalBlocker block(m_speed);
        m_speed->setValue(speed);
    });
    connect(m_session, &StudioSession::loopChanged, this, [this](bool loop) {
        const QSignalBlocker block(m_loop);
        m_loop->setChecked(loop);
    });
    refresh();
}

QString TimelineBar::readout(double t, double length, std::int64_t frame) {
    // Past the end (a Setup plays on without Loop) the readout says so instead of a time
    // larger than its own total.
    if (t > length + 1e-9)
        return tr("%1 s, %2 s past the end  #%3")
            .arg(t, 0, 'f', 3)
            .arg(t - length, 0, 'f', 3)
            .arg(frame);
    return QStringLiteral("%1 / %2 s  #%3").arg(t, 0, 'f', 3).arg(length, 0, 'f', 3).arg(frame);
}

void TimelineBar::setMuteAction(QAction* action) {
    if (!m_mute) {
        m_mute = new QToolButton(this);
        m_mute->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        auto* row = static_cast<QHBoxLayout*>(layout());
        row->insertWidget(row->indexOf(m_step) + 1, m_mute);
    }
    m_mute->setDefaultAction(action);
}

void TimelineBar::scrubTo(int sliderValue) {
    m_session->seek(double(sliderValue) / kSliderUnitsPerSecond);
}

void TimelineBar::refresh() {
    const bool live = m_session->hasScene();
    const double t = m_session->time();
    const double end = std::max(m_session->length(), t);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, int(std::lround(end * kSliderUnitsPerSecond)));
        m_slider->setSingleStep(
            std::max(1, int(std::lround(m_session->frameStep() * kSliderUnitsPerSecond))));
        m_slider->setPageStep(kSliderUnitsPerSecond);
        if (!m_slider->isSliderDown())
            m_slider->setValue(int(std::lround(t * kSliderUnitsPerSecond)));
    }
    m_time->setText(readout(t, m_session->length(), m_session->frame()));
    m_time->setToolTip(tr("Time / the timeline's length (the effect's own length, at least "
                          "%1 s, or the scenario's), and the frame number")
                           .arg(StudioSession::kDefaultLength));
    m_play->setText(m_session->isPlaying() ? tr("Pause") : tr("Play"));
    m_play->setEnabled(live);
    m_step->setEnabled(live);
    m_slider->setEnabled(live);
}

} // namespace portalkit::ui
