#pragma once

#include "datreader/records/common.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// The colour table P8 and INDEX16 RenderSurfaces index into (docs/formats.md).
struct Palette {
    static constexpr std::string_view kTypeName = "Palette";

    std::uint32_t id = 0;
    std::vector<std::uint32_t> colors; // ColorARGB, a LE u32 0xAARRGGBB each

    static Palette decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    // "numColors" is optional; when given it must match "colors".
    static Palette fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const Palette&) const = default;
};

} // namespace portalkit::dat
