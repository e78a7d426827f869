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
    const Vec3 n{plane.normal.x, plane.normal.y, plane.normal.z};
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

} // namespace portalkit::preview
