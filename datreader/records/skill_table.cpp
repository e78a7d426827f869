#include "datreader/records/skill_table.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

// Two empty legacy strings (4 bytes each with their fill), six 4-byte fields, the formula and
// three doubles.
constexpr std::size_t kSmallestSkill = 4 + 4 + 6 * 4 + 24 + 3 * 8;

using F = Field<SkillBase>;
// After the two strings, up to the formula.
const std::array<F, 6> kHeadFields{{
    {"iconId", &SkillBase::iconId, FieldStyle::Id},
    {"trainedCost", &SkillBase::trainedCost},
    {"specializedCost", &SkillBase::specializedCost},
    {"category", &SkillBase::category},
    {"chargenUse", &SkillBase::chargenUse, FieldStyle::Bool},
    {"minLevel", &SkillBase::minLevel},
}};
// After the formula.
const std::array<F, 3> kBoundFields{{
    {"upperBound", &SkillBase::upperBound},
    {"lowerBound", &SkillBase::lowerBound},
    {"learnMod", &SkillBase::learnMod},
}};

SkillBase readSkill(ByteCursor& in) {
    SkillBase skill;
    skill.description = readLegacyString(in, "skillTable.skill.description");
    skill.name = readLegacyString(in, "skillTable.skill.name");
    readFields(in, skill, kHeadFields, "skillTable.skill");
    skill.formula = readSkillFormula(in, "skillTable.skill.formula");
    readFields(in, skill, kBoundFields, "skillTable.skill");
    return skill;
}

void writeSkill(ByteWriter& out, const SkillBase& skill) {
    writeLegacyString(out, skill.description, "skillTable.skill.description");
    writeLegacyString(out, skill.name, "skillTable.skill.name");
    writeFields(out, skill, kHeadFields);
    write(out, skill.formula);
    writeFields(out, skill, kBoundFields);
}

QJsonObject skillToJson(const SkillBase& skill) {
    QJsonObject object{{"name", toJson(skill.name)}, {"description", toJson(skill.description)}};
    fieldsToJson(object, skill, kHeadFields);
    object["formula"] = toJson(skill.formula);
    fieldsToJson(object, skill, kBoundFields);
    return object;
}

SkillBase skillFromJson(const JsonNode& node) {
    SkillBase skill;
    skill.name = orDefault(node["name"], legacyStringFromJson);
    skill.description = orDefault(node["description"], legacyStringFromJson);
    fieldsFromJson(node, skill, kHeadFields);
    skill.formula = orDefault(node["formula"], skillFormulaFromJson);
    fieldsFromJson(node, skill, kBoundFields);
    return skill;
}

} // namespace

SkillTable SkillTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<SkillTable>(bytes, did, "skillTable", [](ByteCursor& in, auto& t) {
        const std::uint16_t count =
            readPackableHead(in, "skillTable.skills", 4 + kSmallestSkill, t.buckets);
        t.skills =
            readKeyedEntries<SkillBase>(in, count, "skillTable.skills.key", "skill", readSkill);
    });
}

std::vector<std::uint8_t> SkillTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableHead(out, skills.size(), buckets, "skillTable.skills");
        writeKeyedEntries(out, skills, writeSkill);
    });
}

QJsonObject SkillTable::toJson() const {
    return recordFrameJson(
        *this, {{"buckets", buckets}, {"skills", keyedToJson(skills, false, skillToJson)}});
}

SkillTable SkillTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<SkillTable>(node, did, [&](SkillTable& table) {
        table.skills = keyedFromJson(node["skills"], skillFromJson);
        checkAtMost(node["skills"], table.skills.size(), 0xFFFF);
        table.buckets = bucketFigureFromJson(node["buckets"], kDefaultBuckets, table.skills,
                                             [](std::uint16_t b) { return std::uint32_t(b); });
    });
}

} // namespace portalkit::dat
