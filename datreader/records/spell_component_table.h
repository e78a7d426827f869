#pragma once

// SpellComponentTable (0x0E00000F): the components spell formulas name — scarabs, herbs,
// powders, potions, tapers — each with its name (stored obfuscated), icon, kind, the gesture and
// time casting it takes, and the words spoken (docs/formats.md#spellcomponenttable).

#include "datreader/records/dat_strings.h"
#include "datreader/records/packable_hash.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct SpellComponent {
    std::uint32_t componentId = 0; // the table's key
    ObfuscatedString name;
    std::uint32_t category = 0;
    std::uint32_t icon = 0;    // RenderSurface (0x06...)
    std::uint32_t type = 0;    // ComponentType (raw)
    std::uint32_t gesture = 0; // MotionCommand (raw)
    float time = 0;
    ObfuscatedString text; // the words spoken while casting
    float cdm = 0;         // UNCONFIRMED meaning
    bool operator==(const SpellComponent&) const = default;
};

struct SpellComponentTable {
    static constexpr std::string_view kTypeName = "SpellComponentTable";

    std::uint32_t id = 0;
    PackableTable<SpellComponent> components;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(SpellComponentTable);
};

} // namespace portalkit::dat
