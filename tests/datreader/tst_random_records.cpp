// Random records (random_records.h): every type's bytes decode and re-encode to themselves, ids
// referred to lie in their types' ranges, and the seed alone decides the bytes.

#include "datreader/authoring/random_records.h"
#include "datreader/container/dat_kind.h"

#include <QObject>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::dat;
using authoring::RandomRecords;

namespace {

constexpr std::size_t kTypeCount = std::variant_size_v<Record>;
constexpr int kPerType = 40; // enough draws to reach the rarer branches (MP3 waves, physics BSPs)

// The alternatives RandomRecords draws at random: those with a generator.
std::vector<std::size_t> randomizedTypes() {
    std::vector<std::size_t> types;
    for (std::size_t type = 0; type < kTypeCount; ++type)
        if (RandomRecords::randomizes(type))
            types.push_back(type);
    return types;
}

// A default record of alternative `typeIndex`.
Record defaultRecord(std::size_t typeIndex) {
    Record record;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((typeIndex == I ? (record.emplace<I>(), 0) : 0), ...);
    }
    (std::make_index_sequence<kTypeCount>());
    return record;
}

// The DID a record of alternative `typeIndex` gets: the n-th id of its type's portal range.
std::uint32_t didOf(std::size_t typeIndex, int n) {
    return portalTypeRange(recordTypeName(defaultRecord(typeIndex))).first + std::uint32_t(n);
}

// Every record of a seed, encoded, in the order they are made.
std::vector<std::vector<std::uint8_t>> encodedRecords(std::uint64_t seed) {
    RandomRecords records(seed);
    std::vector<std::vector<std::uint8_t>> encoded;
    for (int n = 0; n < kPerType; ++n)
        for (std::size_t type : randomizedTypes())
            encoded.push_back(encodeRecord(records.make(type, didOf(type, n))));
    return encoded;
}

} // namespace

class TestRandomRecords : public QObject {
    Q_OBJECT
  private slots:
    void everyTypeReEncodesToItsBytes_data() {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed : {1ull, 7ull, 0xFEEDull})
            QTest::addRow("seed %llu", seed) << seed;
    }

    void everyTypeReEncodesToItsBytes() {
        QFETCH(quint64, seed);
        RandomRecords records(seed);
        for (int n = 0; n < kPerType; ++n)
            for (std::size_t type : randomizedTypes()) {
                const std::uint32_t did = didOf(type, n);
                const Record record = records.make(type, did);
                QCOMPARE(record.index(), type);
                QCOMPARE(typeName(DatKind::Portal, did), recordTypeName(record));
                const std::vector<std::uint8_t> bytes = encodeRecord(record);
                // Values need not compare equal: a packed GfxObj id past the short form's reach
                // reads back as long form. The bytes must.
                const std::optional<Record> decoded = decodeRecord(DatKind::Portal, did, bytes);
                QVERIFY(decoded);
                QVERIFY2(encodeRecord(*decoded) == bytes, formatDid(did).c_str());
            }
    }

    void referencesNameTheirTypes() {
        RandomRecords records(3);
        std::set<std::uint32_t> parts;
        for (int n = 0; n < kPerType; ++n) {
            const Setup setup = records.make<Setup>(0x02000000 + std::uint32_t(n));
            parts.insert(setup.parts.begin(), setup.parts.end());
            for (std::uint32_t part : setup.parts)
                QCOMPARE(typeName(DatKind::Portal, part), std::string_view("GfxObj"));
            const Surface surface = records.make<Surface>(0x08000000 + std::uint32_t(n));
            if (surface.hasTexture())
                QCOMPARE(typeName(DatKind::Portal, surface.origTextureId),
                         std::string_view("SurfaceTexture"));
        }
        QVERIFY(parts.size() > 10); // spread over the range, not one id
    }

    void theSeedDecidesTheBytes() {
        const auto first = encodedRecords(11);
        QCOMPARE(encodedRecords(11), first);
        QVERIFY(encodedRecords(12) != first);
    }

    void typesWithoutAGeneratorComeBackAtTheirDefaults() {
        QVERIFY(!randomizedTypes().empty());
        RandomRecords records(5);
        RandomRecords reference(5);
        for (std::size_t type = 0; type < kTypeCount; ++type) {
            if (RandomRecords::randomizes(type))
                continue;
            Record expected = defaultRecord(type);
            std::visit([](auto& record) { record.id = 0x0D000001; }, expected);
            QVERIFY(records.make(type, 0x0D000001) == expected);
        }
        // They draw nothing: what follows is what a fresh sequence gives.
        const std::size_t first = randomizedTypes().front();
        QCOMPARE(encodeRecord(records.make(first, didOf(first, 0))),
                 encodeRecord(reference.make(first, didOf(first, 0))));
    }

    void typeIndexPastTheRecordsThrows() {
        RandomRecords records(1);
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, records.make(kTypeCount, 0x01000000));
    }
};

QTEST_GUILESS_MAIN(TestRandomRecords)
#include "tst_random_records.moc"
