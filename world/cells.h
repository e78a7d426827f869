#pragma once

// Which EnvCell holds a point (docs/world.md#cells): the client's cell membership test, a walk of
// the CellStruct's cell BSP in the cell's own space, and the search the camera's cell comes from.
// Plain values copied out of the records, so a renderer can keep them after the records go.

#include "datreader/records/bsp.h"
#include "datreader/records/common.h"
#include "world/geometry.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::dat {
struct CellStruct;
struct EnvCell;
struct Environment;
} // namespace portalkit::dat

namespace portalkit::world {

// `p` (in the frame's parent space) in the frame's local space: undo the translation, then the
// rotation (Frame::globaltolocal).
Vec3 globalToLocal(const dat::Frame& frame, Vec3 p);
// The inverse: a point of the frame's local space in its parent space (Frame::localtoglobal).
Vec3 localToGlobal(const dat::Frame& frame, Vec3 p);

// BSPNODE::point_inside_cell_bsp: from the root, follow positive children while the point is in
// front of or within kEpsilon of each plane; behind any plane on the way is outside, reaching the
// end of the chain (no positive child, or a leaf) is inside. An empty tree holds nothing.
bool pointInsideCellBsp(const dat::BspTree& tree, Vec3 local);

// The CellStruct `key` of `environment`; null when it has none.
const dat::CellStruct* findCellStruct(const dat::Environment& environment, std::uint32_t key);

// What deciding membership needs of one EnvCell.
struct CellVolume {
    std::uint32_t id = 0; // full EnvCell id
    dat::Frame frame;     // cell-local → landblock-local
    dat::BspTree bsp;     // the CellStruct's cell BSP
    bool hasPortals = false;
    std::vector<std::uint32_t> visibleCells; // full ids: the stab list

    // CEnvCell::point_in_cell with CCellStruct::point_in_cell: false for a cell without
    // portals, else the cell BSP walk of the landblock-local point moved into the cell's space.
    bool contains(Vec3 blockLocal) const;
};

// `cell`'s volume; `shape` is the CellStruct its Environment and cellStructure name.
CellVolume cellVolume(const dat::EnvCell& cell, const dat::CellStruct& shape);

// The cell of `cells` (one landblock's) holding the landblock-local point, as
// CEnvCell::find_visible_child_cell searches from the cell the viewer was in: `previous` itself,
// then its stab list in order, then (as the client does when it has no cell to start from) every
// cell in order. Nothing when no cell holds the point.
std::optional<std::uint32_t> findCell(std::span<const CellVolume> cells, Vec3 blockLocal,
                                      std::uint32_t previous = 0);

} // namespace portalkit::world
