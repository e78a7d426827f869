#pragma once

// A hand-built world of physics BSPs for the walker's transition routines
// (preview/physics/bsp_walker.h, step_moves.h): polygons and two-leaf trees, a creature mover
// with its Setup's spheres and step heights at a scale, and the client's insert loop over one
// "cell" holding the trees — the way a sweep plugs the routines in, without terrain.

#include "preview/physics/bsp_walker.h"
#include "preview/physics/object_info.h"
#include "preview/physics/step_moves.h"
#include "preview/physics/transition_steps.h"

#include <cmath>
#include <vector>

namespace portalkit::preview::test {

inline bool near(Vec3 a, Vec3 b, float tolerance = 1e-3f) {
    return length(a - b) < tolerance;
}

inline dat::BspNode bspLeaf(std::vector<std::uint16_t> polygons, dat::Vec3 centre, float radius) {
    dat::BspNode node;
    node.tag = dat::bsp_tag::Leaf;
    node.polygons = std::move(polygons);
    node.boundingSphere = {centre, radius};
    return node;
}

// A tree of one leaf holding every polygon given.
inline PhysicsGeometry oneLeaf(std::vector<BspPolygon> polygons) {
    PhysicsGeometry g;
    std::vector<std::uint16_t> ids;
    for (BspPolygon& p : polygons) {
        ids.push_back(p.id);
        g.polygons[p.id] = std::move(p);
    }
    g.tree.nodes = {bspLeaf(std::move(ids), {0, 0, 0}, 50)};
    return g;
}

// A tree of two leaves split at x = split: `behind` (x < split) and `front` (x > split).
inline PhysicsGeometry twoLeaves(float split, std::vector<BspPolygon> behind,
                                 std::vector<BspPolygon> front) {
    PhysicsGeometry g;
    auto ids = [&g](std::vector<BspPolygon>& polygons) {
        std::vector<std::uint16_t> out;
        for (BspPolygon& p : polygons) {
            out.push_back(p.id);
            g.polygons[p.id] = std::move(p);
        }
        return out;
    };
    dat::BspNode root;
    root.tag = dat::bsp_tag::BPIN;
    root.splittingPlane = {{1, 0, 0}, -split};
    root.boundingSphere = {{split, 0, 0}, 50};
    root.posChild = 1;
    root.negChild = 2;
    g.tree.nodes = {root, bspLeaf(ids(front), {split, 0, 0}, 50),
                    bspLeaf(ids(behind), {split, 0, 0}, 50)};
    return g;
}

// A level floor z = h over x in [x0, x1], y in [-5, 5], facing up.
inline BspPolygon floorAt(std::uint16_t id, float x0, float x1, float h = 0) {
    return makeBspPolygon(id, {{x0, -5, h}, {x1, -5, h}, {x1, 5, h}, {x0, 5, h}});
}
// A wall x = x0 facing -x, y in [-5, 5], z in [z0, z1].
inline BspPolygon wallFacingMinusX(std::uint16_t id, float x0, float z0, float z1) {
    return makeBspPolygon(id, {{x0, -5, z0}, {x0, -5, z1}, {x0, 5, z1}, {x0, 5, z0}});
}
// A ramp from (x0, z0) to (x1, z1), y in [-5, 5], facing up.
inline BspPolygon ramp(std::uint16_t id, float x0, float z0, float x1, float z1) {
    return makeBspPolygon(id, {{x0, -5, z0}, {x1, -5, z1}, {x1, 5, z1}, {x0, 5, z0}});
}

// A creature: a foot sphere and a head sphere of its Setup (r 0.35 at 0.35 and 1.0 up), step
// heights 0.4, standing on a walkable floor, at `scale` (the part array's scale.z the same).
inline MoverDescription creature(float scale, bool edgeSlide = false) {
    MoverDescription m;
    m.physicsState = edgeSlide ? 0x400000u : 0u;
    m.transient = 0x1 | 0x2; // Contact, OnWalkable
    m.scale = scale;
    m.partScaleZ = scale;
    m.setupStepUpHeight = 0.4f;
    m.setupStepDownHeight = 0.4f;
    return m;
}

// One transition's state over a set of trees placed in the world, with the insert loop wired.
class WalkerWorld {
  public:
    struct Object {
        PhysicsGeometry geometry;
        Frame frame;
        float scale = 1;
    };

    explicit WalkerWorld(const MoverDescription& mover, int numSphere = 2)
        : info(makeObjectInfo(mover)) {
        const float s = mover.scale;
        spheres[0] = {Vec3{0, 0, 0.35f} * s, 0.35f * s};
        spheres[1] = {Vec3{0, 0, 1.0f} * s, 0.35f * s};
        path.numSphere = numSphere;
        path.checkCellId = path.currCellId = 0xA9B40001;
        cells.insertIntoCell = [this](int n) {
            return insertIntoCell(collision, n, [this] { return findCollisions(); });
        };
        cells.checkOtherCells = [] { return TransitionState::OK; };
        cells.hasCheckCell = [] { return true; };
        ctx.transitionalInsert = [this](int n) { return transitionalInsert(ctx, cells, n); };
    }
    WalkerWorld(const WalkerWorld&) = delete;
    WalkerWorld& operator=(const WalkerWorld&) = delete;

    float radius() const { return spheres[0].radius; }

    // The mover's origin at curr_pos and at check_pos (its spheres follow).
    void place(Vec3 curr, Vec3 check) {
        path.currOrigin = curr;
        setCheck(curr);
        for (int i = 0; i < 2; ++i)
            path.globalCurrCenter[std::size_t(i)] = path.globalSphere[std::size_t(i)].center;
        path.currLowPoint = path.globalLowPoint;
        setCheck(check);
    }
    // Standing on `plane`: the contact plane of the last step, as the sweep carries it.
    void standOn(const world::Plane& plane) {
        collision.setContactPlane(plane, path.checkCellId, false);
        collision.lastKnownContactPlaneValid = true;
        collision.lastKnownContactPlane = collision.contactPlane;
    }

    // Each tree in its owner's space, as a cell's objects are tested.
    TransitionState findCollisions() {
        for (const Object& o : objects) {
            const LocalSpace space = cacheLocalSpace(path, o.frame, o.scale);
            BspWalk walk;
            const TransitionState state = bspFindCollisions(o.geometry, space, ctx, walk);
            if (state != TransitionState::OK)
                return state;
        }
        return TransitionState::OK;
    }

    // One sweep step as find_transitional_position takes it: clear the step's contact, insert
    // at the check position, then validate.
    TransitionState insertStep() {
        collision.contactPlaneValid = false;
        collision.slidingNormalValid = false;
        return transitionalInsert(ctx, cells, 3);
    }
    // A whole move: steps of at most a radius, each constrained, inserted and validated.
    bool walk(Vec3 offset) {
        const StepPlan plan = calcNumSteps(true, offset, radius(), false);
        TransitionState state = TransitionState::OK;
        for (int i = 0; i < plan.steps; ++i) {
            const Vec3 step = adjustOffset(plan.perStep, path, collision);
            if (dot(step, step) < kTransitionEpsilon * kTransitionEpsilon)
                return i != 0 && state == TransitionState::OK;
            collision.contactPlaneValid = false;
            collision.slidingNormalValid = false;
            path.addOffsetToCheckPos(step);
            state =
                validateTransition(transitionalInsert(ctx, cells, 3), info, path, collision, false)
                    .state;
        }
        return state == TransitionState::OK;
    }

    std::vector<Object> objects;
    std::array<TransitionSphere, 2> spheres{};
    ObjectInfo info;
    SpherePath path;
    CollisionInfo collision;
    StepContext ctx{info, path, collision, {}, {}, false};
    InsertCells cells;

  private:
    void setCheck(Vec3 origin) {
        path.checkOrigin = origin;
        for (std::size_t i = 0; i < 2; ++i)
            path.globalSphere[i] = {origin + spheres[i].center, spheres[i].radius};
        path.globalLowPoint = path.globalSphere[0].center - Vec3{0, 0, spheres[0].radius};
    }
};

} // namespace portalkit::preview::test
