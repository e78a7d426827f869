#pragma once

// A cell DAT's collision geometry as a scene holds it (docs/physics.md#flights-in-the-real-world):
// the transition's TerrainWorld, and per static the GfxObj it was built from, so the trace can
// name what a body hit. Built once by a front end (world/scene/collision_world.h) and shared by
// every quantum.

#include "preview/physics/terrain_transition.h"

#include <cstdint>
#include <vector>

namespace portalkit::preview {

struct DatWorld {
    TerrainWorld terrain;
    std::vector<std::uint32_t> staticModels; // the GfxObj of terrain.statics[i]
};

} // namespace portalkit::preview
