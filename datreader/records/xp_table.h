#pragma once

// XpTable (0x0E000018, the client's experience table): the experience each rank of an
// attribute, vital, trained and specialised skill costs, and the experience and skill credits
// of each character level (docs/formats.md#xptable).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct XpTable {
    static constexpr std::string_view kTypeName = "XpTable";

    std::uint32_t id = 0;
    // Each list is indexed by rank (or level) from 0; the stored counts are one less than the
    // list sizes (the highest index, not the number of entries).
    std::vector<std::uint32_t> attributes;
    std::vector<std::uint32_t> vitals;
    std::vector<std::uint32_t> trainedSkills;
    std::vector<std::uint32_t> specializedSkills;
    std::vector<std::uint64_t> levels;       // total experience to reach each level
    std::vector<std::uint32_t> skillCredits; // one per level, as many as levels
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(XpTable);
};

} // namespace portalkit::dat
