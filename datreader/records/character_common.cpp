#include "datreader/records/character_common.h"

#include "datreader/records/dat_strings.h"
#include "datreader/records/field_table.h"
#include "datreader/records/packable_hash.h"

namespace portalkit::dat {

namespace {

using FormulaField = Field<SkillFormula>;
const std::array<FormulaField, 6> kFormulaFields{{
    {"additiveBonus", &SkillFormula::additiveBonus},
    {"attribute1Multiplier", &SkillFormula::attribute1Multiplier},
    {"attribute2Multiplier", &SkillFormula::attribute2Multiplier},
    {"divisor", &SkillFormula::divisor},
    {"attribute1", &SkillFormula::attribute1},
    {"attribute2", &SkillFormula::attribute2},
}};

// The primes the client's hash tables take their sizes from, by index (DatReaderWriter lists
// the same run).
constexpr std::array<std::uint32_t, 23> kBucketSizes{
    11,     23,      47,      89,      191,      383,      761,     1531,
    3067,   6143,    12281,   24571,   49139,    98299,    196597,  393209,
    786431, 1572853, 3145721, 6291449, 12582893, 25165813, 50331599};

} // namespace

SkillFormula readSkillFormula(ByteCursor& in, const char* field) {
    SkillFormula formula;
    readFields(in, formula, kFormulaFields, field);
    return formula;
}

void write(ByteWriter& out, const SkillFormula& formula) {
    writeFields(out, formula, kFormulaFields);
}

QJsonObject toJson(const SkillFormula& formula) {
    QJsonObject object;
    fieldsToJson(object, formula, kFormulaFields);
    return object;
}

SkillFormula skillFormulaFromJson(const JsonNode& node) {
    SkillFormula formula;
    fieldsFromJson(node, formula, kFormulaFields);
    return formula;
}

Position readPosition(ByteCursor& in, const char* field) {
    Position position;
    position.cellId = in.u32(field);
    position.frame = readFrame(in, field);
    return position;
}

void write(ByteWriter& out, const Position& position) {
    out.u32(position.cellId);
    write(out, position.frame);
}

QJsonObject toJson(const Position& position) {
    return {{"cellId", didJson(position.cellId)}, {"frame", toJson(position.frame)}};
}

Position positionFromJson(const JsonNode& node) {
    Position position;
    position.cellId = node["cellId"].u32();
    if (node.has("frame"))
        position.frame = frameFromJson(node["frame"]);
    return position;
}

std::uint32_t readCompressedCount(ByteCursor& in, const char* field, std::size_t minItemBytes) {
    const std::size_t at = in.position();
    const std::uint32_t count = in.compressedUInt(field);
    const std::size_t width = in.position() - at;
    if (width != compressedUIntWidth(count))
        in.failAt(at, field,
                  "count " + std::to_string(count) + " stored in " + std::to_string(width) +
                      " bytes, longer than its shortest form (not kept)");
    if (minItemBytes > 0 && count > in.remaining() / minItemBytes)
        in.failAt(at, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

// The SpellTable's packable-table header (packable_hash.h) is the same shape; one codec for both.
std::uint16_t readPackableHead(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                               std::uint16_t& buckets) {
    return readPackableHeader(in, field, minEntryBytes, buckets);
}

void writePackableHead(ByteWriter& out, std::size_t count, std::uint16_t buckets,
                       const char* field) {
    writePackableHeader(out, count, buckets, field);
}

std::uint32_t bucketsOfIndex(std::uint8_t index) {
    return index < kBucketSizes.size() ? kBucketSizes[index] : 0;
}

void checkAtMost(const JsonNode& node, std::size_t size, std::size_t max) {
    if (size > max)
        node.fail(std::to_string(size) + " items, more than the " + std::to_string(max) +
                  " its count can hold");
}

} // namespace portalkit::dat
