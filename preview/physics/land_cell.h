#pragma once

// The transition's outdoor cell routines (docs/physics.md#the-retail-transition): how the
// client's CLandCell answers a sphere path at a check position — the cell's entry restriction
// (R53), the terrain polygon under the sphere's low point, deep water (R55) and
// OBJECTINFO::validate_walkable with the water depth (R54). Free functions over the transition
// state (transition_types.h) and world::LandblockTerrain; the sweep that calls them per step is
// still to come (issue 23).

#include "preview/physics/transition_types.h"
#include "world/terrain.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::preview {

// The mover as check_entry_restrictions sees it.
struct RestrictionMover {
    bool exists = true;     // the transition has an object
    bool hasWeenie = false; // a weenie object (server-side object) stands behind it
    std::uint32_t guid = 0;
    std::uint32_t pwdBits = 0; // the PublicWeenieDesc bitfield
};

// A cell's restriction object (a house, for the client) as far as CanMoveInto reads it.
struct RestrictionObject {
    bool loaded = true; // GetObject found it
    bool hasWeenie = true;
    std::uint32_t owner = 0; // 0: nobody owns it
    // The guids allowed in; without a list everyone is.
    std::optional<std::vector<std::uint32_t>> allowed;
};

// CanBypassMoveRestrictions: the PWD bitfield holds both 0x100000 and 0x400000.
bool canBypassMoveRestrictions(std::uint32_t pwdBits);
// ACCWeenieObject::CanMoveInto as the client's house check reads it: nobody owns it, or the
// mover does; no list; or the mover is listed.
bool canMoveInto(const RestrictionObject& object, std::uint32_t moverGuid);

// CObjCell::check_entry_restrictions (R53). `restriction` is null when the cell has no
// restriction object id (0). A refusal by CanMoveInto runs CLandCell::handle_move_restriction
// (a collision normal pointing back to the side the mover came from) before COLLIDED.
TransitionState checkEntryRestrictions(const ObjectInfo& info, const RestrictionMover& mover,
                                       const RestrictionObject* restriction, const SpherePath& path,
                                       Vec3 cellCentre, CollisionInfo& collision);

// OBJECTINFO::validate_walkable: sphere `sphere` against the terrain plane `plane` of cell
// `cellId`, the cell's water depth added first (R54). May move the check position (ADJUSTED),
// record the contact plane and the collision normal.
TransitionState validateWalkable(const TransitionSphere& sphere, const world::Plane& plane,
                                 bool isWater, float waterDepth, std::uint32_t cellId,
                                 const ObjectInfo& info, SpherePath& path,
                                 CollisionInfo& collision);

// The outdoor cell of a landblock a transition step is checked against.
struct LandCellContext {
    const world::LandblockTerrain* terrain = nullptr;
    std::uint32_t cellId = 0; // 0xXXYY00nn, an outdoor cell of terrain's block
    // Where this cell's landblock lies in check_pos's landblock frame (world::blockOffset from
    // the check cell to this one): the check spheres minus it are in this cell's block frame.
    Vec3 blockOffset;
    RestrictionMover mover;
    const RestrictionObject* restriction = nullptr;
};

// CLandCell::find_env_collisions: entry restriction first; then the terrain polygon under sphere
// 0's low point (none: OK); an entirely-water landblock is COLLIDED for every mover but a viewer
// or a missile (R55); else validate_walkable with the water depth at the low point.
TransitionState landCellEnvCollisions(const LandCellContext& cell, const ObjectInfo& info,
                                      SpherePath& path, CollisionInfo& collision);

} // namespace portalkit::preview
