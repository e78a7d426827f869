#include "preview/physics/terrain_transition.h"

#include "preview/physics/land_cell.h"
#include "preview/physics/transition_cells.h"
#include "preview/physics/transition_steps.h"
#include "world/coords.h"

#include <algorithm>

namespace portalkit::preview {

const world::LandblockTerrain* TerrainWorld::find(std::uint32_t cellOrBlockId) const {
    const auto it = blocks.find(world::landblockOf(cellOrBlockId));
    return it == blocks.end() ? nullptr : &it->second;
}

StaticObject makeStaticObject(std::uint32_t block, const Frame& frame, float scale,
                              std::shared_ptr<const PhysicsGeometry> geometry) {
    StaticObject out{world::landblockOf(block), frame, scale, std::move(geometry), 0};
    for (const auto& [id, polygon] : out.geometry->polygons)
        for (const Vec3& v : polygon.vertices)
            out.reach = std::max(out.reach, length(v) * scale);
    return out;
}

namespace {

// One transition: the state the client's CTransition holds, and its routines over terrain.
class Sweep {
  public:
    Sweep(const TerrainWorld& terrain, const ObjectInfo& info, const TerrainMove& move)
        : m_terrain(terrain), m_info(info), m_move(move) {
        m_path.numSphere = std::min(move.numSphere, 2);
        m_path.currCellId = m_path.checkCellId = move.beginCell;
        m_path.currOrigin = move.begin;
        placeCheck(move.begin);
        cacheCurr();
        m_checkLoaded = m_terrain.find(move.beginCell) != nullptr;
    }

    TerrainTransition run();

  private:
    // The spheres and low point at a check origin (set_check_pos, cache_global_sphere).
    void placeCheck(Vec3 origin) {
        m_path.checkOrigin = origin;
        for (int i = 0; i < m_path.numSphere; ++i)
            m_path.globalSphere[std::size_t(i)] = {origin + m_move.spheres[std::size_t(i)].center,
                                                   m_move.spheres[std::size_t(i)].radius};
        m_path.globalLowPoint =
            m_path.globalSphere[0].center - Vec3{0, 0, m_path.globalSphere[0].radius};
    }
    void cacheCurr() {
        for (int i = 0; i < m_path.numSphere; ++i)
            m_path.globalCurrCenter[std::size_t(i)] = m_path.globalSphere[std::size_t(i)].center;
        m_path.currLowPoint = m_path.globalLowPoint;
    }

    TransitionState cellCollisions(std::uint32_t cellId) {
        LandCellContext cell;
        cell.terrain = m_terrain.find(cellId);
        cell.cellId = cellId;
        cell.blockOffset = fromWorld(world::blockOffset(m_path.checkCellId, cellId));
        const bool hadNormal = m_collision.collisionNormalValid;
        const TransitionState state = landCellEnvCollisions(cell, m_info, m_path, m_collision);
        if (!hadNormal && m_collision.collisionNormalValid)
            m_hitTerrainCell = cellId; // the terrain set the collision normal
        return state;
    }
    TransitionState staticCollisions();
    TransitionState insertIntoCell(int n);
    TransitionState checkOtherCells();
    TransitionState transitionalInsert(int n);

    const TerrainWorld& m_terrain;
    ObjectInfo m_info;
    const TerrainMove& m_move;
    SpherePath m_path;
    CollisionInfo m_collision;
    bool m_checkLoaded = false; // check_cell is a loaded cell (else null)
    bool m_killVelocity = false;
    bool m_bspTooDeep = false;
    int m_hitStatic = -1;
    std::uint16_t m_hitPolygon = 0;
    std::uint32_t m_hitTerrainCell = 0;
};

// The statics sphere 0 can reach, each through its physics BSP in its own space as a missile
// meets it (BSPTREE::find_collisions' path-clipped branch without PerfectClip, R39, R60): any
// polygon the sphere reaches, even one it moves along or away from, is a collision with that
// polygon's normal turned back into the world. The client reaches statics through the shadows
// registered in the cells the spheres touch; testing every static whose reach the sphere meets is
// the same set.
TransitionState Sweep::staticCollisions() {
    const TransitionSphere& s0 = m_path.globalSphere[0];
    for (std::size_t index = 0; index < m_terrain.statics.size(); ++index) {
        const StaticObject& object = m_terrain.statics[index];
        const Vec3 at = s0.center - fromWorld(world::blockOffset(m_path.checkCellId, object.block));
        const Vec3 from = m_path.globalCurrCenter[0] -
                          fromWorld(world::blockOffset(m_path.currCellId, object.block));
        if (length(at - object.frame.origin) > object.reach + s0.radius)
            continue;
        const Quat back = conjugate(object.frame.orientation);
        const float inverse = 1.0f / object.scale;
        const TransitionSphere local{rotate(back, at - object.frame.origin) * inverse,
                                     s0.radius * inverse};
        const Vec3 localFrom = rotate(back, from - object.frame.origin) * inverse;
        BspWalk walk;
        const bool hit =
            sphereIntersectsPoly(*object.geometry, local, local.center - localFrom, walk);
        m_bspTooDeep = m_bspTooDeep || walk.tooDeep;
        if (hit || walk.hit) {
            m_collision.setCollisionNormal(rotate(object.frame.orientation, walk.hit->normal));
            m_hitStatic = int(index);
            m_hitPolygon = walk.hit->id;
            return TransitionState::Collided;
        }
    }
    return TransitionState::OK;
}

// insert_into_cell: the check cell's collisions (its terrain, then the statics), again after
// each adjustment, up to n times.
TransitionState Sweep::insertIntoCell(int n) {
    TransitionState state = TransitionState::OK;
    for (int i = 0; i < n; ++i) {
        state = cellCollisions(m_path.checkCellId);
        if (state == TransitionState::OK)
            state = staticCollisions();
        if (state == TransitionState::OK || state == TransitionState::Collided)
            return state;
        if (state == TransitionState::Slid)
            m_collision.contactPlaneValid = false;
    }
    return state;
}

// check_other_cells: the other cells the spheres reach, then the cell the check position is in.
TransitionState Sweep::checkOtherCells() {
    const std::uint32_t block = world::landblockOf(m_path.checkCellId);
    const auto cells =
        outsideCells(block, std::span(m_path.globalSphere.data(), std::size_t(m_path.numSphere)));
    for (std::uint32_t cell : cells) {
        if (cell == m_path.checkCellId || !m_terrain.find(cell))
            continue;
        const TransitionState state = cellCollisions(cell);
        if (state == TransitionState::Slid) {
            m_collision.contactPlaneValid = false;
            return state;
        }
        if (state == TransitionState::Collided || state == TransitionState::Adjusted)
            return state;
    }
    const Vec3 c = m_path.globalSphere[0].center;
    const auto outside = world::adjustToOutside(block, {c.x, c.y, c.z});
    if (!outside)
        return TransitionState::Collided; // off the world
    adjustCheckPos(m_path, outside->cellId);
    m_checkLoaded = m_terrain.find(outside->cellId) != nullptr;
    return TransitionState::OK;
}

// transitional_insert for a mover that never steps down: resolve the check cell, then the
// others, retrying after adjustments.
TransitionState Sweep::transitionalInsert(int n) {
    if (!m_checkLoaded)
        return TransitionState::OK;
    TransitionState state = TransitionState::OK;
    for (int attempt = 0; attempt < n; ++attempt) {
        state = insertIntoCell(n);
        if (state == TransitionState::Collided)
            return state;
        if (state == TransitionState::OK) {
            state = checkOtherCells();
            if (state == TransitionState::Collided)
                return state;
        }
        if (state == TransitionState::Slid)
            m_collision.contactPlaneValid = false;
        if (state != TransitionState::OK)
            continue;               // again at the moved check position
        return TransitionState::OK; // a missile has no step-down tail (R52)
    }
    return state;
}

// find_transitional_position.
TerrainTransition Sweep::run() {
    TerrainTransition out;
    const float r0 = m_path.globalSphere[0].radius;
    const bool viewer = m_info.has(object_info::kIsViewer);
    const StepPlan plan = calcNumSteps(true, m_move.end - m_move.begin, r0, viewer);
    out.stepsPlanned = plan.steps;
    TransitionState state = TransitionState::OK;
    for (int i = 0; i < plan.steps; ++i) {
        const Vec3 step = viewer && i == plan.steps - 1 ? viewerLastStep(plan, r0) : plan.perStep;
        const Vec3 contactOffset =
            m_collision.contactPlaneValid
                ? fromWorld(world::blockOffset(m_path.checkCellId, m_collision.contactPlane.cellId))
                : Vec3{};
        const Vec3 offset = adjustOffset(step, m_path, m_collision, contactOffset);
        if (!viewer && dot(offset, offset) < kTransitionEpsilon * kTransitionEpsilon) {
            out.ok = i != 0 && state == TransitionState::OK;
            break;
        }
        m_collision.contactPlaneValid = false;
        m_collision.slidingNormalValid = false;
        m_path.addOffsetToCheckPos(offset);
        const StepValidation v =
            validateTransition(transitionalInsert(3), m_info, m_path, m_collision, m_move.gravity);
        state = v.state;
        m_checkLoaded = m_terrain.find(m_path.checkCellId) != nullptr; // after a commit or undo
        m_killVelocity = m_killVelocity || v.killVelocity;
        out.stepsTaken = i + 1;
        out.ok = state == TransitionState::OK;
        if (m_collision.framesStationaryFall != 0)
            break;
        if (m_collision.collisionNormalValid && m_info.has(object_info::kPathClipped))
            break; // a missile stops at its first hit
    }
    if (plan.steps == 0)
        out.ok = true;
    out.cell = m_path.currCellId;
    out.origin = m_path.currOrigin;
    out.killVelocity = m_killVelocity;
    out.bspTooDeep = m_bspTooDeep;
    out.hitStatic = m_hitStatic;
    out.hitPolygon = m_hitPolygon;
    out.hitTerrainCell = m_hitTerrainCell;
    out.collision = m_collision;
    out.info = m_info;
    return out;
}

} // namespace

TerrainTransition terrainTransition(const TerrainWorld& terrain, const ObjectInfo& info,
                                    const TerrainMove& move) {
    return Sweep(terrain, info, move).run();
}

} // namespace portalkit::preview
