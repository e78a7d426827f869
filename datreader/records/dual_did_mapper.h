#pragma once

// DualDidMapper (0x27...): stored exactly as a DidMapper — both references read the same four
// tables — but its own type in the client (docs/formats.md#dualdidmapper).

#include "datreader/records/did_mapper.h"

namespace portalkit::dat {

struct DualDidMapper {
    static constexpr std::string_view kTypeName = "DualDidMapper";

    std::uint32_t id = 0;
    DidMaps maps;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(DualDidMapper);
};

} // namespace portalkit::dat
