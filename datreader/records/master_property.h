#pragma once

// MasterProperty (0x39...; retail has one, 0x39000001): the client's property catalogue — an
// enum mapper naming every property, then per property id a description: its value type, group,
// default/max/min values and behaviour flags. Other records' property values (DbProperties,
// UiLayout states) are typed by it (docs/formats.md#masterproperty).

#include "datreader/records/dat_strings.h"
#include "datreader/records/keyed_table.h"
#include "datreader/records/property_value.h"
#include "datreader/records/record_codec.h"

#include <array>
#include <string>

namespace portalkit::dat {

// The EnumMapper body as MasterProperty embeds it: EnumMapper's fields with one more u32 between
// the base mapper and the names.
struct EnumMapperData {
    std::uint32_t baseEnumMap = 0; // an EnumMapper (0x22...) this extends, or 0
    std::uint32_t unknown = 0;     // 0 in retail; meaning unknown, kept raw
    KeyedTable<PString> names;     // property name id -> name
    bool operator==(const EnumMapperData&) const = default;
};

// An optional value of the description's own type, behind its u8 presence byte (raw).
struct OptionalPropertyValue {
    std::uint8_t present = 0;
    PropertyValue value; // meaningful only when present != 0
    bool operator==(const OptionalPropertyValue&) const = default;
};

struct PropertyDesc {
    std::uint32_t name = 0;       // the enum mapper's id for its name (normally the key)
    std::uint32_t type = 0;       // PropertyType
    std::uint32_t group = 0;      // PropertyGroupName, raw
    std::uint32_t provider = 0;   // raw
    std::uint32_t data = 0;       // raw
    std::uint32_t patchFlags = 0; // raw
    OptionalPropertyValue defaultValue;
    OptionalPropertyValue maxValue;
    OptionalPropertyValue minValue;
    float predictionTimeout = 0;
    std::uint8_t inheritance = 0; // PropertyInheritanceType, raw
    std::uint8_t datFileType = 0; // PropertyDatFileType, raw
    std::uint8_t propagation = 0; // PropertyPropagationType, raw
    std::uint8_t caching = 0;     // PropertyCachingType, raw
    // required, readOnly, noCheckpoint, recorded, doNotReplay, absoluteTimeStamp, groupable,
    // propagateToChildren: raw bytes (DatReaderWriter's names and order; ACE's differ).
    std::array<std::uint8_t, 8> flags{};
    std::uint8_t availableBuckets = 1; // raw
    std::vector<KeyedEntry<std::uint32_t>> available;
    bool operator==(const PropertyDesc&) const = default;
};

struct MasterProperty {
    static constexpr std::string_view kTypeName = "MasterProperty";

    std::uint32_t id = 0;
    EnumMapperData enumMapper;
    std::uint8_t propertiesBuckets = 0;    // raw bucket index
    std::uint8_t propertiesCountBytes = 0; // 0: shortest form; else the stored width
    std::vector<KeyedEntry<PropertyDesc>> properties;
    // A description holding a value this codec cannot size stops the table: it and every byte
    // after it stay in rawProperties (rawCount of the stored count's entries), `properties`
    // holds those before it, and rawReason (not stored, not compared) says why.
    std::uint32_t rawCount = 0;
    std::vector<std::uint8_t> rawProperties;
    std::string rawReason;
    std::vector<std::uint8_t> trailing;

    bool isRaw() const { return !rawProperties.empty(); }
    // Each structured description's id and value type, for typing other records' values.
    PropertyTypes propertyTypes() const;
    // The name the enum mapper gives `propertyId`, or empty.
    std::string nameOf(std::uint32_t propertyId) const;

    static MasterProperty decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    static MasterProperty fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const MasterProperty& other) const {
        return id == other.id && enumMapper == other.enumMapper &&
               propertiesBuckets == other.propertiesBuckets &&
               propertiesCountBytes == other.propertiesCountBytes &&
               properties == other.properties && rawCount == other.rawCount &&
               rawProperties == other.rawProperties && trailing == other.trailing;
    }
};

} // namespace portalkit::dat
