#include "datreader/records/render_surface.h"

#include "datreader/records/codec_helpers.h"

#include <QByteArray>
#include <algorithm>
#include <array>

namespace portalkit::dat {

namespace {

struct FormatName {
    PixelFormat format;
    std::string_view name;
};

constexpr std::array<FormatName, 16> kFormatNames{{
    {PixelFormat::R8G8B8, "R8G8B8"},
    {PixelFormat::A8R8G8B8, "A8R8G8B8"},
    {PixelFormat::X8R8G8B8, "X8R8G8B8"},
    {PixelFormat::R5G6B5, "R5G6B5"},
    {PixelFormat::X1R5G5B5, "X1R5G5B5"},
    {PixelFormat::A1R5G5B5, "A1R5G5B5"},
    {PixelFormat::A4R4G4B4, "A4R4G4B4"},
    {PixelFormat::A8, "A8"},
    {PixelFormat::P8, "P8"},
    {PixelFormat::Index16, "INDEX16"},
    {PixelFormat::CustomLscapeR8G8B8, "CUSTOM_LSCAPE_R8G8B8"},
    {PixelFormat::CustomLscapeAlpha, "CUSTOM_LSCAPE_ALPHA"},
    {PixelFormat::CustomRawJpeg, "CUSTOM_RAW_JPEG"},
    {PixelFormat::Dxt1, "DXT1"},
    {PixelFormat::Dxt3, "DXT3"},
    {PixelFormat::Dxt5, "DXT5"},
}};

// "pixelFormatName" may stand in for "pixelFormat"; when both are given they must agree.
std::uint32_t pixelFormatFromJson(const JsonNode& node) {
    const JsonNode number = node["pixelFormat"];
    const JsonNode name = node["pixelFormatName"];
    if (name.isMissing())
        return number.u32();
    const std::string text = name.string().toStdString();
    if (!number.isMissing()) {
        const std::uint32_t format = number.u32();
        if (text != pixelFormatName(format))
            name.fail("'" + text + "' does not name pixelFormat " + formatDid(format));
        return format;
    }
    const auto entry = std::find_if(kFormatNames.begin(), kFormatNames.end(),
                                    [&](const FormatName& f) { return f.name == text; });
    if (entry == kFormatNames.end())
        name.fail("'" + text + "' is not a pixel format name");
    return std::uint32_t(entry->format);
}

} // namespace

std::string_view pixelFormatName(std::uint32_t format) {
    for (const FormatName& entry : kFormatNames)
        if (std::uint32_t(entry.format) == format)
            return entry.name;
    return {};
}

RenderSurface RenderSurface::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<RenderSurface>(
        bytes, did, "renderSurface", [](ByteCursor& in, RenderSurface& s) {
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
        });
}

std::vector<std::uint8_t> RenderSurface::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(dataCategory);
        out.i32(width);
        out.i32(height);
        out.u32(pixelFormat);
        out.i32(std::int32_t(sourceData.size()));
        out.bytes(sourceData);
        if (hasDefaultPalette())
            out.u32(defaultPaletteId);
    });
}

QJsonObject RenderSurface::toJson() const {
    const auto pixels = QByteArray::fromRawData(reinterpret_cast<const char*>(sourceData.data()),
                                                qsizetype(sourceData.size()));
    QJsonObject json{{"dataCategory", qint64(dataCategory)},
                     {"width", width},
                     {"height", height},
                     {"pixelFormat", qint64(pixelFormat)},
                     {"sourceDataLength", qint64(sourceData.size())},
                     {"sourceData", QString::fromLatin1(pixels.toBase64())}};
    if (const auto name = pixelFormatName(pixelFormat); !name.empty())
        json["pixelFormatName"] = QString::fromUtf8(name);
    if (hasDefaultPalette())
        json["defaultPaletteId"] = didJson(defaultPaletteId);
    return recordFrameJson(*this, json);
}

RenderSurface RenderSurface::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<RenderSurface>(node, did, [&](RenderSurface& s) {
        s.dataCategory = node["dataCategory"].u32(0);
        s.width = node["width"].i32();
        s.height = node["height"].i32();
        s.pixelFormat = pixelFormatFromJson(node);
        if (node.has("sourceData")) {
            const QByteArray pixels = node["sourceData"].base64Bytes();
            s.sourceData.assign(pixels.begin(), pixels.end());
        }
        checkGivenCount(node["sourceDataLength"], s.sourceData.size(), " bytes of sourceData");
        if (s.hasDefaultPalette())
            s.defaultPaletteId = node["defaultPaletteId"].u32(0);
        else if (node.has("defaultPaletteId"))
            node["defaultPaletteId"].fail("stored only by P8 and INDEX16 surfaces");
    });
}

} // namespace portalkit::dat
