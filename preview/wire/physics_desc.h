#pragma once

// PhysicsDesc, the physics half of a CreateObject, exactly as PhysicsDesc::UnPack (0x0051DDD0)
// reads it (R1-R4). Every optional field stays optional: absent is not a present zero.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/core/math.h"
#include "preview/wire/freshness.h"

#include <QJsonObject>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::preview::wire {

// The PhysicsDesc bitfield (ACE's PhysicsDescriptionFlag agrees with R1).
namespace descflag {
constexpr std::uint32_t CSetup = 0x00000001;
constexpr std::uint32_t MTable = 0x00000002;
constexpr std::uint32_t Velocity = 0x00000004;
constexpr std::uint32_t Acceleration = 0x00000008;
constexpr std::uint32_t Omega = 0x00000010;
constexpr std::uint32_t Parent = 0x00000020;
constexpr std::uint32_t Children = 0x00000040;
constexpr std::uint32_t ObjScale = 0x00000080;
constexpr std::uint32_t Friction = 0x00000100;
constexpr std::uint32_t Elasticity = 0x00000200;
constexpr std::uint32_t STable = 0x00000800;
constexpr std::uint32_t PeTable = 0x00001000;
constexpr std::uint32_t DefaultScript = 0x00002000;
constexpr std::uint32_t DefaultScriptIntensity = 0x00004000;
constexpr std::uint32_t Position = 0x00008000;
constexpr std::uint32_t Movement = 0x00010000;
constexpr std::uint32_t AnimationFrame = 0x00020000;
constexpr std::uint32_t Translucency = 0x00040000;
} // namespace descflag

// Position::UnPack: the cell, then the Frame as origin (x, y, z) and orientation (w, x, y, z).
struct WirePosition {
    std::uint32_t cellId = 0;
    Frame frame;

    bool operator==(const WirePosition&) const = default;
};

struct ChildLink {
    std::uint32_t guid = 0;
    std::uint32_t locationId = 0;

    bool operator==(const ChildLink&) const = default;
};

struct PhysicsDesc {
    // The bitfield as sent; it alone decides which fields are read and written. Bits without a
    // field (0x400 "Timestamp", unknown ones) are kept and ignored, as retail ignores them.
    std::uint32_t flags = 0;
    std::uint32_t state = 0;

    // Movement: u32 length, the bytes, then the autonomous u32 only when length > 0 (R2).
    std::optional<std::vector<std::uint8_t>> movement;
    std::optional<std::uint32_t> autonomousMovement;
    // Read only when the Movement bit is clear, whatever the AnimationFrame bit says (R2).
    std::optional<std::uint32_t> animationFrame;
    std::optional<WirePosition> position;
    std::optional<std::uint32_t> motionTableId;
    std::optional<std::uint32_t> soundTableId;
    std::optional<std::uint32_t> physicsScriptTableId;
    std::optional<std::uint32_t> setupId;
    std::optional<ChildLink> parent;
    std::optional<std::vector<ChildLink>> children;
    std::optional<float> objScale;
    std::optional<float> friction;
    std::optional<float> elasticity;
    std::optional<float> translucency;
    std::optional<Vec3> velocity;
    // Parsed but never installed: retail recomputes acceleration (R9).
    std::optional<Vec3> acceleration;
    std::optional<Vec3> omega;
    std::optional<std::uint32_t> defaultScriptType;
    std::optional<float> defaultScriptIntensity;

    Timestamps timestamps{};
    // The 0-3 bytes that align the end to four, as sent; retail skips them unread, so they are
    // kept only to re-encode a message byte for byte. New descriptions leave them zero.
    std::array<std::uint8_t, 3> alignPad{};

    // Reads one PhysicsDesc; alignment is to the start of the cursor's range (the message).
    // Truncation throws DatError naming the field; nothing partial is returned (R4).
    static PhysicsDesc decode(dat::ByteCursor& in);
    // The mirror of decode. Throws DatError (OffsetKind::Source) when a field disagrees with
    // its flag bit, so an inconsistent description cannot produce bytes decode would misread.
    void encode(dat::ByteWriter& out) const;

    // Sets each gated bit from whether its field is present (AnimationFrame only when
    // Movement is absent), keeping every other bit: for descriptions built by hand.
    void syncFlags();

    // The inverse of toJson(const PhysicsDesc&). Ids and flags are "0x..." strings or plain
    // numbers; a NaN comes back from its "...Bits" key. For hand-written sources "flags" may be
    // left out (syncFlags derives it from the fields present), as may "timestamps" (all zero)
    // or any of its channels (zero), "autonomousMovement" (zero when there are movement bytes)
    // and a position's origin and orientation (zero, identity). A missing or ill-typed key
    // throws DatError naming its path below the node's ("physics.position.cellId"). Fields that
    // disagree with explicit flags are left for encode to refuse (messageFromJson does at once).
    static PhysicsDesc fromJson(const dat::JsonNode& node);
    static PhysicsDesc fromJson(const QJsonObject& json);

    std::uint16_t stamp(Channel channel) const { return wire::stamp(timestamps, channel); }
};

// Absent fields are omitted; ids are "0x%08X"; reals are numbers or "nan"/"inf"/"-inf", and a
// NaN real also gets "<field>Bits" with its raw bits. PhysicsDesc::fromJson is the inverse.
QJsonObject toJson(const PhysicsDesc& desc);

} // namespace portalkit::preview::wire
