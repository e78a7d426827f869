#pragma once

// CombatTable (0x30...): the client's CombatManeuverTable — which motion a creature plays for an
// attack of a given stance, height and type (docs/formats.md#combattable).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct CombatManeuver {
    static constexpr std::size_t kBytes = 20;

    std::uint32_t style = 0;         // MotionStance, e.g. 0x8000003C sword combat (raw)
    std::uint32_t attackHeight = 0;  // 1 high, 2 medium, 3 low (raw)
    std::uint32_t attackType = 0;    // AttackType bits: punch, thrust, slash, ... (raw)
    std::uint32_t minSkillLevel = 0; // zero in every table the references looked at
    std::uint32_t motion = 0;        // MotionCommand the attack plays
    bool operator==(const CombatManeuver&) const = default;
};

struct CombatTable {
    static constexpr std::string_view kTypeName = "CombatTable";

    std::uint32_t id = 0;
    std::vector<CombatManeuver> maneuvers; // file order; several may share one lookup
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(CombatTable);
};

} // namespace portalkit::dat
