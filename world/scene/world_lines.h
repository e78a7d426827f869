#pragma once

// The world's line overlays as plain data (docs/render.md#world-overlays): the landblock grid and
// the cell boundaries drawn on the terrain, the portal polygons of EnvCells, and the physics
// polygons of every static, building and scenery object. Built once per set of blocks; the
// renderer uploads each list as one line entity.

#include "preview/core/assets.h"
#include "world/scene/world_builder.h"

#include <vector>

namespace portalkit::world {

// Segments as consecutive point pairs, three floats a point.
using LineList = std::vector<float>;

struct WorldLines {
    LineList landblocks; // each block's four edges, on the terrain
    LineList cells;      // every terrain triangle edge: the 24 m cells and each one's split
    LineList portals;    // EnvCell portal polygons
    LineList physics;    // physics polygons of the GfxObjs placed (parts and cell statics)
};

// Lines are lifted above the terrain so they are not hidden in it.
inline constexpr float kTerrainLineLift = 0.05f;

WorldLines buildWorldLines(const std::vector<WorldBlock>& blocks, const preview::Assets& portal);

} // namespace portalkit::world
