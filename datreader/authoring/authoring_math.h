#pragma once

// The small math the authoring code shares: double-precision vectors and quaternions (the
// generators build in doubles and round to the records' floats once), and the seeded generator
// behind every random choice, so the same spec or seed gives the same bytes everywhere.

#include "datreader/records/common.h"

#include <cmath>
#include <cstdint>

namespace portalkit::authoring {

struct Vec3d {
    double x = 0, y = 0, z = 0;
};

inline Vec3d operator+(Vec3d a, Vec3d b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Vec3d operator-(Vec3d a, Vec3d b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Vec3d operator*(Vec3d a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
inline Vec3d cross(Vec3d a, Vec3d b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline double dot(Vec3d a, Vec3d b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline double length(Vec3d a) {
    return std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}
inline Vec3d normalised(Vec3d a) {
    return a * (1.0 / length(a));
}
inline dat::Vec3 toFloat(Vec3d v) {
    return {float(v.x), float(v.y), float(v.z)};
}

struct QuatD {
    double w = 1, x = 0, y = 0, z = 0;
};

inline QuatD normalised(QuatD q) {
    const double norm = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return {q.w / norm, q.x / norm, q.y / norm, q.z / norm};
}

// Spherical interpolation along the shorter arc; nearly equal rotations fall back to a
// normalised lerp, where slerp's division by sin θ loses precision.
inline QuatD slerp(QuatD a, QuatD b, double s) {
    double dot = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
    if (dot < 0) {
        b = {-b.w, -b.x, -b.y, -b.z};
        dot = -dot;
    }
    double weightA = 1 - s, weightB = s;
    if (dot < 0.9995) {
        const double angle = std::acos(dot);
        weightA = std::sin((1 - s) * angle) / std::sin(angle);
        weightB = std::sin(s * angle) / std::sin(angle);
    }
    return normalised({weightA * a.w + weightB * b.w, weightA * a.x + weightB * b.x,
                       weightA * a.y + weightB * b.y, weightA * a.z + weightB * b.z});
}

// SplitMix64: a tiny, well-mixed generator. Seeded explicitly, it gives the same sequence on
// every platform and compiler, which std::uniform_*_distribution does not promise.
class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1).
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
    // Uniform in [low, high).
    double between(double low, double high) { return low + (high - low) * unit(); }
    // Uniform integer in [0, bound); bound 0 gives 0.
    std::uint64_t below(std::uint64_t bound) {
        if (bound == 0)
            return 0;
        // Rejection keeps the result unbiased for bounds that do not divide 2^64.
        const std::uint64_t limit = ~std::uint64_t{0} - ~std::uint64_t{0} % bound;
        std::uint64_t value;
        do {
            value = next();
        } while (value >= limit);
        return value % bound;
    }

  private:
    std::uint64_t m_state;
};

} // namespace portalkit::authoring
