#include "datreader/records/spell_table.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

// Key, two empty names (u16 length + fill), 13 head fields, 8 components, 8 tail fields with
// one f64: the least a spell can take.
constexpr std::size_t kMinSpellBytes = 4 + 8 + 13 * 4 + 8 * 4 + 7 * 4 + 8;
// Key, empty bucket header; key, empty spell list.
constexpr std::size_t kMinSetBytes = 4 + 4;
constexpr std::size_t kMinTierBytes = 4 + 4;

using F = Field<SpellBase>;
// After the description, up to the fields metaSpellType chooses.
const std::array<F, 13> kHeadFields{{
    {"school", &SpellBase::school},
    {"icon", &SpellBase::icon, FieldStyle::Id},
    {"category", &SpellBase::category},
    {"bitfield", &SpellBase::bitfield},
    {"baseMana", &SpellBase::baseMana},
    {"baseRangeConstant", &SpellBase::baseRangeConstant},
    {"baseRangeMod", &SpellBase::baseRangeMod},
    {"power", &SpellBase::power},
    {"spellEconomyMod", &SpellBase::spellEconomyMod},
    {"formulaVersion", &SpellBase::formulaVersion},
    {"componentLoss", &SpellBase::componentLoss},
    {"metaSpellType", &SpellBase::metaSpellType},
    {"metaSpellId", &SpellBase::metaSpellId},
}};
const std::array<F, 3> kEnchantmentFields{{
    {"duration", &SpellBase::duration},
    {"degradeModifier", &SpellBase::degradeModifier},
    {"degradeLimit", &SpellBase::degradeLimit},
}};
const std::array<F, 1> kPortalFields{{{"portalLifetime", &SpellBase::portalLifetime}}};
// After the components.
const std::array<F, 8> kTailFields{{
    {"casterEffect", &SpellBase::casterEffect},
    {"targetEffect", &SpellBase::targetEffect},
    {"fizzleEffect", &SpellBase::fizzleEffect},
    {"recoveryInterval", &SpellBase::recoveryInterval},
    {"recoveryAmount", &SpellBase::recoveryAmount},
    {"displayOrder", &SpellBase::displayOrder},
    {"nonComponentTargetType", &SpellBase::nonComponentTargetType},
    {"manaMod", &SpellBase::manaMod},
}};

SpellBase readSpell(ByteCursor& in) {
    SpellBase spell;
    spell.spellId = in.u32("spellTable.spell.id");
    spell.name = readObfuscatedString(in, "spellTable.spell.name");
    spell.description = readObfuscatedString(in, "spellTable.spell.description");
    readFields(in, spell, kHeadFields, "spellTable.spell");
    if (spell.isEnchantment())
        readFields(in, spell, kEnchantmentFields, "spellTable.spell");
    else if (spell.isPortalSummon())
        readFields(in, spell, kPortalFields, "spellTable.spell");
    for (std::uint32_t& component : spell.components)
        component = in.u32("spellTable.spell.components");
    readFields(in, spell, kTailFields, "spellTable.spell");
    return spell;
}

void writeSpell(ByteWriter& out, const SpellBase& spell) {
    out.u32(spell.spellId);
    writeObfuscatedString(out, spell.name, "spellTable.spell.name");
    writeObfuscatedString(out, spell.description, "spellTable.spell.description");
    writeFields(out, spell, kHeadFields);
    if (spell.isEnchantment())
        writeFields(out, spell, kEnchantmentFields);
    else if (spell.isPortalSummon())
        writeFields(out, spell, kPortalFields);
    for (std::uint32_t component : spell.components)
        out.u32(component);
    writeFields(out, spell, kTailFields);
}

QJsonObject spellToJson(const SpellBase& spell) {
    QJsonObject json{{"id", qint64(spell.spellId)},
                     {"name", toJson(spell.name)},
                     {"description", toJson(spell.description)}};
    fieldsToJson(json, spell, kHeadFields);
    if (spell.isEnchantment())
        fieldsToJson(json, spell, kEnchantmentFields);
    else if (spell.isPortalSummon())
        fieldsToJson(json, spell, kPortalFields);
    QJsonArray components;
    for (std::uint32_t component : spell.components)
        components.append(qint64(component));
    json["components"] = components;
    fieldsToJson(json, spell, kTailFields);
    return json;
}

// Fields the spell's type does not store must not be given: they would be lost on encode.
void rejectUnstored(const JsonNode& node, const SpellBase& spell) {
    if (!spell.isEnchantment())
        for (const F& field : kEnchantmentFields)
            if (node.has(field.name))
                node[field.name].fail("given, but metaSpellType is not an enchantment (1, 12)");
    if (!spell.isPortalSummon() && node.has("portalLifetime"))
        node["portalLifetime"].fail("given, but metaSpellType is not PortalSummon (7)");
}

SpellBase spellFromJson(const JsonNode& node) {
    SpellBase spell;
    spell.spellId = node["id"].u32();
    spell.name = obfuscatedStringFromJson(node["name"]);
    spell.description = obfuscatedStringFromJson(node["description"]);
    fieldsFromJson(node, spell, kHeadFields);
    rejectUnstored(node, spell);
    fieldsFromJson(node, spell, kEnchantmentFields);
    fieldsFromJson(node, spell, kPortalFields);
    const std::vector<JsonNode> components = node["components"].elements();
    if (components.size() > spell.components.size())
        node["components"].fail("a spell has 8 components, not " +
                                std::to_string(components.size()));
    for (std::size_t i = 0; i < components.size(); ++i)
        spell.components[i] = components[i].u32();
    fieldsFromJson(node, spell, kTailFields);
    return spell;
}

SpellSetTier readTier(ByteCursor& in) {
    SpellSetTier tier;
    tier.pieces = in.u32("spellTable.set.tier.pieces");
    tier.spells = readList(in, "spellTable.set.tier.spells", 4, readU32As("spellTable.set.tier"));
    return tier;
}

void writeTier(ByteWriter& out, const SpellSetTier& tier) {
    out.u32(tier.pieces);
    writeList(out, tier.spells);
}

QJsonObject tierToJson(const SpellSetTier& tier) {
    QJsonArray spells;
    for (std::uint32_t spell : tier.spells)
        spells.append(qint64(spell));
    return QJsonObject{{"pieces", qint64(tier.pieces)}, {"spells", spells}};
}

SpellSetTier tierFromJson(const JsonNode& node) {
    SpellSetTier tier;
    tier.pieces = node["pieces"].u32();
    tier.spells = listFromJson(node["spells"], u32FromJson);
    return tier;
}

SpellSet readSet(ByteCursor& in) {
    SpellSet set;
    set.equipmentSet = in.u32("spellTable.set.equipmentSet");
    set.tiers = readPackableTable(in, "spellTable.set.tiers", kMinTierBytes, "tier", readTier);
    return set;
}

void writeSet(ByteWriter& out, const SpellSet& set) {
    out.u32(set.equipmentSet);
    writePackableTable(out, set.tiers, "spellTable.set.tiers", writeTier);
}

QJsonObject setToJson(const SpellSet& set) {
    QJsonObject json{{"equipmentSet", qint64(set.equipmentSet)}};
    putPackableTable(json, "tiers", set.tiers, tierToJson);
    return json;
}

SpellSet setFromJson(const JsonNode& node) {
    SpellSet set;
    set.equipmentSet = node["equipmentSet"].u32();
    set.tiers = packableTableFromJson(node, "tiers", 0, tierFromJson);
    return set;
}

} // namespace

SpellTable SpellTable::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<SpellTable>(bytes, did, "spellTable", [](ByteCursor& in, auto& r) {
        r.spells = readPackableTable(in, "spellTable.spells", kMinSpellBytes, "spell", readSpell);
        r.spellSets =
            readPackableTable(in, "spellTable.spellSets", kMinSetBytes, "spell set", readSet);
    });
}

std::vector<std::uint8_t> SpellTable::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) {
        writePackableTable(out, spells, "spellTable.spells", writeSpell);
        writePackableTable(out, spellSets, "spellTable.spellSets", writeSet);
    });
}

QJsonObject SpellTable::toJson() const {
    QJsonObject fields;
    putPackableTable(fields, "spells", spells, spellToJson);
    putPackableTable(fields, "spellSets", spellSets, setToJson);
    return recordFrameJson(*this, fields);
}

SpellTable SpellTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<SpellTable>(node, did, [&](SpellTable& r) {
        // A source that leaves the bucket counts out gets 32 spell buckets, 0 set buckets.
        r.spells = packableTableFromJson(node, "spells", 32, spellFromJson);
        r.spellSets = packableTableFromJson(node, "spellSets", 0, setFromJson);
    });
}

} // namespace portalkit::dat
