#include "command.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"
#include "preview/core/rng.h"
#include "preview/timeline/scenario.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QThread>
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <unistd.h>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace portalkit::cli {

// The 'records' suite (bench_records.cpp): writes seeded records of every decodable type to
// `datPath`, times decoding and encoding them and checks they re-encode to the same bytes.
int runRecordsBench(const QString& datPath, const QString& jsonPath, std::uint64_t recordCount,
                    std::uint64_t seed);
// The 'audit' suite (bench_audit.cpp): writes the portal-like DAT to `datPath`, then times
// audit::hashEntries with each of `jobsList` threads against sha256sum and openssl dgst.
int runAuditBench(const QString& datPath, const QString& jsonPath, const std::vector<int>& jobsList,
                  std::uint64_t portalEntries, std::uint64_t portalMiB, std::uint64_t seed);
// The 'particles' suite (bench_particles.cpp): particle-steps per second of the preview's
// emitters on one core.
int runParticlesBench(const QString& jsonPath, std::uint64_t seed);
#ifdef PORTALKIT_HAS_RENDER
// The 'render' suite (bench_render.cpp): frame time of step + offscreen render with 1k, 10k and
// 50k particles, and cold start to the first frame, on the demo DAT.
int runRenderBench(const QString& datPath, const QString& jsonPath);
#endif

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr std::uint32_t kMaxPortalEntryBytes = 300 * 1024;
constexpr std::uint32_t kPortalBlockSize = 1024;
constexpr std::uint64_t kMaxPortalMiB = 2000; // a DAT addresses at most 2 GiB
constexpr int kOpenRuns = 3;
constexpr std::size_t kLookupCount = 2'000'000;

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Entry payloads are slices of one seeded pseudo-random pool at a per-id start. The slices are
// not copied: the writer only reads them, and 900 MiB of fresh copies would cost seconds of page
// faults that say nothing about the writer.
constexpr std::size_t kPayloadPoolBytes = 4 * kMaxPortalEntryBytes;

std::vector<char> payloadPool(std::uint64_t seed) {
    std::vector<char> pool(kPayloadPoolBytes);
    preview::Rng rng(seed);
    for (std::size_t at = 0; at < kPayloadPoolBytes; at += 8) {
        const std::uint64_t word = rng.next();
        std::memcpy(pool.data() + at, &word, 8);
    }
    return pool;
}

QByteArray payloadSlice(const std::vector<char>& pool, std::uint64_t seed, std::uint32_t id,
                        std::uint32_t size) {
    const std::size_t start = preview::Rng(seed ^ id).below(kPayloadPoolBytes - size + 1);
    return QByteArray::fromRawData(pool.data() + start, qsizetype(size));
}

struct PlannedEntry {
    std::uint32_t id;
    std::uint32_t size;
};

// One portal type: its id range, its share of the entries and a log-normal size (median, sigma)
// shaped after end-of-retail client_portal.dat, where textures and sounds carry most bytes.
struct PortalType {
    std::uint32_t firstId;
    std::uint32_t idCapacity;
    std::uint32_t perMille; // share of the entries
    double medianBytes;
    double sigma;
};

constexpr std::size_t kRenderSurfaceType = 5; // takes the entries other types have no ids for
constexpr std::array kPortalMix{
    PortalType{0x01000000, 0x10000, 320, 1800, 1.0},    // GfxObj
    PortalType{0x02000000, 0x10000, 80, 500, 0.9},      // Setup
    PortalType{0x03000000, 0x10000, 100, 5000, 1.1},    // Animation
    PortalType{0x04000000, 0x10000, 30, 2000, 0.3},     // Palette
    PortalType{0x05000000, 0x1000000, 60, 16000, 1.0},  // SurfaceTexture
    PortalType{0x06000000, 0x2000000, 220, 16000, 1.1}, // RenderSurface
    PortalType{0x08000000, 0x10000, 50, 40, 0.4},       // Surface
    PortalType{0x09000000, 0x10000, 20, 3000, 1.0},     // MotionTable
    PortalType{0x0A000000, 0x10000, 50, 30000, 1.0},    // Wave
    PortalType{0x0D000000, 0x10000, 20, 8000, 0.8},     // Environment
    PortalType{0x0F000000, 0x10000, 10, 200, 0.6},      // PaletteSet
    PortalType{0x11000000, 0x10000, 10, 100, 0.5},      // GfxObjDegradeInfo
    PortalType{0x20000000, 0x10000, 10, 600, 0.8},      // SoundTable
    PortalType{0x32000000, 0x10000, 10, 150, 0.5},      // ParticleEmitterInfo
    PortalType{0x33000000, 0x10000, 10, 300, 0.7},      // PhysicsScript
};

std::uint64_t clampedTotal(const std::vector<double>& rawSizes, double scale) {
    std::uint64_t total = 0;
    for (double raw : rawSizes)
        total += std::min<std::uint64_t>(kMaxPortalEntryBytes, std::llround(raw * scale));
    return total;
}

std::vector<PlannedEntry> planPortal(std::uint64_t entryCount, std::uint64_t targetBytes,
                                     std::mt19937_64& rng) {
    std::array<std::uint64_t, kPortalMix.size()> counts{};
    std::uint64_t counted = 0;
    for (std::size_t i = 0; i < kPortalMix.size(); ++i) {
        counts[i] = std::min<std::uint64_t>(kPortalMix[i].idCapacity,
                                            entryCount * kPortalMix[i].perMille / 1000);
        counted += counts[i];
    }
    counts[kRenderSurfaceType] += entryCount - counted;

    std::vector<PlannedEntry> entries;
    std::vector<double> rawSizes;
    entries.reserve(entryCount);
    rawSizes.reserve(entryCount);
    for (std::size_t i = 0; i < kPortalMix.size(); ++i) {
        const PortalType& type = kPortalMix[i];
        if (counts[i] == 0)
            continue;
        // Real ids have gaps; keep them no wider than the type's range allows.
        const std::uint64_t maxStep = std::clamp<std::uint64_t>(type.idCapacity / counts[i], 1, 3);
        std::lognormal_distribution<double> sizeOf(std::log(type.medianBytes), type.sigma);
        std::uint32_t id = type.firstId;
        for (std::uint64_t n = 0; n < counts[i]; ++n) {
            entries.push_back({id, 0});
            rawSizes.push_back(sizeOf(rng));
            id += std::uint32_t(1 + rng() % maxStep);
        }
    }

    // Scale every size by one factor so the total meets the target despite the 300 KB cap.
    double low = 0, high = 1;
    while (clampedTotal(rawSizes, high) < targetBytes && high < 1e9)
        high *= 2;
    for (int step = 0; step < 60; ++step) {
        const double middle = (low + high) / 2;
        (clampedTotal(rawSizes, middle) < targetBytes ? low : high) = middle;
    }
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i].size = std::uint32_t(
            std::min<std::uint64_t>(kMaxPortalEntryBytes, std::llround(rawSizes[i] * high)));
    return entries;
}

// Cell ids are 0xXXYYnnnn: 0xFFFF LandBlock, 0xFFFE LandBlockInfo, 0x0100+ EnvCells. Every
// landblock has the first two; EnvCells cluster in towns and, by the hundred, in dungeons.
std::vector<PlannedEntry> planCell(std::uint64_t entryCount, std::mt19937_64& rng) {
    constexpr std::uint64_t kLandblocksPerSide = 0xFF; // XX = 0xFF would meet 0xFFFF0001
    constexpr std::uint32_t kLandBlockBytes = 252;     // 9x9 terrain words and heights
    constexpr std::uint32_t kFirstEnvCell = 0x0100;
    constexpr std::uint32_t kMaxEnvCells = 0xFFFE - kFirstEnvCell;

    const std::uint64_t landblocks =
        std::min(kLandblocksPerSide * kLandblocksPerSide, (entryCount + 1) / 2);
    const std::uint64_t envCellBudget = entryCount - std::min(entryCount, 2 * landblocks);

    std::uniform_real_distribution<double> roll(0, 1);
    std::lognormal_distribution<double> townWeight(std::log(6), 0.8);
    std::lognormal_distribution<double> dungeonWeight(std::log(120), 0.9);
    std::vector<double> weights(landblocks);
    std::vector<std::uint64_t> populated;
    double weightSum = 0;
    for (std::uint64_t i = 0; i < landblocks; ++i) {
        const double kind = roll(rng);
        weights[i] = kind < 0.6 ? 0 : kind < 0.95 ? townWeight(rng) : dungeonWeight(rng);
        weightSum += weights[i];
        if (weights[i] > 0)
            populated.push_back(i);
    }
    std::vector<std::uint64_t> envCells(landblocks);
    std::uint64_t assigned = 0;
    if (weightSum > 0) {
        for (std::uint64_t i = 0; i < landblocks; ++i) {
            envCells[i] = std::min<std::uint64_t>(
                kMaxEnvCells, std::uint64_t(double(envCellBudget) * weights[i] / weightSum));
            assigned += envCells[i];
        }
    }
    // Rounding down leaves a remainder; spread it over the populated landblocks.
    for (std::uint64_t i = 0; assigned < envCellBudget && !populated.empty(); ++i) {
        std::uint64_t& cells = envCells[populated[i % populated.size()]];
        if (cells < kMaxEnvCells) {
            ++cells;
            ++assigned;
        }
    }

    std::lognormal_distribution<double> infoBytes(std::log(60), 1.0);
    std::lognormal_distribution<double> envCellBytes(std::log(110), 0.6);
    std::vector<PlannedEntry> entries;
    entries.reserve(entryCount);
    for (std::uint64_t i = 0; i < landblocks; ++i) {
        const std::uint32_t base =
            std::uint32_t((i / kLandblocksPerSide) << 24 | (i % kLandblocksPerSide) << 16);
        entries.push_back({base | 0xFFFF, kLandBlockBytes});
        if (entries.size() < entryCount)
            entries.push_back(
                {base | 0xFFFE, 12 + std::uint32_t(std::min(infoBytes(rng), 4000.0))});
        for (std::uint64_t cell = 0; cell < envCells[i]; ++cell)
            entries.push_back({base | std::uint32_t(kFirstEnvCell + cell),
                               std::uint32_t(std::clamp(envCellBytes(rng), 16.0, 2000.0))});
    }
    return entries;
}

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
    double extractSeconds = 0;
    double extractMappedSeconds = 0; // a second pass, every page already mapped
    double catSeconds = 0;
    std::uint64_t lookupHits = 0;
    double lookupSeconds = 0;
    double verifySeconds = 0;
    bool verifyOk = false;
    std::size_t verifyErrors = 0;
    std::size_t verifyWarnings = 0;

    double bestOpenSeconds() const {
        return *std::min_element(openSeconds.begin(), openSeconds.end());
    }
    double extractMiBPerSecond() const { return double(extractedBytes) / kMiB / extractSeconds; }
    double catMiBPerSecond() const { return double(fileBytes) / kMiB / catSeconds; }
    double lookupsPerSecond() const { return double(kLookupCount) / lookupSeconds; }
};

struct GenerateSeconds {
    double plan = 0; // entries planned into the writer, before it saves
    double save = 0;
};

GenerateSeconds generate(const std::vector<PlannedEntry>& plan, dat::DatKind kind,
                         std::uint32_t blockSize, std::uint64_t seed, const QString& path) {
    const auto start = Clock::now();
    const std::vector<char> pool = payloadPool(seed); // outlives the writer, which views it
    dat::DatWriter writer(kind, blockSize);
    for (const PlannedEntry& planned : plan) {
        dat::WriterEntry entry;
        entry.id = planned.id;
        entry.data = payloadSlice(pool, seed, planned.id, planned.size);
        writer.put(std::move(entry));
    }
    GenerateSeconds seconds;
    seconds.plan = secondsSince(start);
    const auto saveStart = Clock::now();
    writer.save(path);
    seconds.save = secondsSince(saveStart);
    return seconds;
}

// Resident and shared pages from /proc/self/statm. Resident minus shared is what the heap adds;
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

    if (!timeCat(path)) // warms the page cache so both reads below start from it
        return false;
    const auto catSeconds = timeCat(path);
    if (!catSeconds)
        return false;
    figures.catSeconds = *catSeconds;

    // The first pass pays for faulting the map's pages in, the second shows the copying alone.
    auto extractAll = [&] {
        start = Clock::now();
        std::uint64_t extracted = 0;
        for (const dat::EntryInfo& entry : dat.entries())
            extracted += dat.read(entry).size();
        figures.extractedBytes = extracted;
        return secondsSince(start);
    };
    figures.extractSeconds = extractAll();
    figures.extractMappedSeconds = extractAll();

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

} // namespace

// Shared with the audit suite: the same portal-like DAT the container suite writes.
void writePortalBenchDat(const QString& path, std::uint64_t entryCount, std::uint64_t payloadMiB,
                         std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    generate(planPortal(entryCount, std::uint64_t(payloadMiB * kMiB), rng), dat::DatKind::Portal,
             kPortalBlockSize, seed, path);
}

// Shared with the records and audit suites.
QString cpuModel() {
    QFile cpuinfo("/proc/cpuinfo");
    if (cpuinfo.open(QIODevice::ReadOnly))
        for (const QByteArray& line : cpuinfo.readAll().split('\n'))
            if (line.startsWith("model name"))
                return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
    return "unknown";
}

namespace {

void printTable(const std::array<Figures, 2>& dats, std::uint64_t seed) {
    const QLocale numbers(QLocale::English);
    auto count = [&](double value) { return numbers.toString(qlonglong(std::llround(value))); };
    auto fixed = [](double value, int decimals) { return QString::number(value, 'f', decimals); };
    QString text = QStringLiteral("\ncontainer benchmark, seed %1, %2 cores, %3\n\n")
                       .arg(seed)
                       .arg(QThread::idealThreadCount())
                       .arg(cpuModel());
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
    row("extract all (s)", [&](const Figures& f) { return fixed(f.extractSeconds, 3); });
    row("extract (MiB/s)", [&](const Figures& f) { return count(f.extractMiBPerSecond()); });
    row("extract (entries/s)",
        [&](const Figures& f) { return count(double(f.entries) / f.extractSeconds); });
    row("extract again, pages mapped (s)",
        [&](const Figures& f) { return fixed(f.extractMappedSeconds, 3); });
    row("cat > /dev/null (s)", [&](const Figures& f) { return fixed(f.catSeconds, 3); });
    row("cat (MiB/s)", [&](const Figures& f) { return count(f.catMiBPerSecond()); });
    row("extract time / cat time",
        [&](const Figures& f) { return fixed(f.extractSeconds / f.catSeconds, 2); });
    row("find(), 2M mixed ids (lookups/s)",
        [&](const Figures& f) { return count(f.lookupsPerSecond()); });
    row("verify (s)", [&](const Figures& f) { return fixed(f.verifySeconds, 2); });
    row("verify errors / warnings", [](const Figures& f) {
        return QStringLiteral("%1 / %2").arg(f.verifyErrors).arg(f.verifyWarnings);
    });
    printOut(text);
}

QJsonObject toJson(const Figures& f) {
    QJsonArray openRuns;
    for (double seconds : f.openSeconds)
        openRuns.append(seconds);
    return {
        {"kind", QString::fromUtf8(dat::kindName(f.kind).data())},
        {"blockSize", qint64(f.blockSize)},
        {"entries", qint64(f.entries)},
        {"payloadBytes", qint64(f.extractedBytes)},
        {"fileBytes", qint64(f.fileBytes)},
        {"generateSeconds", f.generateSeconds},
        {"saveSeconds", f.saveSeconds},
        {"openSecondsBest", f.bestOpenSeconds()},
        {"openSecondsRuns", openRuns},
        {"directoryNodes", qint64(f.nodes)},
        {"treeDepth", int(f.treeDepth)},
        {"indexBytes", qint64(f.indexBytes)},
        {"rssGrowthBytes", qint64(f.rssGrowthBytes)},
        {"anonymousGrowthBytes", qint64(f.anonymousGrowthBytes)},
        {"extractSeconds", f.extractSeconds},
        {"extractMiBPerSecond", f.extractMiBPerSecond()},
        {"extractEntriesPerSecond", double(f.entries) / f.extractSeconds},
        {"extractMappedSeconds", f.extractMappedSeconds},
        {"catSeconds", f.catSeconds},
        {"catMiBPerSecond", f.catMiBPerSecond()},
        {"extractToCatTimeRatio", f.extractSeconds / f.catSeconds},
        {"lookups", qint64(kLookupCount)},
        {"lookupHits", qint64(f.lookupHits)},
        {"lookupsPerSecond", f.lookupsPerSecond()},
        {"verifySeconds", f.verifySeconds},
        {"verifyOk", f.verifyOk},
        {"verifyErrors", qint64(f.verifyErrors)},
        {"verifyWarnings", qint64(f.verifyWarnings)},
    };
}

// Removes the generated DATs on every way out unless they are to be kept.
struct GeneratedFiles {
    QStringList paths;
    bool keep = false;
    ~GeneratedFiles() {
        if (!keep)
            for (const QString& path : paths)
                QFile::remove(path);
    }
};

std::optional<std::uint64_t> numberOption(const QCommandLineParser& parser, const QString& name,
                                          std::uint64_t fallback, std::uint64_t min,
                                          std::uint64_t max) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const std::uint64_t value = parser.value(name).toULongLong(&ok);
    if (!ok || value < min || value > max) {
        printError(
            QStringLiteral("--%1 must be a number from %2 to %3").arg(name).arg(min).arg(max));
        return std::nullopt;
    }
    return value;
}

std::optional<std::vector<int>> jobsListOption(const QCommandLineParser& parser) {
    constexpr int kMaxJobs = 256;
    std::vector<int> jobs;
    for (const QString& item : parser.value("jobs-list").split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int count = item.trimmed().toInt(&ok);
        if (!ok || count < 1 || count > kMaxJobs) {
            printError(QStringLiteral("--jobs-list takes thread counts from 1 to %1, like 1,2")
                           .arg(kMaxJobs));
            return std::nullopt;
        }
        jobs.push_back(count);
    }
    return jobs.empty() ? std::vector<int>{1, 2} : jobs;
}

} // namespace

int runBench(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Benchmarks the reader, the audit, the particles and the renderer. The 'container' suite "
        "writes a portal-like and a cell-like DAT "
        "with seeded contents, then measures open + index, index memory, extracting every entry "
        "(against cat of the same file), random lookups and verify. The 'records' suite writes "
        "a portal DAT of seeded records of every decodable type, then measures decoding and "
        "encoding them per type and checks that every entry re-encodes to its stored bytes "
        "(exit 1 if not). The 'audit' suite writes the portal-like DAT, then times hashing "
        "every entry (length + SHA-256, as the audit pins them) on 1 and 2 threads against "
        "sha256sum and openssl dgst -sha256 of the same file. The 'particles' suite steps the "
        "preview's particle emitters (10k and 100k live particles, a mix of types and each type "
        "alone) and reports particle-steps per second on one thread. The 'render' suite (GUI "
        "builds, needs an X display) times a simulation step plus an offscreen frame with 1k, 10k "
        "and 50k "
        "particles, and cold start to the first frame, on the demo DAT (--dat). MiB = 2^20 bytes.");
#ifdef PORTALKIT_HAS_RENDER
    parser.addPositionalArgument(
        "SUITE", "The suite to run: container, records, audit, particles or render.");
#else
    parser.addPositionalArgument("SUITE",
                                 "The suite to run: container, records, audit or particles.");
#endif
    parser.addOption({"dir", "Where the DATs are written (default ./bench-data).", "DIR"});
    parser.addOption({"json", "Also write every figure to this JSON file.", "FILE"});
    parser.addOption({"portal-entries", "Entries in the portal-like DAT (default 80000).", "N"});
    parser.addOption({"portal-mb", "Payload MiB in the portal-like DAT (default 900).", "MB"});
    parser.addOption({"cell-entries", "Entries in the cell-like DAT (default 805000).", "N"});
    parser.addOption({"records", "Records in the records suite's DAT (default 40000).", "N"});
    parser.addOption({"jobs-list",
                      "Thread counts the audit suite hashes with, comma-separated (default 1,2).",
                      "N,N"});
    parser.addOption({"seed", "Seed for ids, sizes and bytes (default 1).", "N"});
    parser.addOption({"keep", "Keep the generated DATs."});
#ifdef PORTALKIT_HAS_RENDER
    parser.addOption({"dat", "The render suite's DAT (default: this build's demo DAT).", "FILE"});
#endif
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    const QString suite = parser.positionalArguments().at(0);
#ifdef PORTALKIT_HAS_RENDER
    if (suite == "render") {
        const QString dat = parser.isSet("dat")
                                ? parser.value("dat")
                                : preview::bundledDemoFile(QCoreApplication::applicationDirPath(),
                                                           "client_portal.dat");
        return runRenderBench(dat, parser.value("json"));
    }
#endif
    if (suite != "container" && suite != "records" && suite != "audit" && suite != "particles") {
        printError("unknown suite '" + suite + "' (container, records, audit or particles)");
        return kUsageOrIo;
    }

    const auto portalEntries = numberOption(parser, "portal-entries", 80'000, 1, 2'000'000);
    const auto portalMiB = numberOption(parser, "portal-mb", 900, 0, kMaxPortalMiB);
    const auto cellEntries = numberOption(parser, "cell-entries", 805'000, 1, 8'000'000);
    // At least one record of every type; at most what the 64Ki-id type ranges hold.
    const auto records = numberOption(parser, "records", 40'000, 200, 200'000);
    const auto seed = numberOption(parser, "seed", 1, 0, UINT64_MAX);
    const auto jobsList = jobsListOption(parser);
    if (!portalEntries || !portalMiB || !cellEntries || !records || !seed || !jobsList)
        return kUsageOrIo;

    if (suite == "particles") // nothing to write to disk
        return runParticlesBench(parser.value("json"), *seed);

    const QString dir = parser.value("dir").isEmpty() ? "bench-data" : parser.value("dir");
    if (!QDir().mkpath(dir)) {
        printError("cannot create " + dir);
        return kUsageOrIo;
    }
    GeneratedFiles generated;
    generated.keep = parser.isSet("keep");
    if (suite == "records") {
        generated.paths << QDir(dir).filePath("bench_records.dat");
        return runRecordsBench(generated.paths.front(), parser.value("json"), *records, *seed);
    }
    if (suite == "audit") {
        generated.paths << QDir(dir).filePath("bench_audit.dat");
        return runAuditBench(generated.paths.front(), parser.value("json"), *jobsList,
                             *portalEntries, *portalMiB, *seed);
    }

    struct Suite {
        QString name;
        dat::DatKind kind;
        std::uint32_t blockSize;
        std::vector<PlannedEntry> plan;
    };
    std::mt19937_64 portalRng(*seed);
    std::mt19937_64 cellRng(*seed ^ 0xCE11);
    std::array<Suite, 2> suites{
        Suite{"portal", dat::DatKind::Portal, kPortalBlockSize,
              planPortal(*portalEntries, std::uint64_t(*portalMiB * kMiB), portalRng)},
        Suite{"cell", dat::DatKind::Cell, 256, planCell(*cellEntries, cellRng)},
    };

    std::array<Figures, 2> figures;
    try {
        for (std::size_t i = 0; i < suites.size(); ++i) {
            const Suite& run = suites[i];
            const QString path = QDir(dir).filePath("bench_" + run.name + ".dat");
            generated.paths << path;
            figures[i].name = run.name;
            figures[i].kind = run.kind;
            printOut(QStringLiteral("%1: writing %2 entries to %3\n")
                         .arg(run.name)
                         .arg(run.plan.size())
                         .arg(path));
            const GenerateSeconds seconds =
                generate(run.plan, run.kind, run.blockSize, *seed, path);
            figures[i].generateSeconds = seconds.plan;
            figures[i].saveSeconds = seconds.save;
            printOut(QStringLiteral("%1: measuring\n").arg(run.name));
            if (!measure(path, *seed, figures[i]))
                return kUsageOrIo;
        }
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }

    printTable(figures, *seed);
    if (parser.isSet("json")) {
        const QJsonObject report{{"suite", suite},
                                 {"version", PORTALKIT_VERSION},
                                 {"seed", QString::number(*seed)},
                                 {"cores", QThread::idealThreadCount()},
                                 {"cpu", cpuModel()},
                                 {"portal", toJson(figures[0])},
                                 {"cell", toJson(figures[1])}};
        if (!writeFileAtomically(parser.value("json"), QJsonDocument(report).toJson()))
            return kUsageOrIo;
    }
    const bool verified = figures[0].verifyOk && figures[1].verifyOk;
    return verified ? kSuccess : kCheckFailed;
}

} // namespace portalkit::cli
