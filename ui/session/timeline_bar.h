#pragma once

// The timeline (docs/studio.md): play/pause, one-frame step, a scrub slider over the loop length
// (the effect's own length for a Setup; seeking replays from 0), speed 0.1×–4× and loop, over a
// StudioSession's clock; the studio adds its mute toggle beside play and step.

#include <QWidget>
#include <cstdint>

class QAction;
class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QToolButton;

namespace portalkit::ui {

class StudioSession;

class TimelineBar : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kSliderUnitsPerSecond = 1000;
    // "12.000 / 15.080 s  #300"; past the end "16.480 s, 1.400 s past the end  #412".
    static QString readout(double t, double length, std::int64_t frame);

    explicit TimelineBar(StudioSession* session, QWidget* parent = nullptr);

    QPushButton* playButton() const { return m_play; }
    QPushButton* stepButton() const { return m_step; }
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* speedBox() const { return m_speed; }
    QCheckBox* loopBox() const { return m_loop; }
    QLabel* timeLabel() const { return m_time; }
    // A button for `action` (not owned) after Step; null until setMuteAction.
    void setMuteAction(QAction* action);
    QToolButton* muteButton() const { return m_mute; }

  public Q_SLOTS:
    void scrubTo(int sliderValue); // what moving the slider does: seek there
    void refresh();                // range, position and buttons from the session

  private:
    StudioSession* m_session;
    QPushButton* m_play;
    QPushButton* m_step;
    QSlider* m_slider;
    QLabel* m_time;
    QDoubleSpinBox* m_speed;
    QCheckBox* m_loop;
    QToolButton* m_mute = nullptr;
};

} // namespace portalkit::ui
