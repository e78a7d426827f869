#pragma once

// The records of one planned landblock of the cell-like DAT (cell_dat.h), with values shaped
// like retail's and consistent across the landblock: the LandBlock says whether a
// LandBlockInfo exists, the LandBlockInfo counts the EnvCells, buildings' portals and stabs and
// the cells' portals and visible lists name cells that exist. Internal to the bench.

#include "bench/cell_dat.h"
#include "datreader/authoring/random_draws.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"

#include <optional>
#include <vector>

namespace portalkit::bench {

struct LandblockRecords {
    dat::LandBlock block;
    std::optional<dat::LandBlockInfo> info; // all kinds but Wild
    std::vector<dat::EnvCell> cells;        // in id order
};

// Draws the next landblock's records from `draws`.
LandblockRecords makeLandblockRecords(authoring::RandomDraws& draws,
                                      const PlannedLandblock& landblock);

} // namespace portalkit::bench
