#pragma once

// StringTable (0x23000000-0x24FFFFFF): the client's UI text of one language — a hash table of
// string ids, each with the string's variants as UTF-16 WideStrings and the ids of the variables
// it substitutes (docs/formats.md#stringtable).

#include "datreader/records/dat_strings.h"
#include "datreader/records/hash_table.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct StringTableData {
    std::uint32_t key = 0;    // the string id (a hash of its name)
    std::uint32_t dataId = 0; // raw; zero in every table seen (UNCONFIRMED what else it holds)
    std::vector<WideString> strings;
    std::vector<std::uint32_t> variables;
    std::uint8_t worthPacking = 0; // the variable-name table flag, raw byte
    bool operator==(const StringTableData&) const = default;
};

struct StringTable {
    static constexpr std::string_view kTypeName = "StringTable";

    std::uint32_t id = 0;
    std::uint32_t language = 1; // 1: English
    HashHeader stringsHeader;
    std::vector<StringTableData> strings; // file order
    std::vector<std::uint8_t> trailing;

    // The first variant of string `key`, or null.
    const StringTableData* find(std::uint32_t key) const;

    PORTALKIT_RECORD_CODEC(StringTable);
};

// Text for people: a WideString as a QString (lone surrogates become U+FFFD).
QString plainText(const WideString& value);

} // namespace portalkit::dat
