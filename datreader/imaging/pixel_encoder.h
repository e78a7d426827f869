#pragma once

// RGBA pixels → RenderSurface pixel data, the inverse of surface_image.h for the formats the
// texture generator writes. Packed formats round each channel to the level whose widening the
// decoder shows nearest; DXT goes through libsquish.

#include "datreader/imaging/rgba.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"

#include <cstdint>
#include <span>
#include <vector>

namespace portalkit::dat {

// Whether encodePixels writes `format`: A8R8G8B8, R8G8B8, A8, R5G6B5, A4R4G4B4, P8, DXT1, DXT3
// and DXT5.
bool canEncode(PixelFormat format);

// `rgba` (R, G, B, A bytes per pixel, row-major from the top, width × height pixels) in the
// layout renderSurfaceImage decodes. P8 stores for each pixel the index of the nearest of the
// first 256 colours of `palette` (RGBA distance, lowest index on a tie); the other formats ignore
// `palette`. Throws std::invalid_argument for a
// format canEncode() rejects, and for P8 without a palette or with an empty one.
std::vector<std::uint8_t> encodePixels(std::span<const std::uint8_t> rgba, int width, int height,
                                       PixelFormat format, const Palette* palette);

} // namespace portalkit::dat
