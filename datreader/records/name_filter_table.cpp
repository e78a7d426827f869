#include "datreader/records/name_filter_table.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

namespace {

// An entry's least: the table key, the four limits, an empty string (its one length byte) and a
// zero group count.
constexpr std::size_t kMinEntryBytes = 4 + 4 * 4 + 1 + 4;
constexpr std::size_t kMinGroupBytes = 1;

// The four limits, spelt once for all four directions.
template <typename Self, typename Visit> void limitFields(Self& r, Visit&& v) {
    v.u32("nameFilterTable.rules.maximumSameCharactersInARow", r.maximumSameCharactersInARow);
    v.u32("nameFilterTable.rules.maximumVowelsInARow", r.maximumVowelsInARow);
    v.u32("nameFilterTable.rules.firstNCharactersMustHaveAVowel", r.firstNCharactersMustHaveAVowel);
    v.u32("nameFilterTable.rules.vowelContainingSubstringLength", r.vowelContainingSubstringLength);
}

NameFilterRules readRules(ByteCursor& in) {
    NameFilterRules rules;
    limitFields(rules, FieldReader{in});
    rules.extraAllowedCharacters =
        readWideString(in, "nameFilterTable.rules.extraAllowedCharacters");
    rules.compoundLetterGroups =
        readNamedList(in, "nameFilterTable.rules.compoundLetterGroups", kMinGroupBytes, "group",
                      [](ByteCursor& c) {
                          return readWideString(c, "nameFilterTable.rules.compoundLetterGroup");
                      });
    return rules;
}

void writeRules(ByteWriter& out, const NameFilterRules& rules) {
    limitFields(rules, FieldWriter{out});
    write(out, rules.extraAllowedCharacters);
    writeList(out, rules.compoundLetterGroups);
}

QJsonObject rulesToJson(const NameFilterRules& rules) {
    QJsonObject object;
    limitFields(rules, FieldJsonWriter{object});
    object["extraAllowedCharacters"] = toJson(rules.extraAllowedCharacters);
    object["compoundLetterGroups"] = listToJson(rules.compoundLetterGroups);
    return object;
}

// Every field may be left out: limits default to 0, the strings and the groups to empty.
NameFilterRules rulesFromJson(const JsonNode& node) {
    NameFilterRules rules;
    limitFields(rules, FieldJsonReader{node});
    rules.extraAllowedCharacters = wideStringFromJson(node["extraAllowedCharacters"]);
    rules.compoundLetterGroups = listFromJson(node["compoundLetterGroups"], wideStringFromJson);
    return rules;
}

} // namespace

NameFilterTable NameFilterTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<NameFilterTable>(
        bytes, did, "nameFilterTable", [](ByteCursor& in, auto& r) {
            r.languages = readKeyedTable<NameFilterRules>(in, "nameFilterTable.languages",
                                                          kMinEntryBytes, readRules);
        });
}

std::vector<std::uint8_t> NameFilterTable::encode() const {
    return encodeRecordFrame(
        *this, [this](ByteWriter& out) { writeKeyedTable(out, languages, writeRules); });
}

QJsonObject NameFilterTable::toJson() const {
    return recordFrameJson(*this,
                           {{"languages", keyedTableToJson(languages, "rules", rulesToJson)}});
}

// Without "buckets" the index is the fixed-size table's: one language gives index 1 (23
// buckets). That is the only first byte for which ACE's reader — which takes the count first and
// the bucket index second — and DatReaderWriter's agree on a one-entry table.
NameFilterTable NameFilterTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<NameFilterTable>(node, did, [&](NameFilterTable& r) {
        r.languages = keyedTableFromJson<NameFilterRules>(node["languages"], "rules",
                                                          BucketRule::Fixed, rulesFromJson);
    });
}

} // namespace portalkit::dat
