#include "preview/physics/object_shapes.h"

#include <cmath>

namespace portalkit::preview {

namespace {

float lengthSquared2D(Vec3 v) {
    return v.x * v.x + v.y * v.y;
}

// CCylSphere::collision_normal: sideways, from the axis to sphere 0's current centre, when that
// centre was outside the cylinder's reach; else up or down, the way the sphere came.
Vec3 cylinderNormal(const StaticShape& shape, Vec3 checkDisp, Vec3 curr, float radsum) {
    const Vec3 disp = curr - shape.low;
    if (radsum * radsum < lengthSquared2D(disp))
        return {disp.x, disp.y, 0};
    return {0, 0, checkDisp.z - disp.z <= 0 ? 1.0f : -1.0f};
}

// The normal made unit; false when it is too short to have a direction.
bool normalise(Vec3& normal) {
    const float len = length(normal);
    if (!(len >= kTransitionEpsilon))
        return false;
    normal = normal * (1.0f / len);
    return true;
}

} // namespace

bool cylinderHitsSphere(const StaticShape& shape, const TransitionSphere& sphere, Vec3 disp,
                        float radsum) {
    if (lengthSquared2D(disp) > radsum * radsum)
        return false;
    const float half = shape.height * 0.5f;
    return sphere.radius - kTransitionEpsilon + half >= std::abs(half - disp.z);
}

TransitionState pathClippedShapeCollision(const StaticShape& shape, const TransitionSphere& check,
                                          Vec3 curr, CollisionInfo& collision) {
    const float radsum = shape.radius - kTransitionEpsilon + check.radius;
    const Vec3 disp = check.center - shape.low;
    Vec3 normal;
    if (shape.cylinder) {
        if (!cylinderHitsSphere(shape, check, disp, radsum))
            return TransitionState::OK;
        normal = cylinderNormal(shape, disp, curr, radsum);
    } else {
        // CSphere::intersects_sphere: the spheres overlap; collide_with_point turns the mover
        // back along the line from the shape's centre to where it was.
        if (dot(disp, disp) >= radsum * radsum)
            return TransitionState::OK;
        normal = curr - shape.low;
    }
    if (normalise(normal))
        collision.setCollisionNormal(normal);
    return TransitionState::Collided;
}

} // namespace portalkit::preview
