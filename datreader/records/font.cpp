#include "datreader/records/font.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

using F = Field<Font>;
// The fixed fields after the glyph list, in stored order.
const std::array<F, 5> kTailFields{{
    {"numHorizontalBorderPixels", &Font::numHorizontalBorderPixels},
    {"numVerticalBorderPixels", &Font::numVerticalBorderPixels},
    {"baselineOffset", &Font::baselineOffset},
    {"foregroundSurfaceId", &Font::foregroundSurfaceId, FieldStyle::Id},
    {"backgroundSurfaceId", &Font::backgroundSurfaceId, FieldStyle::Id},
}};
const std::array<F, 2> kHeadFields{{
    {"maxCharHeight", &Font::maxCharHeight},
    {"maxCharWidth", &Font::maxCharWidth},
}};

FontGlyph readGlyph(ByteCursor& in) {
    FontGlyph glyph;
    glyph.unicode = in.u16("font.glyph.unicode");
    glyph.offsetX = in.u16("font.glyph.offsetX");
    glyph.offsetY = in.u16("font.glyph.offsetY");
    glyph.width = in.u8("font.glyph.width");
    glyph.height = in.u8("font.glyph.height");
    glyph.horizontalOffsetBefore = std::int8_t(in.u8("font.glyph.horizontalOffsetBefore"));
    glyph.horizontalOffsetAfter = std::int8_t(in.u8("font.glyph.horizontalOffsetAfter"));
    glyph.verticalOffsetBefore = std::int8_t(in.u8("font.glyph.verticalOffsetBefore"));
    return glyph;
}

void writeGlyph(ByteWriter& out, const FontGlyph& glyph) {
    out.u16(glyph.unicode);
    out.u16(glyph.offsetX);
    out.u16(glyph.offsetY);
    out.u8(glyph.width);
    out.u8(glyph.height);
    out.u8(std::uint8_t(glyph.horizontalOffsetBefore));
    out.u8(std::uint8_t(glyph.horizontalOffsetAfter));
    out.u8(std::uint8_t(glyph.verticalOffsetBefore));
}

QJsonObject glyphToJson(const FontGlyph& glyph) {
    return {{"unicode", glyph.unicode},
            {"offsetX", glyph.offsetX},
            {"offsetY", glyph.offsetY},
            {"width", glyph.width},
            {"height", glyph.height},
            {"horizontalOffsetBefore", glyph.horizontalOffsetBefore},
            {"horizontalOffsetAfter", glyph.horizontalOffsetAfter},
            {"verticalOffsetBefore", glyph.verticalOffsetBefore}};
}

std::int8_t i8FromJson(const JsonNode& node) {
    const std::int32_t value = node.i32(0);
    if (value < -128 || value > 127)
        node.fail("expected a signed byte (-128..127)");
    return std::int8_t(value);
}

FontGlyph glyphFromJson(const JsonNode& node) {
    FontGlyph glyph;
    glyph.unicode = node["unicode"].u16();
    glyph.offsetX = node["offsetX"].u16(0);
    glyph.offsetY = node["offsetY"].u16(0);
    glyph.width = node["width"].u8(0);
    glyph.height = node["height"].u8(0);
    glyph.horizontalOffsetBefore = i8FromJson(node["horizontalOffsetBefore"]);
    glyph.horizontalOffsetAfter = i8FromJson(node["horizontalOffsetAfter"]);
    glyph.verticalOffsetBefore = i8FromJson(node["verticalOffsetBefore"]);
    return glyph;
}

} // namespace

Font Font::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<Font>(bytes, did, "font", [](ByteCursor& in, Font& font) {
        readFields(in, font, kHeadFields, "font");
        font.glyphs = readNamedList(in, "font.glyphs", FontGlyph::kBytes, "glyph", readGlyph);
        readFields(in, font, kTailFields, "font");
    });
}

std::vector<std::uint8_t> Font::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writeFields(out, *this, kHeadFields);
        writeList(out, glyphs, writeGlyph);
        writeFields(out, *this, kTailFields);
    });
}

QJsonObject Font::toJson() const {
    QJsonObject object{{"glyphs", listToJson(glyphs, glyphToJson)}};
    fieldsToJson(object, *this, kHeadFields);
    fieldsToJson(object, *this, kTailFields);
    return recordFrameJson(*this, object);
}

Font Font::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<Font>(node, did, [&](Font& font) {
        fieldsFromJson(node, font, kHeadFields);
        font.glyphs = listFromJson(node["glyphs"], glyphFromJson);
        fieldsFromJson(node, font, kTailFields);
    });
}

} // namespace portalkit::dat
