#pragma once

#include "datreader/records/hooks.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// A timed list of hooks (docs/formats.md): u32 id, u32 count, count x (f64 startTime, hook).
struct PhysicsScript {
    static constexpr std::string_view kTypeName = "PhysicsScript";

    struct Entry {
        double startTime = 0;
        AnimationHook hook;
        std::uint32_t storedIndex = 0; // position in the file, so encode writes the stored order
        bool operator==(const Entry&) const = default;
    };

    std::uint32_t id = 0;
    // Sorted by ascending startTime as the client does on load (R22); ties keep stored order.
    std::vector<Entry> entries;

    static PhysicsScript decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    // "hooks" in the order of `entries`, each a hook with its "startTime" and, only where it
    // differs from the hook's position in the list, its "storedIndex".
    QJsonObject toJson() const;
    // Requires "hooks". A hook's storedIndex defaults to its position in the list, so a source
    // lists hooks in file order; they are then sorted by startTime as decode sorts them.
    static PhysicsScript fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const PhysicsScript&) const = default;
};

} // namespace portalkit::dat
