#pragma once

// The retail transition of a path-clipped mover (a missile) over outdoor terrain and statics
// (docs/physics.md#the-retail-transition): CTransition::find_transitional_position with
// transitional_insert, insert_into_cell and check_other_cells over the landblocks' outdoor
// cells, each cell's terrain then the statics' physics BSPs (a missile's BSPTREE::find_collisions:
// any polygon reached is a collision, R60) — no EnvCells or moving objects yet, and no step up
// or step down, which a missile never takes (R52). Steps of at most one radius, uncapped (R59); the
// check position re-based at block edges (R56); deep water passed through to the water depth (R55).
// The first end-to-end use of the routines in land_cell.h and transition_steps.h (issue 23).

#include "preview/physics/bsp_collision.h"
#include "preview/physics/transition_types.h"
#include "world/terrain.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::preview {

// A static object with a physics BSP standing on a landblock (a LandBlockInfo static or
// building), as the sweep tests it.
struct StaticObject {
    std::uint32_t block = 0; // the landblock it stands on, 0xXXYYFFFF
    Frame frame;             // its placement, landblock-local
    float scale = 1;
    std::shared_ptr<const PhysicsGeometry> geometry;
    float reach = 0; // the farthest physics vertex from its origin × scale (the broad test)
};
// A static of this geometry at `frame` on `block`, with its reach computed.
StaticObject makeStaticObject(std::uint32_t block, const Frame& frame, float scale,
                              std::shared_ptr<const PhysicsGeometry> geometry);

// The loaded landblocks' terrain, by landblock id (0xXXYYFFFF), and the statics on them.
struct TerrainWorld {
    std::map<std::uint32_t, world::LandblockTerrain> blocks;
    std::vector<StaticObject> statics;
    const world::LandblockTerrain* find(std::uint32_t cellOrBlockId) const;
};

struct TerrainMove {
    std::uint32_t beginCell = 0; // the outdoor cell the mover is in
    Vec3 begin;                  // origin, landblock-local to beginCell's block
    Vec3 end;                    // the candidate origin, in the same frame
    // The mover's spheres (at most two, already scaled and turned into the world's axes),
    // relative to its origin.
    std::array<TransitionSphere, 2> spheres{};
    int numSphere = 1;
    bool gravity = false; // the object's Gravity state, for the stationary-fall failsafe
};

struct TerrainTransition {
    bool ok = false;        // find_transitional_position succeeded
    std::uint32_t cell = 0; // curr_pos's cell
    Vec3 origin;            // curr_pos's origin, landblock-local to `cell`
    int stepsTaken = 0;     // steps validated before the sweep ended
    int stepsPlanned = 0;
    bool killVelocity = false;
    CollisionInfo collision; // contact plane, collision normal, last known plane
    ObjectInfo info;         // with Contact / OnWalkable as the last step left them
    bool bspTooDeep = false; // a static's malformed physics tree stopped a walk (reported)
    // What stopped the sweep, for the trace: a static (its index in TerrainWorld::statics and
    // the polygon of its physics BSP) or the terrain of an outdoor cell; neither when nothing
    // was hit.
    int hitStatic = -1;
    std::uint16_t hitPolygon = 0;
    std::uint32_t hitTerrainCell = 0;
};

// Runs the sweep for `info` (a path-clipped mover without step-down: a Missile) from move.begin
// to move.end over `terrain`. Cells of blocks not loaded are passed through without collision,
// as the client passes cells it has not loaded.
TerrainTransition terrainTransition(const TerrainWorld& terrain, const ObjectInfo& info,
                                    const TerrainMove& move);

} // namespace portalkit::preview
