#pragma once

// What a user may type to say where in the world to go (docs/world.md#locations): a landblock
// ("0xA9B4", "A9B4FFFF"), an outdoor cell ("0xA9B40019": its centre), an EnvCell ("0x01D90105":
// standing inside it) or map coordinates ("42.1N, 33.6E").

#include "world/coords.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace portalkit::world {

struct Location {
    std::uint32_t block = 0;   // 0xXXYYFFFF
    std::uint32_t envCell = 0; // the EnvCell to stand in, or 0
    std::optional<Vec3> local; // a landblock-local point (z = 0) to stand at, if any
    bool operator==(const Location&) const = default;
};

// Nothing for text that is none of those, or a place off the world (X or Y above 0xFE, a cell
// number 0x41..0xFF, map coordinates beyond the edge).
std::optional<Location> parseLocation(std::string_view text);

} // namespace portalkit::world
