#include "modding/texture_import.h"

#include "datreader/imaging/pixel_encoder.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/surface_texture.h"

#include <QImageReader>
#include <algorithm>
#include <array>
#include <cctype>
#include <future>
#include <span>
#include <string>
#include <thread>

namespace portalkit::modding {
namespace {

using dat::DatError;
using dat::OffsetKind;
using dat::PixelFormat;

struct NamedFormat {
    std::string_view name;
    PixelFormat format;
};
// The formats an import writes: the ones retail textures use that pixel_encoder writes and
// that need nothing but the image (P8 also needs its palette).
constexpr std::array<NamedFormat, 5> kImportFormats{{{"DXT1", PixelFormat::Dxt1},
                                                     {"DXT5", PixelFormat::Dxt5},
                                                     {"A8R8G8B8", PixelFormat::A8R8G8B8},
                                                     {"R8G8B8", PixelFormat::R8G8B8},
                                                     {"P8", PixelFormat::P8}}};

bool isDxt(PixelFormat format) {
    return format == PixelFormat::Dxt1 || format == PixelFormat::Dxt3 ||
           format == PixelFormat::Dxt5;
}

bool isPowerOfTwo(int side) {
    return side > 0 && (side & (side - 1)) == 0;
}

int nextPowerOfTwo(int side) {
    int power = 1;
    while (power < side)
        power *= 2;
    return power;
}

[[noreturn]] void fail(const char* field, const QString& source, const std::string& message) {
    throw DatError(field, source.toStdString() + ": " + message, 0, OffsetKind::Source);
}

std::string sizeText(int width, int height) {
    return std::to_string(width) + "×" + std::to_string(height);
}

// Every texture in the retail DATs has power-of-two sides: the levels of a SurfaceTexture each
// halve the one before, which only comes out even at powers of two, and Direct3D hardware of the
// client's era refused other sizes (the POW2 texture cap). So an import refuses other sizes
// rather than hand the client a texture it may not upload; --resize scales up instead.
QImage checkedSize(const QImage& image, const TextureImport& options, const QString& source) {
    const int width = image.width(), height = image.height();
    if (image.isNull() || width < 1 || height < 1)
        fail("--png", source, "the image is empty");
    if (std::max(width, height) > kMaxImportSide)
        fail("--png", source,
             sizeText(width, height) + " is larger than " + std::to_string(kMaxImportSide) +
                 " on a side");
    QImage sized = image;
    if (!isPowerOfTwo(width) || !isPowerOfTwo(height)) {
        if (!options.resize)
            fail("--png", source,
                 sizeText(width, height) +
                     " is not a power of two on each side, which the client's textures are "
                     "(--resize scales it up to " +
                     sizeText(nextPowerOfTwo(width), nextPowerOfTwo(height)) + ")");
        sized = image.scaled(nextPowerOfTwo(width), nextPowerOfTwo(height), Qt::IgnoreAspectRatio,
                             Qt::SmoothTransformation);
    }
    return sized;
}

bool hasTranslucentPixel(const QImage& rgba) {
    for (int y = 0; y < rgba.height(); ++y) {
        const uchar* line = rgba.constScanLine(y);
        for (int x = 0; x < rgba.width(); ++x)
            if (line[4 * x + 3] != 255)
                return true;
    }
    return false;
}

// R, G, B, A bytes per pixel, row-major from the top, without QImage's row padding.
std::vector<std::uint8_t> rgbaBytes(const QImage& rgba) {
    std::vector<std::uint8_t> bytes;
    bytes.reserve(std::size_t(rgba.width()) * std::size_t(rgba.height()) * 4);
    for (int y = 0; y < rgba.height(); ++y) {
        const uchar* line = rgba.constScanLine(y);
        bytes.insert(bytes.end(), line, line + 4 * rgba.width());
    }
    return bytes;
}

QImage halved(const QImage& level) {
    const int width = std::max(1, level.width() / 2), height = std::max(1, level.height() / 2);
    const int stepX = level.width() > 1 ? 2 : 1, stepY = level.height() > 1 ? 2 : 1;
    QImage out(width, height, QImage::Format_RGBA8888);
    for (int y = 0; y < height; ++y) {
        uchar* target = out.scanLine(y);
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 4; ++c) {
                int sum = 0;
                for (int dy = 0; dy < stepY; ++dy)
                    for (int dx = 0; dx < stepX; ++dx)
                        sum += level.constScanLine(y * stepY + dy)[4 * (x * stepX + dx) + c];
                const int count = stepX * stepY;
                target[4 * x + c] = uchar((sum + count / 2) / count);
            }
    }
    return out;
}

void checkOptions(const TextureImport& options, PixelFormat format, int levelCount,
                  const QString& source) {
    if (format == PixelFormat::P8 && (!options.palette || options.palette->colors.empty()))
        fail("--palette", source, "P8 needs a Palette with colours to index");
    if (format != PixelFormat::P8 && options.palette)
        fail("--palette", source, "only P8 textures name a palette");
    if (levelCount > 1 && !options.textureId)
        fail("--levels", source,
             std::to_string(levelCount) +
                 " levels need a SurfaceTexture (--texture 0x05…) to list them; nothing else "
                 "refers to the smaller ones");
    for (int level = 0; level < levelCount; ++level)
        requireType(options.kind, options.id + std::uint32_t(level), dat::RenderSurface::kTypeName);
    if (options.textureId &&
        dat::typeName(options.kind, *options.textureId) != dat::SurfaceTexture::kTypeName)
        fail("--texture", source,
             dat::formatDid(*options.textureId) + " is not a SurfaceTexture id (0x05…)");
}

// The level's pixels in `format`. libsquish's cluster fit is about 30 times slower than the
// raw formats (a 2048² DXT5 chain took 20 s against 0.7 s for A8R8G8B8), so a large DXT level
// is compressed in bands of block rows, one per core: DXT stores 4×4 blocks row by row, so the
// bands' blocks end to end are the whole image's, byte for byte.
std::vector<std::uint8_t> encodeLevel(const QImage& level, PixelFormat format,
                                      const dat::Palette* palette) {
    const std::vector<std::uint8_t> rgba = rgbaBytes(level);
    const int blockRows = (level.height() + 3) / 4;
    const int bands =
        std::min<int>(blockRows, int(std::max(1u, std::thread::hardware_concurrency())));
    if (!isDxt(format) || bands < 2 || level.width() * level.height() < 256 * 256)
        return dat::encodePixels(rgba, level.width(), level.height(), format, palette);
    const std::size_t rowBytes = std::size_t(level.width()) * 4;
    std::vector<std::future<std::vector<std::uint8_t>>> parts;
    for (int band = 0; band < bands; ++band) {
        const int firstRow = 4 * (blockRows * band / bands);
        const int endRow = std::min(level.height(), 4 * (blockRows * (band + 1) / bands));
        const std::span<const std::uint8_t> pixels(rgba.data() + rowBytes * std::size_t(firstRow),
                                                   rowBytes * std::size_t(endRow - firstRow));
        parts.push_back(std::async(std::launch::async, [=] {
            return dat::encodePixels(pixels, level.width(), endRow - firstRow, format, palette);
        }));
    }
    std::vector<std::uint8_t> out;
    for (auto& part : parts) {
        const std::vector<std::uint8_t> bytes = part.get();
        out.insert(out.end(), bytes.begin(), bytes.end());
    }
    return out;
}

ImportedEntry surfaceEntry(const QImage& level, std::uint32_t id, PixelFormat format,
                           const dat::Palette* palette) {
    dat::RenderSurface surface;
    surface.id = id;
    surface.width = level.width();
    surface.height = level.height();
    surface.pixelFormat = std::uint32_t(format);
    if (surface.hasDefaultPalette())
        surface.defaultPaletteId = palette->id;
    surface.sourceData = encodeLevel(level, format, palette);
    return {id, surface.encode(),
            QStringLiteral("RenderSurface %1×%2 %3")
                .arg(level.width())
                .arg(level.height())
                .arg(QString::fromUtf8(dat::pixelFormatName(surface.pixelFormat).data()))};
}

} // namespace

dat::PixelFormat textureFormatFromName(std::string_view name) {
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    for (const NamedFormat& named : kImportFormats)
        if (named.name == upper)
            return named.format;
    throw DatError("--format",
                   "\"" + std::string(name) + "\" is not one of DXT1, DXT5, A8R8G8B8, R8G8B8, P8",
                   0, OffsetKind::Source);
}

QImage readTextureFile(const QString& file) {
    QImageReader reader(file);
    // The size from the file's header, so a huge image is refused before its pixels are decoded.
    const QSize size = reader.size();
    if (size.isValid() && std::max(size.width(), size.height()) > kMaxImportSide)
        fail("--png", file,
             sizeText(size.width(), size.height()) + " is larger than " +
                 std::to_string(kMaxImportSide) + " on a side");
    QImage image = reader.read();
    if (image.isNull())
        fail("--png", file, "not a readable image: " + reader.errorString().toStdString());
    return image;
}

std::vector<QImage> mipLevels(const QImage& image, int levels, bool dxt) {
    std::vector<QImage> chain{image.convertToFormat(QImage::Format_RGBA8888)};
    const int smallest = dxt ? 4 : 1;
    while (levels == 0 || int(chain.size()) < levels) {
        const QImage& last = chain.back();
        const int width = std::max(1, last.width() / 2), height = std::max(1, last.height() / 2);
        if (std::min(width, height) < smallest || (last.width() == 1 && last.height() == 1))
            break;
        chain.push_back(halved(last));
    }
    return chain;
}

std::vector<ImportedEntry> importTexture(const QImage& image, const TextureImport& options,
                                         const QString& source) {
    if (options.levels < 0)
        fail("--levels", source, "must be 0 (all) or more");
    const QImage sized = checkedSize(image, options, source);
    const QImage rgba = sized.convertToFormat(QImage::Format_RGBA8888);
    const PixelFormat format =
        options.format.value_or(hasTranslucentPixel(rgba) ? PixelFormat::Dxt5 : PixelFormat::Dxt1);
    // A DXT block covers 4×4 pixels; the texture generator refuses smaller DXT textures too.
    if (isDxt(format) && std::min(rgba.width(), rgba.height()) < 4)
        fail("--png", source,
             sizeText(rgba.width(), rgba.height()) + " is smaller than one 4×4 DXT block");
    const std::vector<QImage> chain = mipLevels(rgba, options.levels, isDxt(format));
    if (options.levels > int(chain.size()))
        fail("--levels", source,
             sizeText(rgba.width(), rgba.height()) + " has only " + std::to_string(chain.size()) +
                 " levels in " + std::string(dat::pixelFormatName(std::uint32_t(format))));
    checkOptions(options, format, int(chain.size()), source);

    std::vector<ImportedEntry> entries;
    dat::SurfaceTexture texture;
    for (std::size_t level = 0; level < chain.size(); ++level) {
        const std::uint32_t id = options.id + std::uint32_t(level);
        entries.push_back(surfaceEntry(chain[level], id, format, options.palette));
        entries.back().what += QStringLiteral(", level %1 of %2").arg(level + 1).arg(chain.size());
        texture.renderSurfaceIds.push_back(id);
    }
    if (options.textureId) {
        texture.id = *options.textureId;
        entries.push_back({texture.id, texture.encode(),
                           QStringLiteral("SurfaceTexture of %1 level(s)").arg(chain.size())});
    }
    return entries;
}

} // namespace portalkit::modding
