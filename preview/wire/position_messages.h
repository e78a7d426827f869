#pragma once

// Where an object is and how it moves: F748 UpdatePosition with its PositionPack, and F74E
// VectorUpdate, the velocity authority of a missile (docs/wire.md).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/core/math.h"
#include "preview/wire/opcodes.h"

#include <QJsonObject>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace portalkit::preview::wire {

// The PositionPack flag word (ACE's PositionFlags agrees).
namespace posflag {
constexpr std::uint32_t HasVelocity = 0x01;
constexpr std::uint32_t HasPlacementId = 0x02;
constexpr std::uint32_t IsGrounded = 0x04; // carries no data
constexpr std::uint32_t OrientationHasNoW = 0x08;
constexpr std::uint32_t OrientationHasNoX = 0x10;
constexpr std::uint32_t OrientationHasNoY = 0x20;
constexpr std::uint32_t OrientationHasNoZ = 0x40;
constexpr std::uint32_t OrientationOmissions =
    OrientationHasNoW | OrientationHasNoX | OrientationHasNoY | OrientationHasNoZ;
} // namespace posflag

// The position of an F748 as PositionPack::UnPack (0x00516740) reads it: flags, cell id, origin,
// then each orientation component w, x, y, z only when its OrientationHasNo bit is clear, the
// velocity and the placement id only when their bits are set, then four u16 stamps. Retail
// defaults what is absent to zero; the parsed pack keeps presence (absent is not a present zero,
// R3), and the accessors below give the retail values.
struct PositionPack {
    // The flags as sent; they alone decide what is read and written.
    std::uint32_t flags = 0;
    std::uint32_t cellId = 0;
    // An omitted orientation component is exactly +0 (so the identity needs only w).
    Frame frame;
    std::optional<Vec3> velocity;
    std::optional<std::uint32_t> placementId;
    std::uint16_t instanceStamp = 0;
    std::uint16_t positionStamp = 0;
    std::uint16_t teleportStamp = 0;
    // Parsed but not gated: ForcePosition concerns only the local player, which the preview
    // does not have (docs/wire.md).
    std::uint16_t forcePositionStamp = 0;

    // Truncation throws DatError naming the field ("PositionPack.orientation.x").
    static PositionPack decode(dat::ByteCursor& in);
    // The mirror of decode. Throws DatError (OffsetKind::Source) when the velocity or placement
    // disagrees with its flag bit, or an omitted orientation component is not +0: bytes that
    // would not decode back to this pack are never written.
    void encode(dat::ByteWriter& out) const;
    // Sets HasVelocity and HasPlacementId from presence, keeping every other bit; the
    // orientation omissions stay as the author set them.
    void syncFlags();

    bool grounded() const { return (flags & posflag::IsGrounded) != 0; }
    // What retail installs: an absent velocity or placement is zero.
    Vec3 velocityOrZero() const { return velocity.value_or(Vec3{}); }
    std::uint32_t placementOrZero() const { return placementId.value_or(0); }

    // The inverse of toJson(const PositionPack&). "flags" may be left out: syncFlags then
    // derives it with every orientation component written, and "grounded": true sets
    // IsGrounded. "timestamps" and any of its four channels may be left out (zero). As for
    // PhysicsDesc::fromJson, disagreement with explicit flags is left for encode to refuse.
    static PositionPack fromJson(const dat::JsonNode& node);

    bool operator==(const PositionPack&) const = default;
};

QJsonObject toJson(const PositionPack& pack);

// F748 (SmartBox::HandleReceivedPosition 0x00453FD0): guid, then a PositionPack; exactly as
// long as its flags say (36 to 68 bytes).
struct UpdatePosition {
    static constexpr std::uint32_t kOpcode = opcode::UpdatePosition;
    std::uint32_t guid = 0;
    PositionPack position;

    // One list for decode, encode and JSON (preview/wire/fields.h).
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.part("position", m.position);
    }

    bool operator==(const UpdatePosition&) const = default;
};

// F74E: guid, velocity, omega, then the Instance and Vector stamps (36 bytes). The missile's
// velocity authority: Position packets install none.
struct VectorUpdate {
    static constexpr std::uint32_t kOpcode = opcode::VectorUpdate;
    std::uint32_t guid = 0;
    Vec3 velocity;
    Vec3 omega;
    std::uint16_t instanceStamp = 0;
    std::uint16_t vectorStamp = 0;

    static constexpr std::size_t kSize = 36;
    // One list for decode, encode and JSON (preview/wire/fields.h); omega may be left out of
    // the JSON (zero).
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.vector("VectorUpdate.velocity", m.velocity);
        io.vector("VectorUpdate.omega", m.omega, true);
        io.stamp("VectorUpdate.instanceStamp", m.instanceStamp);
        io.stamp("VectorUpdate.vectorStamp", m.vectorStamp);
    }
    bool operator==(const VectorUpdate&) const = default;
};

} // namespace portalkit::preview::wire
