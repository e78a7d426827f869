#pragma once

// SoundTable (docs/formats.md): for each Sound enum value, the waves that may play.

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct SoundTable {
    static constexpr std::string_view kTypeName = "SoundTable";

    // One candidate wave with its odds.
    struct Entry {
        std::uint32_t waveId = 0; // Wave 0x0A...
        float priority = 0;
        float probability = 0;
        float volume = 0;
        bool operator==(const Entry&) const = default;
    };
    // The 16-byte "hash" records before the sounds. Sources disagree on what the leading u32
    // is (a hash key or a sound id), so it keeps a neutral name.
    struct HashEntry {
        std::uint32_t key = 0;
        float priority = 0;
        float probability = 0;
        float volume = 0;
        bool operator==(const HashEntry&) const = default;
    };
    struct Sound {
        std::uint32_t soundType = 0; // Sound enum
        std::vector<Entry> entries;
        std::int32_t unknown = 0; // 0 in retail data; kept raw
        bool operator==(const Sound&) const = default;
    };

    std::uint32_t id = 0;
    std::uint32_t hashKey = 0; // unknown, 0 in retail data; kept raw
    std::vector<HashEntry> hashes;
    std::vector<Sound> sounds; // stored order

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson requires each hash's "key", each sound's "soundType" and each entry's "waveId"; the
    // lists, hashKey, unknown and the odds default to empty or 0. Lists keep their order.
    PORTALKIT_RECORD_CODEC(SoundTable);
};

} // namespace portalkit::dat
