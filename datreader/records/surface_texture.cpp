#include "datreader/records/surface_texture.h"

#include "datreader/records/codec_helpers.h"

#include <array>

namespace portalkit::dat {

std::string_view SurfaceTexture::textureTypeName(std::uint8_t type) {
    static constexpr std::array<std::string_view, 6> kNames{"Unknown",   "Undefined", "Texture2D",
                                                            "Texture3D", "Cube",      "Movie2D"};
    return type < kNames.size() ? kNames[type] : kNames[0];
}

SurfaceTexture SurfaceTexture::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    SurfaceTexture t;
    t.id = readOwnId(in, did);
    t.dataCategory = in.u32("surfaceTexture.dataCategory");
    t.textureType = in.u8("surfaceTexture.textureType");
    // The count sits at +9, unaligned; no pad precedes it.
    t.renderSurfaceIds =
        readList(in, "surfaceTexture.numTextures", 4, readU32As("surfaceTexture.renderSurfaceId"));
    in.expectEnd("surfaceTexture");
    return t;
}

std::vector<std::uint8_t> SurfaceTexture::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(dataCategory);
    out.u8(textureType);
    writeList(out, renderSurfaceIds);
    return out.take();
}

QJsonObject SurfaceTexture::toJson() const {
    return {{"id", didJson(id)},
            {"dataCategory", qint64(dataCategory)},
            {"textureType", textureType},
            {"textureTypeName", QString::fromUtf8(textureTypeName(textureType))},
            {"renderSurfaceIds", didListToJson(renderSurfaceIds)}};
}

SurfaceTexture SurfaceTexture::fromJson(const JsonNode& node, std::uint32_t did) {
    SurfaceTexture t;
    t.id = ownIdFromJson(node, did);
    t.dataCategory = node["dataCategory"].u32(0);
    const JsonNode number = node["textureType"];
    const JsonNode name = node["textureTypeName"];
    t.textureType = number.u8(t.textureType);
    if (!name.isMissing()) {
        const std::string text = name.string().toStdString();
        if (number.isMissing()) {
            // Only the five real names give a number; "Unknown" stands for every other value.
            t.textureType = 1;
            while (t.textureType <= 5 && textureTypeName(t.textureType) != text)
                ++t.textureType;
            if (t.textureType > 5)
                name.fail("'" + text +
                          "' is not a texture type name (Undefined, Texture2D, "
                          "Texture3D, Cube, Movie2D)");
        } else if (text != textureTypeName(t.textureType)) {
            name.fail("'" + text + "' does not name textureType " + std::to_string(t.textureType) +
                      " (" + std::string(textureTypeName(t.textureType)) + ")");
        }
    }
    t.renderSurfaceIds = listFromJson(node["renderSurfaceIds"], u32FromJson);
    return t;
}

} // namespace portalkit::dat
