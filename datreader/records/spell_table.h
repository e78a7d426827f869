#pragma once

// SpellTable (0x0E00000E): every spell the client knows — its name and description (stored
// obfuscated), school, icon, mana, range, formula and effects — then the equipment sets' spells
// by the number of pieces worn (docs/formats.md#spelltable).

#include "datreader/records/dat_strings.h"
#include "datreader/records/packable_hash.h"
#include "datreader/records/record_codec.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct SpellBase {
    // MetaSpellType values that carry extra fields after metaSpellId.
    static constexpr std::uint32_t kEnchantment = 1;
    static constexpr std::uint32_t kPortalSummon = 7;
    static constexpr std::uint32_t kFellowEnchantment = 12;

    std::uint32_t spellId = 0; // the table's key
    ObfuscatedString name;
    ObfuscatedString description;
    std::uint32_t school = 0;   // MagicSchool (raw)
    std::uint32_t icon = 0;     // RenderSurface (0x06...)
    std::uint32_t category = 0; // SpellCategory (raw)
    std::uint32_t bitfield = 0; // SpellIndex flags (raw)
    std::uint32_t baseMana = 0;
    float baseRangeConstant = 0;
    float baseRangeMod = 0;
    std::uint32_t power = 0;
    float spellEconomyMod = 0;
    std::uint32_t formulaVersion = 0;
    float componentLoss = 0;
    std::uint32_t metaSpellType = 0; // SpellType (raw); chooses the fields below
    std::uint32_t metaSpellId = 0;
    double duration = 0; // these three only for Enchantment and FellowEnchantment
    float degradeModifier = 0;
    float degradeLimit = 0;
    double portalLifetime = 0; // only for PortalSummon
    // The formula's component ids as stored (retail scrambles them per spell; kept raw).
    std::array<std::uint32_t, 8> components{};
    std::uint32_t casterEffect = 0; // PlayScript (raw)
    std::uint32_t targetEffect = 0;
    std::uint32_t fizzleEffect = 0;
    double recoveryInterval = 0;
    float recoveryAmount = 0;
    std::uint32_t displayOrder = 0;
    std::uint32_t nonComponentTargetType = 0; // ItemType flags (raw)
    std::uint32_t manaMod = 0;

    bool isEnchantment() const {
        return metaSpellType == kEnchantment || metaSpellType == kFellowEnchantment;
    }
    bool isPortalSummon() const { return metaSpellType == kPortalSummon; }
    bool operator==(const SpellBase&) const = default;
};

struct SpellSetTier {
    std::uint32_t pieces = 0;          // the table's key: items of the set worn
    std::vector<std::uint32_t> spells; // spell ids (u32 count, then the ids)
    bool operator==(const SpellSetTier&) const = default;
};

struct SpellSet {
    std::uint32_t equipmentSet = 0; // the table's key: EquipmentSet (raw)
    PackableTable<SpellSetTier> tiers;
    bool operator==(const SpellSet&) const = default;
};

struct SpellTable {
    static constexpr std::string_view kTypeName = "SpellTable";

    std::uint32_t id = 0;
    PackableTable<SpellBase> spells;
    PackableTable<SpellSet> spellSets;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(SpellTable);
};

} // namespace portalkit::dat
