#include "datreader/imaging/surface_image.h"

#include "datreader/imaging/rgba.h"
#include "datreader/io/dat_error.h"

#include <QBuffer>
#include <QByteArray>
#include <QImageReader>
#include <array>
#include <cstring>
#include <optional>
#include <squish.h>
#include <string>

namespace portalkit::dat {
namespace {

[[noreturn]] void fail(const RenderSurface& surface, std::size_t offset, const char* field,
                       std::string message) {
    throw DatError(field, std::move(message), offset, OffsetKind::Entry, surface.id);
}

std::string formatLabel(std::uint32_t format) {
    const auto name = pixelFormatName(format);
    return name.empty() ? "pixel format " + formatDid(format) : std::string(name);
}

void checkSide(const RenderSurface& surface, const char* side, std::int64_t length,
               std::size_t offset, const char* field) {
    if (length < 1 || length > kMaxImageSide)
        fail(surface, offset, field,
             std::string(side) + " " + std::to_string(length) + " is outside 1.." +
                 std::to_string(kMaxImageSide));
}

// How a format stores pixels: `bytes` per tile of tileSide × tileSide pixels (1 for plain
// rasters, 4 for DXT blocks). Partial edge tiles are stored whole, as D3D does.
struct Storage {
    std::uint64_t bytes;
    std::uint64_t tileSide;
};

std::optional<Storage> storageOf(std::uint32_t format) {
    switch (PixelFormat(format)) {
    case PixelFormat::A8R8G8B8:
    case PixelFormat::X8R8G8B8:
        return Storage{4, 1};
    case PixelFormat::R8G8B8:
    case PixelFormat::CustomLscapeR8G8B8:
        return Storage{3, 1};
    case PixelFormat::R5G6B5:
    case PixelFormat::X1R5G5B5:
    case PixelFormat::A1R5G5B5:
    case PixelFormat::A4R4G4B4:
    case PixelFormat::Index16:
        return Storage{2, 1};
    case PixelFormat::A8:
    case PixelFormat::CustomLscapeAlpha:
    case PixelFormat::P8:
        return Storage{1, 1};
    case PixelFormat::Dxt1:
        return Storage{8, 4};
    case PixelFormat::Dxt3:
    case PixelFormat::Dxt5:
        return Storage{16, 4};
    case PixelFormat::CustomRawJpeg: // sized by its own header, decoded separately
        break;
    }
    return std::nullopt;
}

std::uint16_t le16(const std::uint8_t* at) {
    return std::uint16_t(at[0] | (at[1] << 8));
}

std::uint32_t le32(const std::uint8_t* at) {
    std::uint32_t value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

// Bit replication (rgba.h), as the encoder assumes.
std::uint8_t widen5(unsigned value) {
    return widenChannel(value, 5);
}
std::uint8_t widen6(unsigned value) {
    return widenChannel(value, 6);
}
std::uint8_t widen4(unsigned value) {
    return widenChannel(value, 4);
}

// Walks the pixels row-major, top row first, writing `toRgba(pixelBytes)` into `image`.
template <std::size_t BytesPerPixel, typename ToRgba>
void convertPixels(const RenderSurface& surface, QImage& image, ToRgba toRgba) {
    const std::uint8_t* pixel = surface.sourceData.data();
    for (int y = 0; y < image.height(); ++y) {
        std::uint8_t* out = image.scanLine(y);
        for (int x = 0; x < image.width(); ++x, pixel += BytesPerPixel, out += 4) {
            const Rgba rgba = toRgba(pixel);
            std::memcpy(out, rgba.data(), rgba.size());
        }
    }
}

template <std::size_t BytesPerIndex>
void convertIndexed(const RenderSurface& surface, const Palette* palette, QImage& image) {
    if (!palette)
        fail(surface, RenderSurface::kSourceDataOffset + surface.sourceData.size(),
             "renderSurface.defaultPaletteId",
             formatLabel(surface.pixelFormat) + " needs a palette, none was given");
    const auto& colors = palette->colors;
    convertPixels<BytesPerIndex>(surface, image, [&](const std::uint8_t* at) {
        const std::size_t index = BytesPerIndex == 1 ? at[0] : le16(at);
        if (index >= colors.size())
            fail(surface,
                 RenderSurface::kSourceDataOffset + std::size_t(at - surface.sourceData.data()),
                 "renderSurface.sourceData",
                 "palette index " + std::to_string(index) + " is past the " +
                     std::to_string(colors.size()) + " colours of palette " +
                     formatDid(palette->id));
        return fromArgb(colors[index]);
    });
}

void decompressDxt(const RenderSurface& surface, QImage& image, int squishFlags) {
    // libsquish writes R, G, B, A bytes, the memory order of Format_RGBA8888.
    squish::DecompressImage(image.bits(), image.width(), image.height(), int(image.bytesPerLine()),
                            surface.sourceData.data(), squishFlags);
}

// The header's width/height are not trusted here: the JPEG carries its own size.
QImage jpegImage(const RenderSurface& surface) {
    QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char*>(surface.sourceData.data()),
                                qsizetype(surface.sourceData.size()));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, "jpeg");
    const QSize size = reader.size();
    if (!size.isValid())
        fail(surface, RenderSurface::kSourceDataOffset, "renderSurface.sourceData",
             "not a readable JPEG: " + reader.errorString().toStdString());
    checkSide(surface, "JPEG width", size.width(), RenderSurface::kSourceDataOffset,
              "renderSurface.sourceData");
    checkSide(surface, "JPEG height", size.height(), RenderSurface::kSourceDataOffset,
              "renderSurface.sourceData");
    QImage image;
    if (!reader.read(&image))
        fail(surface, RenderSurface::kSourceDataOffset, "renderSurface.sourceData",
             "not a readable JPEG: " + reader.errorString().toStdString());
    return image.convertToFormat(QImage::Format_RGBA8888);
}

} // namespace

QImage renderSurfaceImage(const RenderSurface& surface, const Palette* palette) {
    if (surface.pixelFormat == std::uint32_t(PixelFormat::CustomRawJpeg))
        return jpegImage(surface);

    const auto storage = storageOf(surface.pixelFormat);
    if (!storage)
        fail(surface, RenderSurface::kPixelFormatOffset, "renderSurface.pixelFormat",
             formatLabel(surface.pixelFormat) + " cannot be decoded");
    checkSide(surface, "width", surface.width, RenderSurface::kWidthOffset, "renderSurface.width");
    checkSide(surface, "height", surface.height, RenderSurface::kHeightOffset,
              "renderSurface.height");

    const std::uint64_t tilesAcross =
        (std::uint64_t(surface.width) + storage->tileSide - 1) / storage->tileSide;
    const std::uint64_t tilesDown =
        (std::uint64_t(surface.height) + storage->tileSide - 1) / storage->tileSide;
    const std::uint64_t expectedLength = tilesAcross * tilesDown * storage->bytes;
    if (surface.sourceData.size() != expectedLength)
        fail(surface, RenderSurface::kLengthOffset, "renderSurface.sourceData",
             std::to_string(surface.sourceData.size()) + " bytes of pixels, " +
                 formatLabel(surface.pixelFormat) + " at " + std::to_string(surface.width) + "x" +
                 std::to_string(surface.height) + " needs " + std::to_string(expectedLength));

    QImage image(surface.width, surface.height, QImage::Format_RGBA8888);
    if (image.isNull())
        fail(surface, RenderSurface::kWidthOffset, "renderSurface.width",
             "cannot allocate a " + std::to_string(surface.width) + "x" +
                 std::to_string(surface.height) + " image");

    switch (PixelFormat(surface.pixelFormat)) {
    case PixelFormat::A8R8G8B8:
        convertPixels<4>(surface, image, [](const std::uint8_t* at) { return fromArgb(le32(at)); });
        break;
    case PixelFormat::X8R8G8B8:
        convertPixels<4>(surface, image, [](const std::uint8_t* at) {
            return Rgba{at[2], at[1], at[0], 255};
        });
        break;
    case PixelFormat::R8G8B8:
        convertPixels<3>(surface, image, [](const std::uint8_t* at) {
            return Rgba{at[2], at[1], at[0], 255};
        });
        break;
    case PixelFormat::CustomLscapeR8G8B8:
        convertPixels<3>(surface, image, [](const std::uint8_t* at) {
            return Rgba{at[0], at[1], at[2], 255};
        });
        break;
    case PixelFormat::R5G6B5:
        convertPixels<2>(surface, image, [](const std::uint8_t* at) {
            const unsigned v = le16(at);
            return Rgba{widen5(v >> 11), widen6((v >> 5) & 0x3F), widen5(v & 0x1F), 255};
        });
        break;
    case PixelFormat::X1R5G5B5:
    case PixelFormat::A1R5G5B5: {
        const bool hasAlpha = surface.pixelFormat == std::uint32_t(PixelFormat::A1R5G5B5);
        convertPixels<2>(surface, image, [hasAlpha](const std::uint8_t* at) {
            const unsigned v = le16(at);
            const std::uint8_t alpha = (!hasAlpha || (v & 0x8000)) ? 255 : 0;
            return Rgba{widen5((v >> 10) & 0x1F), widen5((v >> 5) & 0x1F), widen5(v & 0x1F), alpha};
        });
        break;
    }
    case PixelFormat::A4R4G4B4:
        convertPixels<2>(surface, image, [](const std::uint8_t* at) {
            const unsigned v = le16(at);
            return Rgba{widen4((v >> 8) & 0xF), widen4((v >> 4) & 0xF), widen4(v & 0xF),
                        widen4(v >> 12)};
        });
        break;
    case PixelFormat::A8:
    case PixelFormat::CustomLscapeAlpha:
        // Alpha-only data (terrain blend masks): white keeps the mask visible on any background
        // and neutral when it modulates another texture; the stored byte is all the information.
        convertPixels<1>(surface, image, [](const std::uint8_t* at) {
            return Rgba{255, 255, 255, at[0]};
        });
        break;
    case PixelFormat::P8:
        convertIndexed<1>(surface, palette, image);
        break;
    case PixelFormat::Index16:
        convertIndexed<2>(surface, palette, image);
        break;
    case PixelFormat::Dxt1:
        decompressDxt(surface, image, squish::kDxt1);
        break;
    case PixelFormat::Dxt3:
        decompressDxt(surface, image, squish::kDxt3);
        break;
    case PixelFormat::Dxt5:
        decompressDxt(surface, image, squish::kDxt5);
        break;
    case PixelFormat::CustomRawJpeg: // handled above
        break;
    }
    return image;
}

} // namespace portalkit::dat
