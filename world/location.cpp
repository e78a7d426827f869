#include "world/location.h"

#include <cctype>
#include <string>

namespace portalkit::world {

namespace {

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

// 4 or 8 hex digits, with or without 0x; nothing otherwise.
std::optional<std::uint32_t> hexId(std::string_view text, int& digits) {
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text.remove_prefix(2);
    if (text.size() != 4 && text.size() != 8)
        return std::nullopt;
    std::uint32_t value = 0;
    for (char c : text) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
        const int nibble = std::isdigit(static_cast<unsigned char>(c))
                               ? c - '0'
                               : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
        value = value << 4 | std::uint32_t(nibble);
    }
    digits = int(text.size());
    return value;
}

std::optional<Location> fromId(std::uint32_t id, int digits) {
    if (digits == 4)
        id = id << 16 | 0xFFFFu;
    const int x = blockX(id), y = blockY(id);
    if (x >= kBlocksPerSide || y >= kBlocksPerSide)
        return std::nullopt;
    Location out;
    out.block = landblockOf(id);
    const std::uint32_t low = id & 0xFFFFu;
    if (low == 0xFFFF || low == 0xFFFE)
        return out;
    if (isEnvCell(id)) {
        out.envCell = id;
        return out;
    }
    if (!isOutdoorCell(id))
        return std::nullopt;
    // Cell n = 8*cx + cy + 1; its centre.
    const int index = int(low) - 1;
    out.local = Vec3{(float(index / kCellsPerBlock) + 0.5f) * kCellLength,
                     (float(index % kCellsPerBlock) + 0.5f) * kCellLength, 0};
    return out;
}

} // namespace

std::optional<Location> parseLocation(std::string_view text) {
    text = trimmed(text);
    int digits = 0;
    if (const auto id = hexId(text, digits))
        return fromId(*id, digits);
    const auto coord = parseCoordinates(text);
    if (!coord)
        return std::nullopt;
    const auto position = mapCoordPosition(*coord);
    if (!position)
        return std::nullopt;
    return Location{landblockOf(position->cellId), 0, position->local};
}

} // namespace portalkit::world
