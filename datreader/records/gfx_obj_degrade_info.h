#pragma once

#include "datreader/records/common.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

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

    static GfxObjDegradeInfo decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    // Each level needs its "gfxObjId"; the mode and distances default to 0.
    static GfxObjDegradeInfo fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const GfxObjDegradeInfo&) const = default;
};

} // namespace portalkit::dat
