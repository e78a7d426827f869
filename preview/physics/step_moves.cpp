#include "preview/physics/step_moves.h"

#include "preview/physics/bsp_walker.h"
#include "preview/physics/object_info.h"

namespace portalkit::preview {

namespace {

namespace oi = object_info;

void dropContactPlane(CollisionInfo& collision) {
    collision.contactPlaneValid = false;
    collision.contactPlane.isWater = false;
}

// This step's displacement of sphere 0, curr_pos to check_pos, across a block edge too.
Vec3 stepDisplacement(const StepContext& ctx) {
    return ctx.path.globalSphere[0].center - ctx.path.globalCurrCenter[0] + ctx.currBlockOffset;
}

// An insert at check_pos as a placement: do the spheres fit there at all?
TransitionState placementInsert(StepContext& ctx, int attempts) {
    const InsertType backup = ctx.path.insertType;
    ctx.path.insertType = InsertType::Placement;
    const TransitionState state = ctx.transitionalInsert(attempts);
    ctx.path.insertType = backup;
    return state;
}

// transitional_insert's landing: the cells found a walkable face for an airborne mover (collide).
// It lands when there is ground under it and the spheres fit; otherwise the step is undone and
// it is stopped against what it met.
InsertTail landingTail(StepContext& ctx, int attempts) {
    SpherePath& path = ctx.path;
    CollisionInfo& collision = ctx.collision;
    path.collide = false;
    bool fail = true;
    if (collision.contactPlaneValid && checkWalkable(ctx, kZForLanding))
        fail = placementInsert(ctx, attempts) != TransitionState::OK;
    path.walkable = nullptr;
    if (!fail)
        return {true, TransitionState::OK};
    path.restoreCheckPos();
    dropContactPlane(collision);
    if (collision.lastKnownContactPlaneValid) {
        ctx.killVelocity = true;
        collision.lastKnownContactPlaneValid = false;
    } else {
        collision.setCollisionNormal(path.stepUpNormal);
    }
    return {true, TransitionState::Collided};
}

} // namespace

TransitionState slideSphere(StepContext& ctx, const TransitionSphere& sphere, Vec3 normal,
                            Vec3 currCenter) {
    SpherePath& path = ctx.path;
    CollisionInfo& collision = ctx.collision;
    const Vec3 curr = currCenter + ctx.currBlockOffset;
    if (normal == Vec3{}) {
        path.addOffsetToCheckPos((curr - sphere.center) * 0.5f);
        return TransitionState::Adjusted;
    }
    collision.setCollisionNormal(normal);
    const Vec3 m = sphere.center - curr;
    const ContactPlane& ground =
        collision.contactPlaneValid ? collision.contactPlane : collision.lastKnownContactPlane;
    const Vec3 up = fromWorld(ground.plane.normal);
    const Vec3 crease = cross(normal, up);
    const float creaseSq = dot(crease, crease);
    if (creaseSq >= kTransitionEpsilon) { // keep the part of the step along the crease
        const Vec3 along = crease * (dot(crease, m) / creaseSq);
        if (dot(along, along) < kTransitionEpsilon)
            return TransitionState::Collided;
        path.addOffsetToCheckPos(along - m);
        return TransitionState::Slid;
    }
    if (dot(normal, up) >= 0) { // the obstacle parallel to the ground: drop the part against it
        path.addOffsetToCheckPos(normal * -dot(m, normal));
        return TransitionState::Slid;
    }
    const float back = length(m);
    if (back >= kTransitionEpsilon)
        collision.setCollisionNormal(m * (-1.0f / back));
    return TransitionState::Collided;
}

// Ported as public ports read the client: the slide starts from the current centre, so within a
// block it has no displacement and ends COLLIDED with the obstacle's normal (its horizontal part
// becomes the sliding normal the next step slides along).
TransitionState stepUpSlide(StepContext& ctx) {
    dropContactPlane(ctx.collision);
    const TransitionSphere from{ctx.path.globalCurrCenter[0], ctx.path.globalSphere[0].radius};
    return slideSphere(ctx, from, ctx.path.stepUpNormal, ctx.path.globalCurrCenter[0]);
}

bool stepUp(StepContext& ctx, Vec3 normal) {
    SpherePath& path = ctx.path;
    dropContactPlane(ctx.collision);
    path.stepUp = true;
    path.stepUpNormal = normal;
    const StepChoice choice = stepUpChoice(ctx.info); // R51
    path.walkableAllowance = choice.walkableZ;
    path.saveCheckPos();
    const bool ok = stepDown(ctx, choice.height, choice.walkableZ);
    path.stepUp = false;
    path.walkable = nullptr;
    if (!ok)
        path.restoreCheckPos();
    else
        ++ctx.stepsUp;
    return ok;
}

bool stepDown(StepContext& ctx, float height, float walkableZ) {
    SpherePath& path = ctx.path;
    const CollisionInfo& collision = ctx.collision;
    path.negPolyHit = false;
    path.stepDown = true;
    path.stepDownAmt = height;
    path.walkInterp = 1;
    if (!path.stepUp) { // a step up leaves the sphere where it is; the walkable lifts it
        path.addOffsetToCheckPos({0, 0, -height});
        path.cellArrayValid = false;
    }
    TransitionState state = ctx.transitionalInsert(5);
    path.stepDown = false;
    const bool onGround = state == TransitionState::OK && collision.contactPlaneValid &&
                          collision.contactPlane.plane.normal.z >= walkableZ;
    if (!onGround)
        return false;
    // An edge-sliding mover needs ground under the new position too (a step up does not).
    if (ctx.info.has(oi::kEdgeSlide) && !path.stepUp && !checkWalkable(ctx, walkableZ))
        return false;
    return placementInsert(ctx, 1) == TransitionState::OK;
}

bool checkWalkables(const SpherePath& path) {
    if (!path.walkable)
        return true;
    TransitionSphere half = path.walkableCheckPos;
    half.radius *= 0.5f;
    return checkWalkablePolygon(*path.walkable, half, path.walkableUp);
}

bool checkWalkable(StepContext& ctx, float walkableZ) {
    SpherePath& path = ctx.path;
    if (!ctx.info.has(oi::kOnWalkable) || checkWalkables(path))
        return true;
    const CheckPosition saved = path.checkPosition();
    const float depth = walkableProbeHeight(ctx.info, path.numSphere, path.globalSphere[0].radius);
    path.walkableAllowance = walkableZ;
    path.checkWalkable = true;
    path.addOffsetToCheckPos({0, 0, -depth});
    const TransitionState state = ctx.transitionalInsert(1);
    path.checkWalkable = false;
    path.setCheckPosition(saved);
    return state != TransitionState::OK; // the probe "collides" with ground
}

TransitionState cliffSlide(StepContext& ctx, const world::Plane& plane) {
    const Vec3 crease =
        cross(fromWorld(plane.normal), fromWorld(ctx.collision.lastKnownContactPlane.plane.normal));
    const Vec3 n = cross({0, 0, 1}, {crease.x, crease.y, 0}); // the foot's horizontal normal
    const float len = length(n);
    if (len < kTransitionEpsilon)
        return TransitionState::OK;
    const Vec3 normal = n * (1.0f / len);
    const float s = dot(stepDisplacement(ctx), normal);
    // As the client does it: the offset is added with the displacement's own sign on one side
    // and removed on the other; the collision normal always opposes the step.
    if (s <= 0) {
        ctx.path.addOffsetToCheckPos(normal * s);
        ctx.collision.setCollisionNormal(normal);
    } else {
        ctx.path.addOffsetToCheckPos(normal * -s);
        ctx.collision.setCollisionNormal(-normal);
    }
    return TransitionState::Adjusted;
}

TransitionState precipiceSlide(StepContext& ctx) {
    SpherePath& path = ctx.path;
    Vec3 edge;
    if (!path.walkable ||
        !findCrossedEdge(*path.walkable, path.walkableCheckPos, path.walkableUp, edge)) {
        path.walkable = nullptr;
        return TransitionState::Collided;
    }
    path.walkable = nullptr;
    path.stepUp = false;
    Vec3 normal = rotate(path.walkablePos.orientation, edge);
    if (dot(normal, stepDisplacement(ctx)) > 0)
        normal = -normal; // against the step: back onto the face
    return slideSphere(ctx, path.globalSphere[0], normal, path.globalCurrCenter[0]);
}

bool edgeSlide(StepContext& ctx, TransitionState& state, float height, float walkableZ) {
    SpherePath& path = ctx.path;
    CollisionInfo& collision = ctx.collision;
    if (!ctx.info.has(oi::kOnWalkable) || !ctx.info.has(oi::kEdgeSlide)) {
        path.walkable = nullptr; // no edge slide: step on, off the edge
        path.restoreCheckPos();
        dropContactPlane(collision);
        path.cellArrayValid = true;
        state = TransitionState::OK;
        return true;
    }
    if (collision.contactPlaneValid && collision.contactPlane.plane.normal.z < walkableZ) {
        const world::Plane steep = collision.contactPlane.plane; // standing on a slope too steep
        path.walkable = nullptr;
        path.restoreCheckPos();
        state = cliffSlide(ctx, steep);
        dropContactPlane(collision);
        return false;
    }
    if (path.walkable) { // the face stepped down onto: keep to its edge
        path.restoreCheckPos();
        dropContactPlane(collision);
        state = precipiceSlide(ctx);
        return state == TransitionState::Collided;
    }
    if (collision.contactPlaneValid) {
        path.walkable = nullptr;
        path.restoreCheckPos();
        path.cellArrayValid = true;
        dropContactPlane(collision);
        state = TransitionState::OK;
        return true;
    }
    // Nothing under the new position: find the face under the current one, and slide along
    // the edge of it the new position crossed.
    path.addOffsetToCheckPos(path.globalCurrCenter[0] + ctx.currBlockOffset -
                             path.globalSphere[0].center);
    stepDown(ctx, height, walkableZ);
    dropContactPlane(collision);
    path.restoreCheckPos();
    if (path.walkable) {
        const LocalSpace space =
            cacheLocalSpace(path, path.walkablePos, path.walkableScale, ctx.currBlockOffset);
        path.walkableCheckPos = space.sphere[0];
        state = precipiceSlide(ctx);
        return state == TransitionState::Collided;
    }
    path.walkable = nullptr;
    state = TransitionState::Collided;
    path.cellArrayValid = true;
    return true;
}

InsertTail stepDownTail(StepContext& ctx) {
    SpherePath& path = ctx.path;
    // R51: 0.04 or the Setup's step-down height; a small single sphere steps half its radius;
    // a height above the sphere's diameter goes as two halves.
    const StepChoice choice =
        transitionalStepDownChoice(ctx.info, path.numSphere, path.globalSphere[0].radius);
    path.walkableAllowance = choice.walkableZ;
    path.saveCheckPos();
    for (int i = 0; i < choice.tries; ++i)
        if (stepDown(ctx, choice.height, choice.walkableZ)) {
            path.walkable = nullptr;
            ++ctx.stepsDown;
            return {true, TransitionState::OK};
        }
    TransitionState state = TransitionState::OK;
    const bool done = edgeSlide(ctx, state, choice.height, choice.walkableZ);
    return {done, state};
}

InsertTail transitionalInsertTail(StepContext& ctx, int attempts, bool hasCheckCell) {
    SpherePath& path = ctx.path;
    if (path.collide)
        return landingTail(ctx, attempts);
    if (path.negPolyHit && !path.stepDown && !path.stepUp) {
        path.negPolyHit = false; // a grazed polygon: step onto it or slide along it, then again
        const Vec3 n = path.negCollisionNormal;
        if (path.negStepUp)
            return {false, stepUp(ctx, n) ? TransitionState::OK : stepUpSlide(ctx)};
        return {false, slideSphere(ctx, path.globalSphere[0], n, path.globalCurrCenter[0])};
    }
    if (ctx.collision.contactPlaneValid)
        return {true, TransitionState::OK};
    // Only a mover that was standing, outside a step down, in a loaded cell, that may step down
    // (not a missile, R52) follows the ground down.
    if (!ctx.info.has(oi::kContact) || path.stepDown || !hasCheckCell || !ctx.info.stepDown)
        return {true, TransitionState::OK};
    return stepDownTail(ctx);
}

TransitionState insertIntoCell(CollisionInfo& collision, int attempts,
                               const std::function<TransitionState()>& findCollisions) {
    TransitionState state = TransitionState::OK;
    for (int i = 0; i < attempts; ++i) {
        state = findCollisions();
        if (state == TransitionState::OK || state == TransitionState::Collided)
            return state;
        if (state == TransitionState::Slid)
            dropContactPlane(collision);
    }
    return state;
}

TransitionState transitionalInsert(StepContext& ctx, const InsertCells& cells, int attempts) {
    if (!cells.hasCheckCell())
        return TransitionState::OK;
    TransitionState state = TransitionState::OK;
    for (int i = 0; i < attempts; ++i) {
        state = cells.insertIntoCell(attempts);
        if (state == TransitionState::OK) {
            state = cells.checkOtherCells();
            if (state != TransitionState::OK)
                ctx.path.negPolyHit = false;
        } else {
            ctx.path.negPolyHit = false;
            if (state == TransitionState::Slid)
                dropContactPlane(ctx.collision);
        }
        if (state == TransitionState::Collided)
            return state;
        if (state != TransitionState::OK)
            continue; // again at the moved check position
        const InsertTail tail = transitionalInsertTail(ctx, attempts, cells.hasCheckCell());
        state = tail.state;
        if (tail.done)
            return state;
    }
    return state;
}

} // namespace portalkit::preview
