#include "datreader/records/land_block.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

QJsonValue terrainWordJson(std::uint16_t word) {
    QJsonObject object{{"road", LandBlock::road(word)},
                       {"type", LandBlock::terrainType(word)},
                       {"scenery", LandBlock::scenery(word)}};
    if (LandBlock::unusedBits(word) != 0)
        object["unused"] = LandBlock::unusedBits(word);
    return object;
}

// A field of a terrain word, checked against the bits it has.
std::uint16_t bitsFromJson(const JsonNode& node, std::uint16_t max) {
    const std::uint16_t value = node.u16(0);
    if (value > max)
        node.fail(std::to_string(value) + " does not fit (at most " + std::to_string(max) + ")");
    return value;
}

std::uint16_t terrainWordFromJson(const JsonNode& node) {
    if (!node.isObject())
        return node.u16();
    for (const std::string& key : node.keys())
        if (key != "road" && key != "type" && key != "scenery" && key != "unused")
            node[key].fail("not a part of a terrain word (road, type, scenery, unused)");
    return LandBlock::terrainWord(bitsFromJson(node["road"], 0x3), bitsFromJson(node["type"], 0x1F),
                                  bitsFromJson(node["scenery"], 0x1F),
                                  bitsFromJson(node["unused"], 0xF));
}

// A list of exactly 81 grid values, or none at all (all zero).
std::vector<JsonNode> gridFromJson(const JsonNode& node) {
    std::vector<JsonNode> elements = node.elements();
    if (!node.isMissing() && elements.size() != std::size_t(LandBlock::kVertexCount))
        node.fail(std::to_string(elements.size()) + " values; a landblock has 81 (9×9)");
    return elements;
}

} // namespace

LandBlock LandBlock::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    LandBlock block;
    block.id = readOwnId(in, did);
    block.hasObjects = in.u32("landBlock.hasObjects");
    for (std::uint16_t& word : block.terrain)
        word = in.u16("landBlock.terrain");
    for (std::uint8_t& height : block.heights)
        height = in.u8("landBlock.heights");
    block.pad = readPad(in, "landBlock.pad");
    block.trailing = readTrailing(in);
    return block;
}

std::vector<std::uint8_t> LandBlock::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(hasObjects);
    for (std::uint16_t word : terrain)
        out.u16(word);
    out.bytes(heights);
    writePad(out, pad, "landBlock.pad");
    out.bytes(trailing);
    return out.take();
}

QJsonObject LandBlock::toJson() const {
    QJsonArray terrainList;
    for (std::uint16_t word : terrain)
        terrainList.append(terrainWordJson(word));
    QJsonArray heightList;
    for (std::uint8_t height : heights)
        heightList.append(height);
    QJsonObject object{{"id", didJson(id)},
                       {"hasObjects", bool32Json(hasObjects)},
                       {"terrain", terrainList},
                       {"heights", heightList}};
    putPad(object, "pad", pad);
    putTrailing(object, trailing);
    return object;
}

LandBlock LandBlock::fromJson(const JsonNode& node, std::uint32_t did) {
    LandBlock block;
    block.id = ownIdFromJson(node, did);
    block.hasObjects = node.has("hasObjects") ? bool32FromJson(node["hasObjects"]) : 0;
    const std::vector<JsonNode> terrain = gridFromJson(node["terrain"]);
    for (std::size_t i = 0; i < terrain.size(); ++i)
        block.terrain[i] = terrainWordFromJson(terrain[i]);
    const std::vector<JsonNode> heights = gridFromJson(node["heights"]);
    for (std::size_t i = 0; i < heights.size(); ++i)
        block.heights[i] = heights[i].u8();
    block.pad = node["pad"].u8(0); // one byte of fill
    block.trailing = bytesFromJson(node["trailing"]);
    return block;
}

} // namespace portalkit::dat
