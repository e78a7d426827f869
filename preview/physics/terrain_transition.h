#pragma once

// The retail transition over outdoor terrain, statics and EnvCells
// (docs/physics.md#the-retail-transition): CTransition::find_transitional_position with
// transitional_insert, insert_into_cell and check_other_cells over the cells find_cell_list
// gathers (cell_array.h) — outdoor cells with their terrain and statics, building interiors
// reached through their doorways and dungeon cells through their portals, each EnvCell with its
// entry restriction (R53), physics BSP and statics (env_cell_collision.h). Every physics BSP goes
// through BSPTREE::find_collisions (bsp_walker.h): a missile stops at any polygon it reaches
// (R60); a walker (a creature, a player: not a Missile, R52) steps up onto what its step-up
// height allows, steps down to follow the ground, slides, and edge-slides (step_moves.h, R51).
// No moving objects yet. Steps of at most one radius, uncapped (R59); the check position
// re-based at block edges (R56); deep water passed through to the water depth (R55).

#include "preview/physics/bsp_collision.h"
#include "preview/physics/env_cell_collision.h"
#include "preview/physics/land_cell.h"
#include "preview/physics/object_shapes.h"
#include "preview/physics/transition_types.h"
#include "world/terrain.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::preview {

// The loaded landblocks' terrain, by landblock id (0xXXYYFFFF), the statics on them, and their
// EnvCells with the buildings whose doorways lead into them.
struct TerrainWorld {
    std::map<std::uint32_t, world::LandblockTerrain> blocks;
    std::vector<StaticObject> statics;
    // Statics without a physics BSP, met through their Setup's cylinder spheres or spheres.
    std::vector<StaticShape> shapes;
    std::map<std::uint32_t, EnvCellEntry> envCells; // by full EnvCell id
    std::vector<BuildingEntry> buildings;
    // The restriction objects the client has loaded, by guid; an EnvCell naming one that is not
    // here refuses a player (R53).
    std::map<std::uint32_t, RestrictionObject> restrictionObjects;

    const world::LandblockTerrain* find(std::uint32_t cellOrBlockId) const;
    const EnvCellEntry* envCell(std::uint32_t id) const;
    // An outdoor cell is loaded with its block's terrain, an EnvCell with its entry.
    bool loaded(std::uint32_t cellId) const;
};

struct TerrainMove {
    std::uint32_t beginCell = 0; // the cell the mover is in: outdoor or an EnvCell
    Vec3 begin;                  // origin, landblock-local to beginCell's block
    Vec3 end;                    // the candidate origin, in the same frame
    // The mover's spheres (at most two, already scaled and turned into the world's axes),
    // relative to its origin.
    std::array<TransitionSphere, 2> spheres{};
    int numSphere = 1;
    bool gravity = false; // the object's Gravity state, for the stationary-fall failsafe
    // What check_entry_restrictions asks of the mover (its weenie, guid and PWD bits; whether it
    // is a player comes from ObjectInfo). The default, no weenie, passes every cell.
    RestrictionMover mover;
    // The plane the mover stands on (init_contact_plane): the contact plane and the last known
    // one when ObjectInfo has Contact, the last known one only otherwise. None: airborne.
    std::optional<ContactPlane> contactPlane;
    // The sliding normal the last transition left (init_sliding_normal, transient Sliding): the
    // first steps keep off the obstacle it came from. None: not sliding.
    std::optional<Vec3> slidingNormal;
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
    bool bspTooDeep = false; // a malformed physics tree (static or cell) stopped a walk
    // What stopped the sweep, for the trace: a static (its index in TerrainWorld::statics and
    // the polygon of its physics BSP) or the terrain of an outdoor cell; neither when nothing
    // was hit.
    int hitStatic = -1;
    std::uint16_t hitPolygon = 0;
    int hitShape = -1; // an index into TerrainWorld::shapes: a cylinder sphere or sphere
    int stepsUp = 0;   // step ups that lifted a walker onto what it met (R51)
    int stepsDown = 0; // steps whose step-down tail kept a walker on walkable ground (R51)
    std::uint32_t hitTerrainCell = 0;
    // An EnvCell that stopped it: its physics BSP (hitPolygon names the cell polygon), one of its
    // statics (hitCellStatic, an index into its statics; hitPolygon that static's polygon), or
    // its entry restriction (restricted).
    std::uint32_t hitEnvCell = 0;
    int hitCellStatic = -1;
    bool restricted = false;
    // A step's cell array reached kMaxCellArray (cell_array.h): cells past it were not tested.
    bool cellArrayFull = false;
};

// Runs the sweep for `info` (a Missile, or a walker with Contact / OnWalkable and its step
// heights) from move.begin to move.end over `terrain`. Cells of blocks not loaded are passed
// through without collision, as the client passes cells it has not loaded.
TerrainTransition terrainTransition(const TerrainWorld& terrain, const ObjectInfo& info,
                                    const TerrainMove& move);

} // namespace portalkit::preview
