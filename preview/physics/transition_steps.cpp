#include "preview/physics/transition_steps.h"

#include <cmath>

namespace portalkit::preview {

StepPlan calcNumSteps(bool hasBegin, Vec3 offset, float radius, bool viewer) {
    StepPlan plan;
    if (!hasBegin) {
        plan.steps = 1;
        return plan;
    }
    plan.offset = offset;
    const float distance = length(offset);
    if (viewer) {
        if (distance <= kTransitionEpsilon)
            return plan;
        plan.perStep = offset * (radius / distance);
        plan.steps = int(std::floor(distance / radius)) + 1;
        return plan;
    }
    const float n = distance / radius;
    if (n > 1) {
        plan.steps = int(std::ceil(n));
        plan.perStep = offset * (1.0f / float(plan.steps));
    } else if (offset != Vec3{}) {
        plan.steps = 1;
        plan.perStep = offset;
    }
    return plan;
}

Vec3 viewerLastStep(const StepPlan& plan, float radius) {
    const float distance = length(plan.offset);
    if (distance <= 0)
        return {};
    return plan.offset * ((distance - radius * float(plan.steps - 1)) / distance);
}

Vec3 adjustOffset(Vec3 offset, SpherePath& path, CollisionInfo& collision,
                  Vec3 contactBlockOffset) {
    bool slide = false;
    const Vec3 sn = collision.slidingNormal;
    if (collision.slidingNormalValid) {
        if (dot(offset, sn) < 0)
            slide = true;
        else
            collision.slidingNormalValid = false;
    }
    if (!collision.contactPlaneValid) {
        if (slide)
            offset -= sn * dot(offset, sn);
        return offset;
    }
    const world::Plane& plane = collision.contactPlane.plane;
    const Vec3 n = fromWorld(plane.normal);
    if (slide) { // along both the contact plane and the sliding plane
        const Vec3 along = cross(n, sn);
        const float len = length(along);
        if (len < kTransitionEpsilon) {
            offset = {};
        } else {
            const Vec3 c = along * (1.0f / len);
            offset = c * dot(c, offset);
        }
    } else if (dot(offset, n) <= 0) {
        offset -= n * dot(offset, n); // no digging into the contact plane
    } else if (std::abs(n.z) > kTransitionEpsilon) {
        offset.z = -(offset.x * n.x + offset.y * n.y) / n.z; // snap_to_plane
    }
    if (!collision.contactPlane.isWater && collision.contactPlane.cellId != 0) {
        // Keep sphere 0 on its plane: lift the check position when it sits below it.
        const TransitionSphere& sphere = path.globalSphere[0];
        const float s = dot(n, sphere.center - contactBlockOffset) + plane.d;
        if (s < sphere.radius - kTransitionEpsilon && std::abs(n.z) > kTransitionEpsilon) {
            const float dz = (sphere.radius - s) / n.z;
            if (sphere.radius > std::abs(dz))
                path.addOffsetToCheckPos({0, 0, dz});
        }
    }
    return offset;
}

namespace {

void commitStep(SpherePath& path) {
    path.currOrigin = path.checkOrigin;
    path.currCellId = path.checkCellId;
    for (int i = 0; i < path.numSphere && i < 2; ++i)
        path.globalCurrCenter[std::size_t(i)] = path.globalSphere[std::size_t(i)].center;
    path.currLowPoint = path.globalLowPoint;
}

void undoStep(SpherePath& path) {
    path.checkOrigin = path.currOrigin;
    path.checkCellId = path.currCellId;
    for (int i = 0; i < path.numSphere && i < 2; ++i)
        path.globalSphere[std::size_t(i)].center = path.globalCurrCenter[std::size_t(i)];
    path.globalLowPoint = path.currLowPoint;
}

// Frames without movement under gravity: the third stands the sphere on a level plane.
void stationaryFall(bool moved, const ObjectInfo& info, SpherePath& path,
                    CollisionInfo& collision) {
    int& frames = collision.framesStationaryFall;
    if (moved) {
        frames = 0;
        return;
    }
    if (frames < 2) {
        ++frames;
        return;
    }
    frames = 3;
    const TransitionSphere& sphere = path.globalSphere[0];
    collision.setContactPlane({{0, 0, 1}, sphere.radius - sphere.center.z}, path.checkCellId,
                              false);
    if (!info.has(object_info::kContact)) {
        collision.setCollisionNormal({0, 0, 1});
        collision.collidedWithEnvironment = true;
    }
}

} // namespace

StepValidation validateTransition(TransitionState state, ObjectInfo& info, SpherePath& path,
                                  CollisionInfo& collision, bool gravity) {
    StepValidation out;
    bool moved = true;
    if (state == TransitionState::OK) {
        if (path.checkCellId == path.currCellId && path.checkOrigin == path.currOrigin)
            moved = false;
        commitStep(path);
    } else if (state != TransitionState::Invalid) { // COLLIDED, ADJUSTED, SLID: undo the step
        moved = false;
        if (collision.lastKnownContactPlaneValid) {
            out.killVelocity = true;
            const ContactPlane& last = collision.lastKnownContactPlane;
            const Vec3 n = fromWorld(last.plane.normal);
            const float s = dot(n, path.globalCurrCenter[0]) + last.plane.d;
            if (std::abs(s) < path.globalSphere[0].radius + kTransitionEpsilon) {
                collision.setContactPlane(last.plane, last.cellId, last.isWater);
                if (info.has(object_info::kOnWalkable))
                    moved = true;
            }
        }
        if (!collision.collisionNormalValid)
            collision.setCollisionNormal({0, 0, 1});
        undoStep(path);
        state = TransitionState::OK;
    }
    if (collision.collisionNormalValid)
        collision.setSlidingNormal(collision.collisionNormal);
    if (!info.has(object_info::kIsViewer) && gravity)
        stationaryFall(moved, info, path, collision);
    collision.lastKnownContactPlaneValid = collision.contactPlaneValid;
    if (collision.contactPlaneValid)
        collision.lastKnownContactPlane = collision.contactPlane;
    constexpr std::uint32_t kContactBits = object_info::kContact | object_info::kOnWalkable;
    if (collision.contactPlaneValid) {
        info.state |= object_info::kContact;
        if (collision.contactPlane.plane.normal.z >= kFloorZ)
            info.state |= object_info::kOnWalkable;
        else
            info.state &= ~object_info::kOnWalkable;
    } else {
        info.state &= ~kContactBits;
    }
    out.state = state;
    return out;
}

} // namespace portalkit::preview
