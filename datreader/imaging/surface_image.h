#pragma once

// RenderSurface pixels → QImage (docs/formats.md). No DAT access here: whoever holds the DAT
// reads the RenderSurface and, for palette formats, the Palette to apply.

#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"

#include <QImage>

namespace portalkit::dat {

// Largest width or height decoded: four times any retail texture (2048), and small enough that
// one RGBA image stays within 256 MiB.
constexpr int kMaxImageSide = 8192;

// Decodes `surface` to a QImage::Format_RGBA8888 image of width × height (for CUSTOM_RAW_JPEG,
// the JPEG's own size). P8 and INDEX16 index `palette`: normally the Palette named by
// surface.defaultPaletteId, but a caller may pass a swapped one; other formats ignore it.
// A8 and CUSTOM_LSCAPE_ALPHA become white with the stored alpha.
// Throws DatError (DID = surface.id, entry offsets) for a size outside 1..kMaxImageSide, pixel
// data whose length does not match the format and size, a missing palette, a palette index past
// the palette's end, an unreadable JPEG, or a format not decoded here.
QImage renderSurfaceImage(const RenderSurface& surface, const Palette* palette);

} // namespace portalkit::dat
