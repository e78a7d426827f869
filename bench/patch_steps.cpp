#include "bench/patch_steps.h"

#include "datreader/container/dat_file.h"
#include "datreader/container/directory.h"
#include "datreader/container/verifier.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <set>
#include <unistd.h>
#include <zlib.h>

namespace portalkit::bench {
namespace {

constexpr std::uint32_t kIterationRecord = 0xFFFF0001;
constexpr std::uint32_t kFirstEnvCell = 0x0100;
constexpr std::uint32_t kLastEnvCell = 0xFFFD;
constexpr std::uint32_t kLandblockInfo = 0xFFFE;
constexpr std::uint32_t kLandblockCoords = 0xFF; // XX and YY run 0x00..0xFE

bool isEnvCell(std::uint32_t id) {
    const std::uint32_t cell = id & 0xFFFF;
    return id != kIterationRecord && cell >= kFirstEnvCell && cell <= kLastEnvCell;
}

std::uint32_t randomLandblock(std::mt19937_64& rng) {
    return std::uint32_t(rng() % kLandblockCoords) << 24 | std::uint32_t(rng() % kLandblockCoords)
                                                               << 16;
}

// The stored entries that `pick` accepts, to take bytes from.
std::vector<dat::EntryInfo> donors(const dat::DatFile& dat, bool (*pick)(std::uint32_t)) {
    std::vector<dat::EntryInfo> found;
    for (const dat::EntryInfo& entry : dat.entries())
        if (pick(entry.id))
            found.push_back(entry);
    return found;
}

// Gives each id the bytes of a random donor.
std::vector<PatchEntry> withDonorBytes(const dat::DatFile& dat, std::vector<std::uint32_t> ids,
                                       const std::vector<dat::EntryInfo>& from,
                                       std::mt19937_64& rng) {
    std::vector<PatchEntry> entries;
    if (from.empty())
        return entries;
    entries.reserve(ids.size());
    for (std::uint32_t id : ids)
        entries.push_back({id, dat.read(from[rng() % from.size()])});
    return entries;
}

std::vector<std::uint32_t> spreadCells(const dat::DatFile& dat, std::size_t count,
                                       std::mt19937_64& rng) {
    std::set<std::uint32_t> chosen;
    // Two thirds of the id space of every landblock is free, so misses are rare; the bound only
    // stops a DAT with no room from spinning.
    for (std::size_t tries = 0; chosen.size() < count && tries < count * 64; ++tries) {
        const std::uint32_t cell = kFirstEnvCell + rng() % (kLastEnvCell - kFirstEnvCell + 1);
        const std::uint32_t id = randomLandblock(rng) | cell;
        if (!dat.find(id))
            chosen.insert(id);
    }
    std::vector<std::uint32_t> ids(chosen.begin(), chosen.end());
    std::shuffle(ids.begin(), ids.end(), rng);
    return ids;
}

// Landblocks (0xXXYY0000) holding an entry `has` accepts.
std::set<std::uint32_t> landblocksWith(const dat::DatFile& dat, bool (*has)(std::uint32_t)) {
    std::set<std::uint32_t> found;
    for (const dat::EntryInfo& entry : dat.entries())
        if (has(entry.id))
            found.insert(entry.id & 0xFFFF0000);
    return found;
}

bool isLandblockInfo(std::uint32_t id) {
    return id != kIterationRecord && (id & 0xFFFF) == kLandblockInfo;
}

std::vector<std::uint32_t> landblocksLacking(const std::set<std::uint32_t>& having,
                                             std::mt19937_64& rng) {
    std::vector<std::uint32_t> lacking;
    for (std::uint32_t x = 0; x < kLandblockCoords; ++x)
        for (std::uint32_t y = 0; y < kLandblockCoords; ++y)
            if (!having.contains(x << 24 | y << 16))
                lacking.push_back(x << 24 | y << 16);
    std::shuffle(lacking.begin(), lacking.end(), rng);
    return lacking;
}

std::vector<std::uint32_t> dungeonCells(const dat::DatFile& dat, std::size_t count,
                                        std::uint32_t cellsPerDungeon, std::mt19937_64& rng) {
    std::vector<std::uint32_t> ids;
    const std::uint32_t perDungeon =
        std::clamp<std::uint32_t>(cellsPerDungeon, 1, kLastEnvCell - kFirstEnvCell + 1);
    for (std::uint32_t landblock : landblocksLacking(landblocksWith(dat, isEnvCell), rng))
        for (std::uint32_t cell = 0; cell < perDungeon && ids.size() < count; ++cell)
            ids.push_back(landblock | (kFirstEnvCell + cell));
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::uint32_t> landblockInfos(const dat::DatFile& dat, std::size_t count,
                                          std::mt19937_64& rng) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t landblock : landblocksLacking(landblocksWith(dat, isLandblockInfo), rng)) {
        if (ids.size() == count)
            break;
        ids.push_back(landblock | kLandblockInfo);
    }
    return ids; // already in random order
}

} // namespace

bool syncFile(const QString& path) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    const int error = errno;
    if (fd >= 0)
        ::close(fd);
    if (!synced)
        printError("cannot sync " + path + ": " + QString::fromLocal8Bit(strerror(error)));
    return synced;
}

void settleDisk(const QString& path) {
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    const int fd = ::open(folder.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::syncfs(fd);
        ::close(fd);
    }
}

std::optional<double> timeCopyAndSync(const QString& source, const QString& destination) {
    const auto start = Clock::now();
    if (!runProcess("cp", {"--reflink=never", source, destination}, false) ||
        !syncFile(destination))
        return std::nullopt;
    return secondsSince(start);
}

PatchTiming timePatch(const QString& path, std::span<const PatchEntry> entries,
                      dat::CommitMode mode) {
    PatchTiming timing;
    const auto start = Clock::now();
    {
        dat::DatPatcher patcher = dat::DatPatcher::open(path);
        timing.open = secondsSince(start);
        const auto edit = Clock::now();
        for (const PatchEntry& entry : entries)
            patcher.put(entry.id, entry.bytes);
        timing.edit = secondsSince(edit);
        const auto commit = Clock::now();
        patcher.commit(mode);
        timing.commit = secondsSince(commit);
        timing.stats = patcher.stats();
    }
    timing.total = secondsSince(start);
    timing.close = timing.total - timing.open - timing.edit - timing.commit;
    return timing;
}

std::vector<std::uint32_t> entriesNearSize(const dat::DatFile& dat, std::uint32_t size,
                                           std::size_t count) {
    std::vector<dat::EntryInfo> entries;
    for (const dat::EntryInfo& entry : dat.entries())
        if (entry.id != kIterationRecord)
            entries.push_back(entry);
    const auto distance = [size](const dat::EntryInfo& entry) {
        return entry.size > size ? entry.size - size : size - entry.size;
    };
    count = std::min(count, entries.size());
    std::partial_sort(entries.begin(), entries.begin() + std::ptrdiff_t(count), entries.end(),
                      [&](const dat::EntryInfo& a, const dat::EntryInfo& b) {
                          return distance(a) != distance(b) ? distance(a) < distance(b)
                                                            : a.id < b.id;
                      });
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < count; ++i)
        ids.push_back(entries[i].id);
    return ids;
}

std::vector<std::uint8_t> seededBytes(std::size_t size, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<std::uint8_t> bytes(size);
    for (std::uint8_t& byte : bytes)
        byte = std::uint8_t(rng());
    return bytes;
}

std::vector<PatchEntry> newCellEntries(const dat::DatFile& dat, InsertPattern pattern,
                                       std::size_t count, std::uint32_t cellsPerDungeon,
                                       std::mt19937_64& rng) {
    switch (pattern) {
    case InsertPattern::Spread:
        return withDonorBytes(dat, spreadCells(dat, count, rng), donors(dat, isEnvCell), rng);
    case InsertPattern::Clustered:
        return withDonorBytes(dat, dungeonCells(dat, count, cellsPerDungeon, rng),
                              donors(dat, isEnvCell), rng);
    case InsertPattern::LandblockInfos:
        return withDonorBytes(dat, landblockInfos(dat, count, rng), donors(dat, isLandblockInfo),
                              rng);
    }
    return {};
}

const char* patternName(InsertPattern pattern) {
    switch (pattern) {
    case InsertPattern::Spread:
        return "spread";
    case InsertPattern::Clustered:
        return "clustered";
    case InsertPattern::LandblockInfos:
        return "landblockInfos";
    }
    return "?";
}

bool TreeShape::withinRules() const {
    const bool rootOk = rootKeys >= 1 && rootKeys <= dat::DirectoryNode::kMaxEntries;
    const bool othersOk =
        nodes == 1 || (minKeys >= 30 && maxKeys <= dat::DirectoryNode::kMaxEntries);
    return rootOk && othersOk && leavesLevel && depth <= dat::DirectoryNode::kMaxDepth;
}

TreeShape treeShape(const dat::DatFile& dat) {
    TreeShape shape;
    std::optional<unsigned> leafDepth;
    bool seenNonRoot = false;
    dat::DirectoryVisitor visitor;
    visitor.onNode = [&](const dat::DirectoryNode& node, unsigned depth) {
        ++shape.nodes;
        shape.depth = std::max(shape.depth, depth + 1);
        if (depth == 0) {
            shape.rootKeys = node.count;
        } else {
            shape.minKeys = seenNonRoot ? std::min(shape.minKeys, node.count) : node.count;
            seenNonRoot = true;
            shape.maxKeys = std::max(shape.maxKeys, node.count);
        }
        if (node.leaf()) {
            if (leafDepth && *leafDepth != depth)
                shape.leavesLevel = false;
            leafDepth = depth;
        }
    };
    dat::walkDirectory(dat.chains(), dat.header().rootOffset, visitor);
    return shape;
}

std::uint32_t crcOf(std::span<const std::uint8_t> bytes) {
    return std::uint32_t(crc32_z(crc32(0, nullptr, 0), bytes.data(), bytes.size()));
}

std::vector<EntrySum> sumEntries(const dat::DatFile& dat) {
    std::vector<EntrySum> sums;
    sums.reserve(dat.entries().size());
    for (const dat::EntryInfo& entry : dat.entries())
        sums.push_back({entry.id, crcOf(dat.read(entry))});
    return sums;
}

PatchCheck checkPatched(const QString& path, const std::vector<EntrySum>& before,
                        std::span<const PatchEntry> puts) {
    PatchCheck check;
    const dat::DatFile dat = dat::DatFile::open(path);
    const dat::VerifyReport report = dat::verifyDat(dat);
    check.verifyErrors = report.errorCount();
    check.verifyWarnings = report.warningCount();
    if (!report.problems.empty())
        check.firstProblem = report.problems.front().describe();
    check.shape = treeShape(dat);

    std::map<std::uint32_t, std::uint32_t> expected; // the later put of an id wins
    for (const PatchEntry& put : puts)
        expected[put.id] = crcOf(put.bytes);
    for (const EntrySum& sum : before)
        expected.try_emplace(sum.id, sum.crc);
    expected.erase(kIterationRecord);
    std::vector<EntrySum> after = sumEntries(dat);
    std::erase_if(after, [](const EntrySum& sum) { return sum.id == kIterationRecord; });
    // Both in id order: count the ids either side lacks and the ids whose bytes differ.
    auto want = expected.begin();
    for (const EntrySum& got : after) {
        for (; want != expected.end() && want->first < got.id; ++want)
            ++check.mismatches; // expected, not stored
        if (want != expected.end() && want->first == got.id) {
            check.mismatches += want->second != got.crc;
            ++want;
        } else {
            ++check.mismatches; // stored, not expected
        }
    }
    check.mismatches += std::size_t(std::distance(want, expected.end()));
    return check;
}

} // namespace portalkit::bench
