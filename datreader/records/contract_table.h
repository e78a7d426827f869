#pragma once

// ContractTable (0x0E00001D): the quest contracts the client's quest panel shows — names,
// descriptions, the quest flags that track them and where they start and end — in a
// PackableHashTable keyed by contract number (docs/formats.md#contracttable).

#include "datreader/records/character_common.h"
#include "datreader/records/legacy_string.h"
#include "datreader/records/record_codec.h"

#include <array>

namespace portalkit::dat {

struct Contract {
    // The eleven strings in stored order, by these JSON keys.
    static constexpr std::size_t kStrings = 11;
    static const std::array<const char*, kStrings> kStringNames;

    std::uint32_t version = 0;
    std::uint32_t contractId = 0;
    // contractName, description, descriptionProgress, nameNpcStart, nameNpcEnd, and the quest
    // flags stamped, started, finished, progress, timer, repeatTime.
    std::array<LegacyString, kStrings> strings;
    Position locationNpcStart;
    Position locationNpcEnd;
    Position locationQuestArea;
    bool operator==(const Contract&) const = default;
};

struct ContractTable {
    static constexpr std::string_view kTypeName = "ContractTable";
    // Used when a source gives no bucket count (DatReaderWriter's default; retail's is not known).
    static constexpr std::uint16_t kDefaultBuckets = 32;

    std::uint32_t id = 0;
    std::uint16_t buckets = kDefaultBuckets; // the stored bucket count, raw
    std::vector<KeyedEntry<Contract>> contracts;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(ContractTable);
};

} // namespace portalkit::dat
