#include "datreader/records/render_texture.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

RenderTexture RenderTexture::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<RenderTexture>(
        bytes, did, "renderTexture", [](ByteCursor& in, RenderTexture& t) {
            t.dataCategory = in.u32("renderTexture.dataCategory");
            // One byte, so the level count and ids that follow are not 4-aligned.
            t.textureType = in.u8("renderTexture.textureType");
            t.sourceLevels = readList(in, "renderTexture.numSourceLevels", 4,
                                      readU32As("renderTexture.sourceLevel"));
        });
}

std::vector<std::uint8_t> RenderTexture::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(dataCategory);
        out.u8(textureType);
        writeList(out, sourceLevels);
    });
}

QJsonObject RenderTexture::toJson() const {
    return recordFrameJson(*this, {{"dataCategory", qint64(dataCategory)},
                                   {"textureType", textureType},
                                   {"numSourceLevels", qint64(sourceLevels.size())},
                                   {"sourceLevels", didListToJson(sourceLevels)}});
}

RenderTexture RenderTexture::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<RenderTexture>(node, did, [&](RenderTexture& t) {
        t.dataCategory = node["dataCategory"].u32(0);
        t.textureType = node["textureType"].u8(2);
        t.sourceLevels = listFromJson(node["sourceLevels"], u32FromJson);
        checkGivenCount(node["numSourceLevels"], t.sourceLevels.size(), " source levels given");
    });
}

} // namespace portalkit::dat
