// SoundTable and Wave (docs/formats.md) with its conversion to a playable file, on byte
// arrays written by hand from the spec tables.

#include "datreader/io/dat_error.h"
#include "datreader/records/sound_table.h"
#include "datreader/records/wave.h"
#include "support/json_round_trip.h"
#include "support/le_bytes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTest>
#include <QtEndian>
#include <limits>
#include <optional>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kTable = 0x20000001;
constexpr std::size_t kTableSize = 88;

// One hash record, then two sounds: one with two waves, one with none and a non-zero unknown.
Bytes soundTable() {
    Bytes b;
    b.u32(kTable).u32(0);                             // id, hashKey
    b.u32(1).u32(0).f32(0.0f).f32(1.0f).f32(1.0f);    // numHashes @8, hash record
    b.u32(2);                                         // numSounds @28
    b.u32(0x06).u32(2);                               // soundType, numEntries @36
    b.u32(0x0A000010).f32(0.5f).f32(1.0f).f32(0.75f); // entry @40
    b.u32(0x0A000011).f32(0.25f).f32(0.5f).f32(1.0f); // entry @56
    b.i32(0);                                         // unknown @72
    b.u32(0x77).u32(0).i32(7);                        // sound @76, unknown @84, end @88
    return b;
}

constexpr std::uint32_t kWave = 0x0A000001;
constexpr std::size_t kWaveDataAt = 12 + 18;

// WAVEFORMATEX: format tag, channels, rate, bytes/s, block align, bits, then cbSize.
Bytes pcmHeader(std::uint16_t channels, std::uint16_t bits) {
    Bytes b;
    const std::uint16_t blockAlign = std::uint16_t(channels * bits / 8);
    b.u16(1).u16(channels).u32(22050).u32(22050u * blockAlign).u16(blockAlign).u16(bits);
    return b.u16(0);
}

// 16-bit mono PCM, three samples.
Bytes pcmWave() {
    Bytes b;
    b.u32(kWave).i32(18).i32(6); // id, headerSize, dataSize
    b.raw(pcmHeader(1, 16).data);
    b.raw({0x00, 0x00, 0xFF, 0x7F, 0x01, 0x80});
    return b;
}

Wave wave(std::vector<std::uint8_t> header, std::vector<std::uint8_t> data) {
    Wave w;
    w.id = kWave;
    w.header = std::move(header);
    w.data = std::move(data);
    return w;
}

// Non-zero raw fields everywhere the format keeps them.
SoundTable rawFieldsTable() {
    SoundTable table;
    table.id = 0x200000A8;
    table.hashKey = 0xDEADBEEF; // unknown, kept raw
    table.hashes = {{1, 0.1f, 0.2f, 0.3f}, {2, 1, 1, 1}};
    table.sounds = {{5, {{0x0A000001, 1, 0.5f, 0.25f}}, -3}, {9, {}, 0}};
    return table;
}

// An ADPCM-style header: cbSize 12 and 12 extra bytes, 30 in all.
Bytes adpcmHeader() {
    Bytes header;
    header.u16(2).u16(1).u32(22050).u32(11100).u16(512).u16(4).u16(12);
    header.raw({0xF4, 0x03, 0x07, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0xFF});
    return header;
}

} // namespace

class TestSound : public QObject {
    Q_OBJECT
  private slots:
    void decodesSoundTable() {
        const Bytes bytes = soundTable();
        QCOMPARE(bytes.data.size(), kTableSize);
        const SoundTable table = SoundTable::decode(bytes.data, kTable);
        QCOMPARE(table.id, kTable);
        QCOMPARE(table.hashKey, 0u);
        QCOMPARE(table.hashes, (std::vector<SoundTable::HashEntry>{{0, 0.0f, 1.0f, 1.0f}}));
        QCOMPARE(table.sounds.size(), std::size_t(2));
        QCOMPARE(table.sounds[0].soundType, 0x06u);
        QCOMPARE(table.sounds[0].entries,
                 (std::vector<SoundTable::Entry>{{0x0A000010, 0.5f, 1.0f, 0.75f},
                                                 {0x0A000011, 0.25f, 0.5f, 1.0f}}));
        QCOMPARE(table.sounds[0].unknown, 0);
        QCOMPARE(table.sounds[1].soundType, 0x77u);
        QVERIFY(table.sounds[1].entries.empty());
        QCOMPARE(table.sounds[1].unknown, 7);
        QCOMPARE(table.encode(), bytes.data);

        const QJsonObject json = table.toJson();
        QCOMPARE(json["id"].toString(), QString("0x20000001"));
        const QJsonObject sound = json["sounds"].toArray()[0].toObject();
        QCOMPARE(sound["soundType"].toInt(), 6);
        QCOMPARE(sound["entries"].toArray()[1].toObject()["waveId"].toString(),
                 QString("0x0A000011"));
    }

    void soundTableRoundTrips() {
        const SoundTable table = rawFieldsTable();
        const std::vector<std::uint8_t> bytes = table.encode();
        const SoundTable back = SoundTable::decode(bytes, table.id);
        QCOMPARE(back, table);
        QCOMPARE(back.encode(), bytes);
        const SoundTable empty{0x20000002, 0, {}, {}};
        QCOMPARE(SoundTable::decode(empty.encode(), empty.id), empty);
    }

    void soundTableErrors_data() {
        QTest::addColumn<int>("keep");
        QTest::addColumn<int>("absurdAt");
        QTest::addColumn<QString>("field");
        QTest::addColumn<std::uint64_t>("offset");
        QTest::addColumn<QString>("context");
        QTest::newRow("truncated unknown") << int(kTableSize - 2) << -1 << "soundData.unknown"
                                           << std::uint64_t(84) << "reading sound 1";
        QTest::newRow("entries cut short")
            << 70 << -1 << "soundData.numEntries" << std::uint64_t(36) << "reading sound 0";
        QTest::newRow("absurd hashes")
            << int(kTableSize) << 8 << "soundTable.numHashes" << std::uint64_t(8) << "";
        QTest::newRow("absurd sounds")
            << int(kTableSize) << 28 << "soundTable.numSounds" << std::uint64_t(28) << "";
    }
    void soundTableErrors() {
        QFETCH(int, keep);
        QFETCH(int, absurdAt);
        QFETCH(QString, field);
        QFETCH(std::uint64_t, offset);
        QFETCH(QString, context);
        Bytes bytes = soundTable();
        bytes.data.resize(std::size_t(keep));
        if (absurdAt >= 0) {
            const std::uint32_t absurd = 0xFFFF0000;
            std::memcpy(bytes.data.data() + absurdAt, &absurd, 4);
        }
        const auto error = errorFrom([&] { SoundTable::decode(bytes.data, kTable); });
        checkEntryError(error, field, offset, kTable, context);
    }

    void soundTableLeftoverBytesAreKept() {
        Bytes bytes = soundTable();
        bytes.u8(0x5E);
        const SoundTable table = SoundTable::decode(bytes.data, kTable);
        QCOMPARE(table.trailing, std::vector<std::uint8_t>{0x5E});
        QCOMPARE(table.encode(), bytes.data);
    }

    void soundTableJsonRoundTrips() {
        if (!jsonRoundTrips(SoundTable::decode(soundTable().data, kTable), kTable, "soundTable"))
            return;
        SoundTable table = rawFieldsTable();
        if (!jsonRoundTrips(table, table.id, "soundTable"))
            return;
        if (!jsonRoundTrips(SoundTable{0x20000002, 0, {}, {}}, 0x20000002, "soundTable"))
            return;
        const float inf = std::numeric_limits<float>::infinity();
        table.hashes[0].volume = inf;
        table.sounds[0].entries[0].priority = -inf;
        if (!jsonRoundTrips(table, table.id, "soundTable"))
            return;
        // NaN never equals itself, so the bytes are what must match.
        table.sounds[0].entries[0].probability = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(viaJsonText(table, table.id, "soundTable").encode(), table.encode());
    }

    void handWrittenSoundTableLeavesOutDefaults() {
        const auto table = fromSource<SoundTable>(R"({
            "hashes": [{"key": 0, "probability": 1, "volume": 1}],
            "sounds": [{"soundType": 6, "entries": [
                           {"waveId": "0x0A000010", "priority": 0.5, "probability": 1,
                            "volume": 0.75},
                           {"waveId": "0x0A000011", "priority": 0.25, "probability": 0.5,
                            "volume": 1}]},
                       {"soundType": "0x77", "unknown": 7}]})",
                                                  "soundTable", kTable);
        QCOMPARE(table, SoundTable::decode(soundTable().data, kTable));
    }

    void waveJsonCarriesItsBytes() {
        const Wave pcm = Wave::decode(pcmWave().data, kWave);
        QCOMPARE(pcm.toJson()["header"].toString(), QString("AQABACJWAABErAAAAgAQAAAA"));
        QCOMPARE(pcm.toJson()["data"].toString(), QString("AAD/fwGA"));
        for (const Wave& w : {pcm, wave({}, {}), wave(adpcmHeader().data, {9, 8, 7}),
                              wave({1, 2, 3}, std::vector<std::uint8_t>(1001, 0x5A))})
            if (!jsonRoundTrips(w, kWave, "wave"))
                return;
    }

    void handWrittenWaveNeedsOnlyItsBytes() {
        const Wave w = fromSource<Wave>(
            R"({"header": "AQABACJWAABErAAAAgAQAAAA", "data": "AAD/fwGA",
                "samplesPerSec": 22050, "fileExtension": "wav"})",
            "wave", kWave);
        QCOMPARE(w.encode(), pcmWave().data);
    }

    void malformedSourcesNameTheFieldAndDid_data() {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("sound without type") << "soundTable"
                                            << R"({"sounds": [{"soundType": 1}, {"entries": []}]})"
                                            << "soundTable.sounds[1].soundType"
                                            << "missing";
        QTest::newRow("entry without wave")
            << "soundTable"
            << R"({"sounds": [{"soundType": 1, "entries": [{"volume": 1}]}]})"
            << "soundTable.sounds[0].entries[0].waveId"
            << "missing";
        QTest::newRow("text for odds") << "soundTable"
                                       << R"({"hashes": [{"key": 1, "probability": "likely"}]})"
                                       << "soundTable.hashes[0].probability"
                                       << "expected a number";
        QTest::newRow("negative hash key") << "soundTable"
                                           << R"({"hashKey": -1})"
                                           << "soundTable.hashKey"
                                           << "not an unsigned 32-bit integer";
        QTest::newRow("another record's id") << "soundTable"
                                             << R"({"id": 1, "sounds": []})"
                                             << "soundTable.id"
                                             << "record says 0x00000001";
        QTest::newRow("wave without data") << "wave"
                                           << R"({"header": ""})"
                                           << "wave.data"
                                           << "missing";
        QTest::newRow("wave data not base64") << "wave"
                                              << R"({"header": "", "data": "not base64!"})"
                                              << "wave.data"
                                              << "not valid base64";
        QTest::newRow("edited size")
            << "wave"
            << R"({"header": "AQABACJWAABErAAAAgAQAAAA", "data": "AAD/fwGA",
                             "dataSize": 7})"
            << "wave.dataSize"
            << "disagrees with the header and data bytes, which give 6";
        QTest::newRow("edited format") << "wave"
                                       << R"({"header": "AQABACJWAABErAAAAgAQAAAA", "data": "",
                             "fileExtension": "mp3"})"
                                       << "wave.fileExtension"
                                       << "which give wav";
        QTest::newRow("format of a short header")
            << "wave"
            << R"({"header": "AQA=", "data": "", "channels": 1})"
            << "wave.channels"
            << "the 2-byte header does not hold it";
    }
    void malformedSourcesNameTheFieldAndDid() {
        QFETCH(QString, root);
        QFETCH(QString, source);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const QByteArray text = source.toUtf8();
        const std::uint32_t did = root == "wave" ? kWave : kTable;
        const DatError error = expectDatError([&] {
            if (root == "wave")
                fromSource<Wave>(text, "wave", did);
            else
                fromSource<SoundTable>(text, "soundTable", did);
        });
        checkSourceError(error, field, did, message);
    }

    void decodesPcmWave() {
        const Bytes bytes = pcmWave();
        const Wave w = Wave::decode(bytes.data, kWave);
        QCOMPARE(w.id, kWave);
        QCOMPARE(w.header, pcmHeader(1, 16).data);
        QCOMPARE(w.data, (std::vector<std::uint8_t>{0x00, 0x00, 0xFF, 0x7F, 0x01, 0x80}));
        QVERIFY(!w.isMp3());
        const auto format = w.format();
        QVERIFY(format);
        QCOMPARE(*format, (Wave::Format{1, 1, 22050, 44100, 2, 16}));
        QCOMPARE(w.encode(), bytes.data);
        QCOMPARE(w.toJson()["samplesPerSec"].toInt(), 22050);
        QCOMPARE(w.toJson()["cbSize"].toInt(), 0);
    }

    void pcmBecomesRiffWave() {
        const Wave w = Wave::decode(pcmWave().data, kWave);
        QCOMPARE(w.fileExtension(), QString("wav"));
        Bytes expected;
        expected.tag("RIFF").u32(4 + (8 + 18) + (8 + 6)).tag("WAVE");
        expected.tag("fmt ").u32(18).raw(pcmHeader(1, 16).data);
        expected.tag("data").u32(6).raw(w.data);
        const QByteArray file = w.fileBytes();
        QCOMPARE(file, expected.bytes());
        QCOMPARE(file.size(), 52);
    }

    void oddDataChunkIsPadded() {
        const Wave w = wave(pcmHeader(1, 8).data, {1, 2, 3, 4, 5});
        const QByteArray file = w.fileBytes();
        Bytes expected;
        expected.tag("RIFF").u32(4 + (8 + 18) + (8 + 5 + 1)).tag("WAVE");
        expected.tag("fmt ").u32(18).raw(pcmHeader(1, 8).data);
        expected.tag("data").u32(5).raw({1, 2, 3, 4, 5}).u8(0); // size excludes the pad
        QCOMPARE(file, expected.bytes());
    }

    void longHeaderIsWrittenWhole() {
        const Bytes header = adpcmHeader();
        const Wave w = wave(header.data, {9, 8, 7, 6});
        const QByteArray file = w.fileBytes();
        QCOMPARE(file.mid(12, 4), QByteArray("fmt "));
        QCOMPARE(qFromLittleEndian<quint32>(file.constData() + 16), 30u);
        QCOMPARE(file.mid(20, 30), header.bytes());
        QCOMPARE(file.mid(50, 4), QByteArray("data"));
        QCOMPARE(qFromLittleEndian<quint32>(file.constData() + 54), 4u);
        QCOMPARE(qFromLittleEndian<quint32>(file.constData() + 4), quint32(file.size() - 8));
        QCOMPARE(w.toJson()["cbSize"].toInt(), 12);
    }

    void mp3PassesThrough() {
        Bytes header; // MPEGLAYER3WAVEFORMAT: WAVEFORMATEX (cbSize 12) + 12 bytes
        header.u16(Wave::kFormatMpegLayer3).u16(2).u32(44100).u32(16000).u16(1).u16(0).u16(12);
        header.u16(1).u32(2).u16(417).u16(1).u16(1393);
        const std::vector<std::uint8_t> frames{0xFF, 0xFB, 0x90, 0x64, 0x00, 0x0F, 0xF0};
        Bytes record;
        record.u32(0x0A000393).i32(30).i32(7).raw(header.data).raw(frames);
        const Wave w = Wave::decode(record.data, 0x0A000393);
        QVERIFY(w.isMp3());
        QCOMPARE(w.fileExtension(), QString("mp3"));
        QCOMPARE(w.fileBytes(), QByteArray(reinterpret_cast<const char*>(frames.data()), 7));
        QCOMPARE(w.toJson()["fileExtension"].toString(), QString("mp3"));
        QCOMPARE(w.encode(), record.data);
    }

    void shortHeaderCannotBecomeWav() {
        Bytes header;
        header.u16(1).u16(1).u32(22050).u32(22050).u16(1); // 14 bytes: no bitsPerSample
        const Wave w = wave(header.data, {1, 2});
        QVERIFY(!w.format());
        const auto error = errorFrom([&] { w.fileBytes(); });
        QVERIFY(error);
        QCOMPARE(error->field(), std::string("wave.headerSize"));
        QCOMPARE(error->offset(), std::uint64_t(4));
        QCOMPARE(*error->did(), kWave);
        QVERIFY(errorFrom([&] { wave({}, {}).fileBytes(); }));
    }

    void waveRoundTrips() {
        for (const Wave& w :
             {wave({}, {}), wave(pcmHeader(2, 16).data, std::vector<std::uint8_t>(1001, 0x5A))}) {
            const std::vector<std::uint8_t> bytes = w.encode();
            QCOMPARE(Wave::decode(bytes, kWave), w);
            QCOMPARE(Wave::decode(bytes, kWave).encode(), bytes);
        }
    }

    void waveErrors_data() {
        QTest::addColumn<int>("headerSize");
        QTest::addColumn<int>("dataSize");
        QTest::addColumn<int>("keep");
        QTest::addColumn<QString>("field");
        QTest::addColumn<std::uint64_t>("offset");
        const int full = int(kWaveDataAt + 6);
        QTest::newRow("negative header")
            << -1 << 6 << full << "wave.headerSize" << std::uint64_t(4);
        QTest::newRow("negative data") << 18 << -6 << full << "wave.dataSize" << std::uint64_t(8);
        QTest::newRow("absurd data")
            << 18 << 0x7FFFFFFF << full << "wave.data" << std::uint64_t(kWaveDataAt);
        QTest::newRow("truncated header") << 18 << 6 << 20 << "wave.header" << std::uint64_t(12);
        QTest::newRow("truncated data")
            << 18 << 6 << full - 1 << "wave.data" << std::uint64_t(kWaveDataAt);
    }
    // A data size one short of what follows leaves a byte after the data: kept as trailing.
    void waveKeepsLeftoverBytes() {
        Bytes bytes = pcmWave();
        const int dataSize = 5;
        std::memcpy(bytes.data.data() + 8, &dataSize, 4);
        const Wave wave = Wave::decode(bytes.data, kWave);
        QCOMPARE(wave.trailing.size(), std::size_t(1));
        QCOMPARE(wave.encode(), bytes.data);
    }

    void waveErrors() {
        QFETCH(int, headerSize);
        QFETCH(int, dataSize);
        QFETCH(int, keep);
        QFETCH(QString, field);
        QFETCH(std::uint64_t, offset);
        Bytes bytes = pcmWave();
        std::memcpy(bytes.data.data() + 4, &headerSize, 4);
        std::memcpy(bytes.data.data() + 8, &dataSize, 4);
        bytes.data.resize(std::size_t(keep));
        const auto error = errorFrom([&] { Wave::decode(bytes.data, kWave); });
        checkEntryError(error, field, offset, kWave);
    }
};

QTEST_APPLESS_MAIN(TestSound)
#include "tst_sound.moc"
