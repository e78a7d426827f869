#include "datreader/records/taboo_table.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {

// An entry's least: the table key, entryKey, unknown and a zero pattern count.
constexpr std::size_t kMinEntryBytes = 4 + 4 + 2 + 4;
// An empty PString is its one length byte.
constexpr std::size_t kMinPatternBytes = 1;

TabooEntry readEntry(ByteCursor& in) {
    TabooEntry entry;
    entry.entryKey = in.u32("tabooTable.entry.entryKey");
    entry.unknown = in.u16("tabooTable.entry.unknown");
    entry.bannedPatterns = readNamedList(
        in, "tabooTable.entry.bannedPatterns", kMinPatternBytes, "pattern",
        [](ByteCursor& c) { return readPString(c, "tabooTable.entry.bannedPattern"); });
    return entry;
}

void writeEntry(ByteWriter& out, const TabooEntry& entry) {
    out.u32(entry.entryKey);
    out.u16(entry.unknown);
    writeList(out, entry.bannedPatterns);
}

QJsonObject entryToJson(const TabooEntry& entry) {
    return QJsonObject{{"entryKey", didJson(entry.entryKey)},
                       {"unknown", int(entry.unknown)},
                       {"bannedPatterns", listToJson(entry.bannedPatterns)}};
}

// Every field may be left out; a hand-written source usually gives only the patterns.
TabooEntry entryFromJson(const JsonNode& node) {
    TabooEntry entry;
    entry.entryKey = node["entryKey"].u32(0);
    entry.unknown = node["unknown"].u16(0);
    entry.bannedPatterns = listFromJson(node["bannedPatterns"], pStringFromJson);
    return entry;
}

} // namespace

TabooTable TabooTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<TabooTable>(bytes, did, "tabooTable", [](ByteCursor& in, auto& r) {
        r.audiences =
            readKeyedTable<TabooEntry>(in, "tabooTable.audiences", kMinEntryBytes, readEntry);
    });
}

std::vector<std::uint8_t> TabooTable::encode() const {
    return encodeRecordFrame(
        *this, [this](ByteWriter& out) { writeKeyedTable(out, audiences, writeEntry); });
}

QJsonObject TabooTable::toJson() const {
    return recordFrameJson(*this,
                           {{"audiences", keyedTableToJson(audiences, "taboo", entryToJson)}});
}

// Without "buckets" the index is the auto-growing table's: 32 audiences give index 1 (23
// buckets), the value ACE reads as the first byte of the retail table.
TabooTable TabooTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<TabooTable>(node, did, [&](TabooTable& r) {
        r.audiences = keyedTableFromJson<TabooEntry>(node["audiences"], "taboo",
                                                     BucketRule::AutoGrow, entryFromJson);
    });
}

} // namespace portalkit::dat
