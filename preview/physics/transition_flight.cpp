// UpdateObjectInternal's sweep in a cell DAT's world (docs/physics.md#flights-in-the-real-world):
// the body's move goes through the retail transition over the world's terrain, statics and
// cells, then SetPositionInternal commits what the transition answers (R57, R58). The preview
// world's boxes and spheres, when a scenario adds them, are swept on top over the same move.

#include "preview/physics/dat_world.h"
#include "preview/physics/flight_commit.h"
#include "preview/physics/object_info.h"
#include "world/coords.h"

#include <cmath>

namespace portalkit::preview {

namespace {

// More steps than any body the client moves can ask for: 10 m (50 m/s for the longest 0.2 s
// quantum) in steps of a 0.1 mm sphere. A body that asks for more (a scale near zero, a
// position far off any number a Position can carry) is refused, reported as such, never cut
// short: the retail sweep has no cap (R59).
constexpr double kMaxSweepSteps = 100'000;

// The scenario frame ↔ landblock-local coordinates of a cell (the wire's Position is the
// latter): the scenario frame's (0, 0, 0) is `dat.origin` in `dat.block`.
Vec3 toCellFrame(const DatGeometry& dat, std::uint32_t cell, Vec3 scenario) {
    return scenario + dat.origin - fromWorld(world::blockOffset(dat.block, cell));
}
Vec3 toScenarioFrame(const DatGeometry& dat, std::uint32_t cell, Vec3 local) {
    return local + fromWorld(world::blockOffset(dat.block, cell)) - dat.origin;
}

// The EnvCell of the place's block holding a landblock-local point: an object placed in a
// building's interior or a dungeon is in that cell, not the outdoor cell under it.
std::optional<std::uint32_t> envCellAt(const DatGeometry& dat, Vec3 local) {
    const auto& cells = dat.world->terrain.envCells;
    for (auto it = cells.lower_bound(dat.block & 0xFFFF0000u);
         it != cells.end() && world::landblockOf(it->first) == dat.block; ++it)
        if (it->second.volume.contains({local.x, local.y, local.z}))
            return it->first;
    return std::nullopt;
}

// The cell the move begins in: the EnvCell the last transition left the body in; for a body not
// yet swept, an EnvCell of the place's block holding its origin; else the outdoor cell under it
// (nothing off the world).
std::optional<std::uint32_t> beginCell(const PhysicsBody& body, const DatGeometry& dat) {
    if (world::isEnvCell(body.cellId))
        return body.cellId;
    const Vec3 local = body.frame.origin + dat.origin;
    if (!std::isfinite(local.x) || !std::isfinite(local.y) || !std::isfinite(local.z) ||
        std::abs(local.x) > 1e6f || std::abs(local.y) > 1e6f)
        return std::nullopt; // off any world a Position can name
    // A body the transition has not placed yet may stand in an EnvCell; one it left outdoors
    // is outdoors (a point on a doorway's plane would count as inside the interior too).
    if (body.cellId == 0)
        if (const auto cell = envCellAt(dat, local))
            return cell;
    const auto outside = world::adjustToOutside(dat.block, {local.x, local.y, local.z});
    if (!outside)
        return std::nullopt;
    return outside->cellId;
}

ObjectInfo objectInfoOf(const PhysicsBody& body) {
    MoverDescription mover;
    mover.physicsState = body.state;
    mover.transient = body.transientState;
    mover.scale = body.scale;
    mover.setupStepUpHeight = body.stepUpHeight; // already × scale (setShape)
    mover.setupStepDownHeight = body.stepDownHeight;
    mover.player = body.player;
    return makeObjectInfo(mover);
}

// The body's spheres (at most two) in the world's axes at the candidate's facing.
TerrainMove moveOf(const PhysicsBody& body, const Frame& candidate, std::uint32_t cell,
                   const DatGeometry& dat) {
    TerrainMove move;
    move.beginCell = cell;
    move.begin = toCellFrame(dat, cell, body.frame.origin);
    move.end = toCellFrame(dat, cell, candidate.origin);
    move.numSphere = int(std::min<std::size_t>(body.spheres.size(), 2));
    for (int i = 0; i < move.numSphere; ++i) {
        const CollisionSphere& sphere = body.spheres[std::size_t(i)];
        move.spheres[std::size_t(i)] = {rotate(candidate.orientation, sphere.center),
                                        sphere.radius};
    }
    move.gravity = body.has(state::Gravity);
    move.mover = RestrictionMover{true, body.hasWeenie, body.id, 0};
    // The plane the body stands on (init_contact_plane): the body keeps its normal, and the
    // transition that put it there left sphere 0's low point on it.
    if (body.contact() && move.numSphere > 0) {
        const Vec3 n = body.contactNormal;
        const TransitionSphere& s0 = move.spheres[0];
        const Vec3 low = move.begin + s0.center - Vec3{0, 0, s0.radius};
        move.contactPlane = ContactPlane{{{n.x, n.y, n.z}, -dot(n, low)},
                                         cell,
                                         (body.transientState & transient::WaterContact) != 0};
    }
    return move;
}

TransitionRecord recordOf(const TerrainTransition& t, const DatWorld& world) {
    TransitionRecord out;
    out.ok = t.ok;
    out.cell = t.cell;
    out.stepsTaken = t.stepsTaken;
    out.stepsPlanned = t.stepsPlanned;
    out.contact = t.collision.contactPlaneValid;
    if (out.contact) {
        const world::Vec3 n = t.collision.contactPlane.plane.normal;
        out.contactNormal = fromWorld(n);
        out.contactCell = t.collision.contactPlane.cellId;
        out.water = t.collision.contactPlane.isWater;
        out.walkable = n.z >= kFloorZ;
    }
    if (t.hitStatic >= 0) {
        out.hit = HitKind::Static;
        out.hitId = world.staticModels.at(std::size_t(t.hitStatic));
        out.polygon = t.hitPolygon;
    } else if (t.hitShape >= 0) {
        out.hit = HitKind::Static; // a Setup's cylinder sphere or sphere: no polygon
        out.hitId = world.terrain.shapes.at(std::size_t(t.hitShape)).model;
    } else if (t.hitEnvCell != 0) {
        out.hit = HitKind::Cell; // its walls, or one of its statics (named by the cell)
        out.hitId = t.hitEnvCell;
        out.polygon = t.hitPolygon;
    } else if (t.hitTerrainCell != 0) {
        out.hit = HitKind::Terrain;
        out.hitId = t.hitTerrainCell;
    }
    out.bspTooDeep = t.bspTooDeep;
    out.restricted = t.restricted;
    out.stepsUp = t.stepsUp;
    out.stepsDown = t.stepsDown;
    out.cellArrayFull = t.cellArrayFull;
    return out;
}

// The transition's collision normal as the hit handle_all_collisions answers, at the fraction
// of the move the body made.
std::optional<SweepHit> hitOf(const TerrainTransition& t, const TransitionRecord& record) {
    if (!t.collision.collisionNormalValid)
        return std::nullopt;
    SweepHit hit;
    hit.normal = t.collision.collisionNormal;
    hit.kind = record.hit.value_or(HitKind::Terrain);
    hit.id = record.hitId;
    return hit;
}

// SetPositionInternal's contact: Contact with a valid contact plane, OnWalkable on a walkable
// one (R58), WaterContact when it is water (R54).
void setTransitionContact(PhysicsBody& body, const TransitionRecord& record) {
    setContact(body, record.contact, record.contactNormal);
    body.transientState &= ~transient::WaterContact;
    if (record.contact && record.water)
        body.transientState |= transient::WaterContact;
}

// The preview world's boxes and spheres over the same move: a nearer hit than the transition's
// end wins, and the body stops there.
void sweepPreviewParts(const PhysicsBody& body, const PreviewWorld& world, const Frame& old,
                       Frame& to, std::optional<SweepHit>& hit) {
    if (world.boxes.empty() && world.spheres.empty() && !world.ground)
        return;
    const auto extra = sweepSpheres(world, body.spheres, old, to, body.facts(), body.targetId);
    if (!extra)
        return;
    to.origin = old.origin + (to.origin - old.origin) * float(extra->t);
    hit = extra;
}

// A move the sweep can take: finite, and in fewer than kMaxSweepSteps steps of sphere 0.
bool sweepable(const TerrainMove& move) {
    const Vec3 offset = move.end - move.begin;
    const float radius = move.spheres[0].radius;
    const bool finite = std::isfinite(offset.x) && std::isfinite(offset.y) &&
                        std::isfinite(offset.z) && std::isfinite(move.begin.x) &&
                        std::isfinite(move.begin.y) && std::isfinite(move.begin.z);
    return finite && radius > 0 && double(length(offset)) / double(radius) < kMaxSweepSteps;
}

} // namespace

void placeThroughTransition(PhysicsBody& body, const PreviewWorld& world, float reach) {
    // Placed afresh: no cell kept, no contact assumed; what it finds below decides both.
    body.cellId = 0;
    body.transientState &= ~(transient::Contact | transient::OnWalkable);
    setTransitionContact(body, {});
    const DatGeometry& dat = *world.dat;
    const std::optional<std::uint32_t> cell = beginCell(body, dat);
    if (body.spheres.empty() || !cell)
        return;
    Frame below = body.frame;
    below.origin.z -= reach;
    const TerrainMove move = moveOf(body, below, *cell, dat);
    if (!sweepable(move))
        return;
    const TerrainTransition t = terrainTransition(dat.world->terrain, objectInfoOf(body), move);
    if (!t.ok || !t.collision.contactPlaneValid)
        return;
    body.frame.origin = toScenarioFrame(dat, t.cell, t.origin);
    body.cellId = t.cell;
    setTransitionContact(body, recordOf(t, *dat.world));
}

QuantumRecord commitThroughTransition(PhysicsBody& body, const PreviewWorld& world,
                                      const Frame& candidate, double dt) {
    const DatGeometry& dat = *world.dat;
    const std::optional<std::uint32_t> cell = beginCell(body, dat);
    TerrainTransition t;
    bool refused = false;
    if (cell) {
        const TerrainMove move = moveOf(body, candidate, *cell, dat);
        refused = !sweepable(move);
        if (!refused)
            t = terrainTransition(dat.world->terrain, objectInfoOf(body), move);
    }
    TransitionRecord transition = recordOf(t, *dat.world);
    transition.refused = refused;
    // A failed transition keeps the old origin, with the new rotation, and no response (R57).
    if (!t.ok) {
        keepOrigin(body, candidate);
        QuantumRecord record = recordOf(body, dt);
        record.swept = true;
        record.transitionFailed = true;
        record.transition = transition;
        return record;
    }
    const Frame old = body.frame;
    Frame to = candidate;
    to.origin = toScenarioFrame(dat, t.cell, t.origin);
    std::optional<SweepHit> hit = hitOf(t, transition);
    sweepPreviewParts(body, world, old, to, hit);
    const bool prevOnWalkable = body.onWalkable();
    body.cellId = t.cell;
    setTransitionContact(body, transition);
    body.framesStationaryFall = t.collision.framesStationaryFall;
    if (t.killVelocity)
        body.velocity = {};
    QuantumRecord record = finishCommit(body, old, to, hit, prevOnWalkable, dt);
    record.transition = transition;
    return record;
}

} // namespace portalkit::preview
