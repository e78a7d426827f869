#include "preview/physics/transition_cells.h"

#include "world/coords.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

namespace {

void addOnce(std::vector<std::uint32_t>& cells, std::uint32_t id) {
    if (std::find(cells.begin(), cells.end(), id) == cells.end())
        cells.push_back(id);
}

// check_add_cell_boundary for one sphere: its cell and the neighbours within its radius.
void addSphereCells(std::uint32_t block, const TransitionSphere& sphere,
                    std::vector<std::uint32_t>& cells) {
    const auto outside =
        world::adjustToOutside(block, {sphere.center.x, sphere.center.y, sphere.center.z});
    if (!outside)
        return;
    const auto lc = world::cellLcoord(outside->cellId);
    if (!lc)
        return;
    addOnce(cells, outside->cellId);
    const float x = outside->local.x -
                    std::floor(outside->local.x / world::kCellLength) * world::kCellLength,
                y = outside->local.y -
                    std::floor(outside->local.y / world::kCellLength) * world::kCellLength;
    const float r = sphere.radius, far = world::kCellLength - r;
    const int dx = x > far ? 1 : x < r ? -1 : 0;
    const int dy = y > far ? 1 : y < r ? -1 : 0;
    const auto add = [&](int ox, int oy) {
        if (const auto id = world::lcoordCellId({lc->x + ox, lc->y + oy}))
            addOnce(cells, *id);
    };
    if (dx)
        add(dx, 0);
    if (dy)
        add(0, dy);
    if (dx && dy)
        add(dx, dy);
}

} // namespace

std::vector<std::uint32_t> outsideCells(std::uint32_t block,
                                        std::span<const TransitionSphere> spheres) {
    std::vector<std::uint32_t> cells;
    for (const TransitionSphere& sphere : spheres)
        addSphereCells(block, sphere, cells);
    return cells;
}

void adjustCheckPos(SpherePath& path, std::uint32_t cellId) {
    if (world::isOutdoorCell(cellId)) {
        const world::Vec3 w = world::blockOffset(cellId, path.checkCellId);
        const Vec3 o{w.x, w.y, w.z};
        path.checkOrigin += o;
        for (int i = 0; i < path.numSphere && i < 2; ++i)
            path.globalSphere[std::size_t(i)].center += o;
        path.globalLowPoint += o;
    }
    path.checkCellId = cellId;
}

} // namespace portalkit::preview
