#pragma once

#include "datreader/records/hooks.h"
#include "datreader/records/record_codec.h"

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

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // toJson writes "hooks" in the order of `entries`, each a hook with its "startTime" and, only
    // where it differs from the hook's position in the list, its "storedIndex". fromJson requires
    // "hooks". A hook's storedIndex defaults to its position in the list, so a source lists hooks
    // in file order; they are then sorted by startTime as decode sorts them.
    PORTALKIT_RECORD_CODEC(PhysicsScript);
};

} // namespace portalkit::dat
