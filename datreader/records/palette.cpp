#include "datreader/records/palette.h"

#include <QJsonArray>

namespace portalkit::dat {

Palette Palette::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Palette p;
    p.id = readOwnId(in, did);
    const std::uint32_t count = readCount(in, "palette.numColors", 4);
    p.colors.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i)
        p.colors.push_back(in.u32("palette.color"));
    in.expectEnd("palette");
    return p;
}

std::vector<std::uint8_t> Palette::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(std::uint32_t(colors.size()));
    for (std::uint32_t color : colors)
        out.u32(color);
    return out.take();
}

QJsonObject Palette::toJson() const {
    QJsonArray colorList;
    for (std::uint32_t color : colors)
        colorList.append(didJson(color));
    return {{"id", didJson(id)}, {"numColors", qint64(colors.size())}, {"colors", colorList}};
}

Palette Palette::fromJson(const JsonNode& node, std::uint32_t did) {
    Palette p;
    p.id = ownIdFromJson(node, did);
    for (const JsonNode& color : node["colors"].elements())
        p.colors.push_back(color.u32());
    if (const JsonNode count = node["numColors"];
        !count.isMissing() && count.u32() != p.colors.size())
        count.fail(std::to_string(count.u32()) + " disagrees with the " +
                   std::to_string(p.colors.size()) + " colors given");
    return p;
}

} // namespace portalkit::dat
