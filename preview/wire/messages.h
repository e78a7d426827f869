#pragma once

// The game messages the previewer's timeline needs, each decoded from and encoded to one message
// body starting at its u32 opcode (R5, docs/wire.md; ACE's GameMessage layouts cross-checked).

#include "preview/wire/physics_desc.h"

#include <QJsonObject>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace portalkit::preview::wire {

namespace opcode {
constexpr std::uint32_t CreateObject = 0xF745;
constexpr std::uint32_t DeleteObject = 0xF747;
constexpr std::uint32_t UpdatePosition = 0xF748;
constexpr std::uint32_t SetState = 0xF74B;
constexpr std::uint32_t VectorUpdate = 0xF74E;
constexpr std::uint32_t PlayScriptId = 0xF754;
constexpr std::uint32_t PlayScriptType = 0xF755;
} // namespace opcode

// "PlayScriptId" for 0xF754 and so on; empty for an opcode this layer does not decode.
std::string_view opcodeName(std::uint32_t opcode);

// F754 (SmartBox::HandlePlayScriptID 0x00452020): exactly 12 bytes. Plays the DID directly.
struct PlayScriptId {
    static constexpr std::uint32_t kOpcode = opcode::PlayScriptId;
    std::uint32_t guid = 0;
    std::uint32_t scriptId = 0;

    static constexpr std::size_t kSize = 12;
    bool operator==(const PlayScriptId&) const = default;
};

// F755 (SmartBox::HandlePlayScriptType 0x00452070): exactly 16 bytes. The type may be one no
// table knows and the intensity any float, NaN payloads included: both stay raw until the
// target's table resolves them (R5).
struct PlayScriptType {
    static constexpr std::uint32_t kOpcode = opcode::PlayScriptType;
    std::uint32_t guid = 0;
    std::uint32_t scriptType = 0;
    std::uint32_t intensityBits = 0;

    float intensity() const;
    static constexpr std::size_t kSize = 16;
    bool operator==(const PlayScriptType&) const = default;
};

// F74B: guid, PhysicsState, then the Instance and State stamps (16 bytes).
struct SetState {
    static constexpr std::uint32_t kOpcode = opcode::SetState;
    std::uint32_t guid = 0;
    std::uint32_t state = 0;
    std::uint16_t instanceStamp = 0;
    std::uint16_t stateStamp = 0;

    static constexpr std::size_t kSize = 16;
    bool operator==(const SetState&) const = default;
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
    bool operator==(const VectorUpdate&) const = default;
};

// F747 (SmartBox::HandleDeleteObject 0x00451EA0): guid, the Instance stamp, two pad bytes
// (exactly 12). Only the exact live Instance ends the generation (ObjectTimestamps::onDelete).
struct DeleteObject {
    static constexpr std::uint32_t kOpcode = opcode::DeleteObject;
    std::uint32_t guid = 0;
    std::uint16_t instanceStamp = 0;
    // Skipped unread by retail; kept only so a message re-encodes byte for byte (zero when built).
    std::array<std::uint8_t, 2> alignPad{};

    static constexpr std::size_t kSize = 12;
    bool operator==(const DeleteObject&) const = default;
};

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

    bool operator==(const UpdatePosition&) const = default;
};

// A PackedDWORD of a known DID type: 2 bytes when the first u16's top bit is clear, else 4
// ((first & 0x7FFF) << 16 | second). Zero stays zero; any other value is offset by the type.
struct PackedId {
    std::uint32_t packed = 0;
    bool longForm = false; // kept so a 4-byte spelling of a small value re-encodes as read

    std::uint32_t id(std::uint32_t knownType) const { return packed ? packed + knownType : 0; }
    bool operator==(const PackedId&) const = default;
};

struct SubPalette {
    PackedId paletteId; // of type 0x04000000
    std::uint8_t offset = 0;
    std::uint8_t colorCount = 0;
    bool operator==(const SubPalette&) const = default;
};

struct TextureChange {
    std::uint8_t partIndex = 0;
    PackedId oldTexture; // of type 0x05000000
    PackedId newTexture;
    bool operator==(const TextureChange&) const = default;
};

struct AnimPartChange {
    std::uint8_t partIndex = 0;
    PackedId partId; // of type 0x01000000
    bool operator==(const AnimPartChange&) const = default;
};

constexpr std::uint32_t kPaletteType = 0x04000000;
constexpr std::uint32_t kTextureType = 0x05000000;
constexpr std::uint32_t kGfxObjType = 0x01000000;

// ModelData (the ObjDesc of a CreateObject): a marker byte (0x11 from ACE; kept as sent), three
// u8 counts, the base palette only when there are sub-palettes, the three lists, align to 4.
struct ModelData {
    std::uint8_t marker = 0x11;
    std::optional<PackedId> basePalette;
    std::vector<SubPalette> subPalettes;
    std::vector<TextureChange> textureChanges;
    std::vector<AnimPartChange> animPartChanges;
    std::array<std::uint8_t, 3> alignPad{};

    static ModelData decode(dat::ByteCursor& in);
    void encode(dat::ByteWriter& out) const;
    // The inverse of the "model" object of a CreateObject's JSON. Every key may be left out
    // (marker 0x11, no changes); an id must be zero or of its known type.
    static ModelData fromJson(const dat::JsonNode& node);
    bool operator==(const ModelData&) const = default;
};

// F745 as far as the physics: guid, ModelData, PhysicsDesc; the weenie description after it
// is kept as raw bytes.
struct CreateObject {
    static constexpr std::uint32_t kOpcode = opcode::CreateObject;
    std::uint32_t guid = 0;
    ModelData model;
    PhysicsDesc physics;
    std::vector<std::uint8_t> weenieDescription;
};

using Message = std::variant<CreateObject, SetState, VectorUpdate, PlayScriptId, PlayScriptType,
                             DeleteObject, UpdatePosition>;

std::uint32_t opcodeOf(const Message& message);
std::uint32_t guidOf(const Message& message);

// Decodes one message body (opcode first). Unknown opcodes, truncation and bytes left over
// throw DatError naming the field; the offset is from the start of `bytes`.
Message decodeMessage(std::span<const std::uint8_t> bytes);
// The mirror of decodeMessage: encodeMessage(decodeMessage(b)) == b.
std::vector<std::uint8_t> encodeMessage(const Message& message);

// {"opcode": "0x0000F755", "name": "PlayScriptType", "guid": ..., ...fields}.
QJsonObject toJson(const Message& message);

// The inverse of toJson(const Message&): for every message m, messageFromJson(toJson(m))
// encodes to the bytes of m. For hand-written sources "opcode" may be the hex opcode, a number
// or the name ("PlayScriptType"), or be left out when "name" is given; stamps left out are zero;
// a PhysicsDesc's or PositionPack's "flags" may be left out (see their fromJson). {"hex": "..."}
// is also accepted and decoded as bytes. The message is checked by encoding it, so what comes
// back can always be encoded. Errors throw DatError naming the key path below `node`'s.
Message messageFromJson(const dat::JsonNode& node);
Message messageFromJson(const QJsonObject& json);

} // namespace portalkit::preview::wire
