#pragma once

// EnvCells in the retail transition (docs/physics.md#the-retail-transition): building interiors
// and dungeon rooms as the sweep meets them — each cell's CellStruct physics BSP, its membership
// volume (the cell BSP), its portals and the objects standing in it — built once from the decoded
// records, and the client's per-cell routines over them: CEnvCell::find_env_collisions
// (check_entry_restrictions first, R53, then the physics BSP through BSPTREE::find_collisions:
// a missile stops at any polygon, R60; a walker steps and slides, R51),
// find_obj_collisions for the cell's statics, and BSPNODE::sphere_intersects_cell_bsp, which
// decides whether a sphere reaches into a cell through a portal.

#include "preview/physics/bsp_collision.h"
#include "preview/physics/land_cell.h"
#include "preview/physics/step_moves.h"
#include "preview/physics/transition_types.h"
#include "world/cells.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace portalkit::dat {
struct BuildingInfo;
struct CellStruct;
struct EnvCell;
} // namespace portalkit::dat

namespace portalkit::preview {

// A static object with a physics BSP (a LandBlockInfo static, a building, or an EnvCell stab), as
// the sweep tests it.
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

// One portal of an EnvCell as the transition reads it (CCellPortal).
struct EnvPortal {
    bool outside = false;        // leads outdoors (flags & 0x4, or other cell 0xFFFF)
    std::uint32_t otherCell = 0; // the full EnvCell id on the other side; 0 when outside
    bool portalSide = true;      // the client's portal_side: flags bit 0x2 clear
    // The portal polygon's plane in the cell's own space; without one (a portal naming a
    // polygon the CellStruct lacks) no sphere is ever near it.
    bool hasPlane = false;
    Vec3 normal;
    float d = 0;
};

// One loaded EnvCell.
struct EnvCellEntry {
    std::uint32_t id = 0;
    Frame frame; // cell-local → landblock-local, rotation normalised
    // The CellStruct's physics polygons and tree; null when the shape has none (nothing to hit).
    std::shared_ptr<const PhysicsGeometry> geometry;
    world::CellVolume volume; // membership: the cell BSP
    std::vector<EnvPortal> portals;
    bool seenOutside = false;
    std::uint32_t restrictionObject = 0; // the guid check_entry_restrictions consults; 0: none
    std::vector<StaticObject> statics;   // the cell's stabs that have a physics BSP
    int staticsWithoutPhysics = 0;       // stabs the accessor had no geometry for (Setups, …)
};

// A CellStruct's physics polygons (over its vertex array) and physics BSP; polygons naming a
// missing vertex are left out, as PhysicsGeometry::fromGfxObj leaves them.
PhysicsGeometry cellPhysicsGeometry(const dat::CellStruct& shape);

// The physics geometry of a GfxObj id, or null (unknown id, no physics BSP, a Setup).
using GfxObjGeometry = std::function<std::shared_ptr<const PhysicsGeometry>(std::uint32_t id)>;

// The entry of `cell`, whose Environment's CellStruct `shape` is; stabs go through `gfxObjs`.
EnvCellEntry makeEnvCellEntry(const dat::EnvCell& cell, const dat::CellStruct& shape,
                              const GfxObjGeometry& gfxObjs);

// A building's doorways as CLandCell::find_transit_cells reads them: the outdoor cell that holds
// the building's origin (the only cell the client registers it in) and the EnvCells its portals
// lead into.
struct BuildingEntry {
    std::uint32_t landCell = 0;
    std::vector<std::uint32_t> interiorCells; // full ids
};
// Nothing (landCell 0) when the building's origin is off `block`.
BuildingEntry makeBuildingEntry(std::uint32_t block, const dat::BuildingInfo& building);

// BSPNODE::sphere_intersects_cell_bsp for a sphere in the cell's own space, the radius padded by
// 0.01: 0 when behind a plane of the positive chain (outside), 1 when it straddles one, 2 when
// wholly in front of all of them (inside).
int sphereIntersectsCellBsp(const dat::BspTree& cellBsp, const TransitionSphere& local);

// CPhysicsObj::FindObjCollisions for a static with a physics BSP (CPhysicsPart::
// find_obj_collisions, CGfxObj::find_obj_collisions): when a sphere of the mover comes within the
// static's reach, BSPTREE::find_collisions in its space (bsp_walker.h) — a missile stops at any
// polygon it reaches (R60), a walker steps up, steps down onto it or slides. `blockOffset`: where
// the static's landblock lies in check_pos's landblock frame. A static that answers anything but
// OK outside a step down marks an airborne mover as having met the environment.
TransitionState staticObjectCollisions(const StaticObject& object, Vec3 blockOffset,
                                       StepContext& ctx, BspWalk& walk);

// What CEnvCell::find_collisions met, for the trace.
struct EnvCellHit {
    bool restricted = false; // check_entry_restrictions refused the mover
    std::uint16_t polygon = 0;
    bool cellPolygon = false; // the cell's own physics BSP stopped it
    int staticIndex = -1;     // else the index of the cell static that did
    bool tooDeep = false;
};

// The mover facts and the cell's restriction object for one call.
struct EnvCellContext {
    const EnvCellEntry* cell = nullptr;
    Vec3 blockOffset; // where the cell's landblock lies in check_pos's landblock frame
    RestrictionMover mover;
    const RestrictionObject* restriction = nullptr; // null: the cell has none
};

// CEnvCell::find_collisions for the mover in `ctx`: check_entry_restrictions (R53; a refusal
// leaves the collision normal alone, as the base cell's handle_move_restriction does nothing),
// then the physics BSP in the cell's space (BSPTREE::find_collisions, scale 1), then the cell's
// statics. Whatever is not OK stops there: COLLIDED, or a walker's ADJUSTED / SLID.
TransitionState envCellCollisions(const EnvCellContext& context, StepContext& ctx, EnvCellHit& hit);

} // namespace portalkit::preview
