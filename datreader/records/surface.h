#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// How a polygon face is drawn: a texture (with an optional palette swap) or a flat colour, plus
// blending terms (docs/formats.md). The only record without a leading id: `id` is the entry's DID.
struct Surface {
    static constexpr std::string_view kTypeName = "Surface";

    static constexpr std::uint32_t kBase1Solid = 0x1;
    static constexpr std::uint32_t kBase1Image = 0x2;
    static constexpr std::uint32_t kBase1ClipMap = 0x4;
    // The blending and lighting bits (docs/render.md has how the renderer draws them).
    static constexpr std::uint32_t kTranslucent = 0x10;
    static constexpr std::uint32_t kLuminous = 0x40;
    static constexpr std::uint32_t kAlpha = 0x100;
    static constexpr std::uint32_t kInvAlpha = 0x200;
    static constexpr std::uint32_t kAdditive = 0x10000;

    std::uint32_t id = 0;
    std::uint32_t type = 0;          // flag bits, kept raw (unknown bits included)
    std::uint32_t origTextureId = 0; // SurfaceTexture 0x05…, stored only when hasTexture()
    std::uint32_t origPaletteId = 0; // Palette 0x04… or 0, stored only when hasTexture()
    std::uint32_t colorValue = 0;    // ColorARGB 0xAARRGGBB, stored only when !hasTexture()
    float translucency = 0;
    float luminosity = 0;
    float diffuse = 0;

    // Image and clip-map surfaces store texture + palette ids; every other kind a colour.
    static constexpr bool storesTexture(std::uint32_t type) {
        return (type & (kBase1Image | kBase1ClipMap)) != 0;
    }
    bool hasTexture() const { return storesTexture(type); }

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson: "typeFlags" may stand in for "type"; when both are given the names must be exactly
    // its known bits. Texture surfaces need "origTextureId"; other ids and reals default to 0.
    PORTALKIT_RECORD_CODEC(Surface);
};

} // namespace portalkit::dat
