#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// Pixel formats met in RenderSurfaces: D3DFORMAT values plus Turbine's customs (docs/formats.md).
// RenderSurface keeps the raw u32, so values outside this list still round-trip.
enum class PixelFormat : std::uint32_t {
    R8G8B8 = 0x14, // stored B, G, R
    A8R8G8B8 = 0x15,
    X8R8G8B8 = 0x16,
    R5G6B5 = 0x17,
    X1R5G5B5 = 0x18,
    A1R5G5B5 = 0x19,
    A4R4G4B4 = 0x1A,
    A8 = 0x1C,
    P8 = 0x29,
    Index16 = 0x65,
    CustomLscapeR8G8B8 = 0xF3, // stored R, G, B
    CustomLscapeAlpha = 0xF4,
    CustomRawJpeg = 0x1F4, // a complete JPEG file
    Dxt1 = 0x31545844,     // 'DXT1'
    Dxt3 = 0x33545844,
    Dxt5 = 0x35545844,
};

// The spec's name ("DXT1", "CUSTOM_RAW_JPEG", ...), or empty for a value not listed above.
std::string_view pixelFormatName(std::uint32_t format);

// One mip level of a texture, or a UI image (docs/formats.md).
struct RenderSurface {
    static constexpr std::string_view kTypeName = "RenderSurface";

    // Entry offsets of the fields before the pixels, for errors raised after decoding.
    static constexpr std::size_t kWidthOffset = 8;
    static constexpr std::size_t kHeightOffset = 12;
    static constexpr std::size_t kPixelFormatOffset = 16;
    static constexpr std::size_t kLengthOffset = 20;
    static constexpr std::size_t kSourceDataOffset = 24;

    std::uint32_t id = 0;
    std::uint32_t dataCategory = 0; // at most 0xA in retail data
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::uint32_t pixelFormat = 0; // a PixelFormat value, kept raw
    std::vector<std::uint8_t> sourceData;
    std::uint32_t defaultPaletteId = 0; // Palette 0x04…, stored only when hasDefaultPalette()

    // Only palette-indexed formats (P8, INDEX16) store a palette id after the pixels.
    static constexpr bool storesPaletteId(std::uint32_t format) {
        return format == std::uint32_t(PixelFormat::P8) ||
               format == std::uint32_t(PixelFormat::Index16);
    }
    bool hasDefaultPalette() const { return storesPaletteId(pixelFormat); }

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // toJson writes the pixels as base64 "sourceData", plus their length. fromJson needs
    // "width", "height" and "pixelFormat" (or "pixelFormatName"); "sourceData" is base64 and
    // defaults to empty; "sourceDataLength", when given, must match it.
    PORTALKIT_RECORD_CODEC(RenderSurface);
};

} // namespace portalkit::dat
