#include "datreader/records/xp_table.h"

#include "datreader/records/codec_helpers.h"
#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

// A stored count is the highest index: a list of n entries stores n - 1, so an empty list
// stores -1 (0xFFFFFFFF). The four rank counts are signed, the level count unsigned; both give
// the same bytes, so one reading serves: the u32 plus one, modulo 2^32.
struct Head {
    std::size_t at = 0;
    std::uint32_t entries = 0;
};

Head readHead(ByteCursor& in, const char* field) {
    Head head;
    head.at = in.position();
    head.entries = in.u32(field) + 1;
    return head;
}

void checkFits(ByteCursor& in, const Head& head, std::size_t entryBytes, const char* field) {
    if (head.entries > in.remaining() / entryBytes)
        in.failAt(head.at, field,
                  "count " + std::to_string(head.entries) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
}

void readBody(ByteCursor& in, XpTable& table) {
    const Head attributes = readHead(in, "xpTable.attributes");
    const Head vitals = readHead(in, "xpTable.vitals");
    const Head trained = readHead(in, "xpTable.trainedSkills");
    const Head specialized = readHead(in, "xpTable.specializedSkills");
    const Head levels = readHead(in, "xpTable.levels");
    checkFits(in, attributes, 4, "xpTable.attributes");
    table.attributes = readItems(in, attributes.entries, readU32As("xpTable.attributes"));
    checkFits(in, vitals, 4, "xpTable.vitals");
    table.vitals = readItems(in, vitals.entries, readU32As("xpTable.vitals"));
    checkFits(in, trained, 4, "xpTable.trainedSkills");
    table.trainedSkills = readItems(in, trained.entries, readU32As("xpTable.trainedSkills"));
    checkFits(in, specialized, 4, "xpTable.specializedSkills");
    table.specializedSkills =
        readItems(in, specialized.entries, readU32As("xpTable.specializedSkills"));
    // Levels and their credits share one count: 8 + 4 bytes a level.
    checkFits(in, levels, 12, "xpTable.levels");
    table.levels.reserve(levels.entries);
    for (std::uint32_t i = 0; i < levels.entries; ++i) {
        const std::uint64_t low = in.u32("xpTable.levels");
        table.levels.push_back(low | (std::uint64_t(in.u32("xpTable.levels")) << 32));
    }
    table.skillCredits = readItems(in, levels.entries, readU32As("xpTable.skillCredits"));
}

QJsonArray u64ListToJson(const std::vector<std::uint64_t>& values) {
    // Above 2^53 a JSON number loses digits, so large totals go out as decimal strings.
    return listToJson(values, [](std::uint64_t v) {
        return v < (std::uint64_t(1) << 53) ? QJsonValue(qint64(v))
                                            : QJsonValue(QString::number(v));
    });
}

std::uint64_t u64FromJson(const JsonNode& node) {
    if (!node.isString())
        return node.u64();
    bool ok = false;
    const std::uint64_t value = node.string().toULongLong(&ok, 0);
    if (!ok)
        node.fail("expected a whole number (decimal, or 0x hex) of at most 64 bits");
    return value;
}

} // namespace

XpTable XpTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<XpTable>(bytes, did, "xpTable", readBody);
}

std::vector<std::uint8_t> XpTable::encode() const {
    if (skillCredits.size() != levels.size())
        throw DatError("xpTable.skillCredits",
                       std::to_string(skillCredits.size()) + " skill credits for " +
                           std::to_string(levels.size()) + " levels (they share one count)",
                       0, OffsetKind::Entry);
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        for (std::size_t size : {attributes.size(), vitals.size(), trainedSkills.size(),
                                 specializedSkills.size(), levels.size()})
            out.u32(std::uint32_t(size) - 1);
        for (const auto* list : {&attributes, &vitals, &trainedSkills, &specializedSkills})
            writeItems(out, *list);
        for (std::uint64_t level : levels) {
            out.u32(std::uint32_t(level));
            out.u32(std::uint32_t(level >> 32));
        }
        writeItems(out, skillCredits);
    });
}

QJsonObject XpTable::toJson() const {
    return recordFrameJson(*this, {{"attributes", u32ListToJson(attributes)},
                                   {"vitals", u32ListToJson(vitals)},
                                   {"trainedSkills", u32ListToJson(trainedSkills)},
                                   {"specializedSkills", u32ListToJson(specializedSkills)},
                                   {"levels", u64ListToJson(levels)},
                                   {"skillCredits", u32ListToJson(skillCredits)}});
}

XpTable XpTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<XpTable>(node, did, [&](XpTable& table) {
        table.attributes = u32ListFromJson(node["attributes"]);
        table.vitals = u32ListFromJson(node["vitals"]);
        table.trainedSkills = u32ListFromJson(node["trainedSkills"]);
        table.specializedSkills = u32ListFromJson(node["specializedSkills"]);
        table.levels = listFromJson(node["levels"], u64FromJson);
        table.skillCredits = u32ListFromJson(node["skillCredits"]);
        if (table.skillCredits.size() != table.levels.size())
            node["skillCredits"].fail(std::to_string(table.skillCredits.size()) + " entries for " +
                                      std::to_string(table.levels.size()) +
                                      " levels (they share one count)");
    });
}

} // namespace portalkit::dat
