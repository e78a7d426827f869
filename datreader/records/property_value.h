#pragma once

// Typed property values (the client's BaseProperty), shared by MasterProperty (a description's
// default, max and min), DbProperties and — once it reads them — UiLayout's state properties
// (docs/formats.md#property-values).
//
// A value's bytes do not say its type: a table stores a property id, and the value type is the
// one the portal DAT's MasterProperty (0x39000001) gives that id. So reading a value needs a
// PropertyTypes lookup, and a value whose type has no size both references agree on (a string,
// a string info, a long integer, ...) is never guessed: the readers throw UnsizedProperty and the
// record keeps the bytes from there on raw, with the reason.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"

#include <QJsonObject>
#include <QJsonValue>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// The client's BasePropertyType numbers, as MasterProperty stores them.
enum class PropertyType : std::uint32_t {
    Invalid = 0,
    Bool = 1,
    Integer = 2,
    LongInteger = 3,
    Float = 4,
    Vector = 5,
    Color = 6,
    String = 7,
    StringInfo = 8,
    Enum = 9,
    DataId = 10,
    Waveform = 11,
    InstanceId = 12,
    Position = 13,
    TimeStamp = 14,
    Bitfield32 = 15,
    Bitfield64 = 16,
    Array = 17,
    Struct = 18,
    StringToken = 19,
    PropertyName = 20,
    TriState = 21,
};

// "bool", "integer", ... for the numbers above; empty for any other number.
std::string_view propertyTypeName(std::uint32_t type);
// The JSON spelling of a type: its name, or the raw number when it has none.
QJsonValue propertyTypeJson(std::uint32_t type);
std::uint32_t propertyTypeFromJson(const JsonNode& node);

// Thrown where a value's size cannot be known: its type has no agreed size, or its property id
// is not in the lookup. Not a DatError — the bytes are not wrong, only not understood.
struct UnsizedProperty {
    std::string reason;
};

// Property id -> value type, normally built by MasterProperty::propertyTypes().
struct PropertyTypes {
    std::map<std::uint32_t, std::uint32_t> byId;
    std::optional<std::uint32_t> typeOf(std::uint32_t propertyId) const;
};

struct PropertyItem;

// One value of `type`. Every scalar keeps its stored bits, so odd bools, NaN payloads and
// negative zero survive a round trip; Array and Struct hold items typed by their own ids.
struct PropertyValue {
    std::uint32_t type = 0;
    // Bool: its raw byte; Integer: the i32's bits; Float: the f32's bits; Enum, DataId, Color
    // (0xAARRGGBB), Bitfield32, InstanceId: the u32; Bitfield64: the u64.
    std::uint64_t bits = 0;
    std::array<std::uint32_t, 3> vectorBits{}; // Vector: x, y, z as f32 bits
    std::uint8_t buckets = 0;                  // Struct: its bucket byte, raw
    std::vector<PropertyItem> items;           // Array elements (key 0) or Struct members

    bool asBool() const { return bits != 0; }
    std::int32_t asInt() const { return std::int32_t(std::uint32_t(bits)); }
    std::uint32_t asU32() const { return std::uint32_t(bits); }
    float asFloat() const;

    static PropertyValue ofBool(bool value);
    static PropertyValue ofInt(std::int32_t value);
    static PropertyValue ofFloat(float value);
    static PropertyValue ofU32(PropertyType type, std::uint32_t value); // Enum, DataId, ...

    bool operator==(const PropertyValue& other) const;
};

// A BaseProperty as a table stores it: the property id, then its value. `key` is the hash key
// a Struct member (or a DbProperties entry) is stored under; 0 in an Array.
struct PropertyItem {
    std::uint32_t key = 0;
    std::uint32_t propertyId = 0;
    PropertyValue value;
    bool operator==(const PropertyItem&) const = default;
};

// The fewest bytes a value of `type` takes (0: none known). Used to bound counts.
std::size_t minPropertyValueBytes(std::uint32_t type);

// A bare value of `type` (MasterProperty's default, max, min). Array and Struct members are
// typed through `types`; without it they are unsized.
PropertyValue readPropertyValue(ByteCursor& in, std::uint32_t type, const PropertyTypes* types,
                                const char* field);
void writePropertyValue(ByteWriter& out, const PropertyValue& value);

// A property id, then its value of the type `types` gives it (UiLayout's StateDesc list).
PropertyItem readBaseProperty(ByteCursor& in, const PropertyTypes& types, const char* field);
void writeBaseProperty(ByteWriter& out, const PropertyItem& item);

// JSON: a bare value as its type suggests — bool (true/false, or the raw byte as a number),
// integer and enum as numbers, float as exactJson, dataId/instanceId/color/bitfield32 as "0x…",
// bitfield64 as a 16-digit "0x…", vector as [x, y, z], array as a list of items, struct as
// {"buckets", "members"}. An item is {"key"?, "property", "type", "value"} ("property" left out
// when it equals "key"), so the JSON form names every type and reads back without a lookup.
QJsonValue propertyValueJson(const PropertyValue& value);
PropertyValue propertyValueFromJson(const JsonNode& node, std::uint32_t type);
QJsonObject propertyItemJson(const PropertyItem& item, bool withKey);
PropertyItem propertyItemFromJson(const JsonNode& node, bool withKey);

} // namespace portalkit::dat
