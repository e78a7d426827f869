#include "datreader/records/master_property.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/hash_table.h"

#include <QJsonArray>
#include <algorithm>

namespace portalkit::dat {

namespace {

// A key and an empty name: the least a name entry takes.
constexpr std::size_t kMinNameBytes = 5;
// Six u32s, three absent values, the timeout, four enum bytes, eight flags, an empty table.
constexpr std::size_t kMinDescBytes = 24 + 3 + 4 + 4 + 8 + 2;

constexpr std::array<const char*, 8> kFlagNames{
    "required",    "readOnly",          "noCheckpoint", "recorded",
    "doNotReplay", "absoluteTimeStamp", "groupable",    "propagateToChildren"};

EnumMapperData readEnumMapperData(ByteCursor& in) {
    EnumMapperData data;
    data.baseEnumMap = in.u32("masterProperty.enumMapper.baseEnumMap");
    data.unknown = in.u32("masterProperty.enumMapper.unknown");
    data.names = readKeyedTable<PString>(
        in, "masterProperty.enumMapper.names", kMinNameBytes,
        [](ByteCursor& c) { return readPString(c, "masterProperty.enumMapper.name"); });
    return data;
}

void writeEnumMapperData(ByteWriter& out, const EnumMapperData& data) {
    out.u32(data.baseEnumMap);
    out.u32(data.unknown);
    writeKeyedTable(out, data.names, [](ByteWriter& o, const PString& name) { write(o, name); });
}

// Max and min: ACE reads a float for float properties and an i32 for every other type, while
// DatReaderWriter reads a value of the property's own type. Both give 4 bytes only for the
// 4-byte types, so any other type's bound is not guessed.
OptionalPropertyValue readBound(ByteCursor& in, std::uint32_t type, const char* field) {
    OptionalPropertyValue bound;
    bound.present = in.u8(field);
    if (bound.present == 0)
        return bound;
    if (minPropertyValueBytes(type) != 4 || type == std::uint32_t(PropertyType::Array))
        throw UnsizedProperty{"the " + std::string(jsonKey(field)) + " of a " +
                              std::string(propertyTypeName(type)) + " (type " +
                              std::to_string(type) +
                              ") property: ACE reads 4 bytes, DatReaderWriter the type's own size"};
    bound.value = readPropertyValue(in, type, nullptr, field);
    return bound;
}

OptionalPropertyValue readDefault(ByteCursor& in, std::uint32_t type) {
    OptionalPropertyValue value;
    value.present = in.u8("masterProperty.desc.default");
    if (value.present != 0)
        value.value = readPropertyValue(in, type, nullptr, "masterProperty.desc.default");
    return value;
}

PropertyDesc readDesc(ByteCursor& in) {
    PropertyDesc desc;
    desc.name = in.u32("masterProperty.desc.name");
    desc.type = in.u32("masterProperty.desc.type");
    desc.group = in.u32("masterProperty.desc.group");
    desc.provider = in.u32("masterProperty.desc.provider");
    desc.data = in.u32("masterProperty.desc.data");
    desc.patchFlags = in.u32("masterProperty.desc.patchFlags");
    desc.defaultValue = readDefault(in, desc.type);
    desc.maxValue = readBound(in, desc.type, "masterProperty.desc.max");
    desc.minValue = readBound(in, desc.type, "masterProperty.desc.min");
    desc.predictionTimeout = in.f32("masterProperty.desc.predictionTimeout");
    desc.inheritance = in.u8("masterProperty.desc.inheritance");
    desc.datFileType = in.u8("masterProperty.desc.datFileType");
    desc.propagation = in.u8("masterProperty.desc.propagation");
    desc.caching = in.u8("masterProperty.desc.caching");
    for (std::uint8_t& flag : desc.flags)
        flag = in.u8("masterProperty.desc.flags");
    desc.availableBuckets = in.u8("masterProperty.desc.available");
    const std::size_t countAt = in.position();
    const std::uint32_t count = in.u8("masterProperty.desc.available");
    if (count > in.remaining() / 8)
        in.failAt(countAt, "masterProperty.desc.available",
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    desc.available = readItems(in, count, [](ByteCursor& c) {
        KeyedEntry<std::uint32_t> entry;
        entry.key = c.u32("masterProperty.desc.available.key");
        entry.value = c.u32("masterProperty.desc.available.value");
        return entry;
    });
    return desc;
}

void writeOptional(ByteWriter& out, const OptionalPropertyValue& value) {
    out.u8(value.present);
    if (value.present != 0)
        writePropertyValue(out, value.value);
}

void writeDesc(ByteWriter& out, const PropertyDesc& desc) {
    for (const std::uint32_t word :
         {desc.name, desc.type, desc.group, desc.provider, desc.data, desc.patchFlags})
        out.u32(word);
    writeOptional(out, desc.defaultValue);
    writeOptional(out, desc.maxValue);
    writeOptional(out, desc.minValue);
    out.f32(desc.predictionTimeout);
    for (const std::uint8_t byte :
         {desc.inheritance, desc.datFileType, desc.propagation, desc.caching})
        out.u8(byte);
    for (const std::uint8_t flag : desc.flags)
        out.u8(flag);
    out.u8(desc.availableBuckets);
    out.u8(std::uint8_t(desc.available.size()));
    for (const KeyedEntry<std::uint32_t>& entry : desc.available) {
        out.u32(entry.key);
        out.u32(entry.value);
    }
}

// Reads the property table, stopping at the first description it cannot size.
void readProperties(ByteCursor& in, MasterProperty& r) {
    r.propertiesBuckets = in.u8("masterProperty.properties");
    const std::uint32_t count = readCompressedCount(in, "masterProperty.properties",
                                                    4 + kMinDescBytes, r.propertiesCountBytes);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t start = in.position();
        try {
            KeyedEntry<PropertyDesc> entry;
            entry.key = in.u32("masterProperty.properties.key");
            entry.value = readDesc(in);
            r.properties.push_back(std::move(entry));
        } catch (const UnsizedProperty& unsized) {
            in.seek(start, "masterProperty.properties");
            r.rawCount = count - i;
            r.rawProperties = readTrailing(in);
            r.rawReason = "property entry " + std::to_string(i) + ": " + unsized.reason;
            return;
        } catch (DatError& error) {
            error.withContext("reading property " + std::to_string(i));
            throw;
        }
    }
}

void putOptional(QJsonObject& object, const char* key, const OptionalPropertyValue& value) {
    if (value.present == 0)
        return;
    object[key] = propertyValueJson(value.value);
    if (value.present != 1)
        object[QString(key) + "Present"] = int(value.present);
}

OptionalPropertyValue optionalFromJson(const JsonNode& node, const char* key, std::uint32_t type) {
    OptionalPropertyValue value;
    if (!node.has(key))
        return value;
    value.present = node[QString(key).append("Present").toStdString()].u8(1);
    if (value.present == 0)
        node[key].fail("a value given with presence byte 0");
    value.value = propertyValueFromJson(node[key], type);
    return value;
}

QJsonObject descToJson(std::uint32_t key, const PropertyDesc& desc) {
    QJsonObject object{{"key", didJson(key)},
                       {"type", propertyTypeJson(desc.type)},
                       {"group", qint64(desc.group)},
                       {"provider", qint64(desc.provider)},
                       {"data", qint64(desc.data)},
                       {"patchFlags", qint64(desc.patchFlags)},
                       {"predictionTimeout", exactJson(desc.predictionTimeout)},
                       {"inheritance", int(desc.inheritance)},
                       {"datFileType", int(desc.datFileType)},
                       {"propagation", int(desc.propagation)},
                       {"caching", int(desc.caching)}};
    if (desc.name != key)
        object["name"] = didJson(desc.name);
    putOptional(object, "default", desc.defaultValue);
    putOptional(object, "max", desc.maxValue);
    putOptional(object, "min", desc.minValue);
    for (std::size_t i = 0; i < desc.flags.size(); ++i)
        object[kFlagNames[i]] = byteFlagJson(desc.flags[i]);
    if (desc.availableBuckets != 1)
        object["availableBuckets"] = int(desc.availableBuckets);
    if (!desc.available.empty())
        object["available"] = listToJson(desc.available, [](const KeyedEntry<std::uint32_t>& e) {
            return QJsonObject{{"key", didJson(e.key)}, {"value", didJson(e.value)}};
        });
    return object;
}

PropertyDesc descFromJson(const JsonNode& node, std::uint32_t key) {
    PropertyDesc desc;
    desc.name = node["name"].u32(key);
    desc.type = propertyTypeFromJson(node["type"]);
    desc.group = node["group"].u32(0);
    desc.provider = node["provider"].u32(0);
    desc.data = node["data"].u32(0);
    desc.patchFlags = node["patchFlags"].u32(0);
    desc.defaultValue = optionalFromJson(node, "default", desc.type);
    desc.maxValue = optionalFromJson(node, "max", desc.type);
    desc.minValue = optionalFromJson(node, "min", desc.type);
    desc.predictionTimeout = node["predictionTimeout"].f32(0);
    desc.inheritance = node["inheritance"].u8(0);
    desc.datFileType = node["datFileType"].u8(0);
    desc.propagation = node["propagation"].u8(0);
    desc.caching = node["caching"].u8(0);
    for (std::size_t i = 0; i < desc.flags.size(); ++i)
        desc.flags[i] = byteFlagFromJson(node[kFlagNames[i]]);
    desc.availableBuckets = node["availableBuckets"].u8(1);
    desc.available = listFromJson(node["available"], [](const JsonNode& e) {
        return KeyedEntry<std::uint32_t>{e["key"].u32(), e["value"].u32()};
    });
    if (desc.available.size() > 0xFF)
        node["available"].fail("at most 255 available properties fit the u8 count");
    return desc;
}

} // namespace

PropertyTypes MasterProperty::propertyTypes() const {
    PropertyTypes types;
    for (const KeyedEntry<PropertyDesc>& entry : properties)
        types.byId.emplace(entry.key, entry.value.type);
    return types;
}

std::string MasterProperty::nameOf(std::uint32_t propertyId) const {
    for (const KeyedEntry<PString>& entry : enumMapper.names.entries)
        if (entry.key == propertyId)
            return entry.value.text;
    return {};
}

MasterProperty MasterProperty::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<MasterProperty>(bytes, did, "masterProperty",
                                             [](ByteCursor& in, MasterProperty& r) {
                                                 r.enumMapper = readEnumMapperData(in);
                                                 readProperties(in, r);
                                             });
}

std::vector<std::uint8_t> MasterProperty::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writeEnumMapperData(out, enumMapper);
        out.u8(propertiesBuckets);
        writeCompressedCount(out, properties.size() + rawCount, propertiesCountBytes);
        for (const KeyedEntry<PropertyDesc>& entry : properties) {
            out.u32(entry.key);
            writeDesc(out, entry.value);
        }
        out.bytes(rawProperties);
    });
}

QJsonObject MasterProperty::toJson() const {
    QJsonObject fields{
        {"baseEnumMap", didJson(enumMapper.baseEnumMap)},
        {"names", keyedTableToJson(enumMapper.names, "name",
                                   [](const PString& name) { return dat::toJson(name); })},
        {"propertiesBuckets", int(propertiesBuckets)},
        {"properties", listToJson(properties, [](const KeyedEntry<PropertyDesc>& e) {
             return descToJson(e.key, e.value);
         })}};
    if (enumMapper.unknown != 0)
        fields["enumMapperUnknown"] = qint64(enumMapper.unknown);
    if (propertiesCountBytes != 0)
        fields["propertiesCountBytes"] = int(propertiesCountBytes);
    if (isRaw()) {
        fields["rawCount"] = qint64(rawCount);
        fields["rawProperties"] = hexJson(rawProperties);
        fields["rawReason"] = QString::fromStdString(rawReason);
    }
    return recordFrameJson(*this, fields);
}

MasterProperty MasterProperty::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<MasterProperty>(node, did, [&](MasterProperty& r) {
        r.enumMapper.baseEnumMap = node["baseEnumMap"].u32(0);
        r.enumMapper.unknown = node["enumMapperUnknown"].u32(0);
        r.enumMapper.names = keyedTableFromJson<PString>(node["names"], "name",
                                                         BucketRule::AutoGrow, pStringFromJson);
        r.properties = listFromJson(node["properties"], [](const JsonNode& e) {
            const std::uint32_t key = e["key"].u32();
            return KeyedEntry<PropertyDesc>{key, descFromJson(e, key)};
        });
        r.rawProperties = bytesFromJson(node["rawProperties"]);
        r.rawCount = node["rawCount"].u32(0);
        if (r.rawCount != 0 && !r.isRaw())
            node["rawCount"].fail("a raw count needs rawProperties");
        r.propertiesCountBytes =
            keyedCountBytesFromJson(node["propertiesCountBytes"], r.properties.size() + r.rawCount);
        if (node.has("propertiesBuckets")) {
            r.propertiesBuckets = node["propertiesBuckets"].u8();
            return;
        }
        // A hand-written table: the writer's bucket size, entries in bucket order.
        r.propertiesBuckets = keyedBucketIndex(r.properties.size(), BucketRule::AutoGrow);
        const std::uint32_t size = keyedBucketSize(r.propertiesBuckets);
        std::stable_sort(
            r.properties.begin(), r.properties.end(),
            [size](const auto& a, const auto& b) { return a.key % size < b.key % size; });
    });
}

} // namespace portalkit::dat
