#pragma once

// BadData (0x0E00001A): a PackableHashTable of ids the client treats as bad, each with a u32
// value (docs/formats.md#baddata).

#include "datreader/records/character_common.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct BadData {
    static constexpr std::string_view kTypeName = "BadData";
    // Used when a source gives no bucket count (DatReaderWriter's default; retail's is not known).
    static constexpr std::uint16_t kDefaultBuckets = 32;

    std::uint32_t id = 0;
    std::uint16_t buckets = kDefaultBuckets;        // the stored bucket count, raw
    std::vector<KeyedEntry<std::uint32_t>> entries; // id -> value, stored order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(BadData);
};

} // namespace portalkit::dat
