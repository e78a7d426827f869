#pragma once

// The small vector, quaternion and plane values the world library hands out, in the client's
// conventions: metres, Z up, +X east, +Y north, planes N·p + d = 0 (docs/world.md#conventions).

#include <cmath>

namespace portalkit::world {

// The client's F_EPSILON (docs/retail-behaviour.md#conventions).
inline constexpr float kEpsilon = 0.00019999999f;

struct Vec3 {
    float x = 0, y = 0, z = 0;
    bool operator==(const Vec3&) const = default;
};

inline Vec3 operator+(Vec3 a, Vec3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3 operator-(Vec3 a, Vec3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vec3 operator*(Vec3 a, float s) {
    return {a.x * s, a.y * s, a.z * s};
}
inline float dot(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline Vec3 cross(Vec3 a, Vec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float length(Vec3 a) {
    return std::sqrt(dot(a, a));
}

// A unit quaternion (w, x, y, z) taking local to parent space, as the DAT stores it.
struct Quat {
    float w = 1, x = 0, y = 0, z = 0;
    bool operator==(const Quat&) const = default;
};

struct Plane {
    Vec3 normal{0, 0, 1};
    float d = 0;
    float distance(Vec3 p) const { return dot(normal, p) + d; }
    bool operator==(const Plane&) const = default;
};

} // namespace portalkit::world
