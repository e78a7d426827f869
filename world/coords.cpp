#include "world/coords.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace portalkit::world {

namespace {

// One map unit is 240 m; 0,0 on the map is 101.95 units (24468 m) from the world's south-west
// corner on both axes (docs/world.md#map-coordinates).
constexpr double kMetresPerMapUnit = 240.0;
constexpr double kMapOrigin = 101.95;

bool onWorld(int blockIndex) {
    return blockIndex >= 0 && blockIndex < kBlocksPerSide;
}

int cellIndex(float v) {
    const int i = int(std::floor(v / kCellLength));
    return std::clamp(i, 0, kCellsPerBlock - 1);
}

} // namespace

std::optional<Lcoord> cellLcoord(std::uint32_t cellId) {
    if (!isOutdoorCell(cellId))
        return std::nullopt;
    const int index = int(cellId & 0xFFFF) - 1;
    return Lcoord{kCellsPerBlock * blockX(cellId) + index / kCellsPerBlock,
                  kCellsPerBlock * blockY(cellId) + index % kCellsPerBlock};
}

std::optional<std::uint32_t> lcoordCellId(Lcoord lc) {
    if (lc.x < 0 || lc.y < 0 || lc.x >= kLcoordCount || lc.y >= kLcoordCount)
        return std::nullopt;
    const std::uint32_t block = landblockId(lc.x >> 3, lc.y >> 3);
    return outdoorCellId(block, lc.x & 7, lc.y & 7);
}

std::optional<std::uint32_t> cellAt(std::uint32_t block, float x, float y) {
    if (!(x >= 0 && x < kBlockLength && y >= 0 && y < kBlockLength))
        return std::nullopt;
    return outdoorCellId(block, cellIndex(x), cellIndex(y));
}

std::optional<OutsidePosition> adjustToOutside(std::uint32_t block, Vec3 local) {
    // LandDefs::adjust_to_outside (docs/retail-behaviour.md#world-coordinates).
    float x = std::fabs(local.x) < kEpsilon ? 0.0f : local.x;
    float y = std::fabs(local.y) < kEpsilon ? 0.0f : local.y;
    const float shiftX = std::floor(x / kBlockLength), shiftY = std::floor(y / kBlockLength);
    x -= shiftX * kBlockLength;
    y -= shiftY * kBlockLength;
    const int bx = blockX(block) + int(shiftX), by = blockY(block) + int(shiftY);
    if (!onWorld(bx) || !onWorld(by))
        return std::nullopt;
    const std::uint32_t target = landblockId(bx, by);
    return OutsidePosition{outdoorCellId(target, cellIndex(x), cellIndex(y)), {x, y, local.z}};
}

Vec3 blockOffset(std::uint32_t fromCell, std::uint32_t toCell) {
    if ((fromCell >> 16) == (toCell >> 16))
        return {};
    return {kBlockLength * float(blockX(toCell) - blockX(fromCell)),
            kBlockLength * float(blockY(toCell) - blockY(fromCell)), 0.0f};
}

Vec3 worldPosition(std::uint32_t block, Vec3 local) {
    return {kBlockLength * float(blockX(block)) + local.x,
            kBlockLength * float(blockY(block)) + local.y, local.z};
}

std::optional<MapCoord> cellMapCoord(std::uint32_t cellId) {
    // CellidToCoordinateString: 0.1 unit per cell from lcoord 1024, plus half a unit.
    const auto lc = cellLcoord(cellId);
    if (!lc)
        return std::nullopt;
    return MapCoord{(lc->y - 1024) * 0.1 + 0.5, (lc->x - 1024) * 0.1 + 0.5};
}

MapCoord pointMapCoord(std::uint32_t block, Vec3 local) {
    const Vec3 w = worldPosition(block, local);
    return {double(w.y) / kMetresPerMapUnit - kMapOrigin,
            double(w.x) / kMetresPerMapUnit - kMapOrigin};
}

std::string coordinateText(MapCoord coord) {
    const auto letter = [](double v, const char* plus, const char* minus) {
        return v > 0 ? plus : v < 0 ? minus : "";
    };
    char text[64];
    std::snprintf(text, sizeof text, "%.1f%s, %.1f%s", std::fabs(coord.ns),
                  letter(coord.ns, "N", "S"), std::fabs(coord.ew), letter(coord.ew, "E", "W"));
    return text;
}

std::optional<std::string> cellCoordinateText(std::uint32_t cellId) {
    const auto coord = cellMapCoord(cellId);
    if (!coord)
        return std::nullopt;
    return coordinateText(*coord);
}

namespace {

struct CoordToken {
    double value = 0;
    char axis = 0; // 'N' (north-south), 'E' (east-west) or 0 unlettered
};

// One number with an optional N/S/E/W after it; advances `at` past it and any separators.
std::optional<CoordToken> readToken(std::string_view text, std::size_t& at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == ',' || text[at] == '\t'))
        ++at;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data() + at, text.data() + text.size(), value);
    if (error != std::errc() || !std::isfinite(value))
        return std::nullopt;
    at = std::size_t(end - text.data());
    while (at < text.size() && text[at] == ' ')
        ++at;
    CoordToken token{value, 0};
    if (at < text.size()) {
        const char c = char(std::toupper(static_cast<unsigned char>(text[at])));
        if (c == 'N' || c == 'S' || c == 'E' || c == 'W') {
            token.axis = (c == 'N' || c == 'S') ? 'N' : 'E';
            token.value = (c == 'S' || c == 'W') ? -value : value;
            ++at;
        }
    }
    return token;
}

} // namespace

std::optional<MapCoord> parseCoordinates(std::string_view text) {
    std::size_t at = 0;
    const auto first = readToken(text, at);
    if (!first)
        return std::nullopt;
    const auto second = readToken(text, at);
    if (!second)
        return std::nullopt;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
        ++at;
    if (at != text.size())
        return std::nullopt;
    // Lettered values go to their axis; unlettered ones fill north-south first, as printed.
    if (first->axis != 0 && first->axis == second->axis)
        return std::nullopt;
    const bool swapped = first->axis == 'E' || second->axis == 'N';
    return swapped ? MapCoord{second->value, first->value} : MapCoord{first->value, second->value};
}

std::optional<OutsidePosition> mapCoordPosition(MapCoord coord) {
    const double gx = (coord.ew + kMapOrigin) * kMetresPerMapUnit;
    const double gy = (coord.ns + kMapOrigin) * kMetresPerMapUnit;
    const double bx = std::floor(gx / kBlockLength), by = std::floor(gy / kBlockLength);
    if (!(bx >= 0 && bx < kBlocksPerSide && by >= 0 && by < kBlocksPerSide))
        return std::nullopt;
    const std::uint32_t block = landblockId(int(bx), int(by));
    const Vec3 local{float(gx - bx * kBlockLength), float(gy - by * kBlockLength), 0.0f};
    return OutsidePosition{outdoorCellId(block, cellIndex(local.x), cellIndex(local.y)), local};
}

} // namespace portalkit::world
