#include "datreader/records/enum_mapper.h"

namespace portalkit::dat {

namespace {

// A key and an empty string: the least an entry can take.
constexpr std::size_t kMinEntryBytes = 5;

PString readName(ByteCursor& in) {
    return readPString(in, "enumMapper.names.name");
}

} // namespace

EnumMapper EnumMapper::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<EnumMapper>(
        bytes, did, "enumMapper", [](ByteCursor& in, EnumMapper& mapper) {
            mapper.baseEnumMap = in.u32("enumMapper.baseEnumMap");
            mapper.names =
                readKeyedTable<PString>(in, "enumMapper.names", kMinEntryBytes, readName);
        });
}

std::vector<std::uint8_t> EnumMapper::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        out.u32(baseEnumMap);
        writeKeyedTable(out, names, [](ByteWriter& o, const PString& name) { write(o, name); });
    });
}

QJsonObject EnumMapper::toJson() const {
    return recordFrameJson(*this,
                           {{"baseEnumMap", didJson(baseEnumMap)},
                            {"names", keyedTableToJson(names, "name", [](const PString& name) {
                                 return dat::toJson(name);
                             })}});
}

EnumMapper EnumMapper::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<EnumMapper>(node, did, [&](EnumMapper& mapper) {
        mapper.baseEnumMap = node["baseEnumMap"].u32(0);
        mapper.names = keyedTableFromJson<PString>(node["names"], "name", BucketRule::AutoGrow,
                                                   pStringFromJson);
    });
}

} // namespace portalkit::dat
