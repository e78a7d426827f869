#include "datreader/records/char_gen.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

using chargen::kSmallestSex;

// A name, then a compressed count: at least two bytes.
constexpr std::size_t kSmallestArea = 2;
constexpr std::size_t kPositionBytes = 4 + 28;
constexpr std::size_t kSkillBytes = 12;
// A name, nine 4-byte fields, two compressed counts.
constexpr std::size_t kSmallestTemplate = 1 + 9 * 4 + 2;
// A name, five 4-byte fields, four compressed counts, the genders' index and count.
constexpr std::size_t kSmallestHeritage = 1 + 5 * 4 + 4 + 2;

using TemplateField = Field<TemplateCG>;
const std::array<TemplateField, 8> kTemplateFields{{
    {"iconId", &TemplateCG::iconId, FieldStyle::Id},
    {"title", &TemplateCG::title},
    {"strength", &TemplateCG::strength},
    {"endurance", &TemplateCG::endurance},
    {"coordination", &TemplateCG::coordination},
    {"quickness", &TemplateCG::quickness},
    {"focus", &TemplateCG::focus},
    {"self", &TemplateCG::self},
}};

using HeritageField = Field<HeritageGroupCG>;
const std::array<HeritageField, 5> kHeritageFields{{
    {"iconId", &HeritageGroupCG::iconId, FieldStyle::Id},
    {"setupId", &HeritageGroupCG::setupId, FieldStyle::Id},
    {"environmentSetupId", &HeritageGroupCG::environmentSetupId, FieldStyle::Id},
    {"attributeCredits", &HeritageGroupCG::attributeCredits},
    {"skillCredits", &HeritageGroupCG::skillCredits},
}};

using SkillField = Field<SkillCG>;
const std::array<SkillField, 3> kSkillFields{{
    {"skill", &SkillCG::skill},
    {"normalCost", &SkillCG::normalCost},
    {"primaryCost", &SkillCG::primaryCost},
}};

std::int32_t readI32(ByteCursor& in) {
    return in.i32("heritage.startArea");
}

TemplateCG readTemplate(ByteCursor& in) {
    TemplateCG entry;
    entry.name = readPString(in, "heritage.templates.name");
    readFields(in, entry, kTemplateFields, "heritage.templates");
    entry.normalSkills = readCompressedList(in, "heritage.templates.normalSkills", 4, "skill",
                                            readU32As("heritage.templates.normalSkills"));
    entry.primarySkills = readCompressedList(in, "heritage.templates.primarySkills", 4, "skill",
                                             readU32As("heritage.templates.primarySkills"));
    return entry;
}

void writeTemplate(ByteWriter& out, const TemplateCG& entry) {
    write(out, entry.name);
    writeFields(out, entry, kTemplateFields);
    writeCompressedList(out, entry.normalSkills);
    writeCompressedList(out, entry.primarySkills);
}

// A HashTable's head: the u8 bucket-size index, then the compressed count.
std::uint32_t readHashHead(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                           std::uint8_t& bucketIndex) {
    bucketIndex = in.u8(field);
    return readCompressedCount(in, field, minEntryBytes);
}

HeritageGroupCG readHeritage(ByteCursor& in) {
    HeritageGroupCG group;
    group.name = readPString(in, "heritage.name");
    readFields(in, group, kHeritageFields, "heritage");
    group.primaryStartAreas =
        readCompressedList(in, "heritage.primaryStartAreas", 4, "start area", readI32);
    group.secondaryStartAreas =
        readCompressedList(in, "heritage.secondaryStartAreas", 4, "start area", readI32);
    group.skills = readCompressedList(in, "heritage.skills", kSkillBytes, "skill",
                                      plainReader(kSkillFields, "heritage.skills"));
    group.templates =
        readCompressedList(in, "heritage.templates", kSmallestTemplate, "template", readTemplate);
    const std::uint32_t genders =
        readHashHead(in, "heritage.genders", 4 + kSmallestSex, group.genderBucketIndex);
    group.genders =
        readKeyedEntries<SexCG>(in, genders, "heritage.genders.key", "gender", chargen::readSex);
    return group;
}

void writeHeritage(ByteWriter& out, const HeritageGroupCG& group) {
    write(out, group.name);
    writeFields(out, group, kHeritageFields);
    const auto writeI32 = [](ByteWriter& o, std::int32_t v) { o.i32(v); };
    writeCompressedList(out, group.primaryStartAreas, writeI32);
    writeCompressedList(out, group.secondaryStartAreas, writeI32);
    writeCompressedList(out, group.skills, plainWriter(kSkillFields));
    writeCompressedList(out, group.templates, writeTemplate);
    out.u8(group.genderBucketIndex);
    out.compressedUInt(std::uint32_t(group.genders.size()));
    writeKeyedEntries(out, group.genders, chargen::writeSex);
}

StartingArea readArea(ByteCursor& in) {
    StartingArea area;
    area.name = readPString(in, "charGen.startingAreas.name");
    area.locations =
        readCompressedList(in, "charGen.startingAreas.locations", kPositionBytes, "location",
                           readAs(readPosition, "charGen.startingAreas.locations"));
    return area;
}

void writeArea(ByteWriter& out, const StartingArea& area) {
    write(out, area.name);
    writeCompressedList(out, area.locations);
}

void readBody(ByteCursor& in, CharGen& gen) {
    gen.dataId = in.u32("charGen.dataId");
    gen.startingAreas =
        readCompressedList(in, "charGen.startingAreas", kSmallestArea, "starting area", readArea);
    const std::uint32_t groups =
        readHashHead(in, "charGen.heritageGroups", 4 + kSmallestHeritage, gen.heritageBucketIndex);
    gen.heritageGroups = readKeyedEntries<HeritageGroupCG>(in, groups, "charGen.heritageGroups.key",
                                                           "heritage group", readHeritage);
}

QJsonArray i32ListToJson(const std::vector<std::int32_t>& values) {
    return listToJson(values, [](std::int32_t v) { return QJsonValue(v); });
}

std::vector<std::int32_t> i32ListFromJson(const JsonNode& node) {
    return listFromJson(node, [](const JsonNode& n) { return n.i32(); });
}

QJsonObject templateToJson(const TemplateCG& entry) {
    QJsonObject object{{"name", toJson(entry.name)}};
    fieldsToJson(object, entry, kTemplateFields);
    object["normalSkills"] = u32ListToJson(entry.normalSkills);
    object["primarySkills"] = u32ListToJson(entry.primarySkills);
    return object;
}

TemplateCG templateFromJson(const JsonNode& node) {
    TemplateCG entry;
    entry.name = orDefault(node["name"], pStringFromJson);
    fieldsFromJson(node, entry, kTemplateFields);
    entry.normalSkills = u32ListFromJson(node["normalSkills"]);
    entry.primarySkills = u32ListFromJson(node["primarySkills"]);
    return entry;
}

QJsonObject heritageToJson(const HeritageGroupCG& group) {
    QJsonObject object{{"name", toJson(group.name)}};
    fieldsToJson(object, group, kHeritageFields);
    object["primaryStartAreas"] = i32ListToJson(group.primaryStartAreas);
    object["secondaryStartAreas"] = i32ListToJson(group.secondaryStartAreas);
    object["skills"] = listToJson(group.skills, plainToJson(kSkillFields));
    object["templates"] = listToJson(group.templates, templateToJson);
    object["genderBucketIndex"] = group.genderBucketIndex;
    object["genders"] = keyedToJson(group.genders, false, chargen::sexToJson);
    return object;
}

HeritageGroupCG heritageFromJson(const JsonNode& node) {
    HeritageGroupCG group;
    group.name = orDefault(node["name"], pStringFromJson);
    fieldsFromJson(node, group, kHeritageFields);
    group.primaryStartAreas = i32ListFromJson(node["primaryStartAreas"]);
    group.secondaryStartAreas = i32ListFromJson(node["secondaryStartAreas"]);
    group.skills = listFromJson(node["skills"], plainFromJson(kSkillFields));
    group.templates = listFromJson(node["templates"], templateFromJson);
    group.genders = keyedFromJson(node["genders"], chargen::sexFromJson);
    group.genderBucketIndex = bucketFigureFromJson(
        node["genderBucketIndex"], CharGen::kDefaultBucketIndex, group.genders, bucketsOfIndex);
    return group;
}

} // namespace

CharGen CharGen::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<CharGen>(bytes, did, "charGen", readBody);
}

std::vector<std::uint8_t> CharGen::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        out.u32(dataId);
        writeCompressedList(out, startingAreas, writeArea);
        out.u8(heritageBucketIndex);
        out.compressedUInt(std::uint32_t(heritageGroups.size()));
        writeKeyedEntries(out, heritageGroups, writeHeritage);
    });
}

QJsonObject CharGen::toJson() const {
    const QJsonArray areas = listToJson(startingAreas, [](const StartingArea& area) {
        return QJsonObject{{"name", dat::toJson(area.name)},
                           {"locations", listToJson(area.locations)}};
    });
    return recordFrameJson(
        *this, {{"dataId", didJson(dataId)},
                {"startingAreas", areas},
                {"heritageBucketIndex", heritageBucketIndex},
                {"heritageGroups", keyedToJson(heritageGroups, false, heritageToJson)}});
}

CharGen CharGen::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<CharGen>(node, did, [&](CharGen& gen) {
        // The self-reference names the record unless the source says otherwise.
        gen.dataId = node["dataId"].u32(did);
        gen.startingAreas = listFromJson(node["startingAreas"], [](const JsonNode& n) {
            return StartingArea{orDefault(n["name"], pStringFromJson),
                                listFromJson(n["locations"], positionFromJson)};
        });
        gen.heritageGroups = keyedFromJson(node["heritageGroups"], heritageFromJson);
        gen.heritageBucketIndex = bucketFigureFromJson(
            node["heritageBucketIndex"], kDefaultBucketIndex, gen.heritageGroups, bucketsOfIndex);
    });
}

} // namespace portalkit::dat
