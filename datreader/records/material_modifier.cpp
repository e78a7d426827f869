#include "datreader/records/material_modifier.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {

// A property is 17 bytes plus its fill; the fill depends on where it starts, so
// the count can only be checked against the 17.
constexpr std::size_t kMinPropertyBytes = 17;

MaterialProperty readProperty(ByteCursor& in) {
    MaterialProperty p;
    p.nameId = in.u32("materialModifier.property.nameId");
    p.dataType = in.u16("materialModifier.property.dataType");
    // Aligned from the record's start: properties after an odd-sized one get
    // other fill.
    p.pad = readPad(in, "materialModifier.property.pad");
    p.dataLength = in.u32("materialModifier.property.dataLength");
    p.dataLength2 = in.u32("materialModifier.property.dataLength2");
    p.dataLength3 = in.u16("materialModifier.property.dataLength3");
    p.dataLength4 = in.u8("materialModifier.property.dataLength4");
    return p;
}

void writeProperty(ByteWriter& out, const MaterialProperty& p) {
    out.u32(p.nameId);
    out.u16(p.dataType);
    writePad(out, p.pad, "materialModifier.property.pad");
    out.u32(p.dataLength);
    out.u32(p.dataLength2);
    out.u16(p.dataLength3);
    out.u8(p.dataLength4);
}

QJsonObject propertyToJson(const MaterialProperty& p) {
    QJsonObject json{{"nameId", didJson(p.nameId)},        {"dataType", p.dataType},
                     {"dataLength", qint64(p.dataLength)}, {"dataLength2", qint64(p.dataLength2)},
                     {"dataLength3", p.dataLength3},       {"dataLength4", p.dataLength4}};
    putPad(json, "pad", p.pad);
    return json;
}

MaterialProperty propertyFromJson(const JsonNode& node) {
    MaterialProperty p;
    p.nameId = node["nameId"].u32();
    p.dataType = node["dataType"].u16(0);
    p.pad = node["pad"].u32(0);
    p.dataLength = node["dataLength"].u32(0);
    p.dataLength2 = node["dataLength2"].u32(0);
    p.dataLength3 = node["dataLength3"].u16(0);
    p.dataLength4 = node["dataLength4"].u8(0);
    return p;
}

} // namespace

MaterialModifier MaterialModifier::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<MaterialModifier>(
        bytes, did, "materialModifier", [](ByteCursor& in, MaterialModifier& m) {
            m.properties = readNamedList(in, "materialModifier.numProperties", kMinPropertyBytes,
                                         "property", readProperty);
        });
}

std::vector<std::uint8_t> MaterialModifier::encode() const {
    return encodeRecordFrame(*this,
                             [&](ByteWriter& out) { writeList(out, properties, writeProperty); });
}

QJsonObject MaterialModifier::toJson() const {
    return recordFrameJson(*this, {{"properties", listToJson(properties, propertyToJson)}});
}

MaterialModifier MaterialModifier::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<MaterialModifier>(node, did, [&](MaterialModifier& m) {
        m.properties = listFromJson(node["properties"], propertyFromJson);
    });
}

} // namespace portalkit::dat
