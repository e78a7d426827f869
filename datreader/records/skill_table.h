#pragma once

// SkillTable (0x0E000004): every skill's name, description, icon, training costs, category and
// the formula its base value follows, in a PackableHashTable keyed by skill number
// (docs/formats.md#skilltable).

#include "datreader/records/character_common.h"
#include "datreader/records/legacy_string.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct SkillBase {
    LegacyString description;
    LegacyString name;
    std::uint32_t iconId = 0; // a RenderSurface (0x06...)
    std::int32_t trainedCost = 0;
    std::int32_t specializedCost = 0;
    std::uint32_t category = 0;   // 1 combat, 2 other, 3 magic (raw)
    std::uint32_t chargenUse = 0; // bool32, kept raw
    std::uint32_t minLevel = 0;
    SkillFormula formula;
    double upperBound = 0;
    double lowerBound = 0;
    double learnMod = 0;
    bool operator==(const SkillBase&) const = default;
};

struct SkillTable {
    static constexpr std::string_view kTypeName = "SkillTable";
    // Used when a source gives no bucket count (DatReaderWriter's default; retail's is not known).
    static constexpr std::uint16_t kDefaultBuckets = 32;

    std::uint32_t id = 0;
    std::uint16_t buckets = kDefaultBuckets;   // the stored bucket count, raw
    std::vector<KeyedEntry<SkillBase>> skills; // skill number -> skill, stored order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(SkillTable);
};

} // namespace portalkit::dat
