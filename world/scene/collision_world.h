#pragma once

// The real world's collision geometry round a place (docs/physics.md#flights-in-the-real-world):
// the terrain of each loaded landblock and every object standing on it that has a physics BSP —
// LandBlockInfo statics and buildings, and the scenery placeScenery grows — as the preview's
// transition meets them. Built once per scene from decoded records and shared by every quantum;
// a GfxObj's physics geometry is built once however often it is placed.

#include "preview/physics/dat_world.h"
#include "world/scene/world_builder.h"

#include <cstdint>

namespace portalkit::world {

// What a collision world holds, for `portalkit bench physics` and the studio's status line.
struct CollisionWorldCounts {
    int blocks = 0;       // landblocks with terrain
    int objects = 0;      // statics, buildings and scenery placed
    int physicsParts = 0; // their parts with a physics BSP (one StaticObject each)
    int geometries = 0;   // distinct GfxObj physics geometries built
    int partsWithout = 0; // parts drawn but without physics, which nothing collides with
    int shapes = 0;       // cylinder spheres and spheres of Setups without a physics BSP
};

// The landblocks round `centre` (`radius` rings, as buildWorldBlocks picks them; a dungeon's
// block alone) with their objects' physics parts. Blocks the cell DAT lacks are left out: the
// transition passes through cells it has not loaded.
preview::DatWorld buildCollisionWorld(const WorldSources& sources, std::uint32_t centre, int radius,
                                      CollisionWorldCounts* counts = nullptr);

} // namespace portalkit::world
