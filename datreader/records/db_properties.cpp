#include "datreader/records/db_properties.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {

// A key, a property id and the smallest value (a bool's byte).
constexpr std::size_t kMinEntryBytes = 9;

PropertyItem readEntry(ByteCursor& in, const PropertyTypes& types) {
    PropertyItem item;
    item.key = in.u32("dbProperties.property.key");
    const PropertyItem value = readBaseProperty(in, types, "dbProperties.property");
    item.propertyId = value.propertyId;
    item.value = value.value;
    return item;
}

void keepRaw(ByteCursor& in, DbProperties& r, std::size_t start, std::uint32_t left,
             std::string reason) {
    in.seek(start, "dbProperties.properties");
    r.rawCount = left;
    r.rawProperties = readTrailing(in);
    r.rawReason = std::move(reason);
}

void readProperties(ByteCursor& in, DbProperties& r, const PropertyTypes* types) {
    r.buckets = in.u8("dbProperties.buckets");
    const std::size_t countAt = in.position();
    const std::uint32_t count = in.u8("dbProperties.count");
    if (count > in.remaining() / kMinEntryBytes)
        in.failAt(countAt, "dbProperties.count",
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    if (count > 0 && types == nullptr) {
        keepRaw(in, r, in.position(), count,
                "the values' types come from the portal DAT's MasterProperty (0x39000001); "
                "read this record with its property types to see them");
        return;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t start = in.position();
        try {
            r.properties.push_back(readEntry(in, *types));
        } catch (const UnsizedProperty& unsized) {
            keepRaw(in, r, start, count - i,
                    "property entry " + std::to_string(i) + ": " + unsized.reason);
            return;
        } catch (DatError& error) {
            error.withContext("reading property " + std::to_string(i));
            throw;
        }
    }
}

DbProperties decodeWith(std::span<const std::uint8_t> bytes, std::uint32_t did,
                        const PropertyTypes* types) {
    return decodeRecordFrame<DbProperties>(
        bytes, did, "dbProperties",
        [types](ByteCursor& in, DbProperties& r) { readProperties(in, r, types); });
}

} // namespace

DbProperties DbProperties::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeWith(bytes, did, nullptr);
}

DbProperties DbProperties::decode(std::span<const std::uint8_t> bytes, std::uint32_t did,
                                  const PropertyTypes& types) {
    return decodeWith(bytes, did, &types);
}

DbProperties DbProperties::typed(const PropertyTypes& types) const {
    return decode(encode(), id, types);
}

std::vector<std::uint8_t> DbProperties::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        out.u8(buckets);
        out.u8(std::uint8_t(properties.size() + rawCount));
        for (const PropertyItem& item : properties) {
            out.u32(item.key);
            writeBaseProperty(out, item);
        }
        out.bytes(rawProperties);
    });
}

QJsonObject DbProperties::toJson() const {
    QJsonObject fields{{"buckets", int(buckets)},
                       {"properties", listToJson(properties, [](const PropertyItem& item) {
                            return propertyItemJson(item, true);
                        })}};
    if (isRaw()) {
        fields["rawCount"] = qint64(rawCount);
        fields["rawProperties"] = hexJson(rawProperties);
        fields["rawReason"] = QString::fromStdString(rawReason);
    }
    return recordFrameJson(*this, fields);
}

DbProperties DbProperties::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<DbProperties>(node, did, [&](DbProperties& r) {
        r.buckets = node["buckets"].u8(1);
        r.properties = listFromJson(node["properties"], [](const JsonNode& item) {
            return propertyItemFromJson(item, true);
        });
        r.rawProperties = bytesFromJson(node["rawProperties"]);
        r.rawCount = node["rawCount"].u32(0);
        if (r.rawCount != 0 && !r.isRaw())
            node["rawCount"].fail("a raw count needs rawProperties");
        if (r.properties.size() + r.rawCount > 0xFF)
            node["properties"].fail("at most 255 properties fit the u8 count");
    });
}

} // namespace portalkit::dat
