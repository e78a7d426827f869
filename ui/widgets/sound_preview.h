#pragma once

// The asset pane's sound page (docs/studio.md#asset-previews): a Wave with its format, its
// waveform (WaveformView) and Play / Stop; a SoundTable with its sounds and their candidate
// Waves (probability, volume, priority) listed, the chosen entry's waveform drawn, and Play (or a
// double-click) sounding it at its volume. Sound goes through the studio's SoundPlayer, so the
// Mute toggle (M) silences it as it does the effects.

#include "ui/widgets/asset_source.h"

#include <QPointer>
#include <QWidget>
#include <cstdint>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace portalkit::ui {

class SoundPlayer;
class WaveformView;

class SoundPreview : public QWidget {
    Q_OBJECT
  public:
    // Columns of entryList().
    enum Column { SoundColumn, WaveColumn, ProbabilityColumn, VolumeColumn, PriorityColumn };
    // Roles of an entry's item: its Wave id and volume.
    static constexpr int kWaveRole = Qt::UserRole;
    static constexpr int kVolumeRole = Qt::UserRole + 1;

    explicit SoundPreview(QWidget* parent = nullptr);

    // The player Play goes through (null: nothing can sound, Play says so).
    void setSoundPlayer(SoundPlayer* player);

    void showWave(const AssetSource& source, std::uint32_t id);
    void showSoundTable(const AssetSource& source, std::uint32_t id);

    // Plays what is shown: the Wave, or the SoundTable entry chosen in entryList(). False when
    // nothing sounded (muted, no entry chosen, no player, the Wave cannot be played).
    bool play();
    void stop();
    // What Play plays, and at what volume; 0 when nothing is chosen.
    std::uint32_t waveId() const { return m_waveId; }
    double volume() const { return m_volume; }
    // The DatError text of a record that could not be read; empty otherwise.
    QString errorText() const { return m_errorText; }

    QLabel* titleLabel() const { return m_title; }
    QLabel* detailsLabel() const { return m_details; }
    QLabel* statusLabel() const { return m_status; }
    QTreeWidget* entryList() const { return m_entries; }
    WaveformView* waveformView() const { return m_waveform; }
    QPushButton* playButton() const { return m_play; }
    QPushButton* stopButton() const { return m_stop; }

  private:
    void reset(const AssetSource& source, const QString& title);
    void fail(const QString& text);
    // Draws `waveId` and makes it what Play plays.
    void chooseWave(std::uint32_t waveId, double volume);
    void entryChosen(QTreeWidgetItem* item);

    AssetSource m_source;
    QPointer<SoundPlayer> m_player;
    std::uint32_t m_waveId = 0;
    double m_volume = 1;
    QString m_errorText;
    QString m_lastPlayerError;

    QLabel* m_title;
    QLabel* m_details;
    QTreeWidget* m_entries;
    QPushButton* m_play;
    QPushButton* m_stop;
    QLabel* m_status;
    WaveformView* m_waveform;
    QLabel* m_error;
};

} // namespace portalkit::ui
