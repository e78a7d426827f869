#pragma once

// KeyMap (0x14000000–0x1400FFFF; DatReaderWriter's MasterInputMap): a named set of default
// input bindings — the devices it expects (keyboard, mouse, ...), the keys that act as
// modifiers, and per input map the controls bound in it (docs/formats.md#keymap).
//
// Only DatReaderWriter describes the layout (ACE names the type and reads nothing). Nothing is
// aligned: the GUIDs follow the name's bytes directly, and every list has a u32 count.

#include "datreader/records/codec_helpers.h"
#include "datreader/records/dat_strings.h"
#include "datreader/records/record_codec.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// A Windows GUID as its 16 stored bytes (Data1 to Data3 little-endian, then Data4 as is); JSON
// spells it in the registry form "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx".
struct KeyMapGuid {
    std::array<std::uint8_t, 16> bytes{};
    bool operator==(const KeyMapGuid&) const = default;
};

struct KeyMapDevice {
    std::uint8_t type = 0; // 1 keyboard, 2 mouse, 3 joystick, 4 virtual (DRW's DeviceType)
    KeyMapGuid guid;
    bool operator==(const KeyMapDevice&) const = default;
};

// DRW's ControlSpecification: a key code and the modifier state it needs.
struct KeyMapControl {
    std::uint32_t key = 0;
    std::uint32_t modifier = 0;
    bool operator==(const KeyMapControl&) const = default;
};

// DRW's QualifiedControl. `unknown` is raw: DRW does not name it; being the only other word
// of a binding it may be the action bound, which is UNCONFIRMED.
struct KeyMapBinding {
    KeyMapControl control;
    std::uint32_t activation = 0;
    std::uint32_t unknown = 0;
    bool operator==(const KeyMapBinding&) const = default;
};

struct KeyMap {
    static constexpr std::string_view kTypeName = "KeyMap";

    std::uint32_t id = 0;
    PString name;
    KeyMapGuid guidMap;
    std::vector<KeyMapDevice> devices;
    std::vector<KeyMapControl> metaKeys;                           // the keys that act as modifiers
    std::vector<KeyedEntry<std::vector<KeyMapBinding>>> inputMaps; // keyed by input map, file order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(KeyMap);
};

// The registry form, lower-case hex; keyMapGuidFromJson takes either case.
QString keyMapGuidText(const KeyMapGuid& guid);
KeyMapGuid keyMapGuidFromJson(const JsonNode& node);

} // namespace portalkit::dat
