#pragma once

// The game messages the previewer's timeline needs, each decoded from and encoded to one message
// body starting at its u32 opcode (SEED §4; ACE's GameMessage layouts cross-checked).

#include "wire/physics_desc.h"

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
constexpr std::uint32_t SetState = 0xF74B;
constexpr std::uint32_t VectorUpdate = 0xF74E;
constexpr std::uint32_t PlayScriptId = 0xF754;
constexpr std::uint32_t PlayScriptType = 0xF755;
} // namespace opcode

// "PlayScriptId" for 0xF754 and so on; empty for an opcode this layer does not decode.
std::string_view opcodeName(std::uint32_t opcode);

// F754 (SmartBox::HandlePlayScriptID 0x00452020): exactly 12 bytes. Plays the DID directly.
struct PlayScriptId {
    std::uint32_t guid = 0;
    std::uint32_t scriptId = 0;

    static constexpr std::size_t kSize = 12;
    bool operator==(const PlayScriptId&) const = default;
};

// F755 (SmartBox::HandlePlayScriptType 0x00452070): exactly 16 bytes. The type may be one no
// table knows and the intensity any float, NaN payloads included: both stay raw until the
// target's table resolves them (R5).
struct PlayScriptType {
    std::uint32_t guid = 0;
    std::uint32_t scriptType = 0;
    std::uint32_t intensityBits = 0;

    float intensity() const;
    static constexpr std::size_t kSize = 16;
    bool operator==(const PlayScriptType&) const = default;
};

// F74B: guid, PhysicsState, then the Instance and State stamps (16 bytes).
struct SetState {
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
    std::uint32_t guid = 0;
    Vec3 velocity;
    Vec3 omega;
    std::uint16_t instanceStamp = 0;
    std::uint16_t vectorStamp = 0;

    static constexpr std::size_t kSize = 36;
    bool operator==(const VectorUpdate&) const = default;
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
    bool operator==(const ModelData&) const = default;
};

// F745 as far as the physics: guid, ModelData, PhysicsDesc; the weenie description after it
// is kept as raw bytes.
struct CreateObject {
    std::uint32_t guid = 0;
    ModelData model;
    PhysicsDesc physics;
    std::vector<std::uint8_t> weenieDescription;
};

using Message = std::variant<CreateObject, SetState, VectorUpdate, PlayScriptId, PlayScriptType>;

std::uint32_t opcodeOf(const Message& message);
std::uint32_t guidOf(const Message& message);

// Decodes one message body (opcode first). Unknown opcodes, truncation and bytes left over
// throw DatError naming the field; the offset is from the start of `bytes`.
Message decodeMessage(std::span<const std::uint8_t> bytes);
// The mirror of decodeMessage: encodeMessage(decodeMessage(b)) == b.
std::vector<std::uint8_t> encodeMessage(const Message& message);

// {"opcode": "0x0000F755", "name": "PlayScriptType", "guid": ..., ...fields}.
QJsonObject toJson(const Message& message);

} // namespace portalkit::preview::wire
