#pragma once

// EnvCells as drawable and exportable data (docs/world.md#cells): building interiors and
// dungeons. A cell's shape is a CellStruct of its Environment; the client builds its drawing mesh
// from the CellStruct's vertices and drawing polygons with the EnvCell's own surface list, so here
// that is a GfxObj made for the cell (vertices and polygons of the CellStruct, surfaces of the
// EnvCell), which every GfxObj consumer (renderer mesh cache, glTF export) already draws.

#include "preview/core/assets.h"
#include "world/scene/world_builder.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::dat {
struct EnvCell;
} // namespace portalkit::dat

namespace portalkit::world {

// The drawing GfxObj of `cell` in `portal`'s Environments; null when the Environment, the
// CellStruct or the drawing BSP is missing.
std::shared_ptr<const dat::GfxObj> cellGeometry(const preview::Assets& portal,
                                                const dat::EnvCell& cell);

// `cell` placed relative to `origin`'s block (blockPosition), with its statics expanded as
// LandBlockInfo statics are.
WorldCell buildWorldCell(const preview::Assets& portal, const dat::EnvCell& cell,
                         std::uint32_t origin);

// The EnvCells of landblock `block` (0x0100 .. 0x0100 + LandBlockInfo::numCells - 1) that the
// cell DAT holds, in id order.
std::vector<WorldCell> buildBlockCells(const WorldSources& sources, std::uint32_t block,
                                       std::uint32_t origin);

} // namespace portalkit::world
