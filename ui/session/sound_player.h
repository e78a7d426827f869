#pragma once

// The studio's sound (docs/studio.md): follows a StudioSession and plays, through Qt
// Multimedia, the Wave of every live "sound" event the runtime says was played, at the event's
// volume. Frames a seek or replay runs through make no sound, and pause, a seek back or a new
// scene stop what is sounding. Not emulated: 3D position, priorities, the client's volume
// settings.
//
// The decision (which wave, how loud, now) is separate from the output: soundStarted() reports
// every voice started, also when no audio device exists to hear it, so the choice is testable
// without sound hardware. Qt 6.4's default GStreamer backend needs plugin packages Debian does
// not install with Qt; portalkit-studio selects the FFmpeg backend (QT_MEDIA_BACKEND=ffmpeg),
// which decodes PCM and MP3 with the libavcodec that Qt Multimedia already depends on.

#include <QObject>
#include <QString>
#include <QTimer>
#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

class QMediaPlayer;
class QTemporaryDir;

namespace portalkit::preview {
struct Event;
}

namespace portalkit::ui {

class StudioSession;

class SoundPlayer : public QObject {
    Q_OBJECT
  public:
    // At most this many voices sound at once; a new one stops the oldest.
    static constexpr int kMaxVoices = 8;

    // Follows `session` (which must outlive it; making it the parent does that). The mute state
    // is read from QSettings("PortalKit", "Studio"), key "audio/muted".
    explicit SoundPlayer(StudioSession* session, QObject* parent = nullptr);
    ~SoundPlayer() override;

    bool isMuted() const { return m_muted; }
    // Voices started since construction (what soundStarted reported).
    int startedCount() const { return m_startedCount; }
    // Voices playing through an audio device now (0 without one).
    int voiceCount() const { return int(m_voices.size()); }
    // Whether Qt Multimedia reports an audio output; without one voices are counted, not heard.
    bool hasAudioOutput() const;

  public Q_SLOTS:
    // Muting stops what sounds and starts nothing until unmuted; remembered in QSettings.
    void setMuted(bool muted);
    void stopAll();
    // Plays one Wave now at `volume` (0-1), outside any effect (the asset pane's Play): false
    // when muted or the Wave cannot be played (reported as for an event's sound).
    bool playWave(quint32 waveId, double volume = 1.0);

  Q_SIGNALS:
    void mutedChanged(bool muted);
    // A voice started for this Wave at this volume (0–1).
    void soundStarted(quint32 waveId, double volume);
    // A Wave that cannot be played (missing, undecodable, refused by the decoder), once per
    // Wave; the message names its DID.
    void errorOccurred(const QString& message);

  private:
    struct PendingVoice {
        std::uint32_t waveId;
        QString path;
        double volume;
    };

    void onEvent(const preview::Event& event);
    bool start(std::uint32_t waveId, double volume);
    // The Wave as a file a player opens (Wave::fileBytes, written once into a temporary
    // directory: Qt 6.4's FFmpeg backend leaks its reader for every player fed a QIODevice);
    // empty, and reported, when it cannot be played.
    QString waveFile(std::uint32_t waveId);
    void report(std::uint32_t waveId, const QString& why);
    void startPending();
    void startVoice(const PendingVoice& voice);
    void endVoice(QMediaPlayer* player);

    StudioSession* m_session;
    bool m_muted = false;
    int m_startedCount = 0;
    std::unique_ptr<QTemporaryDir> m_fileDir; // made with the first file
    std::unordered_map<std::uint32_t, QString> m_files;
    std::unordered_set<std::uint32_t> m_reported;
    // Voices decided during a frame batch start together once the batch is handed out, so a
    // long catch-up creates at most kMaxVoices players rather than one per sound.
    std::vector<PendingVoice> m_pending;
    QTimer m_startTimer;
    std::deque<QMediaPlayer*> m_voices; // oldest first
};

} // namespace portalkit::ui
