#include "preview/physics/terrain_transition.h"

#include "preview/physics/bsp_walker.h"
#include "preview/physics/cell_array.h"
#include "preview/physics/land_cell.h"
#include "preview/physics/step_moves.h"
#include "preview/physics/transition_cells.h"
#include "preview/physics/transition_steps.h"
#include "world/coords.h"

#include <algorithm>
#include <cmath>

namespace portalkit::preview {

const world::LandblockTerrain* TerrainWorld::find(std::uint32_t cellOrBlockId) const {
    const auto it = blocks.find(world::landblockOf(cellOrBlockId));
    return it == blocks.end() ? nullptr : &it->second;
}

const EnvCellEntry* TerrainWorld::envCell(std::uint32_t id) const {
    const auto it = envCells.find(id);
    return it == envCells.end() ? nullptr : &it->second;
}

bool TerrainWorld::loaded(std::uint32_t cellId) const {
    return world::isOutdoorCell(cellId) ? find(cellId) != nullptr : envCell(cellId) != nullptr;
}

namespace {

// A restriction object the client has not loaded (GetObject finds nothing).
const RestrictionObject kUnloadedRestriction{false, false, 0, std::nullopt};

// One transition: the state the client's CTransition holds, and its routines over the cells.
class Sweep {
  public:
    Sweep(const TerrainWorld& terrain, const ObjectInfo& info, const TerrainMove& move)
        : m_terrain(terrain), m_info(info), m_move(move) {
        m_path.numSphere = std::min(move.numSphere, 2);
        m_path.currCellId = m_path.checkCellId = move.beginCell;
        m_path.currOrigin = move.begin;
        m_path.beginInEnvCell = !world::isOutdoorCell(move.beginCell);
        placeCheck(move.begin);
        cacheCurr();
        m_checkLoaded = m_terrain.loaded(move.beginCell);
        initContactPlane();
        wireInsert();
    }
    Sweep(const Sweep&) = delete;
    Sweep& operator=(const Sweep&) = delete;

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

    TransitionState terrainCollisions(std::uint32_t cellId);
    TransitionState envCollisions(std::uint32_t cellId);
    TransitionState staticCollisions();
    TransitionState shapeCollisions();
    // find_collisions of one cell: an outdoor cell's terrain (then, for the check cell, the
    // statics), or an EnvCell's restriction, physics BSP and statics.
    TransitionState cellCollisions(std::uint32_t cellId) {
        return world::isOutdoorCell(cellId) ? terrainCollisions(cellId) : envCollisions(cellId);
    }
    TransitionState otherCellCollisions(const CellArray& array);
    TransitionState checkOtherCells();
    void initContactPlane();
    void wireInsert();
    // get_curr_pos_check_pos_block_offset, kept in the walker's context: again whenever the
    // check position may have changed block (a new step, a cell's re-basing, an insert).
    void refreshBlockOffset() {
        m_ctx.currBlockOffset =
            fromWorld(world::blockOffset(m_path.checkCellId, m_path.currCellId));
    }
    void recordStaticHit(std::size_t index, const BspWalk& walk);

    const TerrainWorld& m_terrain;
    ObjectInfo m_info;
    const TerrainMove& m_move;
    SpherePath m_path;
    CollisionInfo m_collision;
    bool m_checkLoaded = false; // check_cell is a loaded cell (else null)
    bool m_killVelocity = false;
    bool m_bspTooDeep = false;
    bool m_cellArrayFull = false;
    int m_hitStatic = -1;
    int m_hitShape = -1;
    std::uint16_t m_hitPolygon = 0;
    std::uint32_t m_hitTerrainCell = 0;
    std::uint32_t m_hitEnvCell = 0;
    int m_hitCellStatic = -1;
    bool m_restricted = false;
    // The walker's routines (step_moves.h) over this sweep's cells: transitional_insert re-enters
    // through ctx.transitionalInsert.
    StepContext m_ctx{m_info, m_path, m_collision, {}, {}, false};
    InsertCells m_cells;
};

// get_object_info's transition set-up: the sliding normal the mover slides along, and
// (init_contact_plane / init_last_known_contact_plane) a mover standing on a plane starts the
// sweep with it as the contact plane and the last known one; a mover that lost it keeps it as
// the last known one only.
void Sweep::initContactPlane() {
    if (m_move.slidingNormal) // init_sliding_normal
        m_collision.setSlidingNormal(*m_move.slidingNormal);
    if (!m_move.contactPlane)
        return;
    m_collision.lastKnownContactPlaneValid = true;
    m_collision.lastKnownContactPlane = *m_move.contactPlane;
    if (m_info.has(object_info::kContact)) {
        m_collision.contactPlaneValid = true;
        m_collision.contactPlane = *m_move.contactPlane;
    }
}

// transitional_insert over this sweep's cells: insert_into_cell on the check cell (terrain,
// then statics for an outdoor cell, as CLandCell::find_collisions orders them; an EnvCell's BSP
// and statics), check_other_cells, and the walker's tail (landing, grazed polygons, the step
// down that follows the ground), which re-enters through ctx.transitionalInsert.
void Sweep::wireInsert() {
    m_cells.insertIntoCell = [this](int n) {
        refreshBlockOffset(); // a restored check position may be back in another block
        return preview::insertIntoCell(m_collision, n, [this] {
            TransitionState state = cellCollisions(m_path.checkCellId);
            if (state == TransitionState::OK && world::isOutdoorCell(m_path.checkCellId))
                state = staticCollisions();
            return state;
        });
    };
    m_cells.checkOtherCells = [this] { return checkOtherCells(); };
    m_cells.hasCheckCell = [this] { return m_checkLoaded; };
    m_ctx.transitionalInsert = [this](int n) {
        return preview::transitionalInsert(m_ctx, m_cells, n);
    };
}

// CLandCell::find_env_collisions: the terrain under sphere 0.
TransitionState Sweep::terrainCollisions(std::uint32_t cellId) {
    LandCellContext cell;
    cell.terrain = m_terrain.find(cellId);
    cell.cellId = cellId;
    cell.blockOffset = fromWorld(world::blockOffset(m_path.checkCellId, cellId));
    cell.mover = m_move.mover;
    const bool hadNormal = m_collision.collisionNormalValid;
    const TransitionState state = landCellEnvCollisions(cell, m_info, m_path, m_collision);
    if (!hadNormal && m_collision.collisionNormalValid)
        m_hitTerrainCell = cellId; // the terrain set the collision normal
    return state;
}

// CEnvCell::find_collisions, with what stopped the mover kept for the trace.
TransitionState Sweep::envCollisions(std::uint32_t cellId) {
    const EnvCellEntry& cell = *m_terrain.envCell(cellId);
    EnvCellContext context;
    context.cell = &cell;
    context.blockOffset = fromWorld(world::blockOffset(m_path.checkCellId, cellId));
    context.mover = m_move.mover;
    if (cell.restrictionObject != 0) {
        const auto it = m_terrain.restrictionObjects.find(cell.restrictionObject);
        context.restriction =
            it == m_terrain.restrictionObjects.end() ? &kUnloadedRestriction : &it->second;
    }
    EnvCellHit hit;
    const TransitionState state = envCellCollisions(context, m_ctx, hit);
    m_bspTooDeep = m_bspTooDeep || hit.tooDeep;
    if (state != TransitionState::OK) {
        m_hitEnvCell = cellId;
        m_restricted = hit.restricted;
        m_hitPolygon = hit.polygon;
        m_hitCellStatic = hit.staticIndex;
    }
    return state;
}

// The outdoor statics the spheres can reach, each through its physics BSP
// (staticObjectCollisions: a missile stops at any polygon, a walker steps and slides). The
// client reaches statics through the shadows registered in the outdoor cells the spheres touch;
// testing every static whose reach a sphere meets is the same set.
TransitionState Sweep::staticCollisions() {
    for (std::size_t index = 0; index < m_terrain.statics.size(); ++index) {
        const StaticObject& object = m_terrain.statics[index];
        const Vec3 offset = fromWorld(world::blockOffset(m_path.checkCellId, object.block));
        const bool hadNormal = m_collision.collisionNormalValid;
        BspWalk walk;
        const TransitionState state = staticObjectCollisions(object, offset, m_ctx, walk);
        m_bspTooDeep = m_bspTooDeep || walk.tooDeep;
        if (state == TransitionState::OK)
            continue;
        // What stopped or turned the mover, for the trace (a step onto a ledge is neither).
        if (state == TransitionState::Collided || (!hadNormal && m_collision.collisionNormalValid))
            recordStaticHit(index, walk);
        return state;
    }
    return shapeCollisions();
}

// The statics met through their cylinder spheres or spheres (object_shapes.h), by sphere 0. The
// client's path-clipped branch is the one built; a walker meets them the same way, a COLLIDED
// it then slides along (no step up onto a trunk, no landing on top of one).
TransitionState Sweep::shapeCollisions() {
    const TransitionSphere& s0 = m_path.globalSphere[0];
    for (std::size_t index = 0; index < m_terrain.shapes.size(); ++index) {
        const StaticShape& shape = m_terrain.shapes[index];
        const Vec3 check = fromWorld(world::blockOffset(m_path.checkCellId, shape.block));
        TransitionSphere at = s0;
        at.center = s0.center - check;
        const Vec3 reach = at.center - shape.low;
        const float side = shape.radius + at.radius;
        if (std::abs(reach.x) > side || std::abs(reach.y) > side)
            continue; // the broad test: nowhere near the axis or centre
        const Vec3 curr = m_path.globalCurrCenter[0] -
                          fromWorld(world::blockOffset(m_path.currCellId, shape.block));
        const TransitionState state = pathClippedShapeCollision(shape, at, curr, m_collision);
        if (state == TransitionState::OK)
            continue;
        m_hitShape = int(index);
        return state;
    }
    return TransitionState::OK;
}

void Sweep::recordStaticHit(std::size_t index, const BspWalk& walk) {
    m_hitStatic = int(index);
    m_hitPolygon = walk.hit ? walk.hit->id : 0;
}

// The loaded cells of the array other than the check cell, in order. From an EnvCell the outdoor
// statics are met with the first outdoor cell (they are shadows of the outdoor cells); from an
// outdoor check cell insert_into_cell has tested them already.
TransitionState Sweep::otherCellCollisions(const CellArray& array) {
    bool staticsDone = world::isOutdoorCell(m_path.checkCellId);
    for (std::uint32_t cell : array.cells) {
        if (cell == m_path.checkCellId || !m_terrain.loaded(cell))
            continue;
        TransitionState state = cellCollisions(cell);
        if (state == TransitionState::OK && !staticsDone && world::isOutdoorCell(cell)) {
            staticsDone = true;
            state = staticCollisions();
        }
        if (state == TransitionState::Slid) {
            m_collision.contactPlaneValid = false;
            return state;
        }
        if (state == TransitionState::Collided || state == TransitionState::Adjusted)
            return state;
    }
    return TransitionState::OK;
}

// check_other_cells: the other cells the spheres reach, then the cell the check position is in —
// the loaded cell holding sphere 0's centre, else (none loaded holds it) the outdoor cell under
// it, unloaded, or the cell it had.
TransitionState Sweep::checkOtherCells() {
    const CellArray array =
        findCellList(m_terrain, m_path.checkCellId,
                     std::span(m_path.globalSphere.data(), std::size_t(m_path.numSphere)));
    m_cellArrayFull = m_cellArrayFull || array.full;
    const TransitionState state = otherCellCollisions(array);
    if (state != TransitionState::OK)
        return state;
    if (array.currCell != 0) {
        adjustCheckPos(m_path, array.currCell);
        refreshBlockOffset();
        m_checkLoaded = true;
        return TransitionState::OK;
    }
    std::uint32_t cell = m_path.checkCellId;
    if (world::isOutdoorCell(cell)) {
        const Vec3 c = m_path.globalSphere[0].center;
        const auto outside = world::adjustToOutside(world::landblockOf(cell), {c.x, c.y, c.z});
        if (!outside)
            return TransitionState::Collided; // off the world
        cell = outside->cellId;
    }
    adjustCheckPos(m_path, cell);
    refreshBlockOffset();
    m_checkLoaded = false; // check_cell = null: nothing more is tested until a commit
    return TransitionState::OK;
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
        refreshBlockOffset();
        const TransitionState inserted = preview::transitionalInsert(m_ctx, m_cells, 3);
        const StepValidation v =
            validateTransition(inserted, m_info, m_path, m_collision, m_move.gravity);
        state = v.state;
        m_checkLoaded = m_terrain.loaded(m_path.checkCellId); // after a commit or undo
        m_killVelocity = m_killVelocity || v.killVelocity || m_ctx.killVelocity;
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
    out.cellArrayFull = m_cellArrayFull;
    out.hitStatic = m_hitStatic;
    out.hitShape = m_hitShape;
    out.stepsUp = m_ctx.stepsUp;
    out.stepsDown = m_ctx.stepsDown;
    out.hitPolygon = m_hitPolygon;
    out.hitTerrainCell = m_hitTerrainCell;
    out.hitEnvCell = m_hitEnvCell;
    out.hitCellStatic = m_hitCellStatic;
    out.restricted = m_restricted;
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
