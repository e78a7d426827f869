#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// The colour table P8 and INDEX16 RenderSurfaces index into (docs/formats.md).
struct Palette {
    static constexpr std::string_view kTypeName = "Palette";

    std::uint32_t id = 0;
    std::vector<std::uint32_t> colors; // ColorARGB, a LE u32 0xAARRGGBB each

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson: "numColors" is optional; when given it must match "colors".
    PORTALKIT_RECORD_CODEC(Palette);
};

} // namespace portalkit::dat
