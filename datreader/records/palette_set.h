#pragma once

// PaletteSet (0x0F...): the palettes one clothing colour can take, darkest to lightest or in
// whatever order the artist chose; a shade in [0, 1] picks one (docs/formats.md#paletteset).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct PaletteSet {
    static constexpr std::string_view kTypeName = "PaletteSet";

    std::uint32_t id = 0;
    std::vector<std::uint32_t> palettes; // Palette (0x04...) ids

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // The palette a shade selects: index floor((n - 0.000001) * shade), clamped to the list.
    // 0 when the set is empty or the shade lies outside [0, 1], as the client's lookup does.
    std::uint32_t paletteForShade(double shade) const;

    // fromJson: "numPalettes" is optional; when given it must match "palettes".
    PORTALKIT_RECORD_CODEC(PaletteSet);
};

} // namespace portalkit::dat
