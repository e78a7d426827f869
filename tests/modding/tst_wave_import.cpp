// Sound file → Wave (modding/wave_import.h): the inverse of the .wav export (Wave::fileBytes)
// byte for byte, RIFF files from other writers (a 16-byte fmt, extra chunks, odd pads), MP3
// frames behind their WAVEFORMATEX, and bad files refused with the file offset and field.

#include "datreader/container/dat_file.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"
#include "modding/wave_import.h"
#include "support/demo_dats.h"

#include <QObject>
#include <QTest>

using namespace portalkit;
using namespace portalkit::modding;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr std::uint32_t kId = 0x0A007000;

void tag(dat::ByteWriter& out, const char* text) {
    out.bytes({reinterpret_cast<const std::uint8_t*>(text), 4});
}

// A PCM fmt chunk's payload: WAVEFORMAT (16 bytes), or WAVEFORMATEX with cbSize 0 (18).
Bytes pcmFormat(std::uint16_t channels, std::uint32_t rate, std::uint16_t bits, bool ex) {
    dat::ByteWriter out;
    out.u16(1);
    out.u16(channels);
    out.u32(rate);
    out.u32(rate * channels * bits / 8);
    out.u16(std::uint16_t(channels * bits / 8));
    out.u16(bits);
    if (ex)
        out.u16(0);
    return out.take();
}

struct Chunk {
    const char* tag;
    Bytes payload;
};

// A RIFF/WAVE file of these chunks, each padded to an even length as RIFF asks.
Bytes riff(const std::vector<Chunk>& chunks) {
    dat::ByteWriter out;
    tag(out, "RIFF");
    out.u32(0);
    tag(out, "WAVE");
    for (const Chunk& chunk : chunks) {
        tag(out, chunk.tag);
        out.u32(std::uint32_t(chunk.payload.size()));
        out.bytes(chunk.payload);
        if (chunk.payload.size() % 2)
            out.u8(0);
    }
    out.patchU32(4, std::uint32_t(out.size() - 8));
    return out.take();
}

Bytes samples(std::size_t count) {
    Bytes bytes(count);
    for (std::size_t i = 0; i < count; ++i)
        bytes[i] = std::uint8_t(i * 7 + 3);
    return bytes;
}

Bytes fileOf(const dat::Wave& wave) {
    const QByteArray bytes = wave.fileBytes();
    return {bytes.begin(), bytes.end()};
}

} // namespace

class WaveImportTest : public QObject {
    Q_OBJECT

  private slots:
    // The demo's Waves, exported as the CLI exports them, import to their stored bytes.
    void exportedWavesImportToTheStoredBytes() {
        const dat::DatFile& dat = testing::demoPortalDat();
        int checked = 0;
        for (const dat::EntryInfo& entry : dat.entries()) {
            if (dat::typeName(dat.kind(), entry.id) != dat::Wave::kTypeName)
                continue;
            const Bytes stored = dat.read(entry);
            const dat::Wave wave = dat::Wave::decode(stored, entry.id);
            const ImportedEntry imported = importWave(fileOf(wave), entry.id, "export.wav");
            QVERIFY2(imported.bytes == stored, dat::formatDid(entry.id).c_str());
            ++checked;
        }
        QVERIFY(checked >= 2);
    }

    void aStereoWaveRoundTrips() {
        dat::Wave wave;
        wave.id = kId;
        wave.header = pcmFormat(2, 22050, 16, true);
        wave.data = samples(4 * 100);
        QCOMPARE(waveFromFile(fileOf(wave), kId).encode(), wave.encode());
    }

    // Other writers: a 16-byte WAVEFORMAT, a LIST chunk of odd length before the data.
    void otherWritersFilesAreRead() {
        const Bytes data = samples(50);
        const dat::Wave wave = waveFromFile(
            riff({{"fmt ", pcmFormat(1, 11025, 8, false)}, {"LIST", samples(7)}, {"data", data}}),
            kId);
        QCOMPARE(wave.header, pcmFormat(1, 11025, 8, true)); // cbSize 0 added
        QCOMPARE(wave.data, data);
        QCOMPARE(wave.format()->samplesPerSec, 11025u);
    }

    void mp3FramesPassThroughBehindTheirFormat() {
        // An ID3v2 tag of 4 bytes, then MPEG-1 layer III, 128 kbit/s, 44100 Hz, joint stereo.
        Bytes file{'I', 'D', '3', 3, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4};
        const Bytes frames{0xFF, 0xFB, 0x90, 0x44, 0, 0, 0, 0, 9, 9};
        file.insert(file.end(), frames.begin(), frames.end());
        const dat::Wave wave = waveFromFile(file, kId);
        QVERIFY(wave.isMp3());
        QCOMPARE(wave.data, frames); // the tag is not audio
        const auto format = *wave.format();
        QCOMPARE(format.channels, std::uint16_t(2));
        QCOMPARE(format.samplesPerSec, 44100u);
        QCOMPARE(format.avgBytesPerSec, 16000u);
        QCOMPARE(wave.header.size(), std::size_t(30));
        // What export writes for it is the frames again.
        QCOMPARE(wave.fileBytes(), QByteArray(reinterpret_cast<const char*>(frames.data()),
                                              qsizetype(frames.size())));
    }

    void badFilesNameTheOffsetAndField_data() {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("field");
        QTest::addColumn<int>("offset");
        const auto bytes = [](const Bytes& b) {
            return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
        };
        const Bytes good = riff({{"fmt ", pcmFormat(1, 22050, 16, true)}, {"data", samples(8)}});
        Bytes longer = good;
        longer[4] += 10; // the RIFF size says more than the file holds
        QTest::newRow("RIFF size past the end") << bytes(longer) << "riff.size" << 4;
        Bytes avi = good;
        avi[8] = 'A';
        QTest::newRow("not WAVE") << bytes(avi) << "riff.form" << 8;
        Bytes huge = riff({{"fmt ", pcmFormat(1, 22050, 16, true)}, {"data", samples(8)}});
        // The data chunk's size (at 12 + 8 + 18 + 4) claims nearly 4 GiB.
        huge[42] = 0xF0, huge[43] = 0xFF, huge[44] = 0xFF, huge[45] = 0xFF;
        QTest::newRow("a chunk past the end") << bytes(huge) << "data" << 46;
        QTest::newRow("short fmt")
            << bytes(riff({{"fmt ", samples(8)}, {"data", samples(8)}})) << "fmt.size" << 16;
        QTest::newRow("no data") << bytes(riff({{"fmt ", pcmFormat(1, 22050, 16, true)}})) << "data"
                                 << 12;
        Bytes adpcm = pcmFormat(1, 22050, 16, true);
        adpcm[0] = 2;
        QTest::newRow("ADPCM") << bytes(riff({{"fmt ", adpcm}, {"data", samples(8)}}))
                               << "fmt.formatTag" << 20;
        Bytes align = pcmFormat(2, 22050, 16, true);
        align[12] = 3;
        QTest::newRow("block align")
            << bytes(riff({{"fmt ", align}, {"data", samples(8)}})) << "fmt.blockAlign" << 32;
        QTest::newRow("half a sample")
            << bytes(riff({{"fmt ", pcmFormat(1, 22050, 16, true)}, {"data", samples(7)}}))
            << "data" << 32;
        QTest::newRow("neither RIFF nor MP3") << QByteArray("OggS....") << "riff.tag" << 0;
        QTest::newRow("MP3 layer II") << QByteArray("\xFF\xFD\x90\x44", 4) << "mp3.layer" << 1;
        QTest::newRow("ID3 past the end")
            << QByteArray("ID3\x03\x00\x00\x7F\x7F\x7F\x7F", 10) << "id3.size" << 6;
    }
    void badFilesNameTheOffsetAndField() {
        QFETCH(QByteArray, file);
        QFETCH(QString, field);
        QFETCH(int, offset);
        const Bytes bytes(file.begin(), file.end());
        try {
            importWave(bytes, kId, "bad.wav");
            QFAIL("no error");
        } catch (const dat::DatError& error) {
            QCOMPARE(QString::fromStdString(error.field()), field);
            QCOMPARE(error.offsetKind(), dat::OffsetKind::File);
            QCOMPARE(error.offset(), std::uint64_t(offset));
            QVERIFY2(QString::fromUtf8(error.what()).contains("bad.wav"), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(WaveImportTest)
#include "tst_wave_import.moc"
