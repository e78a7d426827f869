#pragma once

// ActionMap (0x26000000–0x2600FFFF): the client's catalogue of bindable actions — per input map
// (movement, combat, chat, ...) each action's toggle behaviour and the string-table hashes of its
// name and description, the string table (0x23…) those hashes live in, and which input maps
// conflict with which (docs/formats.md#actionmap).
//
// The tables are the u32-keyed hash tables of keyed_table.h (a u8 bucket byte, a compressed
// count, then key/value pairs) and keep their stored order. Here the bucket byte is kept raw and
// is NOT read as an index into the prime sizes: the references describe it as a bucket count,
// which is unconfirmed, so fromJson never reorders entries by it.

#include "datreader/records/keyed_table.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// How the client names an action: a class number and two hashes into the map's string table.
struct ActionMapBinding {
    std::uint32_t actionClass = 0;
    std::uint32_t actionName = 0;  // hash of the name in ActionMap::stringTable
    std::uint32_t description = 0; // hash of the description there
    bool operator==(const ActionMapBinding&) const = default;
};

// One action of an input map. The 13 bytes before the binding are split the way
// DatReaderWriter reads them (u32, u8, u32, u32); ACE splits the same bytes u8, u32, u32, u32
// and finds its toggle type at bytes 9–12 instead of 5–8. Both splits cover every byte, so
// either re-encodes the same; which one the client means is UNCONFIRMED
// (docs/formats.md#actionmap). The three fields besides toggleType stay raw.
struct ActionMapValue {
    std::uint32_t magic = 0;      // bytes 0–3 (ACE: its u8 and three bytes of its first u32)
    std::uint8_t unknownByte = 0; // byte 4
    std::uint32_t toggleType = 0; // bytes 5–8: 1 momentary, 2 toggle, 3 impulse, 4 auto-repeat,
                                  // 5 continuous (DRW); ACE's second unknown u32
    std::uint32_t dummyCount = 0; // bytes 9–12 (DRW: an always-empty list's count; ACE: toggle)
    ActionMapBinding binding;
    bool operator==(const ActionMapValue&) const = default;
};

// The u32 key of an input map's table is the action; bucketIndex is the raw bucket byte.
using ActionMapInputMap = KeyedTable<ActionMapValue>;

struct ActionMapConflicts {
    std::uint32_t inputMap = 0;
    std::vector<std::uint32_t> conflicting; // u32 count, then the input maps it conflicts with
    bool operator==(const ActionMapConflicts&) const = default;
};

struct ActionMap {
    static constexpr std::string_view kTypeName = "ActionMap";

    std::uint32_t id = 0;
    KeyedTable<ActionMapInputMap> inputMaps; // keyed by input map
    std::uint32_t stringTable = 0;           // the StringTable DID (0x23…) the hashes point into
    KeyedTable<ActionMapConflicts> conflicts;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(ActionMap);
};

// The toggle type's JSON name ("momentary", ...), or "" for a value the references do not name.
std::string_view toggleTypeName(std::uint32_t value);

} // namespace portalkit::dat
