#pragma once

// The container suite's cell-like DAT: real-shaped LandBlocks, LandBlockInfos and EnvCells,
// made from seeded values and encoded with the records' own encoders, so `decode-all` and
// `ls` on it do the work a retail client_cell_1.dat asks of them (docs/benchmarks.md).

#include "bench/portal_dat.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::bench {

// How many entries of each type a cell DAT of `entryCount` entries gets: the shares of an
// end-of-retail cell DAT (65,025 LandBlocks and 5,346 LandBlockInfos in 805,000 entries, the
// rest EnvCells), with every landblock's LandBlock and at most 255 × 255 of them.
struct CellCounts {
    std::uint64_t landBlocks = 0;
    std::uint64_t landBlockInfos = 0;
    std::uint64_t envCells = 0;
};
CellCounts cellCounts(std::uint64_t entryCount);

// What stands on a landblock: nothing (no LandBlockInfo), outdoor objects only, a town whose
// buildings hold EnvCells, or a dungeon of EnvCells.
enum class LandblockKind { Wild, Outdoor, Town, Dungeon };

struct PlannedLandblock {
    std::uint32_t base = 0; // 0xXXYY0000
    LandblockKind kind = LandblockKind::Wild;
    std::uint32_t envCells = 0; // 0xXXYY0100 on
};

// The landblocks of a cell DAT of `entryCount` entries, in id order; their entries add up to
// exactly `entryCount` (the iteration record aside).
std::vector<PlannedLandblock> planCellLandblocks(std::uint64_t entryCount, std::uint64_t seed);

// Every record of the plan, encoded, as entries whose bytes are slices of one pool.
struct EncodedCellDat {
    std::vector<char> pool;
    std::vector<PlannedEntry> entries; // id and size; the bytes follow one another in the pool
};
EncodedCellDat encodeCellDat(const std::vector<PlannedLandblock>& plan, std::uint64_t seed);

// Plans, encodes and writes the cell-like DAT. Throws DatError when the writer fails.
WriteSeconds writeCellBenchDat(std::uint64_t entryCount, std::uint64_t seed, const QString& path);

// A portal DAT holding only a Region 0x13000000 for `portalkit map` of the cell-like DAT: 32
// terrain types with seeded map colours and a rising height table (2 m a step), no texture
// merge data. Throws DatError when the writer fails.
void writeRegionBenchDat(std::uint64_t seed, const QString& path);

} // namespace portalkit::bench
