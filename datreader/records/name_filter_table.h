#pragma once

// NameFilterTable (0x0E000020): the spelling rules a new character's name must pass, per
// language — how many equal letters or vowels may run together, how soon a vowel must come, the
// extra characters allowed and the letter pairs that count as one
// (docs/formats.md#namefiltertable).

#include "datreader/records/dat_strings.h"
#include "datreader/records/keyed_table.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct NameFilterRules {
    std::uint32_t maximumSameCharactersInARow = 0;
    std::uint32_t maximumVowelsInARow = 0;
    std::uint32_t firstNCharactersMustHaveAVowel = 0;
    std::uint32_t vowelContainingSubstringLength = 0;
    WideString extraAllowedCharacters;
    std::vector<WideString> compoundLetterGroups; // e.g. "th": counted as one letter
    bool operator==(const NameFilterRules&) const = default;
};

struct NameFilterTable {
    static constexpr std::string_view kTypeName = "NameFilterTable";

    std::uint32_t id = 0;
    KeyedTable<NameFilterRules> languages; // language id (1: English) -> rules, file order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(NameFilterTable);
};

} // namespace portalkit::dat
