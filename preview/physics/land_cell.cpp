#include "preview/physics/land_cell.h"

#include "world/coords.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

namespace {

namespace oi = object_info;

bool walkable(const world::Plane& plane) {
    return plane.normal.z >= kFloorZ;
}

// CLandCell::handle_move_restriction: a normal pointing back toward the side of the cell the
// mover is on, from where the current position lies relative to the cell's centre.
void handleMoveRestriction(const SpherePath& path, Vec3 cellCentre, CollisionInfo& collision) {
    const Vec3 o = path.currOrigin - cellCentre;
    Vec3 normal{1, 0, 0};
    if (o.y < -12)
        normal = {0, -1, 0};
    else if (o.y > 12)
        normal = {0, 1, 0};
    else if (o.x < -12)
        normal = {-1, 0, 0};
    collision.setCollisionNormal(normal);
}

// The viewer (camera) branch of validate_walkable: stop on the plane.
TransitionState validateViewer(const TransitionSphere& sphere, const world::Plane& plane,
                               SpherePath& path, CollisionInfo& collision) {
    const Vec3 n = fromWorld(plane.normal);
    const float s = dot(n, sphere.center) + plane.d - sphere.radius;
    if (s > -kTransitionEpsilon)
        return TransitionState::OK;
    const Vec3 m = sphere.center - path.globalCurrCenter[0];
    const float t = s / dot(m, n);
    if ((t <= 0 || t > 1) && path.beginInEnvCell)
        return TransitionState::OK;
    path.addOffsetToCheckPos(m * -t);
    collision.setCollisionNormal(n);
    collision.collidedWithEnvironment = true;
    return TransitionState::Adjusted;
}

} // namespace

const char* transitionStateName(TransitionState state) {
    switch (state) {
    case TransitionState::Invalid:
        return "invalid";
    case TransitionState::OK:
        return "ok";
    case TransitionState::Collided:
        return "collided";
    case TransitionState::Adjusted:
        return "adjusted";
    case TransitionState::Slid:
        return "slid";
    }
    return "invalid";
}

void CollisionInfo::setCollisionNormal(Vec3 normal) {
    const float len = length(normal);
    collisionNormalValid = true;
    collisionNormal = len < 1e-6f ? Vec3{} : normal * (1.0f / len);
}

void CollisionInfo::setContactPlane(const world::Plane& plane, std::uint32_t cellId, bool isWater) {
    contactPlaneValid = true;
    contactPlane = ContactPlane{plane, cellId, isWater};
}

void CollisionInfo::setSlidingNormal(Vec3 normal) {
    const Vec3 flat{normal.x, normal.y, 0};
    const float len = length(flat);
    slidingNormalValid = len >= 1e-6f;
    slidingNormal = slidingNormalValid ? flat * (1.0f / len) : Vec3{};
}

void SpherePath::addOffsetToCheckPos(Vec3 offset) {
    checkOrigin += offset;
    for (int i = 0; i < numSphere && i < 2; ++i)
        globalSphere[std::size_t(i)].center += offset;
    globalLowPoint += offset;
}

bool canBypassMoveRestrictions(std::uint32_t pwdBits) {
    constexpr std::uint32_t kBoth = 0x100000 | 0x400000;
    return (pwdBits & kBoth) == kBoth;
}

bool canMoveInto(const RestrictionObject& object, std::uint32_t moverGuid) {
    if (object.owner == 0 || object.owner == moverGuid || !object.allowed)
        return true;
    return std::find(object.allowed->begin(), object.allowed->end(), moverGuid) !=
           object.allowed->end();
}

// R53, in the client's order: no mover is COLLIDED; a mover without a weenie, not a player, in a
// cell without a restriction object, or able to bypass passes; an unloaded restriction object
// or one without a weenie is COLLIDED; CanMoveInto decides the rest.
TransitionState checkEntryRestrictions(const ObjectInfo& info, const RestrictionMover& mover,
                                       const RestrictionObject* restriction, const SpherePath& path,
                                       Vec3 cellCentre, CollisionInfo& collision) {
    if (!mover.exists)
        return TransitionState::Collided;
    if (!mover.hasWeenie)
        return TransitionState::OK;
    if (!info.has(oi::kIsPlayer) || !restriction || canBypassMoveRestrictions(mover.pwdBits))
        return TransitionState::OK;
    if (!restriction->loaded || !restriction->hasWeenie)
        return TransitionState::Collided;
    if (canMoveInto(*restriction, mover.guid))
        return TransitionState::OK;
    handleMoveRestriction(path, cellCentre, collision);
    return TransitionState::Collided;
}

TransitionState validateWalkable(const TransitionSphere& sphere, const world::Plane& plane,
                                 bool isWater, float waterDepth, std::uint32_t cellId,
                                 const ObjectInfo& info, SpherePath& path,
                                 CollisionInfo& collision) {
    if (info.has(oi::kIsViewer))
        return validateViewer(sphere, plane, path, collision);
    const Vec3 n = fromWorld(plane.normal);
    // R54: the depth is added to the low point's signed distance before the epsilon test.
    const float s = dot(n, sphere.center - Vec3{0, 0, sphere.radius}) + plane.d + waterDepth;
    const bool takesPlane = path.stepDown || !info.has(oi::kOnWalkable) || walkable(plane);
    const bool reportsNormal = !info.has(oi::kContact) && !path.stepDown;
    if (s >= -kTransitionEpsilon) {
        if (s > kTransitionEpsilon)
            return TransitionState::OK; // clear of the ground
        if (takesPlane)
            collision.setContactPlane(plane, cellId, isWater);
        if (reportsNormal) {
            collision.setCollisionNormal(n);
            collision.collidedWithEnvironment = true;
        }
        return TransitionState::OK;
    }
    if (path.checkWalkable)
        return TransitionState::Collided; // the walkable probe found ground
    const float zd = s / n.z;
    TransitionState result = TransitionState::OK;
    if (takesPlane) {
        collision.setContactPlane(plane, cellId, isWater);
        if (path.stepDown) {
            const float w = path.walkInterp + zd / path.stepDownAmt;
            if (w >= path.walkInterp || w < -0.1f)
                return TransitionState::Collided;
            path.walkInterp = w;
        }
        path.addOffsetToCheckPos({0, 0, -zd}); // up onto the plane
        result = TransitionState::Adjusted;
    }
    if (reportsNormal) {
        collision.setCollisionNormal(n);
        collision.collidedWithEnvironment = true;
    }
    return result;
}

TransitionState landCellEnvCollisions(const LandCellContext& cell, const ObjectInfo& info,
                                      SpherePath& path, CollisionInfo& collision) {
    const world::LandblockTerrain& terrain = *cell.terrain;
    const int index = int(cell.cellId & 0xFFFF) - 1;
    const int cx = index / world::kCellsPerBlock, cy = index % world::kCellsPerBlock;
    // The cell's centre in the current position's landblock, for handle_move_restriction.
    const Vec3 centre =
        Vec3{(float(cx) + 0.5f) * world::kCellLength, (float(cy) + 0.5f) * world::kCellLength, 0} +
        fromWorld(world::blockOffset(path.currCellId, cell.cellId));
    const TransitionState entry =
        checkEntryRestrictions(info, cell.mover, cell.restriction, path, centre, collision);
    if (entry != TransitionState::OK)
        return entry;
    const Vec3 low = path.globalLowPoint - cell.blockOffset;
    const world::TerrainPolygon* polygon = terrain.findTerrainPoly(low.x, low.y);
    if (!polygon)
        return TransitionState::OK; // the low point is not over this cell's block
    // R55: deep water stops everything but viewers and missiles.
    if (terrain.blockWater() == world::WaterClass::Entire && !info.has(oi::kIsViewer) &&
        !info.missile)
        return TransitionState::Collided;
    const float depth = terrain.waterDepth(low.x, low.y);
    TransitionSphere sphere = path.globalSphere[0];
    sphere.center -= cell.blockOffset;
    const bool isWater = terrain.cellWater(cx, cy) != world::WaterClass::None;
    return validateWalkable(sphere, polygon->plane, isWater, depth, cell.cellId, info, path,
                            collision);
}

} // namespace portalkit::preview
