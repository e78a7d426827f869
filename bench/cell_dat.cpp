#include "bench/cell_dat.h"

#include "bench/bench_common.h"
#include "bench/cell_records.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/region.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace portalkit::bench {
namespace {

constexpr std::uint64_t kRetailEntries = 805'000;
constexpr std::uint64_t kRetailLandBlocks = 65'025;
constexpr std::uint64_t kRetailLandBlockInfos = 5'346;
constexpr std::uint64_t kLandblocksPerSide = 0xFF; // XX = 0xFF would meet 0xFFFF0001
constexpr std::uint32_t kMaxEnvCells = 0xFFFD - 0x0100 + 1;

// Which landblocks get a LandBlockInfo, and of what kind: a third have outdoor objects only,
// the rest are towns and dungeons, which hold the EnvCells.
std::vector<LandblockKind> drawKinds(authoring::RandomDraws& draws, const CellCounts& counts) {
    std::vector<LandblockKind> kinds(counts.landBlocks, LandblockKind::Wild);
    std::vector<std::uint32_t> order(counts.landBlocks);
    std::iota(order.begin(), order.end(), 0);
    bool holdsCells = false;
    for (std::uint64_t i = 0; i < counts.landBlockInfos; ++i) {
        std::swap(order[i], order[i + draws.below(order.size() - i)]);
        const double roll = draws.unit();
        kinds[order[i]] = roll < 0.3    ? LandblockKind::Outdoor
                          : roll < 0.75 ? LandblockKind::Town
                                        : LandblockKind::Dungeon;
        holdsCells = holdsCells || kinds[order[i]] != LandblockKind::Outdoor;
    }
    if (!holdsCells && counts.envCells > 0)
        kinds[order[0]] = LandblockKind::Dungeon;
    return kinds;
}

// Spreads the EnvCells over the towns (a few buildings each) and dungeons (hundreds of cells):
// in proportion to a log-normal weight each, then the rounding remainder one at a time.
void assignEnvCells(authoring::RandomDraws& draws, std::uint64_t envCells,
                    std::vector<PlannedLandblock>& plan) {
    std::vector<double> weights(plan.size());
    std::vector<std::size_t> holders;
    double weightSum = 0;
    for (std::size_t i = 0; i < plan.size(); ++i) {
        if (plan[i].kind == LandblockKind::Town)
            weights[i] = draws.around(8, 0.8, 1, 1000);
        else if (plan[i].kind == LandblockKind::Dungeon)
            weights[i] = draws.around(200, 1.0, 1, 20000);
        if (weights[i] > 0)
            holders.push_back(i);
        weightSum += weights[i];
    }
    std::uint64_t assigned = 0;
    for (std::size_t i : holders) {
        plan[i].envCells = std::uint32_t(
            std::min<double>(kMaxEnvCells, std::floor(double(envCells) * weights[i] / weightSum)));
        assigned += plan[i].envCells;
    }
    // Every holder full would leave cells over; cellCounts' shares never come near that.
    for (std::size_t turn = 0; assigned < envCells && turn < holders.size() * kMaxEnvCells;
         ++turn) {
        PlannedLandblock& holder = plan[holders[turn % holders.size()]];
        if (holder.envCells < kMaxEnvCells) {
            ++holder.envCells;
            ++assigned;
        }
    }
}

void append(EncodedCellDat& out, std::uint32_t id, const std::vector<std::uint8_t>& bytes) {
    out.entries.push_back({id, std::uint32_t(bytes.size())});
    out.pool.insert(out.pool.end(), bytes.begin(), bytes.end());
}

} // namespace

CellCounts cellCounts(std::uint64_t entryCount) {
    CellCounts counts;
    counts.landBlocks = std::clamp<std::uint64_t>(
        std::llround(double(entryCount) * kRetailLandBlocks / kRetailEntries), 1,
        std::min(entryCount, kLandblocksPerSide * kLandblocksPerSide));
    const std::uint64_t rest = entryCount - counts.landBlocks;
    counts.landBlockInfos = std::min<std::uint64_t>(
        {rest, counts.landBlocks,
         std::max<std::uint64_t>(
             rest > 0,
             std::llround(double(counts.landBlocks) * kRetailLandBlockInfos / kRetailLandBlocks))});
    counts.envCells = rest - counts.landBlockInfos;
    return counts;
}

std::vector<PlannedLandblock> planCellLandblocks(std::uint64_t entryCount, std::uint64_t seed) {
    authoring::RandomDraws draws(seed ^ 0xCE11);
    const CellCounts counts = cellCounts(entryCount);
    const std::vector<LandblockKind> kinds = drawKinds(draws, counts);
    std::vector<PlannedLandblock> plan(counts.landBlocks);
    for (std::uint64_t i = 0; i < counts.landBlocks; ++i) {
        plan[i].base =
            std::uint32_t((i / kLandblocksPerSide) << 24 | (i % kLandblocksPerSide) << 16);
        plan[i].kind = kinds[i];
    }
    assignEnvCells(draws, counts.envCells, plan);
    return plan;
}

EncodedCellDat encodeCellDat(const std::vector<PlannedLandblock>& plan, std::uint64_t seed) {
    authoring::RandomDraws draws(seed ^ 0xCE11CE11);
    EncodedCellDat out;
    std::uint64_t entries = 0;
    for (const PlannedLandblock& landblock : plan)
        entries += 1 + (landblock.kind != LandblockKind::Wild) + landblock.envCells;
    out.entries.reserve(entries);
    out.pool.reserve(entries * 200); // about the mean entry; the pool grows past it if need be
    for (const PlannedLandblock& landblock : plan) {
        const LandblockRecords records = makeLandblockRecords(draws, landblock);
        append(out, records.block.id, records.block.encode());
        if (records.info)
            append(out, records.info->id, records.info->encode());
        for (const dat::EnvCell& cell : records.cells)
            append(out, cell.id, cell.encode());
    }
    return out;
}

WriteSeconds writeCellBenchDat(std::uint64_t entryCount, std::uint64_t seed, const QString& path) {
    const auto start = Clock::now();
    const EncodedCellDat encoded = encodeCellDat(planCellLandblocks(entryCount, seed), seed);
    dat::DatWriter writer(dat::DatKind::Cell, kCellBlockSize);
    // Slices of the pool, not copies: the writer only reads them, and the pool outlives it.
    std::size_t at = 0;
    for (const PlannedEntry& planned : encoded.entries) {
        dat::WriterEntry entry;
        entry.id = planned.id;
        entry.data = QByteArray::fromRawData(encoded.pool.data() + at, qsizetype(planned.size));
        at += planned.size;
        writer.put(std::move(entry));
    }
    return saveTimed(writer, start, path);
}

void writeRegionBenchDat(std::uint64_t seed, const QString& path) {
    authoring::RandomDraws draws(seed ^ 0x13);
    dat::Region region;
    region.id = 0x13000000;
    for (std::size_t i = 0; i < region.landDefs.landHeightTable.size(); ++i)
        region.landDefs.landHeightTable[i] = 2.0f * float(i);
    for (int type = 0; type < 32; ++type) {
        dat::TerrainType terrainType;
        terrainType.color = 0xFF000000u | std::uint32_t(draws.below(0x1000000));
        region.terrain.terrainTypes.push_back(terrainType);
    }
    dat::DatWriter writer(dat::DatKind::Portal, kPortalBlockSize);
    dat::WriterEntry entry;
    entry.id = region.id;
    const std::vector<std::uint8_t> bytes = region.encode();
    entry.data = QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    writer.put(std::move(entry));
    writer.save(path);
}

} // namespace portalkit::bench
