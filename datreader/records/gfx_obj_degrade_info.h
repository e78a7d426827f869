#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// The level-of-detail list of a GfxObj (docs/formats.md): u32 id, u32 count, then per level the
// GfxObj to draw and the distances it is used between.
struct GfxObjDegradeInfo {
    static constexpr std::string_view kTypeName = "GfxObjDegradeInfo";

    struct Level {
        std::uint32_t gfxObjId = 0;    // GfxObj 0x01...
        std::uint32_t degradeMode = 0; // raw
        float minDist = 0;
        float idealDist = 0;
        float maxDist = 0;
        bool operator==(const Level&) const = default;
    };

    std::uint32_t id = 0;
    std::vector<Level> levels; // stored order

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson: each level needs its "gfxObjId"; the mode and distances default to 0.
    PORTALKIT_RECORD_CODEC(GfxObjDegradeInfo);
};

} // namespace portalkit::dat
