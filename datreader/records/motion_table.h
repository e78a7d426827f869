#pragma once

// MotionTable (docs/formats.md): which animations play for a style and motion command, and the
// transitions between them.

#include "datreader/records/record_codec.h"

#include <optional>

namespace portalkit::dat {

struct MotionData {
    static constexpr std::uint8_t kHasVelocity = 0x1;
    static constexpr std::uint8_t kHasOmega = 0x2;
    // Bitfield bits (docs/retail-behaviour.md#motion-keys): with 0x2 the cycle is entered only from
    // its style's default substate; 0x1 (entering it clears modifiers) matters to the runtime
    // alone.
    static constexpr std::uint8_t kOnlyFromStyleDefault = 0x2;

    std::uint8_t bitfield = 0;   // raw, so unknown bits survive a rewrite
    std::uint8_t flags = 0;      // raw, so unknown bits survive a rewrite
    std::vector<AnimData> anims; // at most 255: the count is a u8
    Vec3 velocity;               // stored only with kHasVelocity
    Vec3 omega;                  // stored only with kHasOmega
    std::uint32_t pad =
        0; // the fill after the three header bytes, raw (docs/formats.md#retail-bytes)

    bool hasVelocity() const { return (flags & kHasVelocity) != 0; }
    bool hasOmega() const { return (flags & kHasOmega) != 0; }
    bool operator==(const MotionData&) const = default;
};

// MotionData must start 4-aligned relative to the record start: its header is padded to 4.
MotionData readMotionData(ByteCursor& in);
void writeMotionData(ByteWriter& out, const MotionData& motion); // throws if anims > 255
QJsonObject toJson(const MotionData& motion);
// "flags" defaults to the bits for the "velocity" and "omega" given; a vector its flag lacks,
// or a flag without its vector, is an error. More than 255 anims is an error too.
MotionData motionDataFromJson(const JsonNode& node);

struct MotionTable {
    static constexpr std::string_view kTypeName = "MotionTable";

    struct StyleDefault {
        std::uint32_t style = 0;
        std::uint32_t defaultSubstate = 0;
        bool operator==(const StyleDefault&) const = default;
    };
    // A map entry; the key packs style and motion as the lookups below spell out, kept raw.
    struct Entry {
        std::uint32_t key = 0;
        MotionData motion;
        bool operator==(const Entry&) const = default;
    };
    // Transitions out of one style/substate, keyed by the motion they lead to.
    struct Link {
        std::uint32_t key = 0;
        std::vector<Entry> transitions;
        bool operator==(const Link&) const = default;
    };

    std::uint32_t id = 0;
    std::uint32_t defaultStyle = 0;
    // Every map in stored order: rewriting must not reorder them.
    std::vector<StyleDefault> styleDefaults;
    std::vector<Entry> cycles;
    std::vector<Entry> modifiers;
    std::vector<Link> links;

    // Key lookups (docs/retail-behaviour.md#motion-keys): what the data holds, no runtime state.
    // Substates and motions go into keys by their low 24 bits, except a link's inner key, which is
    // the full 32-bit motion id. The first stored entry wins where a key repeats.

    // style << 16 in 32 bits, so the class bit 0x80000000 falls off: NonCombat -> 0x003D0000.
    static std::uint32_t styleKey(std::uint32_t style) { return style << 16; }
    std::optional<std::uint32_t> defaultSubstate(std::uint32_t style) const;
    const MotionData* cycle(std::uint32_t style, std::uint32_t substate) const;
    // The forward get_link: links[style|fromSubstate][motion], else the style's "from any
    // substate" row links[styleKey(style)][motion]. Reversed playback (a negative speed) looks
    // links up the other way round with another fallback; that is the runtime's business.
    const MotionData* link(std::uint32_t style, std::uint32_t fromSubstate,
                           std::uint32_t motion) const;

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // encode throws DatError if a MotionData has > 255 anims. fromJson requires "defaultStyle"
    // and every key; the four lists default to empty and keep the order they are written in.
    PORTALKIT_RECORD_CODEC(MotionTable);
};

} // namespace portalkit::dat
