// The container bench's cell-like DAT (bench/cell_dat.h) at a small size: real records that
// decode and re-encode to their bytes, in retail's shares, consistent within each landblock.

#include "bench/cell_dat.h"
#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "support/cli_run.h"

#include <QFile>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <set>

using namespace portalkit;
using namespace portalkit::dat;

namespace {

constexpr std::uint64_t kEntries = 6000;

// What the decoded records of one landblock say about each other.
struct Landblock {
    std::optional<LandBlock> block;
    std::optional<LandBlockInfo> info;
    std::map<std::uint16_t, EnvCell> cells; // by low half
};

} // namespace

class TestCellBenchDat : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath("cell.dat");
        bench::writeCellBenchDat(kEntries, 1, m_path);
    }

    void countsFollowRetailShares() {
        const bench::CellCounts retail = bench::cellCounts(805'000);
        QCOMPARE(retail.landBlocks, std::uint64_t(65'025));
        QCOMPARE(retail.landBlockInfos, std::uint64_t(5'346));
        QCOMPARE(retail.envCells, std::uint64_t(805'000 - 65'025 - 5'346));
        for (std::uint64_t entries : {1ull, 2ull, 3ull, 50ull, 6000ull, 2'000'000ull}) {
            const bench::CellCounts counts = bench::cellCounts(entries);
            QCOMPARE(counts.landBlocks + counts.landBlockInfos + counts.envCells, entries);
            QVERIFY(counts.landBlocks >= 1 && counts.landBlocks <= 65'025);
            QVERIFY(counts.landBlockInfos <= counts.landBlocks);
            QVERIFY(counts.envCells == 0 || counts.landBlockInfos > 0); // cells need an info
        }
    }

    // Every entry decodes and re-encodes to its bytes, as `decode-all` checks; none is
    // compressed, LandBlocks are retail's 252 bytes, and the types come in cellCounts' shares.
    void everyEntryRoundTrips() {
        const DatFile dat = DatFile::open(m_path);
        QCOMPARE(dat.entries().size(), kEntries + 1); // and the iteration record
        std::map<std::string_view, std::uint64_t> types;
        std::map<std::string_view, std::set<std::size_t>> sizes;
        for (const EntryInfo& entry : dat.entries()) {
            if (entry.id == 0xFFFF0001)
                continue;
            QVERIFY(!entry.compressed());
            const std::string_view type = typeName(dat.kind(), entry.id);
            const std::vector<std::uint8_t> bytes = dat.read(entry);
            const auto record = decodeRecord(dat.kind(), entry.id, bytes);
            QVERIFY(record);
            QCOMPARE(encodeRecord(*record), bytes);
            ++types[type];
            sizes[type].insert(bytes.size());
        }
        const bench::CellCounts counts = bench::cellCounts(kEntries);
        QCOMPARE(types["LandBlock"], counts.landBlocks);
        QCOMPARE(types["LandBlockInfo"], counts.landBlockInfos);
        QCOMPARE(types["EnvCell"], counts.envCells);
        QCOMPARE(sizes["LandBlock"], (std::set<std::size_t>{LandBlock::kStoredBytes}));
        // Sizes spread as the records' contents do, not one filler size.
        QVERIFY2(sizes["EnvCell"].size() > 100,
                 qPrintable(QString::number(sizes["EnvCell"].size())));
        QVERIFY(sizes["LandBlockInfo"].size() > 20);
    }

    // The LandBlock says whether an info exists, the info counts the cells, and every portal,
    // visible cell and building stab names a cell that is there.
    void landblocksAreConsistent() {
        const DatFile dat = DatFile::open(m_path);
        std::map<std::uint32_t, Landblock> landblocks;
        for (const EntryInfo& entry : dat.entries()) {
            if (entry.id == 0xFFFF0001)
                continue;
            const auto record = decodeRecord(dat.kind(), entry.id, dat.read(entry));
            Landblock& landblock = landblocks[entry.id >> 16];
            if (const auto* block = std::get_if<LandBlock>(&*record))
                landblock.block = *block;
            else if (const auto* info = std::get_if<LandBlockInfo>(&*record))
                landblock.info = *info;
            else
                landblock.cells.emplace(std::uint16_t(entry.id), std::get<EnvCell>(*record));
        }
        std::uint64_t buildings = 0, outsidePortals = 0;
        for (const auto& [base, landblock] : landblocks) {
            QVERIFY(landblock.block);
            QCOMPARE(landblock.block->hasObjects != 0, landblock.info.has_value());
            QCOMPARE(std::size_t(landblock.info ? landblock.info->numCells : 0),
                     landblock.cells.size());
            for (const auto& [low, cell] : landblock.cells) {
                QCOMPARE(cell.cellId, cell.id);
                for (const CellPortal& portal : cell.portals) {
                    outsidePortals += portal.leadsOutside();
                    QVERIFY(portal.leadsOutside() || landblock.cells.count(portal.otherCellId));
                }
                for (std::uint16_t visible : cell.visibleCells)
                    QVERIFY(visible != low && landblock.cells.count(visible));
            }
            if (!landblock.info)
                continue;
            for (const BuildingInfo& building : landblock.info->buildings) {
                ++buildings;
                for (const BuildingPortal& portal : building.portals) {
                    QVERIFY(landblock.cells.count(portal.otherCellId));
                    for (std::uint16_t stab : portal.stabs)
                        QVERIFY(landblock.cells.count(stab));
                }
            }
        }
        QVERIFY(buildings > 0);      // towns were drawn
        QVERIFY(outsidePortals > 0); // and their doors lead outside
    }

    void sameSeedSameBytes() {
        const QString again = m_dir.filePath("again.dat");
        bench::writeCellBenchDat(kEntries, 1, again);
        QFile a(m_path), b(again);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY(a.readAll() == b.readAll());
    }

    void decodeAllFindsNothingWrong() {
        const testing::CliRun run = testing::runPortalkit({"decode-all", m_path, "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(report["decoded"].toInteger(), qint64(kEntries));
        QCOMPARE(report["failed"].toInteger(), 0);
        QCOMPARE(report["roundTripMismatches"].toInteger(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCellBenchDat)
#include "tst_cell_bench_dat.moc"
