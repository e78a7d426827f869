#include "datreader/records/spell_component_table.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

// Key, empty name, five fields, empty text, cdm.
constexpr std::size_t kMinComponentBytes = 4 + 4 + 5 * 4 + 4 + 4;

using F = Field<SpellComponent>;
// Between the name and the spoken text.
const std::array<F, 5> kFields{{
    {"category", &SpellComponent::category},
    {"icon", &SpellComponent::icon, FieldStyle::Id},
    {"type", &SpellComponent::type},
    {"gesture", &SpellComponent::gesture},
    {"time", &SpellComponent::time},
}};

SpellComponent readComponent(ByteCursor& in) {
    SpellComponent component;
    component.componentId = in.u32("spellComponentTable.component.id");
    component.name = readObfuscatedString(in, "spellComponentTable.component.name");
    readFields(in, component, kFields, "spellComponentTable.component");
    component.text = readObfuscatedString(in, "spellComponentTable.component.text");
    component.cdm = in.f32("spellComponentTable.component.cdm");
    return component;
}

void writeComponent(ByteWriter& out, const SpellComponent& component) {
    out.u32(component.componentId);
    writeObfuscatedString(out, component.name, "spellComponentTable.component.name");
    writeFields(out, component, kFields);
    writeObfuscatedString(out, component.text, "spellComponentTable.component.text");
    out.f32(component.cdm);
}

QJsonObject componentToJson(const SpellComponent& component) {
    QJsonObject json{{"id", qint64(component.componentId)}, {"name", toJson(component.name)}};
    fieldsToJson(json, component, kFields);
    json["text"] = toJson(component.text);
    json["cdm"] = exactJson(component.cdm);
    return json;
}

SpellComponent componentFromJson(const JsonNode& node) {
    SpellComponent component;
    component.componentId = node["id"].u32();
    component.name = obfuscatedStringFromJson(node["name"]);
    fieldsFromJson(node, component, kFields);
    component.text = obfuscatedStringFromJson(node["text"]);
    component.cdm = node["cdm"].f32(0);
    return component;
}

} // namespace

SpellComponentTable SpellComponentTable::decode(std::span<const std::uint8_t> bytes,
                                                std::uint32_t did) {
    return decodeRecordFrame<SpellComponentTable>(
        bytes, did, "spellComponentTable", [](ByteCursor& in, auto& r) {
            r.components = readPackableTable(in, "spellComponentTable.components",
                                             kMinComponentBytes, "component", readComponent);
        });
}

std::vector<std::uint8_t> SpellComponentTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableTable(out, components, "spellComponentTable.components", writeComponent);
    });
}

QJsonObject SpellComponentTable::toJson() const {
    QJsonObject fields;
    putPackableTable(fields, "components", components, componentToJson);
    return recordFrameJson(*this, fields);
}

SpellComponentTable SpellComponentTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<SpellComponentTable>(node, did, [&](SpellComponentTable& r) {
        r.components = packableTableFromJson(node, "components", 32, componentFromJson);
    });
}

} // namespace portalkit::dat
