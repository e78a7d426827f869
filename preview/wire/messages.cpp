#include "messages.h"

#include "io/dat_error.h"
#include "wire/values.h"

#include <QJsonArray>
#include <bit>
#include <string>

namespace portalkit::preview::wire {

namespace {

using dat::ByteCursor;
using dat::ByteWriter;

PackedId readPackedId(ByteCursor& in, const char* field) {
    const std::uint16_t first = in.u16(field);
    if ((first & 0x8000) == 0)
        return {first, false};
    const std::uint16_t second = in.u16(field);
    return {(std::uint32_t(first & 0x7FFF) << 16) | second, true};
}

void writePackedId(ByteWriter& out, PackedId value, const char* field) {
    if (value.packed > 0x7FFFFFFF)
        throw dat::DatError(field, "a PackedDWORD holds at most 31 bits", 0,
                            dat::OffsetKind::Source);
    if (!value.longForm && value.packed > 0x7FFF)
        throw dat::DatError(field, "a value above 0x7FFF needs the 4-byte form", 0,
                            dat::OffsetKind::Source);
    if (value.longForm) {
        out.u16(std::uint16_t(0x8000 | (value.packed >> 16)));
        out.u16(std::uint16_t(value.packed & 0xFFFF));
    } else {
        out.u16(std::uint16_t(value.packed));
    }
}

std::array<std::uint8_t, 3> readAlign(ByteCursor& in, const char* field) {
    std::array<std::uint8_t, 3> pad{};
    const auto bytes = in.bytes((4 - in.position() % 4) % 4, field);
    std::copy(bytes.begin(), bytes.end(), pad.begin());
    return pad;
}

void writeAlign(ByteWriter& out, const std::array<std::uint8_t, 3>& pad) {
    out.bytes(std::span(pad.data(), (4 - out.size() % 4) % 4));
}

// Lists whose counts the remaining bytes cannot hold fail before anything is reserved.
void requireRoom(ByteCursor& in, std::size_t minimumBytes, const char* field) {
    if (minimumBytes > in.remaining())
        in.fail(field, "the lists need at least " + std::to_string(minimumBytes) + " bytes, only " +
                           std::to_string(in.remaining()) + " left");
}

std::uint8_t countOf(std::size_t size, const char* field) {
    if (size > 0xFF)
        throw dat::DatError(field, "at most 255 entries fit a u8 count", 0,
                            dat::OffsetKind::Source);
    return std::uint8_t(size);
}

void readOpcode(ByteCursor& in, std::uint32_t expected) {
    const std::uint32_t opcode = in.u32("opcode");
    if (opcode != expected)
        in.failAt(0, "opcode", "expected " + dat::formatDid(expected));
}

PlayScriptId decodePlayScriptId(ByteCursor& in) {
    readOpcode(in, opcode::PlayScriptId);
    PlayScriptId message;
    message.guid = in.u32("PlayScriptId.guid");
    message.scriptId = in.u32("PlayScriptId.scriptId");
    return message;
}

PlayScriptType decodePlayScriptType(ByteCursor& in) {
    readOpcode(in, opcode::PlayScriptType);
    PlayScriptType message;
    message.guid = in.u32("PlayScriptType.guid");
    message.scriptType = in.u32("PlayScriptType.scriptType");
    message.intensityBits = in.u32("PlayScriptType.intensity"); // raw: a NaN payload survives
    return message;
}

SetState decodeSetState(ByteCursor& in) {
    readOpcode(in, opcode::SetState);
    SetState message;
    message.guid = in.u32("SetState.guid");
    message.state = in.u32("SetState.state");
    message.instanceStamp = in.u16("SetState.instanceStamp");
    message.stateStamp = in.u16("SetState.stateStamp");
    return message;
}

VectorUpdate decodeVectorUpdate(ByteCursor& in) {
    readOpcode(in, opcode::VectorUpdate);
    VectorUpdate message;
    message.guid = in.u32("VectorUpdate.guid");
    message.velocity = readVector(in, "VectorUpdate.velocity");
    message.omega = readVector(in, "VectorUpdate.omega");
    message.instanceStamp = in.u16("VectorUpdate.instanceStamp");
    message.vectorStamp = in.u16("VectorUpdate.vectorStamp");
    return message;
}

CreateObject decodeCreateObject(ByteCursor& in) {
    readOpcode(in, opcode::CreateObject);
    CreateObject message;
    message.guid = in.u32("CreateObject.guid");
    message.model = ModelData::decode(in);
    message.physics = PhysicsDesc::decode(in);
    const auto rest = in.bytes(in.remaining(), "CreateObject.weenieDescription");
    message.weenieDescription.assign(rest.begin(), rest.end());
    return message;
}

QJsonObject packedJson(PackedId value, std::uint32_t knownType) {
    QJsonObject out{{"id", hexJson(value.id(knownType))}};
    if (value.longForm && value.packed <= 0x7FFF)
        out["longForm"] = true; // only worth saying when it is not the canonical spelling
    return out;
}

QJsonObject modelJson(const ModelData& model) {
    QJsonObject out;
    out["marker"] = hexJson(model.marker);
    if (model.basePalette)
        out["basePalette"] = packedJson(*model.basePalette, kPaletteType);
    QJsonArray palettes;
    for (const SubPalette& palette : model.subPalettes) {
        QJsonObject entry = packedJson(palette.paletteId, kPaletteType);
        entry["offset"] = palette.offset;
        entry["colorCount"] = palette.colorCount;
        palettes.append(entry);
    }
    out["subPalettes"] = palettes;
    QJsonArray textures;
    for (const TextureChange& change : model.textureChanges)
        textures.append(QJsonObject{{"partIndex", change.partIndex},
                                    {"oldTexture", packedJson(change.oldTexture, kTextureType)},
                                    {"newTexture", packedJson(change.newTexture, kTextureType)}});
    out["textureChanges"] = textures;
    QJsonArray parts;
    for (const AnimPartChange& change : model.animPartChanges) {
        QJsonObject entry = packedJson(change.partId, kGfxObjType);
        entry["partIndex"] = change.partIndex;
        parts.append(entry);
    }
    out["animPartChanges"] = parts;
    if (model.alignPad != std::array<std::uint8_t, 3>{})
        out["alignPad"] = QString::fromLatin1(
            QByteArray(reinterpret_cast<const char*>(model.alignPad.data()), 3).toHex());
    return out;
}

} // namespace

std::string_view opcodeName(std::uint32_t code) {
    switch (code) {
    case opcode::CreateObject:
        return "CreateObject";
    case opcode::SetState:
        return "SetState";
    case opcode::VectorUpdate:
        return "VectorUpdate";
    case opcode::PlayScriptId:
        return "PlayScriptId";
    case opcode::PlayScriptType:
        return "PlayScriptType";
    }
    return {};
}

float PlayScriptType::intensity() const {
    return std::bit_cast<float>(intensityBits);
}

ModelData ModelData::decode(ByteCursor& in) {
    ModelData model;
    model.marker = in.u8("ModelData.marker");
    const std::uint8_t paletteCount = in.u8("ModelData.subPaletteCount");
    const std::uint8_t textureCount = in.u8("ModelData.textureChangeCount");
    const std::uint8_t partCount = in.u8("ModelData.animPartChangeCount");
    // Each entry is at least 4, 5 and 3 bytes: a count the rest cannot hold fails at once.
    requireRoom(in,
                std::size_t(paletteCount) * 4 + std::size_t(textureCount) * 5 +
                    std::size_t(partCount) * 3,
                "ModelData.counts");
    if (paletteCount > 0)
        model.basePalette = readPackedId(in, "ModelData.basePalette");
    model.subPalettes.reserve(paletteCount);
    for (std::uint8_t i = 0; i < paletteCount; ++i) {
        SubPalette palette;
        palette.paletteId = readPackedId(in, "ModelData.subPalettes.paletteId");
        palette.offset = in.u8("ModelData.subPalettes.offset");
        palette.colorCount = in.u8("ModelData.subPalettes.colorCount");
        model.subPalettes.push_back(palette);
    }
    model.textureChanges.reserve(textureCount);
    for (std::uint8_t i = 0; i < textureCount; ++i) {
        TextureChange change;
        change.partIndex = in.u8("ModelData.textureChanges.partIndex");
        change.oldTexture = readPackedId(in, "ModelData.textureChanges.oldTexture");
        change.newTexture = readPackedId(in, "ModelData.textureChanges.newTexture");
        model.textureChanges.push_back(change);
    }
    model.animPartChanges.reserve(partCount);
    for (std::uint8_t i = 0; i < partCount; ++i) {
        AnimPartChange change;
        change.partIndex = in.u8("ModelData.animPartChanges.partIndex");
        change.partId = readPackedId(in, "ModelData.animPartChanges.partId");
        model.animPartChanges.push_back(change);
    }
    model.alignPad = readAlign(in, "ModelData.align");
    return model;
}

void ModelData::encode(ByteWriter& out) const {
    if (basePalette.has_value() != !subPalettes.empty())
        throw dat::DatError("ModelData.basePalette", "present exactly when there are sub-palettes",
                            0, dat::OffsetKind::Source);
    out.u8(marker);
    out.u8(countOf(subPalettes.size(), "ModelData.subPalettes"));
    out.u8(countOf(textureChanges.size(), "ModelData.textureChanges"));
    out.u8(countOf(animPartChanges.size(), "ModelData.animPartChanges"));
    if (basePalette)
        writePackedId(out, *basePalette, "ModelData.basePalette");
    for (const SubPalette& palette : subPalettes) {
        writePackedId(out, palette.paletteId, "ModelData.subPalettes.paletteId");
        out.u8(palette.offset);
        out.u8(palette.colorCount);
    }
    for (const TextureChange& change : textureChanges) {
        out.u8(change.partIndex);
        writePackedId(out, change.oldTexture, "ModelData.textureChanges.oldTexture");
        writePackedId(out, change.newTexture, "ModelData.textureChanges.newTexture");
    }
    for (const AnimPartChange& change : animPartChanges) {
        out.u8(change.partIndex);
        writePackedId(out, change.partId, "ModelData.animPartChanges.partId");
    }
    writeAlign(out, alignPad);
}

std::uint32_t opcodeOf(const Message& message) {
    return std::visit(
        [](const auto& value) -> std::uint32_t {
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, CreateObject>)
                return opcode::CreateObject;
            else if constexpr (std::is_same_v<T, SetState>)
                return opcode::SetState;
            else if constexpr (std::is_same_v<T, VectorUpdate>)
                return opcode::VectorUpdate;
            else if constexpr (std::is_same_v<T, PlayScriptId>)
                return opcode::PlayScriptId;
            else
                return opcode::PlayScriptType;
        },
        message);
}

std::uint32_t guidOf(const Message& message) {
    return std::visit([](const auto& value) { return value.guid; }, message);
}

Message decodeMessage(std::span<const std::uint8_t> bytes) {
    ByteCursor in(bytes);
    // Peek the opcode; each decoder reads it again so its offsets stay absolute.
    const std::uint32_t code = ByteCursor(bytes).u32("opcode");
    Message message;
    std::size_t exactSize = 0;
    switch (code) {
    case opcode::PlayScriptId:
        message = decodePlayScriptId(in);
        exactSize = PlayScriptId::kSize;
        break;
    case opcode::PlayScriptType:
        message = decodePlayScriptType(in);
        exactSize = PlayScriptType::kSize;
        break;
    case opcode::SetState:
        message = decodeSetState(in);
        exactSize = SetState::kSize;
        break;
    case opcode::VectorUpdate:
        message = decodeVectorUpdate(in);
        exactSize = VectorUpdate::kSize;
        break;
    case opcode::CreateObject:
        return decodeCreateObject(in);
    default:
        in.fail("opcode", "unsupported opcode " + dat::formatDid(code) +
                              " (wire decodes F745, F74B, F74E, F754, F755)");
    }
    if (!in.atEnd())
        in.fail(std::string(opcodeName(code)).c_str(), "is exactly " + std::to_string(exactSize) +
                                                           " bytes, got " +
                                                           std::to_string(bytes.size()));
    return message;
}

std::vector<std::uint8_t> encodeMessage(const Message& message) {
    ByteWriter out;
    out.u32(opcodeOf(message));
    std::visit(
        [&out](const auto& value) {
            using T = std::decay_t<decltype(value)>;
            out.u32(value.guid);
            if constexpr (std::is_same_v<T, PlayScriptId>) {
                out.u32(value.scriptId);
            } else if constexpr (std::is_same_v<T, PlayScriptType>) {
                out.u32(value.scriptType);
                out.u32(value.intensityBits);
            } else if constexpr (std::is_same_v<T, SetState>) {
                out.u32(value.state);
                out.u16(value.instanceStamp);
                out.u16(value.stateStamp);
            } else if constexpr (std::is_same_v<T, VectorUpdate>) {
                writeVector(out, value.velocity);
                writeVector(out, value.omega);
                out.u16(value.instanceStamp);
                out.u16(value.vectorStamp);
            } else {
                value.model.encode(out);
                value.physics.encode(out);
                out.bytes(value.weenieDescription);
            }
        },
        message);
    return out.take();
}

QJsonObject toJson(const Message& message) {
    const std::uint32_t code = opcodeOf(message);
    QJsonObject out{{"opcode", hexJson(code)},
                    {"name", QString::fromLatin1(opcodeName(code).data())},
                    {"guid", hexJson(guidOf(message))}};
    std::visit(
        [&out](const auto& value) {
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, PlayScriptId>) {
                out["scriptId"] = hexJson(value.scriptId);
            } else if constexpr (std::is_same_v<T, PlayScriptType>) {
                out["scriptType"] = hexJson(value.scriptType);
                putRealBits(out, "intensity", value.intensityBits);
                out["intensityBits"] = hexJson(value.intensityBits); // always: the raw truth
            } else if constexpr (std::is_same_v<T, SetState>) {
                out["state"] = hexJson(value.state);
                out["instanceStamp"] = value.instanceStamp;
                out["stateStamp"] = value.stateStamp;
            } else if constexpr (std::is_same_v<T, VectorUpdate>) {
                putVec3(out, "velocity", value.velocity);
                putVec3(out, "omega", value.omega);
                out["instanceStamp"] = value.instanceStamp;
                out["vectorStamp"] = value.vectorStamp;
            } else {
                out["model"] = modelJson(value.model);
                out["physics"] = toJson(value.physics);
                out["weenieDescription"] = QString::fromLatin1(
                    QByteArray(reinterpret_cast<const char*>(value.weenieDescription.data()),
                               qsizetype(value.weenieDescription.size()))
                        .toHex());
            }
        },
        message);
    return out;
}

} // namespace portalkit::preview::wire
