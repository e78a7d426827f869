#pragma once

// String (0x31...): one piece of text the client shows, a PString after the record's id
// (docs/formats.md#string).

#include "datreader/records/dat_strings.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct LanguageString {
    static constexpr std::string_view kTypeName = "String";

    std::uint32_t id = 0;
    PString value;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(LanguageString);
};

} // namespace portalkit::dat
