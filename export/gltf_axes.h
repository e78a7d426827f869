#pragma once

// AC coordinates → glTF's (docs/export.md). Both are right-handed and in metres; AC has +Z up
// (x east, y north), glTF +Y up with +Z toward the viewer. The change of basis is the proper
// rotation of −90° about X: (x, y, z) → (x, z, −y). A rotation quaternion (w, v) becomes
// (w, C·v) under it, so (w, x, y, z) → (w, x, z, −y); AC stores quaternions w first, glTF
// writes them x, y, z, w. Winding is kept, as a rotation keeps handedness.

#include "preview/core/math.h"

#include <array>
#include <cmath>

namespace portalkit::exports {

inline std::array<float, 3> gltfVector(preview::Vec3 v) {
    return {v.x, v.z, -v.y};
}

// glTF order: x, y, z, w.
inline std::array<float, 4> gltfQuaternion(preview::Quat q) {
    return {q.x, q.z, -q.y, q.w};
}

// Non-finite components become 0, so bad data cannot put NaN into a file.
inline preview::Vec3 finiteOrZero(preview::Vec3 v) {
    const auto clean = [](float f) { return std::isfinite(f) ? f : 0.0f; };
    return {clean(v.x), clean(v.y), clean(v.z)};
}

// Unit length, or the identity when the stored quaternion is zero or not finite (glTF requires
// unit rotations; AC data stores them unit up to float rounding).
inline preview::Quat unitOrIdentity(preview::Quat q) {
    const double n =
        std::sqrt(double(q.w) * q.w + double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z);
    if (!std::isfinite(n) || n < 1e-6)
        return {};
    return {float(q.w / n), float(q.x / n), float(q.y / n), float(q.z / n)};
}

inline preview::Frame cleanFrame(const preview::Frame& frame) {
    return {finiteOrZero(frame.origin), unitOrIdentity(frame.orientation)};
}

// `child` expressed in `parent`'s space: parent⁻¹ ∘ child (both in the same outer space).
inline preview::Frame relativeFrame(const preview::Frame& parent, const preview::Frame& child) {
    const preview::Quat inverse = preview::conjugate(parent.orientation);
    return {preview::rotate(inverse, child.origin - parent.origin),
            unitOrIdentity(inverse * child.orientation)};
}

} // namespace portalkit::exports
