#pragma once

#include "datreader/io/json_node.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// PlayScript type -> (mod threshold, script) lists (docs/formats.md). Everything stays in stored
// order: the runtime scans entries in that order and the first whose threshold fits wins (R20).
struct PhysicsScriptTable {
    static constexpr std::string_view kTypeName = "PhysicsScriptTable";

    struct ScriptAndMod {
        float mod = 0;
        std::uint32_t scriptId = 0; // PhysicsScript 0x33...
        bool operator==(const ScriptAndMod&) const = default;
    };
    struct Entry {
        std::uint32_t scriptType = 0; // PlayScript enum
        std::vector<ScriptAndMod> scripts;
        bool operator==(const Entry&) const = default;
    };

    std::uint32_t id = 0;
    std::vector<Entry> entries;

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson: lists keep the order they are written in. It requires "entries", each entry's
    // "scriptType" and each script's "scriptId"; "scripts" defaults to none and "mod" to 0.
    PORTALKIT_RECORD_CODEC(PhysicsScriptTable);
};

} // namespace portalkit::dat
