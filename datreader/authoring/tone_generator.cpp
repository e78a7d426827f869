#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"
#include "datreader/io/byte_writer.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace portalkit::authoring {
namespace {

enum class Waveform { Sine, Square, Saw, Triangle, Noise };
constexpr Named<Waveform> kWaveforms[] = {{"sine", Waveform::Sine},
                                          {"square", Waveform::Square},
                                          {"saw", Waveform::Saw},
                                          {"triangle", Waveform::Triangle},
                                          {"noise", Waveform::Noise}};

constexpr double kMaxSeconds = 10;
constexpr int kMinSampleRate = 8000;
constexpr int kMaxSampleRate = 48000;
constexpr double kMinFrequency = 20;
constexpr std::uint16_t kFormatPcm = 1;
constexpr std::uint16_t kBitsPerSample = 16;

// WAVEFORMATEX for 16-bit mono PCM: the 16 fixed bytes and cbSize 0, as retail stores it.
std::vector<std::uint8_t> pcmHeader(std::uint32_t sampleRate) {
    constexpr std::uint16_t blockAlign = kBitsPerSample / 8;
    dat::ByteWriter out;
    out.u16(kFormatPcm);
    out.u16(1); // channels
    out.u32(sampleRate);
    out.u32(sampleRate * blockAlign);
    out.u16(blockAlign);
    out.u16(kBitsPerSample);
    out.u16(0); // cbSize: no extra bytes
    return out.take();
}

// One cycle of the waveform at phase 0..1, in -1..1.
double waveAt(Waveform waveform, double phase) {
    switch (waveform) {
    case Waveform::Sine:
        return std::sin(2 * std::numbers::pi * phase);
    case Waveform::Square:
        return phase < 0.5 ? 1 : -1;
    case Waveform::Saw:
        return 2 * phase - 1;
    case Waveform::Triangle:
        return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
    case Waveform::Noise: // drawn by the caller
        break;
    }
    return 0;
}

} // namespace

dat::Wave generateTone(const JsonNode& spec, std::uint32_t did) {
    const int sampleRate = integerIn(spec["sampleRate"], kMinSampleRate, kMaxSampleRate, 22050);
    const double nyquist = sampleRate / 2.0;
    const double startFrequency = realIn(spec["frequency"], kMinFrequency, nyquist, 440);
    const double endFrequency = realIn(spec["sweepTo"], kMinFrequency, nyquist, startFrequency);
    const double seconds = realIn(spec["seconds"], 0.001, kMaxSeconds, 0.5);
    const Waveform waveform = choice<Waveform>(spec["waveform"], kWaveforms, "sine");
    const double volume = realIn(spec["volume"], 0, 1, 0.7);
    const double attack = realIn(spec["attack"], 0, kMaxSeconds, 0.01);
    const double release = realIn(spec["release"], 0, kMaxSeconds, 0.1);
    if (attack + release > seconds)
        spec["release"].fail("attack " + text(attack) + " s + release " + text(release) +
                             " s is longer than the " + text(seconds) + " s tone");
    SplitMix64 noise(spec["seed"].u32(1));

    const auto sampleCount = std::size_t(std::lround(seconds * sampleRate));
    const double duration = double(sampleCount) / sampleRate;
    dat::ByteWriter samples;
    double phase = 0;
    double noiseValue = 0;
    long noiseStep = -1;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        const double time = double(i) / sampleRate;
        const double progress = sampleCount > 1 ? double(i) / double(sampleCount - 1) : 0;
        double value;
        if (waveform == Waveform::Noise) {
            // A new random level every half cycle: noise whose pitch follows the frequency.
            if (const auto step = long(2 * phase); step != noiseStep) {
                noiseStep = step;
                noiseValue = 2 * noise.unit() - 1;
            }
            value = noiseValue;
        } else {
            value = waveAt(waveform, phase - std::floor(phase));
        }
        const double fadeIn = attack > 0 ? std::min(1.0, time / attack) : 1;
        const double fadeOut = release > 0 ? std::min(1.0, (duration - time) / release) : 1;
        samples.u16(
            std::uint16_t(std::int16_t(std::lround(value * volume * fadeIn * fadeOut * 32767))));
        phase += (startFrequency + (endFrequency - startFrequency) * progress) / sampleRate;
    }

    dat::Wave wave;
    wave.id = did;
    wave.header = pcmHeader(std::uint32_t(sampleRate));
    wave.data = samples.take();
    return wave;
}

} // namespace portalkit::authoring
