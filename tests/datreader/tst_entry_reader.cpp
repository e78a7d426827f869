// EntryReader (docs/formats.md#reading): the same bytes and the same errors as DatFile::read,
// whatever the window, the order or the chain's shape, and a DAT that shrinks under it is a
// DatError naming the file, never a signal.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/entry_reader.h"
#include "datreader/io/dat_error.h"
#include "support/dat_fixtures.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <optional>
#include <span>
#include <string>
#include <unistd.h>

using namespace portalkit;

namespace {

constexpr std::size_t kEntries = 60;

std::uint32_t idOf(std::size_t i) {
    return 0x0A000001u + std::uint32_t(i);
}

// Sizes from empty to several blocks, every fifth entry compressed.
QByteArray buildDat() {
    dat::DatWriter writer(dat::DatKind::Portal, 256);
    for (std::size_t i = 0; i < kEntries; ++i)
        writer.put(testing::entry(idOf(i), (i * 997) % 3000, i % 5 == 4));
    return writer.build();
}

QByteArray asBytes(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

// What one read gave: its bytes, or the DatError's text.
QString outcome(const std::function<std::vector<std::uint8_t>()>& read) {
    try {
        return QString::fromLatin1(asBytes(read()).toHex());
    } catch (const dat::DatError& error) {
        return "error: " + QString::fromUtf8(error.what());
    }
}

// The entry's pieces (EntryReader::pieces) put back together; the count they report must be
// their total.
std::vector<std::uint8_t> joined(dat::EntryReader& reader, const dat::EntryInfo& entry,
                                 std::vector<std::uint8_t>& scratch) {
    std::vector<std::span<const std::uint8_t>> pieces{{}}; // stale: pieces() must clear it
    const std::size_t size = reader.pieces(entry, pieces, scratch);
    std::vector<std::uint8_t> out;
    for (const auto& piece : pieces)
        out.insert(out.end(), piece.begin(), piece.end());
    if (out.size() != size)
        throw dat::DatError(
            "pieces",
            "reported " + std::to_string(size) + " bytes, not " + std::to_string(out.size()), 0);
    return out;
}

void checkSameAsDatFile(const dat::DatFile& dat, std::size_t window, bool fileOrder) {
    dat::EntryReader reader(dat, window);
    std::vector<dat::EntryInfo> sorted;
    const auto entries = fileOrder ? dat::inFileOrder(dat.entries(), sorted) : dat.entries();
    std::vector<std::uint8_t> reused;
    for (const dat::EntryInfo& entry : entries) {
        const QString expected = outcome([&] { return dat.read(entry); });
        QCOMPARE(outcome([&] { return reader.read(entry); }), expected);
        QCOMPARE(outcome([&] {
                     reader.readInto(entry, reused);
                     return reused;
                 }),
                 expected);
        QCOMPARE(outcome([&] {
                     const auto view = reader.view(entry, reused);
                     return std::vector<std::uint8_t>(view.begin(), view.end());
                 }),
                 expected);
        QCOMPARE(outcome([&] { return joined(reader, entry, reused); }), expected);
    }
}

} // namespace

class TestEntryReader : public QObject {
    Q_OBJECT
  private slots:
    void sameBytesAsDatFileRead_data() {
        QTest::addColumn<int>("window");
        QTest::addColumn<bool>("fileOrder");
        QTest::newRow("default window, file order")
            << int(dat::EntryReader::kDefaultWindow) << true;
        QTest::newRow("one block, file order") << 256 << true;
        QTest::newRow("1 KiB, id order") << 1024 << false;
    }

    void sameBytesAsDatFileRead() {
        QFETCH(int, window);
        QFETCH(bool, fileOrder);
        QTemporaryDir dir;
        const QString path = dir.filePath("a.dat");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(buildDat());
        file.close();
        checkSameAsDatFile(dat::DatFile::open(path), std::size_t(window), fileOrder);
        checkSameAsDatFile(dat::DatFile::fromBytes(buildDat()), std::size_t(window), fileOrder);
    }

    void contiguousChainsComeFromTheWindow() {
        const dat::DatFile dat = dat::DatFile::fromBytes(buildDat());
        dat::EntryReader reader(dat);
        std::vector<dat::EntryInfo> sorted;
        for (const dat::EntryInfo& entry : dat::inFileOrder(dat.entries(), sorted))
            reader.read(entry);
        QCOMPARE(reader.windowReads(), std::uint64_t(dat.entries().size()));
        QCOMPARE(reader.mapReads(), std::uint64_t(0));
    }

    void oneBlockEntriesAreViewsOfTheWindow() {
        // Most cell DAT entries fit one block: handing them out where they lie spares a copy;
        // longer chains and compressed entries come in the scratch vector.
        const dat::DatFile dat = dat::DatFile::fromBytes(buildDat());
        dat::EntryReader reader(dat);
        std::vector<dat::EntryInfo> sorted;
        std::vector<std::uint8_t> scratch;
        int views = 0, gathered = 0;
        for (const dat::EntryInfo& entry : dat::inFileOrder(dat.entries(), sorted)) {
            scratch.assign(1, 0xEE); // a stale byte a view must not show
            const auto bytes = reader.view(entry, scratch);
            QCOMPARE(asBytes({bytes.begin(), bytes.end()}), asBytes(dat.read(entry)));
            const bool inScratch = bytes.data() == scratch.data();
            const bool oneBlock = entry.size <= 256 - 4 && !entry.compressed();
            if (entry.size == 0)
                continue;
            QCOMPARE(inScratch, !oneBlock);
            (oneBlock ? views : gathered)++;
        }
        QVERIFY(views > 0);
        QVERIFY(gathered > 0);
    }

    void chainsInTheWindowArePiecesOfIt() {
        // A consumer that takes bytes in parts (unpack's writes, the bench) gets an uncompressed
        // chain as one view per block, nothing copied; a compressed one is inflated into scratch.
        const dat::DatFile dat = dat::DatFile::fromBytes(buildDat());
        dat::EntryReader reader(dat);
        std::vector<dat::EntryInfo> sorted;
        std::vector<std::uint8_t> scratch;
        std::vector<std::span<const std::uint8_t>> pieces;
        int multiBlock = 0;
        for (const dat::EntryInfo& entry : dat::inFileOrder(dat.entries(), sorted)) {
            scratch.assign(1, 0xEE);
            reader.pieces(entry, pieces, scratch);
            if (entry.compressed()) {
                QCOMPARE(pieces.size(), std::size_t(1));
                QCOMPARE(pieces[0].data(), scratch.data());
                continue;
            }
            const std::size_t blocks = (entry.size + 251) / 252; // 256-byte blocks
            QCOMPARE(pieces.size(), blocks);
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                QVERIFY(pieces[i].data() != scratch.data());
                QCOMPARE(pieces[i].size(),
                         i + 1 < blocks ? std::size_t(252) : entry.size - 252 * (blocks - 1));
            }
            multiBlock += blocks > 1;
        }
        QVERIFY(multiBlock > 0);
        QCOMPARE(reader.mapReads(), std::uint64_t(0));
    }

    void aChainRunningBackwardsIsReadThroughTheMap() {
        // The second block of a three-block entry linked back to its first: a cycle, which the
        // window path leaves to the map path's cycle report.
        QByteArray bytes = buildDat();
        const dat::DatFile before = dat::DatFile::fromBytes(bytes);
        const dat::EntryInfo* big = nullptr;
        for (const dat::EntryInfo& entry : before.entries())
            if (entry.size > 3 * 252 && !entry.compressed()) {
                big = &entry;
                break;
            }
        QVERIFY(big);
        const std::uint32_t second = testing::peek32(bytes, big->offset);
        testing::poke32(bytes, second, big->offset);
        const dat::DatFile dat = dat::DatFile::fromBytes(bytes);
        const dat::EntryInfo entry = *dat.find(big->id);
        dat::EntryReader reader(dat);
        const QString viaReader = outcome([&] { return reader.read(entry); });
        QVERIFY2(viaReader.contains("cycle"), qPrintable(viaReader));
        QCOMPARE(viaReader, outcome([&] { return dat.read(entry); }));
        QCOMPARE(reader.mapReads(), std::uint64_t(1));
        std::vector<std::uint8_t> scratch;
        QCOMPARE(outcome([&] { return joined(reader, entry, scratch); }), viaReader);
        QCOMPARE(reader.mapReads(), std::uint64_t(2));
    }

    void aShrinkingFileIsADatErrorNamingIt() {
        QTemporaryDir dir;
        const QString path = dir.filePath("shrinking.dat");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(buildDat());
        file.close();
        const dat::DatFile dat = dat::DatFile::open(path);
        QVERIFY(::truncate(QFile::encodeName(path).constData(), qint64(dat.fileSize() / 2)) == 0);
        dat::EntryReader reader(dat, 1024); // small windows: some reads come after the cut
        std::size_t failed = 0;
        std::vector<dat::EntryInfo> sorted;
        for (const dat::EntryInfo& entry : dat::inFileOrder(dat.entries(), sorted)) {
            try {
                reader.read(entry);
                QCOMPARE(failed, std::size_t(0)); // once failing, every read fails
            } catch (const dat::DatError& error) {
                QCOMPARE(QString::fromStdString(error.field()), QStringLiteral("file"));
                const QString text = QString::fromUtf8(error.what());
                QVERIFY2(text.contains(path) && text.contains("changed on disk"), qPrintable(text));
                ++failed;
            }
        }
        QVERIFY(failed > 0);
        QVERIFY(dat.changedOnDisk());
    }
};

QTEST_GUILESS_MAIN(TestEntryReader)
#include "tst_entry_reader.moc"
