#pragma once

// The small geometry the runtime needs, in the client's conventions
// (docs/retail-behaviour.md#conventions): Z up, a Frame maps local to parent space, quaternions are
// (w, x, y, z) Hamilton products. Floats like the client's own frames; the DAT value types convert
// in and out.

#include "datreader/records/common.h"

#include <cmath>

namespace portalkit::preview {

// The client's F_EPSILON, used by its frame and particle code.
constexpr float kEpsilon = 0.00019999999f;

struct Vec3 {
    float x = 0, y = 0, z = 0;

    constexpr Vec3() = default;
    constexpr Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}
    constexpr Vec3(const dat::Vec3& v) : x(v.x), y(v.y), z(v.z) {}

    constexpr Vec3 operator+(Vec3 o) const { return {x + o.x, y + o.y, z + o.z}; }
    constexpr Vec3 operator-(Vec3 o) const { return {x - o.x, y - o.y, z - o.z}; }
    constexpr Vec3 operator-() const { return {-x, -y, -z}; }
    constexpr Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
    constexpr Vec3& operator+=(Vec3 o) { return *this = *this + o; }
    constexpr Vec3& operator-=(Vec3 o) { return *this = *this - o; }
    constexpr Vec3& operator*=(float s) { return *this = *this * s; }
    constexpr bool operator==(const Vec3&) const = default;
};

constexpr Vec3 operator*(float s, Vec3 v) {
    return v * s;
}
constexpr float dot(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr Vec3 cross(Vec3 a, Vec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
constexpr Vec3 hadamard(Vec3 a, Vec3 b) {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
}
inline float length(Vec3 v) {
    return std::sqrt(dot(v, v));
}
// The zero vector stays zero rather than becoming NaN.
inline Vec3 normalized(Vec3 v) {
    const float len = length(v);
    return len > 0 ? v * (1.0f / len) : Vec3{};
}

struct Quat {
    float w = 1, x = 0, y = 0, z = 0;

    constexpr Quat() = default;
    constexpr Quat(float w_, float x_, float y_, float z_) : w(w_), x(x_), y(y_), z(z_) {}
    constexpr Quat(const dat::Quat& q) : w(q.w), x(q.x), y(q.y), z(q.z) {}

    constexpr bool operator==(const Quat&) const = default;
};

// Hamilton product: applying the result rotates by b first, then by a.
constexpr Quat operator*(Quat a, Quat b) {
    return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
constexpr Quat conjugate(Quat q) {
    return {q.w, -q.x, -q.y, -q.z};
}
Quat normalized(Quat q);
// Rotation by |axisAngle| radians about axisAngle's direction; identity below kEpsilon.
Quat fromAxisAngle(Vec3 axisAngle);
Vec3 rotate(Quat q, Vec3 v);

struct Frame {
    Vec3 origin;
    Quat orientation;

    constexpr Frame() = default;
    constexpr Frame(Vec3 o, Quat q) : origin(o), orientation(q) {}
    constexpr Frame(const dat::Frame& f) : origin(f.origin), orientation(f.orientation) {}

    constexpr bool operator==(const Frame&) const = default;
};

// `inner` expressed inside `outer` (Frame::combine): origin = outer.o + R_outer·inner.o.
Frame compose(const Frame& outer, const Frame& inner);
// The same with inner.origin first scaled component-wise (part poses under object scale).
Frame composeScaled(const Frame& outer, const Frame& inner, Vec3 scale);
// outer ∘ inner⁻¹ (Frame::subtract1): undoes a compose, for reverse root motion.
Frame uncompose(const Frame& outer, const Frame& inner);
// q ← Δ(w)⊗q with w in world axes (Frame::grotate); below kEpsilon nothing turns.
void rotateGlobal(Frame& frame, Vec3 w);
// The same with w in the frame's own axes (Frame::rotate).
void rotateLocal(Frame& frame, Vec3 w);
inline Vec3 toGlobalVector(const Frame& frame, Vec3 v) {
    return rotate(frame.orientation, v);
}
inline Vec3 transformPoint(const Frame& frame, Vec3 p) {
    return frame.origin + rotate(frame.orientation, p);
}

} // namespace portalkit::preview
