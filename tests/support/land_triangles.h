#pragma once

// A landblock's terrain as the client builds it, for checking generated terrain: vertex heights
// through a Region's height table, and the two triangles of every cell split the way the client
// splits them (docs/formats.md#landblock), each with its upward normal.

#include "datreader/records/land_block.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace portalkit::testing {

// Retail's walkable limit: a floor's normal must have z at least this (cos 48.38°).
inline constexpr double kFloorZ = 0.66417414;

struct LandTriangle {
    int cellX = 0, cellY = 0;
    double normalZ = 1; // of the unit normal, pointing up
};

inline double vertexHeight(const dat::LandBlock& block, const std::array<float, 256>& table, int x,
                           int y) {
    return table[block.heights[std::size_t(dat::LandBlock::vertexIndex(x, y))]];
}

inline std::vector<LandTriangle> landTriangles(const dat::LandBlock& block,
                                               const std::array<float, 256>& table) {
    struct P {
        double x, y, z;
    };
    const auto normalZ = [](P a, P b, P c) {
        const P u{b.x - a.x, b.y - a.y, b.z - a.z}, v{c.x - a.x, c.y - a.y, c.z - a.z};
        const P n{u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
        return n.z / std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    };
    const std::uint32_t blockX = block.id >> 24, blockY = (block.id >> 16) & 0xFF;
    std::vector<LandTriangle> triangles;
    for (int cx = 0; cx < 8; ++cx)
        for (int cy = 0; cy < 8; ++cy) {
            const auto at = [&](int dx, int dy) {
                return P{24.0 * (cx + dx), 24.0 * (cy + dy),
                         vertexHeight(block, table, cx + dx, cy + dy)};
            };
            const P sw = at(0, 0), se = at(1, 0), ne = at(1, 1), nw = at(0, 1);
            const std::uint32_t gx = 8 * blockX + std::uint32_t(cx);
            const std::uint32_t gy = 8 * blockY + std::uint32_t(cy);
            const std::uint32_t h =
                gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
            if (h >= 0x80000000u) { // SW–NE diagonal
                triangles.push_back({cx, cy, normalZ(sw, se, ne)});
                triangles.push_back({cx, cy, normalZ(sw, ne, nw)});
            } else {
                triangles.push_back({cx, cy, normalZ(sw, se, nw)});
                triangles.push_back({cx, cy, normalZ(ne, nw, se)});
            }
        }
    return triangles;
}

} // namespace portalkit::testing
