#include "render_surface.h"

namespace portalkit::dat {

std::string_view pixelFormatName(std::uint32_t format) {
    switch (PixelFormat(format)) {
    case PixelFormat::R8G8B8:
        return "R8G8B8";
    case PixelFormat::A8R8G8B8:
        return "A8R8G8B8";
    case PixelFormat::X8R8G8B8:
        return "X8R8G8B8";
    case PixelFormat::R5G6B5:
        return "R5G6B5";
    case PixelFormat::X1R5G5B5:
        return "X1R5G5B5";
    case PixelFormat::A1R5G5B5:
        return "A1R5G5B5";
    case PixelFormat::A4R4G4B4:
        return "A4R4G4B4";
    case PixelFormat::A8:
        return "A8";
    case PixelFormat::P8:
        return "P8";
    case PixelFormat::Index16:
        return "INDEX16";
    case PixelFormat::CustomLscapeR8G8B8:
        return "CUSTOM_LSCAPE_R8G8B8";
    case PixelFormat::CustomLscapeAlpha:
        return "CUSTOM_LSCAPE_ALPHA";
    case PixelFormat::CustomRawJpeg:
        return "CUSTOM_RAW_JPEG";
    case PixelFormat::Dxt1:
        return "DXT1";
    case PixelFormat::Dxt3:
        return "DXT3";
    case PixelFormat::Dxt5:
        return "DXT5";
    }
    return {};
}

RenderSurface RenderSurface::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    RenderSurface s;
    s.id = readOwnId(in, did);
    s.dataCategory = in.u32("renderSurface.dataCategory");
    s.width = in.i32("renderSurface.width");
    s.height = in.i32("renderSurface.height");
    s.pixelFormat = in.u32("renderSurface.pixelFormat");
    const std::int32_t length = in.i32("renderSurface.length");
    if (length < 0 || std::size_t(length) > in.remaining())
        in.failAt(kLengthOffset, "renderSurface.length",
                  "length " + std::to_string(length) + " does not fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    const auto pixels = in.bytes(std::size_t(length), "renderSurface.sourceData");
    s.sourceData.assign(pixels.begin(), pixels.end());
    if (s.hasDefaultPalette())
        s.defaultPaletteId = in.u32("renderSurface.defaultPaletteId");
    in.expectEnd("renderSurface");
    return s;
}

std::vector<std::uint8_t> RenderSurface::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(dataCategory);
    out.i32(width);
    out.i32(height);
    out.u32(pixelFormat);
    out.i32(std::int32_t(sourceData.size()));
    out.bytes(sourceData);
    if (hasDefaultPalette())
        out.u32(defaultPaletteId);
    return out.take();
}

QJsonObject RenderSurface::toJson() const {
    QJsonObject json{{"id", didJson(id)},
                     {"dataCategory", qint64(dataCategory)},
                     {"width", width},
                     {"height", height},
                     {"pixelFormat", qint64(pixelFormat)},
                     {"sourceDataLength", qint64(sourceData.size())}};
    if (const auto name = pixelFormatName(pixelFormat); !name.empty())
        json["pixelFormatName"] = QString::fromUtf8(name);
    if (hasDefaultPalette())
        json["defaultPaletteId"] = didJson(defaultPaletteId);
    return json;
}

} // namespace portalkit::dat
