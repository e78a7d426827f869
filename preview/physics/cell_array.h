#pragma once

// Which cells a transition step's spheres reach (docs/physics.md#the-retail-transition):
// CObjCell::find_cell_list over the sweep's world — the outdoor cells round the spheres or the
// EnvCell the check position is in, then, through a growing list, every cell reached from them:
// a land cell's building doorways (CLandCell::find_transit_cells), an EnvCell's portals
// (CEnvCell::find_transit_cells, outdoors again through an outside portal) — and the cell that
// holds sphere 0's centre, an EnvCell before a land cell.

#include "preview/physics/terrain_transition.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::preview {

// A bound on the cells one step may gather. The client's list has none, but each cell enters it
// once, so only a world of absurdly many overlapping cells reaches this; the sweep reports it
// (TerrainTransition::cellArrayFull) rather than hanging or dropping cells silently.
inline constexpr std::size_t kMaxCellArray = 64;

struct CellArray {
    std::vector<std::uint32_t> cells; // in the order found, loaded or not (unloaded are skipped)
    std::uint32_t currCell = 0;       // the loaded cell holding sphere 0's centre; 0: none
    bool addedOutside = false;
    bool hitsInteriorCell = false;
    bool full = false; // kMaxCellArray reached: cells beyond it were not gathered
};

// find_cell_list at a check position in `checkCell` with the spheres in its landblock's frame.
// An unloaded check cell gathers its own cells only and holds nothing.
CellArray findCellList(const TerrainWorld& world, std::uint32_t checkCell,
                       std::span<const TransitionSphere> spheres);

} // namespace portalkit::preview
