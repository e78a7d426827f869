#pragma once

// DbProperties (0x78...–0x7F...): a small table of typed property values, stored by property id
// (retail: UI settings such as window opacity). The bytes do not say the values' types — the
// portal DAT's MasterProperty does — so a DbProperties read without that lookup keeps its
// entries raw (docs/formats.md#dbproperties).

#include "datreader/records/property_value.h"
#include "datreader/records/record_codec.h"

#include <string>

namespace portalkit::dat {

struct DbProperties {
    static constexpr std::string_view kTypeName = "DbProperties";

    std::uint32_t id = 0;
    std::uint8_t buckets = 1; // raw; a bucket byte by both references' reading
    // Each entry's hash key, property id (normally equal) and value.
    std::vector<PropertyItem> properties;
    // Entries that cannot be typed (no lookup at hand, an id the lookup lacks, an unsized type)
    // stay raw from the first such entry on: rawCount of the stored count's entries, all bytes
    // to the end. rawReason (not stored, not compared) says why.
    std::uint32_t rawCount = 0;
    std::vector<std::uint8_t> rawProperties;
    std::string rawReason;
    std::vector<std::uint8_t> trailing;

    bool isRaw() const { return !rawProperties.empty(); }

    // Without a lookup: a table with entries is kept raw, since nothing can size its values.
    static DbProperties decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    // With the property types of the MasterProperty (MasterProperty::propertyTypes()).
    static DbProperties decode(std::span<const std::uint8_t> bytes, std::uint32_t did,
                               const PropertyTypes& types);
    // This record read again with `types`: a raw one gets its entries typed where it can.
    DbProperties typed(const PropertyTypes& types) const;

    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    static DbProperties fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const DbProperties& other) const {
        return id == other.id && buckets == other.buckets && properties == other.properties &&
               rawCount == other.rawCount && rawProperties == other.rawProperties &&
               trailing == other.trailing;
    }
};

} // namespace portalkit::dat
