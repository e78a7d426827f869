#pragma once

// VitalTable (0x0E000003, the client's secondary attribute table): how maximum health, stamina
// and mana follow from the attributes, one skill formula each (docs/formats.md#vitaltable).

#include "datreader/records/character_common.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct VitalTable {
    static constexpr std::string_view kTypeName = "VitalTable";

    std::uint32_t id = 0;
    SkillFormula health;
    SkillFormula stamina;
    SkillFormula mana;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(VitalTable);
};

} // namespace portalkit::dat
