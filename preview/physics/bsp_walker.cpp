#include "preview/physics/bsp_walker.h"

#include "preview/physics/bsp_nodes.h"
#include "preview/physics/object_info.h"

#include <cmath>

namespace portalkit::preview {

namespace {

namespace oi = object_info;

using namespace bsp_nodes;

struct WalkableProbe {
    Vec3 up;
    float allowance = 0;
};

bool hitsWalkableIn(const PhysicsGeometry& g, const dat::BspNode* node, const TransitionSphere& s,
                    const WalkableProbe& probe, BspWalk& walk, int depth) {
    if (!node || walk.tooDeep)
        return false;
    if (depth > dat::kMaxBspDepth) {
        walk.tooDeep = true;
        return false;
    }
    if (!overlap(node->boundingSphere, s))
        return false;
    if (node->tag == dat::bsp_tag::Leaf) {
        for (std::uint16_t id : node->polygons)
            if (const BspPolygon* polygon = g.polygon(id);
                polygon && walkableHitsSphere(*polygon, s, probe.up, probe.allowance) &&
                checkWalkablePolygon(*polygon, s, probe.up, true))
                return (walk.hit = polygon), true;
        return false;
    }
    const int where = side(*node, s);
    if (where > 0)
        return hitsWalkableIn(g, child(g, node->posChild), s, probe, walk, depth + 1);
    if (where < 0)
        return hitsWalkableIn(g, child(g, node->negChild), s, probe, walk, depth + 1);
    return hitsWalkableIn(g, child(g, node->posChild), s, probe, walk, depth + 1) ||
           hitsWalkableIn(g, child(g, node->negChild), s, probe, walk, depth + 1);
}

// A walk's findings kept for the caller: the malformed-tree flag, and the polygon it met.
void keep(BspWalk& out, const BspWalk& walk) {
    out.tooDeep = out.tooDeep || walk.tooDeep;
    if (walk.hit) {
        out.hit = walk.hit;
        out.contact = walk.contact;
    }
}

// The centre dropped along `up` onto the polygon's plane (check_walkable, find_crossed_edge).
Vec3 dropOnto(const BspPolygon& polygon, Vec3 center, Vec3 up, float upDot) {
    return center - up * (polygon.distance(center) / upDot);
}

// SPHEREPATH::set_walkable: the face the mover now stands on, kept in its owner's space for
// check_walkables and precipice_slide.
void setWalkable(SpherePath& path, const TransitionSphere& sphere, const BspPolygon& polygon,
                 const LocalSpace& space) {
    path.walkableCheckPos = sphere;
    path.walkable = &polygon;
    path.walkableUp = space.z;
    path.walkablePos = space.pos;
    path.walkableScale = space.scale;
}

// The sphere moved onto a walkable face in the owner's space: the check position follows, the
// face becomes the (dry) contact plane and the walkable (step_sphere_down, the landing branch).
TransitionState standOn(const BspPolygon& polygon, const TransitionSphere& moved,
                        const LocalSpace& space, StepContext& ctx) {
    ctx.path.addOffsetToCheckPos(space.toGlobal(moved.center - space.sphere[0].center) *
                                 space.scale);
    ctx.path.cellArrayValid = false;
    ctx.collision.setContactPlane(planeToGlobal(polygon, space), ctx.path.checkCellId, false);
    setWalkable(ctx.path, moved, polygon, space);
    return TransitionState::Adjusted;
}

// SPHEREPATH::set_collide: an airborne mover met the tree; land on a walkable face next.
void setCollide(SpherePath& path, Vec3 normal) {
    path.collide = true;
    path.saveCheckPos();
    path.stepUpNormal = normal;
    path.walkInterp = 1;
}

// SPHEREPATH::set_neg_poly_hit: a polygon grazed while in contact, for transitional_insert to
// step up onto (sphere 0) or slide along (sphere 1) after the cells.
void setNegPolyHit(SpherePath& path, bool stepUp, Vec3 normal) {
    path.negStepUp = stepUp;
    path.negPolyHit = true;
    path.negCollisionNormal = -normal;
}

// Placement, or an ethereal obstruction: only whether a sphere overlaps the solid matters.
TransitionState placementTest(const PhysicsGeometry& g, const LocalSpace& space,
                              const SpherePath& path, BspWalk& walk) {
    const bool centerCheck = path.bldgCheck ? !path.hitsInteriorCell : true;
    BspWalk w;
    const bool hit =
        sphereIntersectsSolid(g, space.sphere[0], centerCheck, w) ||
        (path.numSphere > 1 && sphereIntersectsSolid(g, space.sphere[1], centerCheck, w));
    keep(walk, w);
    return hit ? TransitionState::Collided : TransitionState::OK;
}

// The landing branch (collide set): the walkable face along this step's move, if any.
TransitionState landOnWalkable(const PhysicsGeometry& g, const LocalSpace& space, StepContext& ctx,
                               Vec3 move, BspWalk& walk) {
    TransitionSphere moved = space.sphere[0];
    BspWalk w;
    const bool changed =
        findWalkable(g, moved, move, space.z, ctx.path.walkableAllowance, ctx.path.walkInterp, w);
    keep(walk, w);
    if (!changed)
        return TransitionState::OK;
    return standOn(*w.hit, moved, space, ctx);
}

// A mover in contact (walking): sphere 0 against a face steps up; sphere 1 (the head) slides;
// a face only grazed is left for transitional_insert.
TransitionState walkerCollisions(const PhysicsGeometry& g, const LocalSpace& space,
                                 StepContext& ctx, Vec3 move, BspWalk& walk) {
    BspWalk low;
    const bool lowHit = sphereIntersectsPoly(g, space.sphere[0], move, low);
    keep(walk, low);
    if (lowHit)
        return stepSphereUp(ctx, space, low.hit->normal);
    if (ctx.path.numSphere < 2)
        return TransitionState::OK;
    BspWalk high;
    const bool highHit = sphereIntersectsPoly(g, space.sphere[1], move, high);
    keep(walk, high);
    if (highHit)
        return bspSlideSphere(ctx, space, high.hit->normal);
    if (high.hit)
        setNegPolyHit(ctx.path, false, space.toGlobal(high.hit->normal));
    else if (low.hit)
        setNegPolyHit(ctx.path, true, space.toGlobal(low.hit->normal));
    return TransitionState::OK;
}

// An airborne mover that is not path-clipped: sphere 0 reaching any face starts a landing
// (walkable faces only count with normal z above z_for_landing); sphere 1 reaching one stops.
TransitionState airborneCollisions(const PhysicsGeometry& g, const LocalSpace& space,
                                   StepContext& ctx, Vec3 move, BspWalk& walk) {
    BspWalk low;
    const bool lowHit = sphereIntersectsPoly(g, space.sphere[0], move, low);
    keep(walk, low);
    if (lowHit || low.hit) {
        setCollide(ctx.path, space.toGlobal(low.hit->normal));
        ctx.path.walkableAllowance = kZForLanding;
        return TransitionState::Adjusted;
    }
    if (ctx.path.numSphere < 2)
        return TransitionState::OK;
    BspWalk high;
    const bool highHit = sphereIntersectsPoly(g, space.sphere[1], move, high);
    keep(walk, high);
    if (highHit || high.hit) {
        ctx.collision.setCollisionNormal(space.toGlobal(high.hit->normal));
        return TransitionState::Collided;
    }
    return TransitionState::OK;
}

} // namespace

LocalSpace cacheLocalSpace(const SpherePath& path, const Frame& pos, float scale,
                           Vec3 currBlockOffset) {
    LocalSpace out;
    out.pos = pos;
    out.scale = scale;
    const Quat back = conjugate(pos.orientation);
    const float inverse = 1.0f / scale;
    for (std::size_t i = 0; i < 2 && int(i) < path.numSphere; ++i) {
        const TransitionSphere& s = path.globalSphere[i];
        out.sphere[i] = {rotate(back, s.center - pos.origin) * inverse, s.radius * inverse};
        out.currCenter[i] =
            rotate(back, path.globalCurrCenter[i] + currBlockOffset - pos.origin) * inverse;
    }
    out.z = rotate(back, {0, 0, 1});
    out.lowPoint = out.sphere[0].center - out.z * out.sphere[0].radius;
    return out;
}

world::Plane planeToGlobal(const BspPolygon& polygon, const LocalSpace& space) {
    // A local point p on the plane is origin + R(p × scale) in the world: the scaled plane's d,
    // less the turned normal's reach to the origin.
    const Vec3 n = space.toGlobal(polygon.normal);
    return {{n.x, n.y, n.z}, polygon.d * space.scale - dot(n, space.pos.origin)};
}

bool checkWalkablePolygon(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                          bool small) {
    const float upDot = dot(polygon.normal, up);
    if (upDot < kTransitionEpsilon)
        return false; // a face not turned up holds nothing
    const Vec3 c = dropOnto(polygon, sphere.center, up, upDot);
    const float r2 = sphere.radius * sphere.radius * (small ? 0.25f : 1.0f);
    const std::vector<Vec3>& v = polygon.vertices;
    bool inside = true;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Vec3 e = v[(i + 1) % v.size()] - v[i], w = c - v[i];
        const Vec3 inward = cross(polygon.normal, e);
        const float k = dot(w, inward);
        if (k < 0) { // outside this edge: held only if the circle reaches it
            inside = false;
            if (dot(inward, inward) * r2 < k * k)
                return false;
            const float along = dot(w, e);
            if (along >= 0 && along <= dot(e, e))
                return true;
        }
        if (dot(w, w) <= r2)
            return true; // a corner within the circle
    }
    return inside;
}

bool findCrossedEdge(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                     Vec3& normal) {
    const float upDot = dot(polygon.normal, up);
    if (std::abs(upDot) < kTransitionEpsilon)
        return false;
    const Vec3 c = dropOnto(polygon, sphere.center, up, upDot);
    const std::vector<Vec3>& v = polygon.vertices;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Vec3 inward = cross(polygon.normal, v[(i + 1) % v.size()] - v[i]);
        if (dot(c - v[i], inward) < 0) {
            normal = normalized(inward);
            return true;
        }
    }
    return false;
}

bool hitsWalkable(const PhysicsGeometry& geometry, const TransitionSphere& sphere, Vec3 up,
                  float walkableAllowance, BspWalk& walk) {
    return hitsWalkableIn(geometry, child(geometry, 0), sphere, {up, walkableAllowance}, walk, 0);
}

TransitionState stepSphereDown(const PhysicsGeometry& geometry, const LocalSpace& space,
                               StepContext& ctx, BspWalk& walk) {
    // Down by what is left of the step-down height (up by it during a step up: the sphere, not
    // lowered, is pushed back out of the face above it).
    const Vec3 move = space.z * (-(ctx.path.stepDownAmt * ctx.path.walkInterp) / space.scale);
    TransitionSphere moved = space.sphere[0];
    BspWalk w;
    const bool changed = findWalkable(geometry, moved, move, space.z, ctx.path.walkableAllowance,
                                      ctx.path.walkInterp, w);
    keep(walk, w);
    if (!changed)
        return TransitionState::OK;
    return standOn(*w.hit, moved, space, ctx);
}

TransitionState stepSphereUp(StepContext& ctx, const LocalSpace& space, Vec3 localNormal) {
    return stepUp(ctx, space.toGlobal(localNormal)) ? TransitionState::OK : stepUpSlide(ctx);
}

TransitionState collideWithPt(StepContext& ctx, const LocalSpace& space, const BspPolygon& hit) {
    ctx.collision.setCollisionNormal(space.toGlobal(hit.normal));
    return TransitionState::Collided;
}

TransitionState bspSlideSphere(StepContext& ctx, const LocalSpace& space, Vec3 localNormal) {
    return slideSphere(ctx, ctx.path.globalSphere[0], space.toGlobal(localNormal),
                       ctx.path.globalCurrCenter[0]);
}

// BSPTREE::find_collisions: which branch answers depends on what the transition is doing.
TransitionState bspFindCollisions(const PhysicsGeometry& geometry, const LocalSpace& space,
                                  StepContext& ctx, BspWalk& walk) {
    const SpherePath& path = ctx.path;
    const Vec3 move = space.sphere[0].center - space.currCenter[0];
    if (path.insertType == InsertType::Placement || path.obstructionEthereal)
        return placementTest(geometry, space, path, walk);
    if (path.checkWalkable) { // the walkable probe: ground below is a "collision"
        BspWalk w;
        const bool ground =
            hitsWalkable(geometry, space.sphere[0], space.z, path.walkableAllowance, w);
        keep(walk, w);
        return ground ? TransitionState::Collided : TransitionState::OK;
    }
    if (path.stepDown)
        return stepSphereDown(geometry, space, ctx, walk);
    if (path.collide)
        return landOnWalkable(geometry, space, ctx, move, walk);
    if (ctx.info.has(oi::kContact))
        return walkerCollisions(geometry, space, ctx, move, walk);
    if (!ctx.info.has(oi::kPathClipped))
        return airborneCollisions(geometry, space, ctx, move, walk);
    BspWalk w; // a missile: anything reached stops it (R60)
    const bool hit = sphereIntersectsPoly(geometry, space.sphere[0], move, w);
    keep(walk, w);
    if (hit || w.hit)
        return collideWithPt(ctx, space, *w.hit);
    return TransitionState::OK;
}

} // namespace portalkit::preview
