#include "ui/widgets/waveform_view.h"

#include "datreader/records/wave.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace portalkit::ui {
namespace {

constexpr std::uint16_t kFormatPcm = 0x0001;
constexpr std::uint16_t kFormatFloat = 0x0003;
constexpr std::uint16_t kFormatExtensible = 0xFFFE; // its sub-format is PCM in practice
constexpr int kMaxChannels = 8;

// One little-endian sample of `bytes` bytes at `at`, scaled to [-1, 1]. 8-bit PCM is unsigned.
float sampleAt(const std::uint8_t* at, int bytes, bool isFloat) {
    switch (bytes) {
    case 1:
        return (int(at[0]) - 128) / 128.0f;
    case 2:
        return std::int16_t(at[0] | at[1] << 8) / 32768.0f;
    case 3: {
        const std::int32_t value =
            std::int32_t(std::uint32_t(at[0]) << 8 | std::uint32_t(at[1]) << 16 |
                         std::uint32_t(at[2]) << 24) >>
            8;
        return value / 8388608.0f;
    }
    default: {
        const std::uint32_t bits = std::uint32_t(at[0]) | std::uint32_t(at[1]) << 8 |
                                   std::uint32_t(at[2]) << 16 | std::uint32_t(at[3]) << 24;
        if (isFloat) {
            float value;
            std::memcpy(&value, &bits, 4);
            return std::isfinite(value) ? std::clamp(value, -1.0f, 1.0f) : 0.0f;
        }
        return float(std::int32_t(bits) / 2147483648.0);
    }
    }
}

} // namespace

WaveSamples waveSamples(const dat::Wave& wave) {
    WaveSamples out;
    if (wave.isMp3()) {
        out.why = QObject::tr("MP3 frames: the waveform is not drawn (Play still plays it)");
        return out;
    }
    const auto format = wave.format();
    if (!format) {
        out.why = QObject::tr("header of %1 bytes is shorter than the 16 fixed WAVEFORMATEX bytes")
                      .arg(wave.header.size());
        return out;
    }
    const bool isFloat = format->formatTag == kFormatFloat;
    const int bytes = format->bitsPerSample / 8;
    if (format->formatTag != kFormatPcm && format->formatTag != kFormatExtensible && !isFloat) {
        out.why = QObject::tr("format tag 0x%1 is not PCM")
                      .arg(format->formatTag, 4, 16, QLatin1Char('0'));
        return out;
    }
    if (format->bitsPerSample % 8 != 0 || bytes < 1 || bytes > 4 || (isFloat && bytes != 4)) {
        out.why = QObject::tr("%1-bit samples are not drawn").arg(format->bitsPerSample);
        return out;
    }
    const int channels = format->channels;
    if (channels < 1 || channels > kMaxChannels) {
        out.why = QObject::tr("%1 channels").arg(channels);
        return out;
    }
    // A frame is blockAlign bytes; a header that says less than its samples need is not trusted.
    const std::size_t frameBytes = std::max<std::size_t>(format->blockAlign, channels * bytes);
    const std::size_t frames = wave.data.size() / frameBytes;
    out.sampleRate = format->samplesPerSec;
    out.channels.assign(std::size_t(channels), std::vector<float>(frames));
    for (std::size_t frame = 0; frame < frames; ++frame) {
        const std::uint8_t* at = wave.data.data() + frame * frameBytes;
        for (int channel = 0; channel < channels; ++channel)
            out.channels[std::size_t(channel)][frame] =
                sampleAt(at + channel * bytes, bytes, isFloat);
    }
    return out;
}

WaveformView::WaveformView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void WaveformView::setWave(const dat::Wave& wave) {
    m_samples = waveSamples(wave);
    m_message = m_samples.why;
    update();
}

void WaveformView::setMessage(const QString& message) {
    m_samples = {};
    m_message = message;
    update();
}

QRect WaveformView::laneRect(int channel) const {
    const int lanes = std::max<int>(1, int(m_samples.channels.size()));
    const int top = 4, bottom = height() - 4;
    const int lane = (bottom - top) / lanes;
    return {0, top + channel * lane, width(), lane};
}

void WaveformView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QColor background = palette().color(QPalette::Base);
    painter.fillRect(rect(), background);
    if (m_samples.frames() == 0) {
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                         m_message.isEmpty() ? tr("No samples") : m_message);
        return;
    }
    const qsizetype frames = m_samples.frames();
    const int columns = std::max(1, width());
    const QColor ink = palette().color(QPalette::Highlight);
    for (std::size_t channel = 0; channel < m_samples.channels.size(); ++channel) {
        const std::vector<float>& samples = m_samples.channels[channel];
        const QRect lane = laneRect(int(channel));
        const double middle = lane.top() + lane.height() / 2.0;
        const double half = lane.height() / 2.0 - 1;
        painter.setPen(palette().color(QPalette::Mid));
        painter.drawLine(QPointF(0, middle), QPointF(width(), middle));
        painter.setPen(ink);
        for (int x = 0; x < columns; ++x) {
            // Every sample belongs to exactly one column (each column at least one sample).
            const qsizetype first = frames * x / columns;
            const qsizetype last = std::max(first + 1, frames * (x + 1) / columns);
            if (first >= frames)
                break;
            const auto [low, high] = std::minmax_element(samples.begin() + first,
                                                         samples.begin() + std::min(last, frames));
            painter.drawLine(QPointF(x + 0.5, middle - *high * half),
                             QPointF(x + 0.5, middle - *low * half));
        }
    }
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(rect().adjusted(6, 4, -6, -4), Qt::AlignRight | Qt::AlignBottom,
                     tr("%1 s").arg(m_samples.seconds(), 0, 'f', 3));
}

} // namespace portalkit::ui
