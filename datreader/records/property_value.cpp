#include "datreader/records/property_value.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/hash_table.h"

#include <QJsonArray>
#include <array>
#include <bit>
#include <cstdio>

namespace portalkit::dat {

namespace {

constexpr std::array<std::string_view, 22> kTypeNames{
    "invalid",    "bool",        "integer",      "longInteger", "float",      "vector",
    "color",      "string",      "stringInfo",   "enum",        "dataId",     "waveform",
    "instanceId", "position",    "timeStamp",    "bitfield32",  "bitfield64", "array",
    "struct",     "stringToken", "propertyName", "triState"};

// Arrays inside structs inside arrays...: retail nests one level at most; a hostile table could
// nest until the stack runs out, so the readers stop here.
constexpr int kMaxDepth = 16;

// A property id and the smallest value (a bool): the least an item takes.
constexpr std::size_t kMinItemBytes = 5;

std::string sub(const char* field, const char* part) {
    return std::string(field) + part;
}

std::string typeLabel(std::uint32_t type) {
    const std::string_view name = propertyTypeName(type);
    return name.empty() ? "type " + std::to_string(type)
                        : std::string(name) + " (type " + std::to_string(type) + ")";
}

[[noreturn]] void unsized(std::uint32_t type) {
    throw UnsizedProperty{"a " + typeLabel(type) +
                          " value has no size the references agree on, so its bytes and all "
                          "after them are kept raw"};
}

PropertyValue readValue(ByteCursor& in, std::uint32_t type, const PropertyTypes* types,
                        const char* field, int depth);

PropertyItem readItem(ByteCursor& in, const PropertyTypes& types, const char* field, int depth,
                      bool withKey) {
    PropertyItem item;
    if (withKey)
        item.key = in.u32(sub(field, ".key").c_str());
    item.propertyId = in.u32(sub(field, ".property").c_str());
    const std::optional<std::uint32_t> type = types.typeOf(item.propertyId);
    if (!type)
        throw UnsizedProperty{"property " + formatDid(item.propertyId) +
                              " is not in the MasterProperty, so its value type is unknown and "
                              "its bytes and all after them are kept raw"};
    item.value = readValue(in, *type, &types, sub(field, ".value").c_str(), depth);
    return item;
}

std::vector<PropertyItem> readItems(ByteCursor& in, std::uint32_t count, const PropertyTypes* types,
                                    const char* field, int depth, bool withKey,
                                    std::uint32_t type) {
    if (count == 0)
        return {};
    if (types == nullptr)
        throw UnsizedProperty{"the members of " + typeLabel(type) +
                              " value are typed by the MasterProperty, which is not at hand"};
    if (depth >= kMaxDepth)
        in.fail(field, "values nest deeper than " + std::to_string(kMaxDepth) + " levels");
    return readNamedItems(in, count, withKey ? "member" : "element", [&](ByteCursor& c) {
        return readItem(c, *types, field, depth + 1, withKey);
    });
}

PropertyValue readValue(ByteCursor& in, std::uint32_t type, const PropertyTypes* types,
                        const char* field, int depth) {
    PropertyValue value;
    value.type = type;
    switch (PropertyType(type)) {
    case PropertyType::Bool:
        value.bits = in.u8(field);
        break;
    case PropertyType::Integer:
    case PropertyType::Float:
    case PropertyType::Enum:
    case PropertyType::DataId:
    case PropertyType::Color:
    case PropertyType::Bitfield32:
    case PropertyType::InstanceId:
        value.bits = in.u32(field);
        break;
    case PropertyType::Bitfield64: {
        const std::uint64_t low = in.u32(field);
        value.bits = low | std::uint64_t(in.u32(field)) << 32;
        break;
    }
    case PropertyType::Vector:
        for (std::uint32_t& bits : value.vectorBits)
            bits = in.u32(field);
        break;
    case PropertyType::Array: {
        const std::string countField = sub(field, ".count");
        const std::uint32_t count = readCount(in, countField.c_str(), kMinItemBytes);
        value.items =
            readItems(in, count, types, sub(field, ".element").c_str(), depth, false, type);
        break;
    }
    case PropertyType::Struct: {
        value.buckets = in.u8(sub(field, ".buckets").c_str());
        const std::string countField = sub(field, ".count");
        const std::size_t countAt = in.position();
        const std::uint32_t count = in.u8(countField.c_str());
        if (count > in.remaining() / (4 + kMinItemBytes))
            in.failAt(countAt, countField.c_str(),
                      "count " + std::to_string(count) + " cannot fit in the " +
                          std::to_string(in.remaining()) + " bytes left");
        value.items = readItems(in, count, types, sub(field, ".member").c_str(), depth, true, type);
        break;
    }
    default:
        unsized(type);
    }
    return value;
}

QString hex64(std::uint64_t value) {
    char text[19];
    std::snprintf(text, sizeof text, "0x%016llX", static_cast<unsigned long long>(value));
    return QString::fromLatin1(text);
}

std::uint64_t u64FromJson(const JsonNode& node) {
    if (!node.isString())
        return node.u64();
    bool ok = false;
    const QString text = node.string();
    const qulonglong value =
        text.startsWith("0x", Qt::CaseInsensitive) ? text.mid(2).toULongLong(&ok, 16) : 0;
    if (!ok)
        node.fail("'" + text.toStdString() + "' is not a hex number");
    return value;
}

std::uint32_t floatBits(float value) {
    return std::bit_cast<std::uint32_t>(value);
}

} // namespace

std::string_view propertyTypeName(std::uint32_t type) {
    return type < kTypeNames.size() ? kTypeNames[type] : std::string_view{};
}

QJsonValue propertyTypeJson(std::uint32_t type) {
    const std::string_view name = propertyTypeName(type);
    if (name.empty())
        return qint64(type);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

std::uint32_t propertyTypeFromJson(const JsonNode& node) {
    if (!node.isString())
        return node.u32();
    const std::string name = node.string().toStdString();
    for (std::size_t i = 0; i < kTypeNames.size(); ++i)
        if (kTypeNames[i] == name)
            return std::uint32_t(i);
    node.fail("'" + name + "' is not a property type (bool, integer, float, enum, dataId, ...)");
}

std::optional<std::uint32_t> PropertyTypes::typeOf(std::uint32_t propertyId) const {
    const auto found = byId.find(propertyId);
    if (found == byId.end())
        return std::nullopt;
    return found->second;
}

float PropertyValue::asFloat() const {
    return std::bit_cast<float>(std::uint32_t(bits));
}

PropertyValue PropertyValue::ofBool(bool value) {
    PropertyValue v;
    v.type = std::uint32_t(PropertyType::Bool);
    v.bits = value ? 1 : 0;
    return v;
}

PropertyValue PropertyValue::ofInt(std::int32_t value) {
    PropertyValue v;
    v.type = std::uint32_t(PropertyType::Integer);
    v.bits = std::uint32_t(value);
    return v;
}

PropertyValue PropertyValue::ofFloat(float value) {
    PropertyValue v;
    v.type = std::uint32_t(PropertyType::Float);
    v.bits = floatBits(value);
    return v;
}

PropertyValue PropertyValue::ofU32(PropertyType type, std::uint32_t value) {
    PropertyValue v;
    v.type = std::uint32_t(type);
    v.bits = value;
    return v;
}

bool PropertyValue::operator==(const PropertyValue& other) const {
    return type == other.type && bits == other.bits && vectorBits == other.vectorBits &&
           buckets == other.buckets && items == other.items;
}

std::size_t minPropertyValueBytes(std::uint32_t type) {
    switch (PropertyType(type)) {
    case PropertyType::Bool:
        return 1;
    case PropertyType::Vector:
        return 12;
    case PropertyType::Bitfield64:
        return 8;
    case PropertyType::Struct:
        return 2;
    case PropertyType::Integer:
    case PropertyType::Float:
    case PropertyType::Enum:
    case PropertyType::DataId:
    case PropertyType::Color:
    case PropertyType::Bitfield32:
    case PropertyType::InstanceId:
    case PropertyType::Array:
        return 4;
    default:
        return 0;
    }
}

PropertyValue readPropertyValue(ByteCursor& in, std::uint32_t type, const PropertyTypes* types,
                                const char* field) {
    return readValue(in, type, types, field, 0);
}

PropertyItem readBaseProperty(ByteCursor& in, const PropertyTypes& types, const char* field) {
    return readItem(in, types, field, 0, false);
}

void writePropertyValue(ByteWriter& out, const PropertyValue& value) {
    switch (PropertyType(value.type)) {
    case PropertyType::Bool:
        out.u8(std::uint8_t(value.bits));
        break;
    case PropertyType::Bitfield64:
        out.u32(std::uint32_t(value.bits));
        out.u32(std::uint32_t(value.bits >> 32));
        break;
    case PropertyType::Vector:
        for (const std::uint32_t bits : value.vectorBits)
            out.u32(bits);
        break;
    case PropertyType::Array:
        out.u32(std::uint32_t(value.items.size()));
        for (const PropertyItem& item : value.items)
            writeBaseProperty(out, item);
        break;
    case PropertyType::Struct:
        out.u8(value.buckets);
        out.u8(std::uint8_t(value.items.size()));
        for (const PropertyItem& item : value.items) {
            out.u32(item.key);
            writeBaseProperty(out, item);
        }
        break;
    default: // every other sized type is one u32; fromJson lets no unsized type through
        out.u32(std::uint32_t(value.bits));
        break;
    }
}

void writeBaseProperty(ByteWriter& out, const PropertyItem& item) {
    out.u32(item.propertyId);
    writePropertyValue(out, item.value);
}

QJsonValue propertyValueJson(const PropertyValue& value) {
    switch (PropertyType(value.type)) {
    case PropertyType::Bool:
        return byteFlagJson(std::uint8_t(value.bits));
    case PropertyType::Integer:
        return value.asInt();
    case PropertyType::Float:
        return exactJson(value.asFloat());
    case PropertyType::Enum:
        return qint64(value.asU32());
    case PropertyType::Bitfield64:
        return hex64(value.bits);
    case PropertyType::Vector: {
        QJsonArray xyz;
        for (const std::uint32_t bits : value.vectorBits)
            xyz.append(exactJson(std::bit_cast<float>(bits)));
        return xyz;
    }
    case PropertyType::Array:
        return listToJson(value.items,
                          [](const PropertyItem& item) { return propertyItemJson(item, false); });
    case PropertyType::Struct:
        return QJsonObject{{"buckets", int(value.buckets)},
                           {"members", listToJson(value.items, [](const PropertyItem& item) {
                                return propertyItemJson(item, true);
                            })}};
    default: // DataId, InstanceId, Color, Bitfield32
        return didJson(value.asU32());
    }
}

PropertyValue propertyValueFromJson(const JsonNode& node, std::uint32_t type) {
    PropertyValue value;
    value.type = type;
    switch (PropertyType(type)) {
    case PropertyType::Bool:
        value.bits = byteFlagFromJson(node);
        if (node.isMissing())
            node.fail("a bool value is required");
        break;
    case PropertyType::Integer:
        value.bits = std::uint32_t(node.i32());
        break;
    case PropertyType::Float:
        value.bits = floatBits(node.f32());
        break;
    case PropertyType::Bitfield64:
        value.bits = u64FromJson(node);
        break;
    case PropertyType::Vector:
        if (node.elements().size() != 3)
            node.fail("a vector value is [x, y, z]");
        for (std::size_t i = 0; i < 3; ++i)
            value.vectorBits[i] = floatBits(node[qsizetype(i)].f32());
        break;
    case PropertyType::Array:
        value.items = listFromJson(
            node, [](const JsonNode& item) { return propertyItemFromJson(item, false); });
        break;
    case PropertyType::Struct:
        value.buckets = node["buckets"].u8(1);
        value.items = listFromJson(
            node["members"], [](const JsonNode& item) { return propertyItemFromJson(item, true); });
        if (value.items.size() > 0xFF)
            node["members"].fail("a struct holds at most 255 members");
        break;
    case PropertyType::Enum:
    case PropertyType::DataId:
    case PropertyType::Color:
    case PropertyType::Bitfield32:
    case PropertyType::InstanceId:
        value.bits = node.u32();
        break;
    default:
        node.fail("a " + typeLabel(type) +
                  " value cannot be written: its size is not known (keep such records raw)");
    }
    return value;
}

QJsonObject propertyItemJson(const PropertyItem& item, bool withKey) {
    QJsonObject object;
    if (withKey)
        object["key"] = didJson(item.key);
    if (!withKey || item.propertyId != item.key)
        object["property"] = didJson(item.propertyId);
    object["type"] = propertyTypeJson(item.value.type);
    object["value"] = propertyValueJson(item.value);
    return object;
}

PropertyItem propertyItemFromJson(const JsonNode& node, bool withKey) {
    PropertyItem item;
    if (withKey)
        item.key = node["key"].u32();
    // Keyed items are normally stored under their own id, so "property" may be left out there.
    item.propertyId = withKey ? node["property"].u32(item.key) : node["property"].u32();
    item.value = propertyValueFromJson(node["value"], propertyTypeFromJson(node["type"]));
    return item;
}

} // namespace portalkit::dat
