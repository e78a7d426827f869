#pragma once

// The retail collision transition's state (docs/physics.md#the-retail-transition): the parts of
// the client's OBJECTINFO, SPHEREPATH and COLLISIONINFO that the cell collision routines read and
// write, with the client's names in camelCase. Positions are landblock-local to the check
// position's landblock, as the client's "global" spheres are. Plain values: the routines that
// use them are free functions (land_cell.h), so each can be tested on hand-built geometry.

#include "preview/core/math.h"
#include "world/geometry.h"

#include <array>
#include <cstdint>

namespace portalkit::preview {

struct BspPolygon; // bsp_collision.h

// The world library's vectors in the preview's type (the same three floats).
inline Vec3 fromWorld(world::Vec3 v) {
    return {v.x, v.y, v.z};
}

// TransitionState: what a collision routine answers.
enum class TransitionState { Invalid = 0, OK = 1, Collided = 2, Adjusted = 3, Slid = 4 };
const char* transitionStateName(TransitionState state);

// OBJECTINFO.state bits.
namespace object_info {
inline constexpr std::uint32_t kContact = 0x1;
inline constexpr std::uint32_t kOnWalkable = 0x2;
inline constexpr std::uint32_t kIsViewer = 0x4;
inline constexpr std::uint32_t kPathClipped = 0x8;
inline constexpr std::uint32_t kFreeRotate = 0x10;
inline constexpr std::uint32_t kPerfectClip = 0x40;
inline constexpr std::uint32_t kIsImpenetrable = 0x80;
inline constexpr std::uint32_t kIsPlayer = 0x100;
inline constexpr std::uint32_t kEdgeSlide = 0x200;
inline constexpr std::uint32_t kIgnoreCreatures = 0x400;
inline constexpr std::uint32_t kIsPK = 0x800;
inline constexpr std::uint32_t kIsPKLite = 0x1000;
} // namespace object_info

// PhysicsGlobals::floor_z, cos() of 60 given in degrees: a plane whose normal has at least this
// z is walkable (slopes up to ≈48.4°).
inline constexpr float kFloorZ = 0.66417414f;
// The client's EPSILON for plane distances in the transition.
inline constexpr float kTransitionEpsilon = 0.00019999999f;

struct TransitionSphere {
    Vec3 center;
    float radius = 0;
};

// SPHEREPATH::InsertType: a sweep step, or a placement test (solid check, no sliding).
enum class InsertType { Transition = 0, Placement = 1, InitialPlacement = 2 };

// A check position with the spheres cached at it: what save_check_pos keeps and
// restore_check_pos / set_check_pos put back (the spheres rebuilt from the position).
struct CheckPosition {
    Vec3 origin;
    std::uint32_t cellId = 0;
    std::array<TransitionSphere, 2> spheres{};
    Vec3 lowPoint;
};

// What the mover is, as OBJECTINFO::init reads it (R52).
struct ObjectInfo {
    std::uint32_t state = 0; // object_info bits
    float scale = 1;
    float stepUpHeight = 0;
    float stepDownHeight = 0;
    bool ethereal = false;
    bool stepDown = true; // false for a Missile (PhysicsState 0x40)
    bool missile = false; // the object's PhysicsState has Missile (0x40)
    bool has(std::uint32_t bit) const { return (state & bit) != 0; }
};

// A contact plane and where it was found.
struct ContactPlane {
    world::Plane plane;
    std::uint32_t cellId = 0;
    bool isWater = false;
};

struct CollisionInfo {
    bool contactPlaneValid = false;
    ContactPlane contactPlane;
    bool collisionNormalValid = false;
    Vec3 collisionNormal;
    bool slidingNormalValid = false;
    Vec3 slidingNormal; // z forced to 0, normalised
    bool lastKnownContactPlaneValid = false;
    ContactPlane lastKnownContactPlane;
    int framesStationaryFall = 0;
    bool collidedWithEnvironment = false;

    // set_collision_normal: normalised (zero when too short to normalise).
    void setCollisionNormal(Vec3 normal);
    void setContactPlane(const world::Plane& plane, std::uint32_t cellId, bool isWater);
    // set_sliding_normal: the normal with z dropped, normalised (not valid when that is zero).
    void setSlidingNormal(Vec3 normal);
};

// The SPHEREPATH fields a cell routine needs: the spheres at the check position (sphere 0 and
// its low point are what touch the terrain), the spheres at the current position, and the
// step-down and walkable-probe state.
struct SpherePath {
    int numSphere = 1;
    std::array<TransitionSphere, 2> globalSphere{};
    Vec3 globalLowPoint;
    std::array<Vec3, 2> globalCurrCenter{};
    Vec3 currLowPoint; // sphere 0's low point at curr_pos
    Vec3 checkOrigin;  // check_pos.frame.origin, landblock-local
    std::uint32_t checkCellId = 0;
    Vec3 currOrigin; // curr_pos.frame.origin, in curr_pos's landblock
    std::uint32_t currCellId = 0;
    bool beginInEnvCell = false; // begin_pos's cell is an EnvCell
    bool stepDown = false;
    float stepDownAmt = 0;
    float walkInterp = 1;
    bool checkWalkable = false;

    // The walker's state (step up, step down, landing, edge slide; preview/physics/step_moves.h).
    InsertType insertType = InsertType::Transition;
    bool stepUp = false;
    Vec3 stepUpNormal;    // the obstacle's normal a step up or a landing started from
    bool collide = false; // a non-contact mover met a BSP: land on a walkable face (set_collide)
    float walkableAllowance = 0; // the normal z a face needs to count as walkable here
    // The BSP face a step-down or landing stood the mover on (set_walkable), in its owner's
    // space: the sphere there, the owner's up axis, the owner's frame (check_pos's landblock) and
    // scale. Points into the owner's PhysicsGeometry, which outlives the transition.
    const BspPolygon* walkable = nullptr;
    TransitionSphere walkableCheckPos;
    Vec3 walkableUp;
    Frame walkablePos;
    float walkableScale = 1;
    // A polygon grazed while in contact, resolved after the cells (set_neg_poly_hit).
    bool negPolyHit = false;
    bool negStepUp = false;
    Vec3 negCollisionNormal;
    bool obstructionEthereal = false;
    bool bldgCheck = false;
    bool hitsInteriorCell = false;
    bool cellArrayValid = false;
    CheckPosition backupCheckPos; // save_check_pos

    // add_offset_to_check_pos: the check position and its spheres move together.
    void addOffsetToCheckPos(Vec3 offset);
    CheckPosition checkPosition() const {
        return {checkOrigin, checkCellId, globalSphere, globalLowPoint};
    }
    // set_check_pos: the position and the spheres cached at it.
    void setCheckPosition(const CheckPosition& p) {
        checkOrigin = p.origin;
        checkCellId = p.cellId;
        globalSphere = p.spheres;
        globalLowPoint = p.lowPoint;
        cellArrayValid = false;
    }
    void saveCheckPos() { backupCheckPos = checkPosition(); }
    void restoreCheckPos() { setCheckPosition(backupCheckPos); }
};

} // namespace portalkit::preview
