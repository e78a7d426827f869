#pragma once

// Font (0x40000000-0x40000FFF): a bitmap font — one descriptor per glyph saying where it sits on
// the font's glyph sheets and how far it reaches before and after the pen, then the sheets
// themselves, RenderSurface ids (docs/formats.md#font).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct FontGlyph {
    static constexpr std::size_t kBytes = 11; // packed: no fill between glyphs

    std::uint16_t unicode = 0; // the character (UTF-16 code unit)
    std::uint16_t offsetX = 0; // top-left pixel on the glyph sheets
    std::uint16_t offsetY = 0;
    std::uint8_t width = 0;
    std::uint8_t height = 0;
    std::int8_t horizontalOffsetBefore = 0; // pen advance before/after drawing, may be negative
    std::int8_t horizontalOffsetAfter = 0;
    std::int8_t verticalOffsetBefore = 0;
    bool operator==(const FontGlyph&) const = default;
};

struct Font {
    static constexpr std::string_view kTypeName = "Font";

    std::uint32_t id = 0;
    std::uint32_t maxCharHeight = 0;
    std::uint32_t maxCharWidth = 0;
    std::vector<FontGlyph> glyphs; // file order
    std::uint32_t numHorizontalBorderPixels = 0;
    std::uint32_t numVerticalBorderPixels = 0;
    std::uint32_t baselineOffset = 0;
    std::uint32_t foregroundSurfaceId = 0; // RenderSurface (0x06...) with the glyph shapes, or 0
    std::uint32_t backgroundSurfaceId = 0; // RenderSurface with their outlines/shadow, or 0
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(Font);
};

} // namespace portalkit::dat
