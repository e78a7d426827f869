#pragma once

// A world matrix in AC axes (world/scene's WorldPart and WorldCell transforms) → a glTF node's
// translation, rotation and scale in glTF axes (gltf_axes.h). glTF wants a node's transform to
// be a valid TRS: written as TRS it always is, where a 16-float matrix is checked by the validator
// against its own decomposition with a tolerance that large world coordinates can exceed.

#include <QMatrix4x4>
#include <array>

namespace portalkit::exports {

struct GltfTrs {
    std::array<float, 3> translation{0, 0, 0};
    std::array<float, 4> rotation{0, 0, 0, 1}; // x, y, z, w; unit
    std::array<float, 3> scale{1, 1, 1};       // a mirror is a negative scale
    // The matrix was not rotation × scale (shear, a degenerate axis, non-finite values): the TRS
    // is the nearest one found, not the matrix itself.
    bool approximate = false;
};

// M = T·R·S in AC axes, R proper (det +1) and S diagonal, its sign carrying any mirror, then
// each part conjugated into glTF axes: the scale (sx, sy, sz) becomes (sx, sz, sy).
GltfTrs gltfTrs(const QMatrix4x4& acMatrix);

} // namespace portalkit::exports
