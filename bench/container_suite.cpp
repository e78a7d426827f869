// The 'container' suite: writes a portal-like and a cell-like DAT (portal_dat.h, cell_dat.h),
// then measures open + index, the index's memory, extracting every entry against cat of the same
// file (five pairs, each extraction over a fresh open), random lookups and verify; on the cell
// DAT also decode-all and ls --json against cat (cell_commands.h).

#include "bench/bench_common.h"
#include "bench/cell_commands.h"
#include "bench/cell_dat.h"
#include "bench/portal_dat.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/entry_reader.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QFileInfo>
#include <QProcess>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <span>
#include <unistd.h>
#include <zlib.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace portalkit::bench {
namespace {

constexpr int kOpenRuns = 3;
constexpr int kExtractRuns = 5;
constexpr std::size_t kLookupCount = 2'000'000;

struct Figures {
    QString name;
    dat::DatKind kind = dat::DatKind::Portal;
    std::uint32_t blockSize = 0;
    std::uint64_t entries = 0;
    std::uint64_t fileBytes = 0;
    double generateSeconds = 0; // entries planned into the writer, before it saves
    double saveSeconds = 0;
    std::vector<double> openSeconds;
    std::size_t nodes = 0;
    unsigned treeDepth = 0;
    std::uint64_t indexBytes = 0;
    std::int64_t rssGrowthBytes = 0;
    std::int64_t anonymousGrowthBytes = 0;
    std::uint64_t extractedBytes = 0;
    std::vector<double> extractSeconds; // each over a freshly opened DAT
    double extractMappedSeconds = 0;    // again over a map whose every page was touched
    std::vector<double> catSeconds;     // each just before the extraction of the same index
    std::vector<double> extractToCat;   // pair by pair
    std::uint64_t lookupHits = 0;
    double lookupSeconds = 0;
    double verifySeconds = 0;
    bool verifyOk = false;
    // Whether the window's views gave the bytes the map gives (the checksums of both agree).
    bool extractAgrees = false;
    std::size_t verifyErrors = 0;
    std::size_t verifyWarnings = 0;

    double bestOpenSeconds() const { return best(openSeconds); }
    double extract() const { return median(extractSeconds); }
    double cat() const { return median(catSeconds); }
    double ratio() const { return median(extractToCat); }
    double extractMiBPerSecond() const { return double(extractedBytes) / kMiB / extract(); }
    double catMiBPerSecond() const { return double(fileBytes) / kMiB / cat(); }
    double lookupsPerSecond() const { return double(kLookupCount) / lookupSeconds; }
};

// the directory pages the open touches through the map count as shared.
struct MemorySample {
    std::int64_t residentBytes = 0;
    std::int64_t anonymousBytes = 0;
};

MemorySample sampleMemory() {
    long size = 0, resident = 0, shared = 0;
    if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(statm, "%ld %ld %ld", &size, &resident, &shared) != 3)
            resident = shared = 0;
        std::fclose(statm);
    }
    const std::int64_t page = sysconf(_SC_PAGESIZE);
    return {resident * page, (resident - shared) * page};
}

// Hands freed heap pages back to the system. Before the open, so the pages generation freed are
// not handed straight to the index; after it, so the index's freed temporaries stop counting, as
// in a fresh process where such large blocks are unmapped on free.
void trimHeap() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

// Times `cat FILE > /dev/null` in a shell, the floor for reading the file's bytes.
std::optional<double> timeCat(const QString& path) {
    QString quoted = QFileInfo(path).absoluteFilePath();
    quoted.replace("'", "'\\''");
    QProcess process;
    const auto start = Clock::now();
    process.start("sh", {"-c", "cat '" + quoted + "' > /dev/null"});
    if (!process.waitForFinished(-1) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        printError("cat " + path + " failed: " + process.errorString() +
                   QString::fromLocal8Bit(process.readAllStandardError()));
        return std::nullopt;
    }
    return secondsSince(start);
}

// An entry's CRC-32 over its pieces in order (zlib's, which takes a buffer in parts), so the
// check reads every byte the extraction hands out and notices pieces out of place.
std::uint64_t entryCrc(std::span<const std::span<const std::uint8_t>> pieces) {
    uLong crc = crc32(0, nullptr, 0);
    for (const auto& piece : pieces)
        crc = crc32_z(crc, piece.data(), piece.size());
    return crc;
}

// Reads every entry as `unpack` does: through an EntryReader, in file order, each entry as its
// pieces (a view of the reader's window per block, EntryReader::pieces; an inflated entry in one
// reused vector); returns the seconds, the ordering included. With `checksum`, each entry's bytes
// are also folded into it (untimed runs only: the sum reads every byte again, which is the
// consumer's work, not the extraction's).
double extractAll(const dat::DatFile& dat, std::uint64_t& extracted,
                  std::uint64_t* checksum = nullptr) {
    const auto start = Clock::now();
    extracted = 0;
    std::uint64_t sum = 0;
    dat::EntryReader reader(dat);
    std::vector<dat::EntryInfo> sorted;
    std::vector<std::uint8_t> scratch; // reused, as an extractor reuses its buffer
    std::vector<std::span<const std::uint8_t>> pieces;
    for (const dat::EntryInfo& entry : dat::inFileOrder(dat.entries(), sorted)) {
        extracted += reader.pieces(entry, pieces, scratch);
        if (checksum)
            sum += entryCrc(pieces);
    }
    if (checksum)
        *checksum = sum;
    return secondsSince(start);
}

// Reads every entry with DatFile::read, in id order, straight from the map.
// With `checksum` as in extractAll.
double extractFromMap(const dat::DatFile& dat, std::uint64_t& extracted,
                      std::uint64_t* checksum = nullptr) {
    const auto start = Clock::now();
    extracted = 0;
    std::uint64_t sum = 0;
    for (const dat::EntryInfo& entry : dat.entries()) {
        const std::vector<std::uint8_t> bytes = dat.read(entry);
        extracted += bytes.size();
        if (checksum)
            sum += entryCrc(std::array{std::span<const std::uint8_t>(bytes)});
    }
    if (checksum)
        *checksum = sum;
    return secondsSince(start);
}

// Measures an existing DAT; false when cat could not run. Reader faults throw DatError.
bool measure(const QString& path, std::uint64_t seed, Figures& figures) {
    trimHeap();
    const MemorySample before = sampleMemory();
    auto start = Clock::now();
    const dat::DatFile dat = dat::DatFile::open(path);
    figures.openSeconds.push_back(secondsSince(start));
    trimHeap();
    const MemorySample after = sampleMemory();
    figures.rssGrowthBytes = after.residentBytes - before.residentBytes;
    figures.anonymousGrowthBytes = after.anonymousBytes - before.anonymousBytes;
    for (int run = 1; run < kOpenRuns; ++run) {
        start = Clock::now();
        const dat::DatFile again = dat::DatFile::open(path);
        figures.openSeconds.push_back(secondsSince(start));
    }
    figures.entries = dat.entries().size();
    figures.fileBytes = dat.fileSize();
    figures.blockSize = dat.header().blockSize;
    figures.nodes = dat.nodeCount();
    figures.treeDepth = dat.treeDepth();
    figures.indexBytes = dat.indexBytes();

    if (!timeCat(path)) // warms the page cache so every read below starts from it
        return false;
    // cat and a first extraction over a freshly opened DAT, in turn, kExtractRuns times: taking
    // each ratio from a pair keeps it meaningful when the shared machine's speed drifts.
    for (int run = 0; run < kExtractRuns; ++run) {
        const auto catSeconds = timeCat(path);
        if (!catSeconds)
            return false;
        figures.catSeconds.push_back(*catSeconds);
        const dat::DatFile fresh = dat::DatFile::open(path);
        figures.extractSeconds.push_back(extractAll(fresh, figures.extractedBytes));
        figures.extractToCat.push_back(figures.extractSeconds.back() / *catSeconds);
    }
    // Through the map, every page of it touched: the copying alone.
    std::uint64_t mapSum = 0;
    extractFromMap(dat, figures.extractedBytes, &mapSum); // touches every page of this map
    figures.extractMappedSeconds = extractFromMap(dat, figures.extractedBytes);
    std::uint64_t viewSum = 0, viewBytes = 0;
    extractAll(dat, viewBytes, &viewSum);
    figures.extractAgrees = viewSum == mapSum && viewBytes == figures.extractedBytes;

    // Half the probes hit a stored id, half are random ids that almost always miss.
    std::mt19937_64 rng(seed ^ 0x10CA7E);
    std::vector<std::uint32_t> probes(kLookupCount);
    for (std::uint32_t& probe : probes)
        probe = rng() & 1 ? dat.entries()[rng() % figures.entries].id : std::uint32_t(rng());
    start = Clock::now();
    std::uint64_t hits = 0;
    for (std::uint32_t probe : probes)
        hits += dat.find(probe) != nullptr;
    figures.lookupSeconds = secondsSince(start);
    figures.lookupHits = hits;

    start = Clock::now();
    const dat::VerifyReport report = dat::verifyDat(dat);
    figures.verifySeconds = secondsSince(start);
    figures.verifyOk = report.ok();
    figures.verifyErrors = report.errorCount();
    figures.verifyWarnings = report.warningCount();
    return true;
}

void printTable(const std::array<Figures, 2>& dats, std::uint64_t seed) {
    QString text =
        QStringLiteral("\ncontainer benchmark, seed %1, %2\n\n").arg(seed).arg(coresAndCpu());
    auto row = [&](const QString& label, auto&& cell) {
        text += QStringLiteral("%1%2%3\n")
                    .arg(label, -34)
                    .arg(cell(dats[0]), 14)
                    .arg(cell(dats[1]), 14);
    };
    row("", [](const Figures& f) { return f.name; });
    row("entries", [&](const Figures& f) { return count(f.entries); });
    row("block size", [](const Figures& f) { return QString::number(f.blockSize); });
    row("payload (MiB)", [&](const Figures& f) { return fixed(f.extractedBytes / kMiB, 1); });
    row("file (MiB)", [&](const Figures& f) { return fixed(f.fileBytes / kMiB, 1); });
    row("generate in memory (s)", [&](const Figures& f) { return fixed(f.generateSeconds, 2); });
    row("save (s)", [&](const Figures& f) { return fixed(f.saveSeconds, 2); });
    row("open + index, best of 3 (ms)",
        [&](const Figures& f) { return fixed(f.bestOpenSeconds() * 1000, 1); });
    row("directory nodes / depth",
        [&](const Figures& f) { return count(f.nodes) + " / " + QString::number(f.treeDepth); });
    row("index (MiB)", [&](const Figures& f) { return fixed(f.indexBytes / kMiB, 1); });
    row("RSS growth, open DAT held (MiB)",
        [&](const Figures& f) { return fixed(f.rssGrowthBytes / kMiB, 1); });
    row("  of which anonymous (MiB)",
        [&](const Figures& f) { return fixed(f.anonymousGrowthBytes / kMiB, 1); });
    row("extract all, median of 5 (s)", [&](const Figures& f) { return fixed(f.extract(), 3); });
    row("extract (MiB/s)", [&](const Figures& f) { return count(f.extractMiBPerSecond()); });
    row("extract (entries/s)",
        [&](const Figures& f) { return count(double(f.entries) / f.extract()); });
    row("read() from map, pages mapped (s)",
        [&](const Figures& f) { return fixed(f.extractMappedSeconds, 3); });
    row("cat > /dev/null, median of 5 (s)", [&](const Figures& f) { return fixed(f.cat(), 3); });
    row("cat (MiB/s)", [&](const Figures& f) { return count(f.catMiBPerSecond()); });
    row("extract / cat time, median pair", [&](const Figures& f) { return fixed(f.ratio(), 2); });
    row("  pairs from / to", [&](const Figures& f) {
        const auto [low, high] = std::minmax_element(f.extractToCat.begin(), f.extractToCat.end());
        return fixed(*low, 2) + " / " + fixed(*high, 2);
    });
    row("find(), 2M mixed ids (lookups/s)",
        [&](const Figures& f) { return count(f.lookupsPerSecond()); });
    row("verify (s)", [&](const Figures& f) { return fixed(f.verifySeconds, 2); });
    row("verify errors / warnings", [](const Figures& f) {
        return QStringLiteral("%1 / %2").arg(f.verifyErrors).arg(f.verifyWarnings);
    });
    printOut(text);
}

QJsonObject toJson(const Figures& f) {
    return {
        {"kind", QString::fromUtf8(dat::kindName(f.kind).data())},
        {"blockSize", qint64(f.blockSize)},
        {"entries", qint64(f.entries)},
        {"payloadBytes", qint64(f.extractedBytes)},
        {"fileBytes", qint64(f.fileBytes)},
        {"generateSeconds", f.generateSeconds},
        {"saveSeconds", f.saveSeconds},
        {"openSecondsBest", f.bestOpenSeconds()},
        {"openSecondsRuns", toJsonArray(f.openSeconds)},
        {"directoryNodes", qint64(f.nodes)},
        {"treeDepth", int(f.treeDepth)},
        {"indexBytes", qint64(f.indexBytes)},
        {"rssGrowthBytes", qint64(f.rssGrowthBytes)},
        {"anonymousGrowthBytes", qint64(f.anonymousGrowthBytes)},
        {"extractSeconds", f.extract()},
        {"extractSecondsRuns", toJsonArray(f.extractSeconds)},
        {"extractMiBPerSecond", f.extractMiBPerSecond()},
        {"extractEntriesPerSecond", double(f.entries) / f.extract()},
        {"extractMappedSeconds", f.extractMappedSeconds},
        {"catSeconds", f.cat()},
        {"catSecondsRuns", toJsonArray(f.catSeconds)},
        {"catMiBPerSecond", f.catMiBPerSecond()},
        {"extractToCatTimeRatio", f.ratio()},
        {"extractToCatTimeRatioRuns", toJsonArray(f.extractToCat)},
        {"lookups", qint64(kLookupCount)},
        {"lookupHits", qint64(f.lookupHits)},
        {"lookupsPerSecond", f.lookupsPerSecond()},
        {"verifySeconds", f.verifySeconds},
        {"verifyOk", f.verifyOk},
        {"extractAgreesWithMap", f.extractAgrees},
        {"verifyErrors", qint64(f.verifyErrors)},
        {"verifyWarnings", qint64(f.verifyWarnings)},
    };
}

// One DAT of the suite: what it is called, its kind, how many entries and what writes them.
struct PlannedDat {
    QString name;
    dat::DatKind kind;
    std::uint64_t entries;
    std::function<WriteSeconds(const QString& path)> write;
};

// Writes and measures one planned DAT; false when measuring could not run.
bool writeAndMeasure(const PlannedDat& planned, const QString& path, std::uint64_t seed,
                     Figures& figures) {
    figures.name = planned.name;
    figures.kind = planned.kind;
    printOut(QStringLiteral("%1: writing %2 entries to %3\n")
                 .arg(planned.name)
                 .arg(planned.entries)
                 .arg(path));
    const WriteSeconds seconds = planned.write(path);
    figures.generateSeconds = seconds.plan;
    figures.saveSeconds = seconds.save;
    printOut(QStringLiteral("%1: measuring\n").arg(planned.name));
    return measure(path, seed, figures);
}

} // namespace

Outcome runContainerSuite(const Output& output, PortalSize portal, std::uint64_t cellEntries,
                          std::uint64_t seed) {
    GeneratedDats generated(output.dir, output.keepDats);
    if (!generated.prepare())
        return Outcome::Error;
    std::mt19937_64 portalRng(seed);
    const std::vector<PlannedEntry> portalPlan =
        planPortal(portal.entries, std::uint64_t(portal.payloadMiB * kMiB), portalRng);
    const std::array<PlannedDat, 2> dats{
        PlannedDat{"portal", dat::DatKind::Portal, portalPlan.size(),
                   [&](const QString& path) {
                       return writePlannedDat(portalPlan, dat::DatKind::Portal, kPortalBlockSize,
                                              seed, path);
                   }},
        PlannedDat{"cell", dat::DatKind::Cell, cellEntries,
                   [&](const QString& path) { return writeCellBenchDat(cellEntries, seed, path); }},
    };

    std::array<Figures, 2> figures;
    std::optional<CellCommandFigures> cellCommands;
    try {
        std::array<QString, 2> paths;
        for (std::size_t i = 0; i < dats.size(); ++i) {
            paths[i] = generated.add("bench_" + dats[i].name + ".dat");
            if (!writeAndMeasure(dats[i], paths[i], seed, figures[i]))
                return Outcome::Error;
        }
        // map reads its Region from a small portal DAT beside (docs/benchmarks.md).
        const MapFiles map{generated.add("bench_region.dat"), generated.add("bench_map.png")};
        writeRegionBenchDat(seed, map.regionDat);
        printOut("cell: timing decode-all, ls --json and map\n");
        cellCommands = measureCellCommands(paths[1], map);
        if (!cellCommands)
            return Outcome::Error;
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return Outcome::Error;
    }

    printTable(figures, seed);
    printOut(cellCommandsTable(*cellCommands));
    QJsonObject cell = toJson(figures[1]);
    addCellCommandsJson(*cellCommands, cell);
    if (!writeReport(output.jsonPath,
                     report("container", seed, {{"portal", toJson(figures[0])}, {"cell", cell}})))
        return Outcome::Error;
    const bool verified = figures[0].verifyOk && figures[1].verifyOk && figures[0].extractAgrees &&
                          figures[1].extractAgrees && cellCommands->decodeOk;
    return verified ? Outcome::Success : Outcome::CheckFailed;
}

} // namespace portalkit::bench
