#pragma once

// An image file (PNG, or anything QImage reads) → RenderSurface records, one per mip level, and
// optionally the SurfaceTexture that lists them (docs/modding.md#importing-textures).

#include "datreader/container/dat_kind.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "modding/imported_entry.h"

#include <QImage>
#include <QString>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace portalkit::modding {

// Largest width or height imported: twice the largest retail texture (a 1024 in the highres
// DAT), so a whole chain of A8R8G8B8 levels stays under 24 MiB.
inline constexpr int kMaxImportSide = 2048;

struct TextureImport {
    dat::DatKind kind = dat::DatKind::Portal; // the DAT the entries go to
    std::uint32_t id = 0;                     // the first (largest) level's RenderSurface, 0x06…
    // Unset: DXT5 when any pixel is translucent, else DXT1, as most retail textures are.
    std::optional<dat::PixelFormat> format;
    // P8 only: the Palette the pixels index, stored as the RenderSurface's default palette.
    const dat::Palette* palette = nullptr;
    // Mip levels made, largest first (each half the one before, box filtered); 0 means down to
    // the smallest the format allows. Level n goes to RenderSurface id + n.
    int levels = 1;
    // A SurfaceTexture (0x05…) to write listing the levels; required for more than one level,
    // since nothing else would refer to the smaller ones.
    std::optional<std::uint32_t> textureId;
    // Scale a side that is not a power of two up to the next one instead of refusing it.
    bool resize = false;
};

// "DXT1", "DXT5", "A8R8G8B8", "R8G8B8" or "P8" (case-insensitive) as a format; throws DatError
// (field "--format") for any other name.
dat::PixelFormat textureFormatFromName(std::string_view name);

// Reads `file` with QImageReader (bounded by kMaxImportSide before any pixels are decoded).
// Throws DatError naming the file when it cannot be read.
QImage readTextureFile(const QString& file);

// The image's levels, largest first, as Format_RGBA8888 (straight alpha): level 0 is `image`
// converted, each next level halves each side that is above 1, every pixel the rounded mean of
// the 2×2 (or 2×1) pixels it covers. `levels` 0 goes down to 1×1, or for DXT to the first level
// with a side of 4 (a DXT block).
std::vector<QImage> mipLevels(const QImage& image, int levels, bool dxt);

// The entries for `image`: RenderSurfaces id, id + 1, ... and the SurfaceTexture when asked.
// `source` names the file in errors. Throws DatError (field: the option at fault) for a size
// that is zero, too large or not a power of two (see resize), a DXT side under 4, a P8 import
// without a palette with colours or another format with one, ids outside the RenderSurface
// range, or more than one level without a SurfaceTexture.
std::vector<ImportedEntry> importTexture(const QImage& image, const TextureImport& options,
                                         const QString& source);

} // namespace portalkit::modding
