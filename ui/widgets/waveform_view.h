#pragma once

// A Wave drawn (docs/studio.md#asset-previews): one lane per channel, each pixel column the
// lowest and highest sample of the stretch of time it covers, so no peak is lost however long
// the sound. PCM (8, 16, 24, 32-bit integer, 32-bit float) is drawn; MP3 frames are not decoded
// here, and the view says so.

#include <QString>
#include <QWidget>
#include <cstdint>
#include <vector>

namespace portalkit::dat {
struct Wave;
}

namespace portalkit::ui {

// A Wave's samples as floats in [-1, 1], one vector per channel (all the same length).
struct WaveSamples {
    std::vector<std::vector<float>> channels;
    std::uint32_t sampleRate = 0;
    QString why; // why there are no samples: MP3, an unknown format, a bad header

    // Samples per channel.
    qsizetype frames() const { return channels.empty() ? 0 : qsizetype(channels.front().size()); }
    double seconds() const { return sampleRate ? double(frames()) / sampleRate : 0; }
};

// Reads the stored data through the header's format. A trailing partial frame is left out.
WaveSamples waveSamples(const dat::Wave& wave);

class WaveformView : public QWidget {
    Q_OBJECT
  public:
    explicit WaveformView(QWidget* parent = nullptr);

    void setWave(const dat::Wave& wave);
    // No waveform: `message` instead.
    void setMessage(const QString& message);
    const WaveSamples& samples() const { return m_samples; }
    QString message() const { return m_message; }

    // The vertical band a channel is drawn in.
    QRect laneRect(int channel) const;

    QSize sizeHint() const override { return {480, 160}; }
    QSize minimumSizeHint() const override { return {120, 60}; }

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    WaveSamples m_samples;
    QString m_message;
};

} // namespace portalkit::ui
