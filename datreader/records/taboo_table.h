#pragma once

// TabooTable (0x0E00001E): the patterns a chat line or a name may not match, per audience — a
// u32-keyed hash table whose values each carry their own key, a u16 and a list of patterns such
// as "*word*" (docs/formats.md#tabootable).

#include "datreader/records/dat_strings.h"
#include "datreader/records/keyed_table.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct TabooEntry {
    // DatReaderWriter calls this Key; ACE calls it Unknown1 and reports 0x00010101 in every
    // retail entry while the table keys differ, so it is kept raw and not tied to the table key.
    std::uint32_t entryKey = 0;
    std::uint16_t unknown = 0;           // ACE reports 0 in retail; meaning unknown
    std::vector<PString> bannedPatterns; // lower case, '*' a wildcard at either end
    bool operator==(const TabooEntry&) const = default;
};

struct TabooTable {
    static constexpr std::string_view kTypeName = "TabooTable";

    std::uint32_t id = 0;
    KeyedTable<TabooEntry> audiences; // audience flag -> its banned patterns, file order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(TabooTable);
};

} // namespace portalkit::dat
