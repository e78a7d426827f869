#pragma once

// Placing things in a shown landblock's scene frame (docs/scenarios.md#world): the scene is the
// origin block's landblock-local metres, neighbours offset by 192 m per block. Pure functions so
// the CLI, the studio and the scenario runner place a Position the same way.

#include "world/geometry.h"
#include "world/terrain.h"

#include <cstdint>
#include <optional>
#include <span>

namespace portalkit::world {

// A wire Position (cell id + landblock-local origin) in the scene frame of `originBlock`: the
// origin plus 192 m per block between the Position's landblock and the origin block.
Vec3 scenePoint(std::uint32_t originBlock, std::uint32_t cellId, Vec3 local);

// The ground under a landblock-local (x, y): (x, y, heightAt(x, y)); nothing outside the block.
// Why: a Setup given only a map point should stand on the terrain, not at z = 0.
std::optional<Vec3> groundPoint(const LandblockTerrain& terrain, float x, float y);

// The ray parameter t > 0 where origin + t*dir meets triangle (a, b, c), either side; nothing
// when it misses (Möller–Trumbore).
std::optional<float> rayTriangle(Vec3 origin, Vec3 dir, Vec3 a, Vec3 b, Vec3 c);

// The nearest terrain hit of the ray origin + t*dir (t > 0) against the triangles of `blocks`,
// all in `originBlock`'s scene frame. Nothing when the ray misses every triangle.
std::optional<Vec3> pickTerrain(std::span<const LandblockTerrain* const> blocks,
                                std::uint32_t originBlock, Vec3 origin, Vec3 dir);

} // namespace portalkit::world
