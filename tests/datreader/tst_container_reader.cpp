// Every structural fault class of docs/formats.md, each produced from a DAT our writer made and
// checked for the field, offset and DID the error names.

#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kBig = 0x0A000001; // a three-block entry at 1024-byte blocks
constexpr std::uint32_t kSmall = 0x02000001;
constexpr std::uint32_t kPacked = 0x0A000002; // stored compressed

QByteArray smallDat(std::uint32_t blockSize = 1024) {
    DatWriter writer(DatKind::Portal, blockSize);
    writer.put(entry(kSmall, 100));
    writer.put(entry(kBig, 2500));
    writer.put(entry(kPacked, 4000, true));
    return writer.build();
}

// A DAT whose directory has a root and several leaves.
QByteArray twoLevelDat() {
    DatWriter writer(DatKind::Portal);
    for (std::uint32_t i = 0; i < 200; ++i)
        writer.put(entry(0x01000000 + i, 8));
    return writer.build();
}

DatError openError(const QByteArray& bytes) {
    try {
        DatFile::fromBytes(bytes);
    } catch (const DatError& error) {
        return error;
    }
    qFatal("the DAT opened although it is corrupt");
}

DatError readError(const QByteArray& bytes, std::uint32_t id) {
    const DatFile dat = DatFile::fromBytes(bytes);
    try {
        dat.read(id);
    } catch (const DatError& error) {
        return error;
    }
    qFatal("the entry read although it is corrupt");
}

bool mentions(const DatError& error, const char* text) {
    return std::string(error.what()).find(text) != std::string::npos;
}

} // namespace

class TestContainerReader : public QObject {
    Q_OBJECT
  private slots:
    void readsWhatTheWriterWrote() {
        const DatFile dat = DatFile::fromBytes(smallDat());
        QCOMPARE(dat.entries().size(), std::size_t(4)); // three + iteration record
        const auto big = dat.read(kBig);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(big.data()), qsizetype(big.size())),
                 payloadFor(kBig, 2500));
        QVERIFY(dat.find(kPacked)->compressed());
        QVERIFY(dat.find(kPacked)->size < 4000);
        QCOMPARE(dat.read(kPacked), std::vector<std::uint8_t>(4000, 'z'));
        QCOMPARE(dat.readStored(*dat.find(kPacked)).size(), std::size_t(dat.find(kPacked)->size));
        QCOMPARE(dat.iteration()->current, 3);
        QVERIFY(dat.iteration()->complete());
        QCOMPARE(dat.find(0x02000002), nullptr);
    }

    void opensFilesReadOnlyThroughTheMap() {
        QTemporaryDir dir;
        const QString path = dir.filePath("x.dat");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(smallDat());
        file.close();
        QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const DatFile dat = DatFile::open(path);
        QCOMPARE(dat.read(kSmall).size(), std::size_t(100));
        QCOMPARE(dat.path(), path);
        try {
            DatFile::open(dir.filePath("missing.dat"));
            QFAIL("opened a missing file");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("file"));
        }
    }

    void lookupsOrderIdsAsUnsigned() {
        DatWriter writer(DatKind::Cell);
        const std::vector<std::uint32_t> ids{0x8402016D, 0x0101FFFF, 0xC95B0159, 0x7FFFFFFF,
                                             0x9BD80106, 0xFFFFFFFF, 0x00000000};
        for (auto id : ids)
            writer.put(entry(id, 40));
        const DatFile dat = DatFile::fromBytes(writer.build());
        std::vector<std::uint32_t> listed;
        for (const auto& e : dat.entries())
            listed.push_back(e.id);
        std::vector<std::uint32_t> expected(ids);
        expected.push_back(kIterationDid);
        std::sort(expected.begin(), expected.end());
        QCOMPARE(listed, expected);
        for (auto id : ids)
            QVERIFY(dat.find(id));
        QVERIFY(!dat.find(0x8402016E));
    }

    void tooSmallForHeader() {
        const DatError error = openError(QByteArray(100, '\0'));
        QCOMPARE(error.field(), std::string("header"));
    }

    void badMagic() {
        QByteArray bytes = smallDat();
        poke32(bytes, 0x140, 0x4254);
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("header.magic"));
        QCOMPARE(error.offset(), std::uint64_t(0x140));
    }

    void blockSizeNotAPowerOfTwoOrTooSmall_data() {
        QTest::addColumn<std::uint32_t>("blockSize");
        QTest::newRow("1000") << 1000u;
        QTest::newRow("32") << 32u;
        QTest::newRow("0") << 0u;
    }
    void blockSizeNotAPowerOfTwoOrTooSmall() {
        QFETCH(std::uint32_t, blockSize);
        QByteArray bytes = smallDat();
        poke32(bytes, 0x144, blockSize);
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("header.blockSize"));
        QCOMPARE(error.offset(), std::uint64_t(0x144));
    }

    void headerFileSizeDiffersFromActual() {
        QByteArray bytes = smallDat();
        poke32(bytes, 0x148, peek32(bytes, 0x148) + 1024);
        QCOMPARE(openError(bytes).field(), std::string("header.fileSize"));
        QByteArray truncated = smallDat();
        truncated.chop(1024);
        QCOMPARE(openError(truncated).field(), std::string("header.fileSize"));
    }

    void chainPointerFaults_data() {
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("expected");
        QTest::newRow("outside the file") << 0 << "outside the file";
        QTest::newRow("inside the header") << 1 << "inside the header";
        QTest::newRow("misaligned") << 2 << "not a multiple of the block size";
        QTest::newRow("bit 31") << 3 << "bit 31";
    }
    void chainPointerFaults() {
        QFETCH(int, fault);
        QFETCH(QString, expected);
        QByteArray bytes = smallDat(256); // blocks start at 512 for a reader, 1024 for our writer
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kBig)->offset;
        const std::uint32_t next = peek32(bytes, first);
        const std::uint32_t bad[] = {std::uint32_t(bytes.size()) + 256, 256, next + 4,
                                     next | 0x80000000u};
        poke32(bytes, first, bad[fault]);
        const DatError error = readError(bytes, kBig);
        QCOMPARE(error.field(), std::string("chain.next"));
        QCOMPARE(error.offset(), std::uint64_t(first));
        QCOMPARE(*error.did(), kBig);
        QVERIFY2(mentions(error, expected.toUtf8()), error.what());
    }

    void entryStartPointerIsCheckedAtOpen() {
        QByteArray bytes = smallDat();
        const std::uint64_t where = mapDirectory(bytes).entryWhere(kSmall);
        poke32(bytes, where + 8, 0x80000400);
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("entry.offset"));
        QCOMPARE(error.offset(), where + 8);
        QCOMPARE(*error.did(), kSmall);
    }

    void chainCycle() {
        QByteArray bytes = smallDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kBig)->offset;
        const std::uint32_t second = peek32(bytes, first);
        poke32(bytes, second, first); // the second block links back to the first
        const DatError error = readError(bytes, kBig);
        QCOMPARE(error.field(), std::string("chain.next"));
        QCOMPARE(error.offset(), std::uint64_t(second));
        QVERIFY2(mentions(error, "cycle"), error.what());
    }

    void chainTooShortForSize() {
        QByteArray bytes = smallDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kBig)->offset;
        poke32(bytes, first, 0);
        const DatError error = readError(bytes, kBig);
        QCOMPARE(error.offset(), std::uint64_t(first));
        QVERIFY2(mentions(error, "chain ends after 1020 of 2500 bytes"), error.what());
    }

    void sizeLargerThanFile() {
        QByteArray bytes = smallDat();
        const std::uint64_t where = mapDirectory(bytes).entryWhere(kBig);
        poke32(bytes, where + 12, std::uint32_t(bytes.size()) + 1);
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("entry.size"));
        QCOMPARE(error.offset(), where + 12);
        QCOMPARE(*error.did(), kBig);
    }

    void nodeCountAboveSixtyOne() {
        QByteArray bytes = smallDat();
        const std::uint32_t root = peek32(bytes, 0x160);
        poke32(bytes, root + 4 + DirectoryNode::kCountPosition, 62);
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("node.count"));
        QCOMPARE(error.offset(), std::uint64_t(root + 4 + DirectoryNode::kCountPosition));
    }

    void directoryCycle() {
        QByteArray bytes = twoLevelDat();
        const std::uint32_t root = peek32(bytes, 0x160);
        poke32(bytes, root + 4 + 4, root); // branch[1] points back at the root
        const DatError error = openError(bytes);
        QCOMPARE(error.field(), std::string("node.branch"));
        QCOMPARE(error.offset(), std::uint64_t(root + 4 + 4));
        QVERIFY2(mentions(error, "reached twice"), error.what());
    }

    void directoryDeeperThanSixteen() {
        // Seventeen extra internal nodes with no keys, each leading to the next, above the root.
        QByteArray bytes = smallDat();
        const std::uint32_t oldRoot = peek32(bytes, 0x160);
        const std::uint32_t nodeBlocks = 2;
        std::uint32_t below = oldRoot;
        for (int i = 0; i < 17; ++i) {
            const std::uint32_t offset = std::uint32_t(bytes.size());
            QByteArray node(int(nodeBlocks * 1024), '\0');
            poke32(node, 0, offset + 1024); // chain link to the node's second block
            poke32(node, 4, below);         // branch[0]; count stays 0
            bytes.append(node);
            below = offset;
        }
        poke32(bytes, 0x160, below);
        poke32(bytes, 0x148, std::uint32_t(bytes.size()));
        const DatError error = openError(bytes);
        QVERIFY2(mentions(error, "deeper than 16"), error.what());
    }

    void keysOutOfOrderAndDuplicates() {
        QByteArray bytes = smallDat();
        const auto map = mapDirectory(bytes);
        const std::uint64_t second = map.entries[1].second;
        QByteArray swapped = bytes;
        poke32(swapped, second + 4, map.entries[0].first.id - 1);
        DatError error = openError(swapped);
        QCOMPARE(error.field(), std::string("entry.id"));
        QCOMPARE(error.offset(), second + 4);
        QVERIFY2(mentions(error, "out of order"), error.what());

        QByteArray duplicated = bytes;
        poke32(duplicated, second + 4, map.entries[0].first.id);
        error = openError(duplicated);
        QCOMPARE(error.offset(), second + 4);
        QVERIFY2(mentions(error, "duplicate id"), error.what());
    }

    void corruptZlibStream() {
        QByteArray bytes = smallDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kPacked)->offset;
        poke32(bytes, first + 4 + 4, 0xFFFFFFFF); // the zlib header and first deflate bytes
        const DatError error = readError(bytes, kPacked);
        QCOMPARE(error.field(), std::string("zlib.stream"));
        QCOMPARE(error.offsetKind(), OffsetKind::Entry);
        QCOMPARE(*error.did(), kPacked);
    }

    void uncompressedSizeMismatch_data() {
        QTest::addColumn<int>("delta");
        QTest::newRow("claims more") << 1;
        QTest::newRow("claims less") << -1;
    }
    void uncompressedSizeMismatch() {
        QFETCH(int, delta);
        QByteArray bytes = smallDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kPacked)->offset;
        poke32(bytes, first + 4, std::uint32_t(4000 + delta));
        const DatError error = readError(bytes, kPacked);
        QCOMPARE(error.field(), std::string("zlib.uncompressedSize"));
        QCOMPARE(error.offset(), std::uint64_t(0));
    }

    void impossibleUncompressedSizeIsRefusedBeforeAllocating() {
        QByteArray bytes = smallDat();
        const std::uint32_t first = DatFile::fromBytes(bytes).find(kPacked)->offset;
        poke32(bytes, first + 4, 0xFFFFFFF0);
        const DatError error = readError(bytes, kPacked);
        QCOMPARE(error.field(), std::string("zlib.uncompressedSize"));
        QVERIFY2(mentions(error, "claims"), error.what());
    }

    void malformedIterationRecord() {
        DatWriter writer(DatKind::Portal);
        WriterEntry record;
        record.id = kIterationDid;
        record.data = QByteArray::fromHex("0a000000"
                                          "05000000"
                                          "01000000"); // positive delta
        writer.put(record);
        const DatFile dat = DatFile::fromBytes(writer.build());
        try {
            dat.iteration();
            QFAIL("accepted a positive run length");
        } catch (const DatError& error) {
            QCOMPARE(error.field(), std::string("iteration.delta"));
            QCOMPARE(*error.did(), kIterationDid);
        }
    }
};

QTEST_APPLESS_MAIN(TestContainerReader)
#include "tst_container_reader.moc"
