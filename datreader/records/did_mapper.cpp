#include "datreader/records/did_mapper.h"

namespace portalkit::dat {

namespace {

KeyedTable<std::uint32_t> readIds(ByteCursor& in, const std::string& field) {
    const std::string valueField = field + ".id";
    return readKeyedTable<std::uint32_t>(in, field.c_str(), 8,
                                         [&](ByteCursor& c) { return c.u32(valueField.c_str()); });
}

KeyedTable<PString> readNames(ByteCursor& in, const std::string& field) {
    const std::string valueField = field + ".name";
    return readKeyedTable<PString>(
        in, field.c_str(), 5, [&](ByteCursor& c) { return readPString(c, valueField.c_str()); });
}

void writeIds(ByteWriter& out, const KeyedTable<std::uint32_t>& table) {
    writeKeyedTable(out, table, [](ByteWriter& o, std::uint32_t id) { o.u32(id); });
}

void writeNames(ByteWriter& out, const KeyedTable<PString>& table) {
    writeKeyedTable(out, table, [](ByteWriter& o, const PString& name) { write(o, name); });
}

QJsonObject idsJson(const KeyedTable<std::uint32_t>& table) {
    return keyedTableToJson(table, "id", didJson);
}

QJsonObject namesJson(const KeyedTable<PString>& table) {
    return keyedTableToJson(table, "name", [](const PString& name) { return toJson(name); });
}

KeyedTable<std::uint32_t> idsFromJson(const JsonNode& node) {
    return keyedTableFromJson<std::uint32_t>(node, "id", BucketRule::Fixed, u32FromJson);
}

KeyedTable<PString> namesFromJson(const JsonNode& node) {
    return keyedTableFromJson<PString>(node, "name", BucketRule::Fixed, pStringFromJson);
}

} // namespace

DidMaps DidMaps::read(ByteCursor& in, const std::string& prefix) {
    DidMaps maps;
    maps.clientIds = readIds(in, prefix + ".clientIds");
    maps.clientNames = readNames(in, prefix + ".clientNames");
    maps.serverIds = readIds(in, prefix + ".serverIds");
    maps.serverNames = readNames(in, prefix + ".serverNames");
    return maps;
}

void DidMaps::write(ByteWriter& out) const {
    writeIds(out, clientIds);
    writeNames(out, clientNames);
    writeIds(out, serverIds);
    writeNames(out, serverNames);
}

void DidMaps::putJson(QJsonObject& object) const {
    object["clientIds"] = idsJson(clientIds);
    object["clientNames"] = namesJson(clientNames);
    object["serverIds"] = idsJson(serverIds);
    object["serverNames"] = namesJson(serverNames);
}

DidMaps DidMaps::fromJson(const JsonNode& node) {
    DidMaps maps;
    maps.clientIds = idsFromJson(node["clientIds"]);
    maps.clientNames = namesFromJson(node["clientNames"]);
    maps.serverIds = idsFromJson(node["serverIds"]);
    maps.serverNames = namesFromJson(node["serverNames"]);
    return maps;
}

DidMapper DidMapper::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<DidMapper>(
        bytes, did, "didMapper",
        [](ByteCursor& in, DidMapper& mapper) { mapper.maps = DidMaps::read(in, "didMapper"); });
}

std::vector<std::uint8_t> DidMapper::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) { maps.write(out); });
}

QJsonObject DidMapper::toJson() const {
    QJsonObject object;
    maps.putJson(object);
    return recordFrameJson(*this, object);
}

DidMapper DidMapper::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<DidMapper>(
        node, did, [&](DidMapper& mapper) { mapper.maps = DidMaps::fromJson(node); });
}

} // namespace portalkit::dat
