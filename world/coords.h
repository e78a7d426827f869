#pragma once

// Landblock and cell ids, global cell coordinates and the retail map coordinate text
// (docs/world.md#ids-and-coordinates).
//
// A landblock id is 0xXXYYFFFF (X east, Y north, 0..254); an outdoor cell id keeps the block in
// its high half and 1..64 = 8*cx + cy + 1 in its low half (cx east, cy north, 0..7). Points are
// landblock-local metres in [0, 192).

#include "world/geometry.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace portalkit::world {

inline constexpr float kCellLength = 24.0f;
inline constexpr int kCellsPerBlock = 8;
inline constexpr float kBlockLength = 192.0f;
inline constexpr int kBlocksPerSide = 255;
inline constexpr int kLcoordCount = kBlocksPerSide * kCellsPerBlock; // 2040 cells per axis

// A global cell coordinate: gx = 8*X + cx, gy = 8*Y + cy, each 0..2039.
struct Lcoord {
    int x = 0, y = 0;
    bool operator==(const Lcoord&) const = default;
};

constexpr int blockX(std::uint32_t id) {
    return int(id >> 24);
}
constexpr int blockY(std::uint32_t id) {
    return int((id >> 16) & 0xFF);
}
constexpr std::uint32_t landblockId(int x, int y) {
    return (std::uint32_t(x & 0xFF) << 24) | (std::uint32_t(y & 0xFF) << 16) | 0xFFFF;
}
// The landblock an id of any kind (cell, LandBlockInfo, landblock) lies in.
constexpr std::uint32_t landblockOf(std::uint32_t id) {
    return id | 0xFFFF;
}
constexpr std::uint16_t outdoorCellIndex(int cx, int cy) {
    return std::uint16_t(kCellsPerBlock * cx + cy + 1);
}
constexpr std::uint32_t outdoorCellId(std::uint32_t block, int cx, int cy) {
    return (block & 0xFFFF0000u) | outdoorCellIndex(cx, cy);
}
constexpr bool isOutdoorCell(std::uint32_t id) {
    return (id & 0xFFFF) >= 1 && (id & 0xFFFF) <= 64;
}
constexpr bool isEnvCell(std::uint32_t id) {
    return (id & 0xFFFF) >= 0x0100 && (id & 0xFFFF) <= 0xFFFD;
}

// The lcoord of an outdoor cell; nothing for EnvCells and other ids.
std::optional<Lcoord> cellLcoord(std::uint32_t cellId);
// The outdoor cell id of an lcoord; nothing outside 0..2039.
std::optional<std::uint32_t> lcoordCellId(Lcoord lc);

// The outdoor cell of `block` holding the landblock-local point, or nothing outside [0, 192).
std::optional<std::uint32_t> cellAt(std::uint32_t block, float x, float y);

// A landblock-local point and the outdoor cell holding it.
struct OutsidePosition {
    std::uint32_t cellId = 0;
    Vec3 local;
    bool operator==(const OutsidePosition&) const = default;
};

// LandDefs::adjust_to_outside: moves a point given relative to `block` into the block that
// holds it (values within epsilon of 0 snap to 0). Nothing when that block is off the world.
std::optional<OutsidePosition> adjustToOutside(std::uint32_t block, Vec3 local);

// Where `toCell`'s landblock's south-west corner lies in `fromCell`'s landblock frame (the
// client's block_offset): zero in the same block, 192 m per block otherwise (EnvCells use their
// block's frame too). Subtract it from a point of fromCell's frame to express the point in
// toCell's; add it to go the other way.
Vec3 blockOffset(std::uint32_t fromCell, std::uint32_t toCell);

// Metres from the south-west corner of the world: (192*X + x, 192*Y + y, z).
Vec3 worldPosition(std::uint32_t block, Vec3 local);

// Map coordinates in map units (240 m): north and east positive, south and west negative.
struct MapCoord {
    double ns = 0;
    double ew = 0;
    bool operator==(const MapCoord&) const = default;
};

// The retail value of an outdoor cell (its centre), CellidToCoordinateString's numbers.
std::optional<MapCoord> cellMapCoord(std::uint32_t cellId);
// The continuous value of a landblock-local point.
MapCoord pointMapCoord(std::uint32_t block, Vec3 local);
// The retail text, e.g. "42.1N, 33.6E"; a zero value has no letter.
std::string coordinateText(MapCoord coord);
std::optional<std::string> cellCoordinateText(std::uint32_t cellId);

// Reads "42.1N 33.6E", "42.1N, 33.6E", "42.1s 33.6w" (S and W negative; the two may come in
// either order when lettered). Nothing for anything else.
std::optional<MapCoord> parseCoordinates(std::string_view text);
// Where a map coordinate is: the block and landblock-local point (z = 0) of the exact value, so
// a cell's printed coordinate lands at its centre. Nothing off the world.
std::optional<OutsidePosition> mapCoordPosition(MapCoord coord);

} // namespace portalkit::world
