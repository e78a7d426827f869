#include "datreader/records/palette.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

Palette Palette::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<Palette>(bytes, did, "palette", [](ByteCursor& in, Palette& p) {
        p.colors = readList(in, "palette.numColors", 4, readU32As("palette.color"));
    });
}

std::vector<std::uint8_t> Palette::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) { writeList(out, colors); });
}

QJsonObject Palette::toJson() const {
    return recordFrameJson(
        *this, {{"numColors", qint64(colors.size())}, {"colors", didListToJson(colors)}});
}

Palette Palette::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<Palette>(node, did, [&](Palette& p) {
        p.colors = listFromJson(node["colors"], u32FromJson);
        checkGivenCount(node["numColors"], p.colors.size(), " colors given");
    });
}

} // namespace portalkit::dat
