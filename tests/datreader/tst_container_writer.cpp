#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QDir>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <random>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

// A random entry set: ids anywhere in the u32 range, sizes from 0 to 300 KB with most small.
std::map<std::uint32_t, QByteArray> randomEntries(std::mt19937& random, std::size_t count) {
    std::map<std::uint32_t, QByteArray> entries;
    std::uniform_int_distribution<std::uint32_t> anyId;
    std::uniform_int_distribution<int> shape(0, 99);
    while (entries.size() < count) {
        const std::uint32_t id = anyId(random);
        if (id == kIterationDid)
            continue;
        const int roll = shape(random);
        const std::size_t size = roll < 5    ? 0
                                 : roll < 80 ? random() % 600
                                 : roll < 97 ? random() % 20000
                                             : random() % 300001;
        entries[id] = payloadFor(id, size);
    }
    return entries;
}

void checkRoundTrip(const std::map<std::uint32_t, QByteArray>& entries, std::uint32_t blockSize,
                    bool compress) {
    DatWriter writer(blockSize == 256 ? DatKind::Cell : DatKind::Portal, blockSize);
    for (const auto& [id, data] : entries) {
        WriterEntry e;
        e.id = id;
        e.data = data;
        e.compress = compress;
        e.date = id ^ 0x5A5A5A5A;
        e.iteration = 1 + id % 7;
        writer.put(e);
    }
    const QByteArray bytes = writer.build();
    const DatFile dat = DatFile::fromBytes(bytes);
    QCOMPARE(dat.fileSize(), std::uint64_t(bytes.size()));
    QCOMPARE(dat.entries().size(), entries.size() + 1);
    for (const auto& [id, data] : entries) {
        const EntryInfo* info = dat.find(id);
        QVERIFY(info);
        QCOMPARE(info->date, id ^ 0x5A5A5A5A);
        QCOMPARE(info->iteration, 1 + id % 7);
        QCOMPARE(info->version(), std::uint16_t(2));
        const auto back = dat.read(*info);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(back.data()), qsizetype(back.size())),
                 data);
    }
    std::uint32_t highest = 1;
    for (const auto& [id, data] : entries)
        highest = std::max(highest, 1 + id % 7);
    QCOMPARE(dat.iteration()->current, std::int32_t(highest));

    const VerifyReport report = verifyDat(dat);
    for (const auto& problem : report.problems)
        qWarning("%s", problem.describe().c_str());
    QVERIFY(report.ok(true));
    QCOMPARE(report.usedBlocks, report.blocks); // nothing leaked, nothing free
}

} // namespace

class TestContainerWriter : public QObject {
    Q_OBJECT
  private slots:
    void randomEntrySetsRoundTrip_data() {
        QTest::addColumn<std::uint32_t>("blockSize");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("compress");
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 6; ++seed) {
            QTest::addRow("portal seed %u", seed) << 1024u << int(seed * seed * 9) << false << seed;
            QTest::addRow("cell seed %u", seed) << 256u << int(seed * 37) << false << seed;
        }
        QTest::newRow("empty portal") << 1024u << 0 << false << 7u;
        QTest::newRow("empty cell") << 256u << 0 << false << 7u;
        QTest::newRow("compressed portal") << 1024u << 120 << true << 8u;
        QTest::newRow("compressed cell") << 256u << 120 << true << 9u;
        QTest::newRow("three-level cell tree") << 256u << 5000 << false << 10u;
    }
    void randomEntrySetsRoundTrip() {
        QFETCH(std::uint32_t, blockSize);
        QFETCH(int, count);
        QFETCH(bool, compress);
        QFETCH(unsigned, seed);
        std::mt19937 random(seed);
        checkRoundTrip(randomEntries(random, std::size_t(count)), blockSize, compress);
    }

    void treeShapeIsAValidDegree31BTree_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<unsigned>("depth");
        QTest::newRow("one leaf full") << 60 << 1u; // + iteration record = 61
        QTest::newRow("two levels") << 61 << 2u;
        QTest::newRow("two levels full") << 3842 << 2u; // 62 * 62 - 1 keys in all
        QTest::newRow("three levels") << 3843 << 3u;
    }
    void treeShapeIsAValidDegree31BTree() {
        QFETCH(int, count);
        QFETCH(unsigned, depth);
        DatWriter writer(DatKind::Portal);
        for (int i = 0; i < count; ++i)
            writer.put(entry(0x01000000 + std::uint32_t(i) * 3, 4));
        const QByteArray bytes = writer.build();
        const DatFile dat = DatFile::fromBytes(bytes);
        QCOMPARE(dat.treeDepth(), depth);
        const auto map = mapDirectory(bytes);
        for (const auto& node : map.nodes) {
            QVERIFY(node.count <= 61);
            if (node.depth > 0)
                QVERIFY2(node.count >= 30, qPrintable(QString::number(node.count)));
            if (node.leaf)
                QCOMPARE(node.depth + 1, depth);
        }
        // Unused branch slots and entry slots are zero.
        const std::uint32_t root = peek32(bytes, 0x160);
        const auto rootNode = std::find_if(map.nodes.begin(), map.nodes.end(),
                                           [&](const auto& n) { return n.offset == root; });
        const std::uint32_t usedBranches = rootNode->leaf ? 0 : rootNode->count + 1;
        for (std::uint32_t slot = usedBranches; slot < 62; ++slot)
            QCOMPARE(peek32(bytes, root + 4 + slot * 4), 0u);
    }

    void outputIsDeterministicAndChainsEndInZero() {
        DatWriter writer(DatKind::Portal);
        writer.put(entry(0x06000001, 5000));
        writer.put(entry(0x02000001, 10));
        const QByteArray first = writer.build();
        QCOMPARE(writer.build(), first);
        const DatFile dat = DatFile::fromBytes(first);
        const EntryInfo* big = dat.find(0x06000001);
        std::vector<std::uint32_t> blocks;
        std::vector<std::uint8_t> out;
        dat.chains().read(big->offset, big->size, big->id, 0, "x", out, blocks);
        QCOMPARE(blocks.size(), std::size_t(5)); // ceil(5000 / 1020)
        QCOMPARE(peek32(first, blocks.back()), 0u);
        QCOMPARE(dat.header().firstFree, 0u);
        QCOMPARE(dat.header().freeCount, 0u);
        QCOMPARE(dat.header().fileSize, std::uint32_t(first.size()));
        QCOMPARE(first.size() % 1024, 0);
    }

    void iterationRecordIsSynthesisedOrKept() {
        DatWriter writer(DatKind::Portal);
        writer.put(entry(0x02000001, 10)); // iteration 3
        DatFile dat = DatFile::fromBytes(writer.build());
        QCOMPARE(dat.iteration()->current, 3);
        QCOMPARE(dat.find(kIterationDid)->iteration, 3u);
        QCOMPARE(dat.read(kIterationDid).size(), std::size_t(12));

        writer.setIteration(2072);
        dat = DatFile::fromBytes(writer.build());
        QCOMPARE(dat.iteration()->current, 2072);
        QCOMPARE(dat.iteration()->runs.front().delta, -2072);

        WriterEntry partial;
        partial.id = kIterationDid;
        const auto record = IterationRecord{10, {{-4, 1}, {-6, 5}}}.serialize();
        partial.data =
            QByteArray(reinterpret_cast<const char*>(record.data()), qsizetype(record.size()));
        writer.put(partial);
        dat = DatFile::fromBytes(writer.build());
        QCOMPARE(dat.iteration()->runs.size(), std::size_t(2));
        QVERIFY(!dat.iteration()->complete());
    }

    void datIterationStaysAPositiveInt32() {
        DatWriter writer(DatKind::Portal);
        WriterEntry late = entry(0x02000001, 10);
        late.iteration = 0x80000000u; // would wrap to INT32_MIN in the record
        writer.put(late);
        const DatFile dat = DatFile::fromBytes(writer.build());
        QCOMPARE(dat.iteration()->current, INT32_MAX);
        QVERIFY(dat.iteration()->complete());

        writer.setIteration(0);
        try {
            writer.build();
            QFAIL("wrote a DAT with iteration 0");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("iteration"));
            QCOMPARE(*error.did(), kIterationDid);
        }
    }

    void copiesVersionFieldsFromATemplate() {
        DatHeader retail = DatHeader::defaultsFor(DatKind::Portal);
        retail.masterMapId = 0x25000004;
        retail.gamePackVersion = 3;
        retail.versionGuid.fill(0xAB);
        retail.minorVersion = 6657;
        DatWriter writer(DatKind::Portal);
        writer.copyVersionFrom(retail);
        const DatFile dat = DatFile::fromBytes(writer.build());
        QCOMPARE(dat.header().masterMapId, 0x25000004u);
        QCOMPARE(dat.header().gamePackVersion, 3u);
        QCOMPARE(dat.header().versionGuid[15], std::uint8_t(0xAB));
        QCOMPARE(dat.header().dataSet, 1u);
    }

    void patchAddsReplacesRemovesAndKeepsTheRest() {
        DatWriter original(DatKind::Cell);
        for (std::uint32_t i = 0; i < 150; ++i)
            original.put(entry(0xA9B40100 + i, 30 + i));
        original.put(entry(0xA9B4FFFF, 252 * 3, true));
        const DatFile source = DatFile::fromBytes(original.build());

        DatWriter patch = DatWriter::fromDat(source);
        patch.put(entry(0xA9B4FFFE, 77));
        patch.put(entry(0xA9B40105, 999));
        QVERIFY(patch.remove(0xA9B40106));
        QVERIFY(!patch.remove(0x12345678));
        const DatFile patched = DatFile::fromBytes(patch.build());

        QCOMPARE(patched.header().blockSize, 256u);
        QCOMPARE(patched.kind(), DatKind::Cell);
        QCOMPARE(patched.entries().size(), source.entries().size() + 1 - 1);
        QCOMPARE(patched.read(0xA9B4FFFE).size(), std::size_t(77));
        QCOMPARE(patched.read(0xA9B40105).size(), std::size_t(999));
        QVERIFY(!patched.find(0xA9B40106));
        QVERIFY(patched.find(0xA9B4FFFF)->compressed()); // stored form kept
        for (const EntryInfo& e : source.entries()) {
            if (e.id == 0xA9B40105 || e.id == 0xA9B40106)
                continue;
            QCOMPARE(patched.read(e.id), source.read(e));
            QCOMPARE(patched.find(e.id)->date, e.date);
            QCOMPARE(patched.find(e.id)->flags, e.flags);
        }
        // A patch that changes nothing reproduces the source byte for byte.
        QCOMPARE(DatWriter::fromDat(source).build(), original.build());
    }

    void saveReplacesAtomically() {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.dat");
        DatWriter writer(DatKind::Portal);
        writer.put(entry(0x02000001, 10));
        writer.save(path);
        writer.put(entry(0x02000002, 20));
        writer.save(path);
        QCOMPARE(DatFile::open(path).entries().size(), std::size_t(3));
        // Only the DAT is left behind: no temporary files.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"out.dat"});
        try {
            writer.save(dir.filePath("missing-folder/out.dat"));
            QFAIL("saved into a missing folder");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("file"));
        }
    }

    void rejectsBadBlockSizes() {
        QVERIFY_THROWS_EXCEPTION(DatError, DatWriter(DatKind::Portal, 1000));
        QVERIFY_THROWS_EXCEPTION(DatError, DatWriter(DatKind::Portal, 32));
    }

    void compressionOnlyWhenItPays() {
        DatWriter writer(DatKind::Portal);
        WriterEntry tiny = entry(0x02000001, 8, true);
        WriterEntry noisy = entry(0x02000002, 500);
        noisy.compress = true; // random bytes do not shrink
        writer.put(tiny);
        writer.put(noisy);
        const DatFile dat = DatFile::fromBytes(writer.build());
        QVERIFY(!dat.find(0x02000001)->compressed());
        QVERIFY(!dat.find(0x02000002)->compressed());
        QCOMPARE(dat.find(0x02000002)->size, 500u);
    }
};

QTEST_APPLESS_MAIN(TestContainerWriter)
#include "tst_container_writer.moc"
