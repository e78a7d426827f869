#include "preview/core/math.h"

namespace portalkit::preview {

Quat normalized(Quat q) {
    const float len = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    if (!(len > 0))
        return Quat{};
    const float inv = 1.0f / len;
    return {q.w * inv, q.x * inv, q.y * inv, q.z * inv};
}

Quat fromAxisAngle(Vec3 axisAngle) {
    const float angle = length(axisAngle);
    if (angle < kEpsilon)
        return Quat{};
    const Vec3 axis = axisAngle * (1.0f / angle);
    const float half = 0.5f * angle;
    const float s = std::sin(half);
    return {std::cos(half), axis.x * s, axis.y * s, axis.z * s};
}

Vec3 rotate(Quat q, Vec3 v) {
    // v' = v + 2w(u×v) + 2u×(u×v), u the vector part: no temporary quaternions.
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * q.w + cross(u, t);
}

Frame compose(const Frame& outer, const Frame& inner) {
    return {outer.origin + rotate(outer.orientation, inner.origin),
            outer.orientation * inner.orientation};
}

Frame composeScaled(const Frame& outer, const Frame& inner, Vec3 scale) {
    return {outer.origin + rotate(outer.orientation, hadamard(inner.origin, scale)),
            outer.orientation * inner.orientation};
}

Frame uncompose(const Frame& outer, const Frame& inner) {
    const Quat inverse = conjugate(inner.orientation);
    const Frame innerInverse{-rotate(inverse, inner.origin), inverse};
    return compose(outer, innerInverse);
}

void rotateGlobal(Frame& frame, Vec3 w) {
    if (dot(w, w) < kEpsilon * kEpsilon)
        return;
    frame.orientation = normalized(fromAxisAngle(w) * frame.orientation);
}

void rotateLocal(Frame& frame, Vec3 w) {
    rotateGlobal(frame, rotate(frame.orientation, w));
}

} // namespace portalkit::preview
