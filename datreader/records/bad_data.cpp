#include "datreader/records/bad_data.h"

namespace portalkit::dat {

BadData BadData::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<BadData>(bytes, did, "badData", [](ByteCursor& in, BadData& table) {
        const std::uint16_t count = readPackableHead(in, "badData.entries", 8, table.buckets);
        table.entries = readKeyedEntries<std::uint32_t>(in, count, "badData.entries.key", "entry",
                                                        readU32As("badData.entries.value"));
    });
}

std::vector<std::uint8_t> BadData::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableHead(out, entries.size(), buckets, "badData.entries");
        writeKeyedEntries(out, entries, [](ByteWriter& o, std::uint32_t v) { o.u32(v); });
    });
}

QJsonObject BadData::toJson() const {
    const QJsonArray list = keyedToJson(entries, true, [](std::uint32_t value) {
        return QJsonObject{{"value", qint64(value)}};
    });
    return recordFrameJson(*this, {{"buckets", buckets}, {"entries", list}});
}

BadData BadData::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<BadData>(node, did, [&](BadData& table) {
        table.entries = keyedFromJson(node["entries"],
                                      [](const JsonNode& entry) { return entry["value"].u32(1); });
        checkAtMost(node["entries"], table.entries.size(), 0xFFFF);
        table.buckets = bucketFigureFromJson(node["buckets"], kDefaultBuckets, table.entries,
                                             [](std::uint16_t b) { return std::uint32_t(b); });
    });
}

} // namespace portalkit::dat
