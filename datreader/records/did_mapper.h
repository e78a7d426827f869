#pragma once

// DidMapper (0x25...) and the tables DualDidMapper (0x27...) shares: enum values mapped to
// DIDs and to names, once for the client's numbering and once for the server's
// (docs/formats.md#didmapper).

#include "datreader/records/dat_strings.h"
#include "datreader/records/keyed_table.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// The four tables, in stored order. The client/server split is the references' guess from the
// content; the u8 before each count is a bucket index to DRW and a "numbering type" to ACE.
struct DidMaps {
    KeyedTable<std::uint32_t> clientIds;
    KeyedTable<PString> clientNames;
    KeyedTable<std::uint32_t> serverIds;
    KeyedTable<PString> serverNames;

    // `prefix` names the record in error fields ("didMapper", "dualDidMapper").
    static DidMaps read(ByteCursor& in, const std::string& prefix);
    void write(ByteWriter& out) const;
    void putJson(QJsonObject& object) const;
    static DidMaps fromJson(const JsonNode& node);
    bool operator==(const DidMaps&) const = default;
};

struct DidMapper {
    static constexpr std::string_view kTypeName = "DidMapper";

    std::uint32_t id = 0;
    DidMaps maps;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(DidMapper);
};

} // namespace portalkit::dat
