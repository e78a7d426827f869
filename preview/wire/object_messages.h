#pragma once

// The messages that begin and end an object: F745 CreateObject (its ModelData and PhysicsDesc)
// and F747 DeleteObject (docs/wire.md).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/wire/opcodes.h"
#include "preview/wire/physics_desc.h"

#include <QJsonObject>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::preview::wire {

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

// The "model" object of a CreateObject's JSON; ModelData::fromJson is the inverse.
QJsonObject toJson(const ModelData& model);

// F745 as far as the physics: guid, ModelData, PhysicsDesc; the weenie description after it
// is kept as raw bytes.
struct CreateObject {
    static constexpr std::uint32_t kOpcode = opcode::CreateObject;
    std::uint32_t guid = 0;
    ModelData model;
    PhysicsDesc physics;
    std::vector<std::uint8_t> weenieDescription;

    // One list for decode, encode and JSON (preview/wire/fields.h); the weenie description
    // may be left out of the JSON (empty).
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.part("model", m.model);
        io.part("physics", m.physics);
        io.rest("CreateObject.weenieDescription", m.weenieDescription);
    }
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
    // One list for decode, encode and JSON (preview/wire/fields.h).
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.stamp("DeleteObject.instanceStamp", m.instanceStamp);
        io.pad("DeleteObject.align", "alignPad", m.alignPad);
    }
    bool operator==(const DeleteObject&) const = default;
};

} // namespace portalkit::preview::wire
