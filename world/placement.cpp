#include "world/placement.h"

#include <limits>

namespace portalkit::world {

Vec3 scenePoint(std::uint32_t originBlock, std::uint32_t cellId, Vec3 local) {
    const Vec3 shift{kBlockLength * float(blockX(cellId) - blockX(originBlock)),
                     kBlockLength * float(blockY(cellId) - blockY(originBlock)), 0.0f};
    return local + shift;
}

std::optional<Vec3> groundPoint(const LandblockTerrain& terrain, float x, float y) {
    const std::optional<float> z = terrain.heightAt(x, y);
    if (!z)
        return std::nullopt;
    return Vec3{x, y, *z};
}

// Möller–Trumbore without culling. Terrain is seen from above and below alike when the camera
// flies under it.
std::optional<float> rayTriangle(Vec3 origin, Vec3 dir, Vec3 a, Vec3 b, Vec3 c) {
    const Vec3 e1 = b - a, e2 = c - a;
    const Vec3 p = cross(dir, e2);
    const float det = dot(e1, p);
    if (std::abs(det) < 1e-9f)
        return std::nullopt;
    const float inv = 1.0f / det;
    const Vec3 s = origin - a;
    const float u = dot(s, p) * inv;
    if (u < -1e-6f || u > 1.0f + 1e-6f)
        return std::nullopt;
    const Vec3 q = cross(s, e1);
    const float v = dot(dir, q) * inv;
    if (v < -1e-6f || u + v > 1.0f + 1e-6f)
        return std::nullopt;
    const float t = dot(e2, q) * inv;
    if (t <= 0.0f)
        return std::nullopt;
    return t;
}

std::optional<Vec3> pickTerrain(std::span<const LandblockTerrain* const> blocks,
                                std::uint32_t originBlock, Vec3 origin, Vec3 dir) {
    float best = std::numeric_limits<float>::infinity();
    for (const LandblockTerrain* block : blocks) {
        if (!block)
            continue;
        const Vec3 shift = scenePoint(originBlock, block->id(), {});
        for (const TerrainPolygon& poly : block->polygons()) {
            const auto& v = block->vertices();
            const Vec3 a = v[std::size_t(poly.vertices[0])] + shift;
            const Vec3 b = v[std::size_t(poly.vertices[1])] + shift;
            const Vec3 c = v[std::size_t(poly.vertices[2])] + shift;
            if (const auto t = rayTriangle(origin, dir, a, b, c); t && *t < best)
                best = *t;
        }
    }
    if (best == std::numeric_limits<float>::infinity())
        return std::nullopt;
    return origin + dir * best;
}

} // namespace portalkit::world
