#include "audit/hashing.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QObject>
#include <QString>
#include <QTest>
#include <atomic>
#include <initializer_list>
#include <utility>

using namespace portalkit;
using audit::EntryHash;
using testing::entry;
using testing::poke32;

namespace {

constexpr std::uint32_t kBlockSize = 256; // 252 payload bytes a block
// The entries of mixedDatBytes(), named by what their payload spans.
constexpr std::uint32_t kOneByte = 0x01000001, kFullBlock = 0x01000002, kTwoBlocks = 0x01000003,
                        kManyBlocks = 0x01000004, kEmpty = 0x01000005, kCompressed = 0x01000006,
                        kLast = 0x0A000001;

QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

QByteArray mixedDatBytes() {
    dat::DatWriter writer(dat::DatKind::Portal, kBlockSize);
    writer.put(entry(kOneByte, 1));
    writer.put(entry(kFullBlock, 252));
    writer.put(entry(kTwoBlocks, 253));
    writer.put(entry(kManyBlocks, 300'000));
    writer.put(entry(kEmpty, 0));
    dat::WriterEntry compressed = entry(kCompressed, 10'000);
    // Half noise: the writer only compresses what shrinks, and the stream spans many blocks.
    compressed.data += QByteArray(10'000, 'z');
    compressed.compress = true;
    writer.put(std::move(compressed));
    writer.put(entry(kLast, 5'000));
    return writer.build();
}

// What the reader gives for the entry: its bytes' length and SHA-256 (Qt's, an oracle
// independent of EVP), or its error text.
EntryHash expectedHash(const dat::DatFile& dat, std::uint32_t id) {
    EntryHash expected;
    expected.id = id;
    try {
        const QByteArray bytes = bytesOf(dat.read(id));
        expected.length = std::uint64_t(bytes.size());
        expected.sha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
    } catch (const dat::DatError& error) {
        expected.error = QString::fromUtf8(error.what());
    }
    return expected;
}

void compareToReader(const dat::DatFile& dat, const std::vector<EntryHash>& hashes) {
    for (const EntryHash& hash : hashes) {
        const EntryHash expected = expectedHash(dat, hash.id);
        QCOMPARE(hash.error, expected.error);
        QCOMPARE(hash.length, expected.length);
        QCOMPARE(hash.sha256, expected.sha256);
    }
}

std::vector<std::uint32_t> idsOf(const std::vector<EntryHash>& hashes) {
    std::vector<std::uint32_t> ids;
    for (const EntryHash& hash : hashes)
        ids.push_back(hash.id);
    return ids;
}

// The file offset of the `index`th block of an entry the writer laid out contiguously.
std::uint32_t blockOf(const QByteArray& bytes, std::uint32_t id, std::uint32_t index) {
    return dat::DatFile::fromBytes(bytes).find(id)->offset + index * kBlockSize;
}

// A "jobs" column, one row a thread count to hash with.
void addJobRows(std::initializer_list<std::pair<const char*, int>> rows) {
    QTest::addColumn<int>("jobs");
    for (const auto& [name, jobs] : rows)
        QTest::newRow(name) << jobs;
}

} // namespace

class TestHashing : public QObject {
    Q_OBJECT
  private slots:
    void matchesTheReaderForEveryDemoEntry_data() {
        addJobRows({{"1 job", 1}, {"2 jobs", 2}, {"4 jobs", 4}});
    }
    void matchesTheReaderForEveryDemoEntry() {
        QFETCH(int, jobs);
        const dat::DatFile dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
        const std::vector<EntryHash> hashes = audit::hashEntries(dat, {}, jobs);
        std::vector<std::uint32_t> expectedIds;
        for (const dat::EntryInfo& info : dat.entries())
            if (info.id != dat::kIterationDid)
                expectedIds.push_back(info.id);
        QVERIFY(expectedIds.size() > 100);
        QCOMPARE(idsOf(hashes), expectedIds);
        compareToReader(dat, hashes);
    }

    void hashesEntriesOfOneAndManyBlocksEmptyAndCompressed() {
        const dat::DatFile dat = dat::DatFile::fromBytes(mixedDatBytes());
        QVERIFY(dat.find(kCompressed)->compressed());
        const std::vector<EntryHash> hashes = audit::hashEntries(dat, {}, 2);
        const std::vector<std::uint32_t> ids{kOneByte, kFullBlock,  kTwoBlocks, kManyBlocks,
                                             kEmpty,   kCompressed, kLast};
        QCOMPARE(idsOf(hashes), ids); // id order, without the iteration record
        compareToReader(dat, hashes);
        for (const EntryHash& hash : hashes) {
            QVERIFY(hash.error.isEmpty());
            QCOMPARE(hash.sha256.size(), 32);
        }
        QCOMPARE(hashes[4].length, 0u);
        QCOMPARE(hashes[4].sha256.toHex(),
                 "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        QCOMPARE(hashes[5].length, 20'000u); // inflated, not as stored
        QVERIFY(dat.find(kCompressed)->size < 12'000);
    }

    void aFaultyEntryGetsTheReadersErrorAndTheOthersStillHash_data() {
        QTest::addColumn<std::uint32_t>("id");
        QTest::addColumn<std::uint32_t>("block"); // whose link is patched
        QTest::addColumn<std::uint32_t>("link");
        QTest::addColumn<QString>("why");
        const QByteArray bytes = mixedDatBytes();
        QTest::newRow("link off the block grid")
            << kManyBlocks << blockOf(bytes, kManyBlocks, 3) << 0x1234u << "multiple";
        QTest::newRow("link past the end of the file")
            << kTwoBlocks << blockOf(bytes, kTwoBlocks, 0) << 0x7FFFFF00u << "outside the file";
        QTest::newRow("chain ends early")
            << kManyBlocks << blockOf(bytes, kManyBlocks, 7) << 0u << "chain ends";
        QTest::newRow("chain loops back") << kManyBlocks << blockOf(bytes, kManyBlocks, 9)
                                          << blockOf(bytes, kManyBlocks, 2) << "cycle";
        QTest::newRow("compressed entry's chain")
            << kCompressed << blockOf(bytes, kCompressed, 1) << 0x80000000u << "bit 31";
    }
    void aFaultyEntryGetsTheReadersErrorAndTheOthersStillHash() {
        QFETCH(std::uint32_t, id);
        QFETCH(std::uint32_t, block);
        QFETCH(std::uint32_t, link);
        QFETCH(QString, why);
        QByteArray bytes = mixedDatBytes();
        poke32(bytes, block, link);
        const dat::DatFile dat = dat::DatFile::fromBytes(bytes);
        for (int jobs : {1, 3}) {
            const std::vector<EntryHash> hashes = audit::hashEntries(dat, {}, jobs);
            QCOMPARE(hashes.size(), 7u);
            compareToReader(dat, hashes);
            for (const EntryHash& hash : hashes) {
                QCOMPARE(hash.error.isEmpty(), hash.id != id);
                if (hash.id == id) {
                    QVERIFY2(hash.error.contains(why), qPrintable(hash.error));
                    QCOMPARE(hash.length, 0u);
                    QVERIFY(hash.sha256.isEmpty());
                }
            }
        }
    }

    void aCorruptZlibStreamIsAnError() {
        QByteArray bytes = mixedDatBytes();
        const std::uint32_t streamStart = blockOf(bytes, kCompressed, 0) + 4 + 4;
        poke32(bytes, streamStart + 8, 0xDEADBEEF);
        const dat::DatFile dat = dat::DatFile::fromBytes(bytes);
        const std::vector<EntryHash> hashes = audit::hashEntries(dat, {}, 2);
        compareToReader(dat, hashes);
        QVERIFY(hashes[5].error.contains("zlib"));
        QVERIFY(hashes[6].error.isEmpty());
    }

    void hashesOnlyTheGivenIdsSortedOnceEach() {
        const dat::DatFile dat = dat::DatFile::fromBytes(mixedDatBytes());
        constexpr std::uint32_t kAbsent = 0x01000099;
        const std::vector<std::uint32_t> ids{kLast, kAbsent, dat::kIterationDid, kOneByte, kLast};
        const std::vector<EntryHash> hashes = audit::hashEntries(dat, ids, 2);
        QCOMPARE(idsOf(hashes),
                 (std::vector<std::uint32_t>{kOneByte, kAbsent, kLast, dat::kIterationDid}));
        compareToReader(dat, hashes); // the absent id's error is read(id)'s
        QVERIFY(hashes[1].error.contains("no entry 0x01000099"));
        QVERIFY(hashes[3].error.isEmpty()); // asked for by id, so not left out
    }

    void aDatWithNothingToHashGivesNothing() {
        const dat::DatFile dat =
            dat::DatFile::fromBytes(dat::DatWriter(dat::DatKind::Portal, kBlockSize).build());
        bool called = false;
        QVERIFY(audit::hashEntries(dat, {}, 2, [&](std::size_t, std::size_t) {
                    called = true;
                }).empty());
        QVERIFY(!called);
    }

    void progressRisesToTheTotalInAtMostAHundredCalls_data() {
        addJobRows({{"1 job", 1}, {"2 jobs", 2}, {"all cores", 0}});
    }
    void progressRisesToTheTotalInAtMostAHundredCalls() {
        QFETCH(int, jobs);
        dat::DatWriter writer(dat::DatKind::Portal, kBlockSize);
        for (std::uint32_t n = 0; n < 1000; ++n)
            writer.put(entry(0x01000000 + n, n % 7 == 0 ? 40'000 : n));
        const dat::DatFile dat = dat::DatFile::fromBytes(writer.build());

        std::vector<std::pair<std::size_t, std::size_t>> calls;
        std::atomic<int> inside{0};
        bool overlapped = false;
        const auto hashes =
            audit::hashEntries(dat, {}, jobs, [&](std::size_t done, std::size_t total) {
                overlapped |= inside.fetch_add(1) != 0;
                calls.emplace_back(done, total);
                inside.fetch_sub(1);
            });
        QCOMPARE(hashes.size(), 1000u);
        QVERIFY(!overlapped);
        QVERIFY(!calls.empty());
        QVERIFY2(calls.size() <= 101, qPrintable(QString::number(calls.size())));
        QCOMPARE(calls.back(), std::make_pair(std::size_t(1000), std::size_t(1000)));
        for (std::size_t i = 1; i < calls.size(); ++i)
            QVERIFY(calls[i].first > calls[i - 1].first);
        compareToReader(dat, hashes);
    }
};

QTEST_APPLESS_MAIN(TestHashing)
#include "tst_hashing.moc"
