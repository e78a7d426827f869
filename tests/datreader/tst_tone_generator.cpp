// The tone generator: playable 16-bit mono PCM whose pitch, loudness, sweep and envelope follow
// the spec, seeded noise, and errors that name the spec path and DID.

#include "generator_test_support.h"

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

// --- sound ---

std::vector<std::int16_t> samplesOf(const Wave& wave) {
    std::vector<std::int16_t> samples;
    for (std::size_t i = 0; i + 1 < wave.data.size(); i += 2)
        samples.push_back(std::int16_t(wave.data[i] | wave.data[i + 1] << 8));
    return samples;
}

int signChanges(const std::vector<std::int16_t>& samples, std::size_t from, std::size_t to) {
    int changes = 0;
    int previous = 0;
    for (std::size_t i = from; i < to; ++i) {
        const int sign = samples[i] > 0 ? 1 : samples[i] < 0 ? -1 : 0;
        if (sign != 0 && previous != 0 && sign != previous)
            ++changes;
        if (sign != 0)
            previous = sign;
    }
    return changes;
}

std::uint32_t le32(const QByteArray& bytes, int at) {
    return std::uint8_t(bytes[at]) | std::uint8_t(bytes[at + 1]) << 8 |
           std::uint8_t(bytes[at + 2]) << 16 | std::uint32_t(std::uint8_t(bytes[at + 3])) << 24;
}

} // namespace

class TestToneGenerator : public QObject {
    Q_OBJECT
  private slots:
    void toneIsPlayable16BitMonoPcm() {
        const Wave wave = tone(R"({"seconds": 0.25, "sampleRate": 11025})");
        QCOMPARE(wave.id, kWaveDid);
        QCOMPARE(wave.data.size(), std::size_t(2 * 2756)); // round(0.25 × 11025) samples
        QCOMPARE(wave.header.size(), std::size_t(18));
        QCOMPARE(wave.header[16] | wave.header[17] << 8, 0); // cbSize
        const auto format = wave.format();
        QVERIFY(format.has_value());
        QCOMPARE(format->formatTag, std::uint16_t(1));
        QCOMPARE(format->channels, std::uint16_t(1));
        QCOMPARE(format->samplesPerSec, 11025u);
        QCOMPARE(format->avgBytesPerSec, 22050u);
        QCOMPARE(format->blockAlign, std::uint16_t(2));
        QCOMPARE(format->bitsPerSample, std::uint16_t(16));
        QVERIFY(Wave::decode(wave.encode(), kWaveDid) == wave);

        const QByteArray file = wave.fileBytes();
        QCOMPARE(file.left(4), QByteArray("RIFF"));
        QCOMPARE(le32(file, 4), std::uint32_t(file.size() - 8));
        QCOMPARE(file.mid(8, 8), QByteArray("WAVEfmt "));
        QCOMPARE(le32(file, 16), 18u);
        QCOMPARE(file.mid(38, 4), QByteArray("data"));
        QCOMPARE(le32(file, 42), std::uint32_t(wave.data.size()));
        QCOMPARE(file.size(), 46 + qsizetype(wave.data.size()));
    }

    void tonePitchAndLoudnessFollowTheSpec_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("crossings"); // two per cycle
        QTest::newRow("sine 440") << QString(R"({"frequency": 440, "seconds": 1, "volume": 0.5,
                                         "attack": 0, "release": 0})")
                                  << 880;
        QTest::newRow("square 300")
            << QString(R"({"waveform": "square", "frequency": 300, "seconds": 1,
                                           "volume": 0.5, "attack": 0, "release": 0})")
            << 600;
        QTest::newRow("saw 100") << QString(R"({"waveform": "saw", "frequency": 100, "seconds": 1,
                                        "volume": 0.5, "attack": 0, "release": 0})")
                                 << 200;
        QTest::newRow("triangle 250 at 44100")
            << QString(
                   R"({"waveform": "triangle", "frequency": 250, "seconds": 1, "sampleRate": 44100,
                   "volume": 0.5, "attack": 0, "release": 0})")
            << 500;
        // A linear glide from 200 to 800 Hz averages 500 Hz.
        QTest::newRow("sweep") << QString(R"({"frequency": 200, "sweepTo": 800, "seconds": 1,
                                      "volume": 0.5, "attack": 0, "release": 0})")
                               << 1000;
    }
    void tonePitchAndLoudnessFollowTheSpec() {
        QFETCH(QString, json);
        QFETCH(int, crossings);
        const QByteArray text = json.toUtf8();
        const Wave wave = tone(text.constData());
        const auto samples = samplesOf(wave);
        QCOMPARE(samples.size(), std::size_t(wave.format()->samplesPerSec));
        const int counted = signChanges(samples, 0, samples.size());
        QVERIFY2(std::abs(counted - crossings) <= 3,
                 qPrintable(QString("%1 sign changes").arg(counted)));
        int peak = 0;
        for (std::int16_t s : samples)
            peak = std::max(peak, std::abs(int(s)));
        QVERIFY2(std::abs(peak - 0.5 * 32767) <= 0.01 * 32767,
                 qPrintable(QString("peak %1").arg(peak)));
    }

    void sweepRisesAndEnvelopeFades() {
        const auto samples = samplesOf(tone(R"({"frequency": 200, "sweepTo": 800, "seconds": 1,
                                                "attack": 0.1, "release": 0.2})"));
        const std::size_t half = samples.size() / 2;
        QVERIFY(signChanges(samples, 0, half) < signChanges(samples, half, samples.size()));
        QCOMPARE(samples.front(), std::int16_t(0));
        QVERIFY(std::abs(samples.back()) < 200);
        const auto peakIn = [&](std::size_t from, std::size_t to) {
            int peak = 0;
            for (std::size_t i = from; i < to; ++i)
                peak = std::max(peak, std::abs(int(samples[i])));
            return peak;
        };
        // 0.7 × 32767 while sustained, less while fading in.
        QVERIFY(std::abs(peakIn(half - 500, half + 500) - 0.7 * 32767) < 0.01 * 32767);
        QVERIFY(peakIn(0, 1000) < 0.5 * 32767);
    }

    void noiseIsSeededAndBounded() {
        const Wave a = tone(R"({"waveform": "noise", "seed": 5, "volume": 0.3})");
        QCOMPARE(a.encode(), tone(R"({"waveform": "noise", "seed": 5, "volume": 0.3})").encode());
        QVERIFY(a.data != tone(R"({"waveform": "noise", "seed": 6, "volume": 0.3})").data);
        for (std::int16_t s : samplesOf(a))
            QVERIFY(std::abs(int(s)) <= 0.3 * 32767 + 1);
    }

    void badToneSpecsNameTheirPath_data() {
        addBadSpecColumns();
        QTest::newRow("too long") << QString(R"({"seconds": 11})") << QString("tone.seconds");
        QTest::newRow("above Nyquist")
            << QString(R"({"frequency": 12000})") << QString("tone.frequency");
        QTest::newRow("sweep below hearing")
            << QString(R"({"sweepTo": 5})") << QString("tone.sweepTo");
        QTest::newRow("unknown waveform")
            << QString(R"({"waveform": "pulse"})") << QString("tone.waveform");
        QTest::newRow("too loud") << QString(R"({"volume": 1.5})") << QString("tone.volume");
        QTest::newRow("odd rate") << QString(R"({"sampleRate": 200000})")
                                  << QString("tone.sampleRate");
        QTest::newRow("fades overlap")
            << QString(R"({"seconds": 0.1, "attack": 0.05, "release": 0.06})")
            << QString("tone.release");
    }
    void badToneSpecsNameTheirPath() {
        badSpecFailsAt([](const char* text) { tone(text); }, kWaveDid);
    }
};

QTEST_GUILESS_MAIN(TestToneGenerator)
#include "tst_tone_generator.moc"
