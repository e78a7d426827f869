#pragma once

// EnumMapper (0x22...): names for the values of one client enum (motion commands, sounds, ...),
// optionally extending another mapper's names (docs/formats.md#enummapper).

#include "datreader/records/dat_strings.h"
#include "datreader/records/keyed_table.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct EnumMapper {
    static constexpr std::string_view kTypeName = "EnumMapper";

    std::uint32_t id = 0;
    std::uint32_t baseEnumMap = 0; // the EnumMapper (0x22...) this one extends, or 0
    KeyedTable<PString> names;     // enum value -> name
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(EnumMapper);
};

} // namespace portalkit::dat
