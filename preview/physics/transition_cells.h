#pragma once

// Which outdoor cells a transition step touches and how the check position crosses into
// another landblock (docs/physics.md#the-retail-transition): CLandCell::add_all_outside_cells
// with check_add_cell_boundary, and SPHEREPATH::adjust_check_pos, which re-bases the check
// position and its spheres by 192 m per block (R56). Free functions; the sweep that uses them is
// still to come (issue 23).

#include "preview/physics/transition_types.h"

#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::preview {

// The outdoor cells the spheres reach, given landblock-local to `block` (any id in it): per
// sphere, the cell holding its centre (moved into the block that holds it), then the neighbour
// across each cell edge nearer than the radius and the diagonal one where two such edges meet.
// Each cell once, in the order found; cells off the world are left out.
std::vector<std::uint32_t> outsideCells(std::uint32_t block,
                                        std::span<const TransitionSphere> spheres);

// adjust_check_pos: the check position enters cell `cellId`. Into an outdoor cell of another
// landblock, the check origin and the spheres move by where the old block lies in the new one's
// frame (±192 m per block); EnvCell ids keep their coordinates.
void adjustCheckPos(SpherePath& path, std::uint32_t cellId);

} // namespace portalkit::preview
