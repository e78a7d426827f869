#include "preview/wire/messages.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/values.h"

#include <QJsonArray>
#include <algorithm>
#include <bit>
#include <cstdio>
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

DeleteObject decodeDeleteObject(ByteCursor& in) {
    readOpcode(in, opcode::DeleteObject);
    DeleteObject message;
    message.guid = in.u32("DeleteObject.guid");
    message.instanceStamp = in.u16("DeleteObject.instanceStamp");
    const auto pad = in.bytes(message.alignPad.size(), "DeleteObject.align");
    std::copy(pad.begin(), pad.end(), message.alignPad.begin());
    return message;
}

UpdatePosition decodeUpdatePosition(ByteCursor& in) {
    readOpcode(in, opcode::UpdatePosition);
    UpdatePosition message;
    message.guid = in.u32("UpdatePosition.guid");
    message.position = PositionPack::decode(in);
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
        out["alignPad"] = bytesJson(model.alignPad);
    return out;
}

PackedId packedFromJson(const dat::JsonNode& node, std::uint32_t knownType) {
    const std::uint32_t id = node["id"].u32();
    // toJson writes id(knownType): zero, or the packed value offset by the type.
    const std::uint32_t packed = id - knownType;
    if (id != 0 && (packed == 0 || packed > 0x7FFFFFFF))
        node["id"].fail("not zero or an id of type " + dat::formatDid(knownType) + " (" +
                        dat::formatDid(knownType + 1) + ".." +
                        dat::formatDid(knownType + 0x7FFFFFFF) + ")");
    const std::uint32_t value = id == 0 ? 0 : packed;
    // Above 0x7FFF only the long form exists, so toJson leaves it unsaid.
    return {value, node["longForm"].boolean(false) || value > 0x7FFF};
}

// The four PositionPack stamps, in wire order, with their JSON channel names.
struct PackStamp {
    std::string_view key;
    const char* field;
    std::uint16_t PositionPack::*member;
};
constexpr std::array<PackStamp, 4> kPackStamps{{
    {"Instance", "PositionPack.timestamps.Instance", &PositionPack::instanceStamp},
    {"Position", "PositionPack.timestamps.Position", &PositionPack::positionStamp},
    {"Teleport", "PositionPack.timestamps.Teleport", &PositionPack::teleportStamp},
    {"ForcePosition", "PositionPack.timestamps.ForcePosition", &PositionPack::forcePositionStamp},
}};
constexpr auto kPackStampKeys = [] {
    std::array<std::string_view, kPackStamps.size()> keys{};
    for (std::size_t i = 0; i < keys.size(); ++i)
        keys[i] = kPackStamps[i].key;
    return keys;
}();

// The orientation components in wire order, each with the bit that omits it.
struct QuatComponent {
    float Quat::*member;
    std::uint32_t omittedBy;
    const char* field;
};
constexpr std::array<QuatComponent, 4> kQuatComponents{{
    {&Quat::w, posflag::OrientationHasNoW, "PositionPack.orientation.w"},
    {&Quat::x, posflag::OrientationHasNoX, "PositionPack.orientation.x"},
    {&Quat::y, posflag::OrientationHasNoY, "PositionPack.orientation.y"},
    {&Quat::z, posflag::OrientationHasNoZ, "PositionPack.orientation.z"},
}};

[[noreturn]] void inconsistent(const char* field, const std::string& message) {
    throw dat::DatError(field, message, 0, dat::OffsetKind::Source);
}

// Every opcode decodeMessage understands, for name lookups and error messages.
constexpr std::array<std::uint32_t, 7> kOpcodes{
    opcode::CreateObject, opcode::DeleteObject, opcode::UpdatePosition, opcode::SetState,
    opcode::VectorUpdate, opcode::PlayScriptId, opcode::PlayScriptType,
};

std::string knownOpcodes() {
    std::string list;
    for (std::uint32_t code : kOpcodes) {
        char text[5];
        std::snprintf(text, sizeof text, "%04X", code);
        list += (list.empty() ? "" : ", ") + std::string(text);
    }
    return list;
}

std::uint32_t opcodeByName(const dat::JsonNode& node) {
    const std::string name = node.string().toStdString();
    for (std::uint32_t code : kOpcodes)
        if (opcodeName(code) == name)
            return code;
    node.fail("'" + name + "' is neither a hex opcode (\"0x0000F755\") nor a message name");
}

// "opcode" as "0x0000F755", a number or a name; or only "name". When both are given they must
// agree, so a pasted JSON whose opcode was edited does not silently keep the old name.
std::uint32_t opcodeFromJson(const dat::JsonNode& node) {
    const dat::JsonNode opcodeNode = node["opcode"];
    const dat::JsonNode nameNode = node["name"];
    std::uint32_t code = 0;
    if (opcodeNode.isString() && !opcodeNode.string().startsWith("0x", Qt::CaseInsensitive))
        code = opcodeByName(opcodeNode);
    else if (!opcodeNode.isMissing())
        code = opcodeNode.u32();
    else if (!nameNode.isMissing())
        return opcodeByName(nameNode);
    else
        opcodeNode.fail("expected the opcode (\"0x0000F755\" or \"PlayScriptType\") or a name");
    if (opcodeName(code).empty())
        opcodeNode.fail("unsupported opcode " + dat::formatDid(code) + " (wire decodes " +
                        knownOpcodes() + ")");
    if (!nameNode.isMissing() && nameNode.string().toStdString() != opcodeName(code))
        nameNode.fail("does not name opcode " + dat::formatDid(code) + " (" +
                      std::string(opcodeName(code)) + ")");
    return code;
}

} // namespace

std::string_view opcodeName(std::uint32_t code) {
    switch (code) {
    case opcode::CreateObject:
        return "CreateObject";
    case opcode::DeleteObject:
        return "DeleteObject";
    case opcode::UpdatePosition:
        return "UpdatePosition";
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

ModelData ModelData::fromJson(const dat::JsonNode& node) {
    ModelData model;
    model.marker = node["marker"].u8(0x11);
    if (node.has("basePalette"))
        model.basePalette = packedFromJson(node["basePalette"], kPaletteType);
    for (const dat::JsonNode& entry : node["subPalettes"].elements())
        model.subPalettes.push_back(
            {packedFromJson(entry, kPaletteType), entry["offset"].u8(), entry["colorCount"].u8()});
    for (const dat::JsonNode& entry : node["textureChanges"].elements())
        model.textureChanges.push_back({entry["partIndex"].u8(),
                                        packedFromJson(entry["oldTexture"], kTextureType),
                                        packedFromJson(entry["newTexture"], kTextureType)});
    for (const dat::JsonNode& entry : node["animPartChanges"].elements())
        model.animPartChanges.push_back(
            {entry["partIndex"].u8(), packedFromJson(entry, kGfxObjType)});
    model.alignPad = padFromJson<3>(node["alignPad"]);
    return model;
}

PositionPack PositionPack::decode(ByteCursor& in) {
    PositionPack pack;
    pack.flags = in.u32("PositionPack.flags");
    pack.cellId = in.u32("PositionPack.cellId");
    pack.frame.origin = readVector(in, "PositionPack.origin");
    // Omitted components are zero (PositionPack::UnPack), not the identity's w = 1.
    pack.frame.orientation = Quat(0, 0, 0, 0);
    for (const QuatComponent& component : kQuatComponents)
        if ((pack.flags & component.omittedBy) == 0)
            pack.frame.orientation.*component.member = in.f32(component.field);
    if (pack.flags & posflag::HasVelocity)
        pack.velocity = readVector(in, "PositionPack.velocity");
    if (pack.flags & posflag::HasPlacementId)
        pack.placementId = in.u32("PositionPack.placementId");
    for (const PackStamp& stamp : kPackStamps)
        pack.*stamp.member = in.u16(stamp.field);
    return pack;
}

void PositionPack::encode(ByteWriter& out) const {
    if (((flags & posflag::HasVelocity) != 0) != velocity.has_value())
        inconsistent("PositionPack.velocity", "the HasVelocity bit and the field disagree");
    if (((flags & posflag::HasPlacementId) != 0) != placementId.has_value())
        inconsistent("PositionPack.placementId", "the HasPlacementID bit and the field disagree");
    for (const QuatComponent& component : kQuatComponents) {
        const float value = frame.orientation.*component.member;
        if ((flags & component.omittedBy) != 0 && std::bit_cast<std::uint32_t>(value) != 0)
            inconsistent(component.field, "omitted by its flag bit, so it must be +0, not " +
                                              QString::number(value, 'g', 9).toStdString());
    }
    out.u32(flags);
    out.u32(cellId);
    writeVector(out, frame.origin);
    for (const QuatComponent& component : kQuatComponents)
        if ((flags & component.omittedBy) == 0)
            out.f32(frame.orientation.*component.member);
    if (velocity)
        writeVector(out, *velocity);
    if (placementId)
        out.u32(*placementId);
    for (const PackStamp& stamp : kPackStamps)
        out.u16(this->*stamp.member);
}

void PositionPack::syncFlags() {
    flags = velocity ? flags | posflag::HasVelocity : flags & ~posflag::HasVelocity;
    flags = placementId ? flags | posflag::HasPlacementId : flags & ~posflag::HasPlacementId;
}

PositionPack PositionPack::fromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a PositionPack object");
    PositionPack pack;
    pack.cellId = node["cellId"].u32();
    pack.frame = frameMembersFromJson(node);
    if (hasReal(node, "velocity"))
        pack.velocity = vec3MemberFromJson(node, "velocity");
    if (node.has("placementId"))
        pack.placementId = node["placementId"].u32();
    const dat::JsonNode stamps = node["timestamps"];
    requireOnlyKeys(stamps, kPackStampKeys);
    for (const PackStamp& stamp : kPackStamps)
        pack.*stamp.member = stamps[stamp.key].u16(0);
    if (node.has("flags")) {
        pack.flags = node["flags"].u32();
        if (node.has("grounded") && node["grounded"].boolean() != pack.grounded())
            node["grounded"].fail("disagrees with the IsGrounded bit of \"flags\"");
    } else {
        if (node["grounded"].boolean(false))
            pack.flags |= posflag::IsGrounded;
        pack.syncFlags();
    }
    return pack;
}

QJsonObject toJson(const PositionPack& pack) {
    QJsonObject out = frameJson(pack.frame);
    out["flags"] = hexJson(pack.flags);
    out["cellId"] = hexJson(pack.cellId);
    if (pack.velocity)
        putVec3(out, "velocity", *pack.velocity);
    if (pack.placementId)
        out["placementId"] = qint64(*pack.placementId);
    out["grounded"] = pack.grounded();
    QJsonObject stamps;
    for (const PackStamp& stamp : kPackStamps)
        stamps[QString::fromLatin1(stamp.key.data(), qsizetype(stamp.key.size()))] =
            pack.*stamp.member;
    out["timestamps"] = stamps;
    return out;
}

std::uint32_t opcodeOf(const Message& message) {
    return std::visit([](const auto& value) { return value.kOpcode; }, message);
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
    std::string sizeNote;
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
    case opcode::DeleteObject:
        message = decodeDeleteObject(in);
        exactSize = DeleteObject::kSize;
        break;
    case opcode::UpdatePosition: {
        UpdatePosition update = decodeUpdatePosition(in);
        exactSize = in.position(); // as long as its flags say, and no longer
        sizeNote = " for flags " + dat::formatDid(update.position.flags);
        message = std::move(update);
        break;
    }
    case opcode::CreateObject:
        return decodeCreateObject(in);
    default:
        in.fail("opcode", "unsupported opcode " + dat::formatDid(code) + " (wire decodes " +
                              knownOpcodes() + ")");
    }
    if (!in.atEnd())
        in.fail(std::string(opcodeName(code)).c_str(), "is exactly " + std::to_string(exactSize) +
                                                           " bytes" + sizeNote + ", got " +
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
            } else if constexpr (std::is_same_v<T, DeleteObject>) {
                out.u16(value.instanceStamp);
                out.bytes(value.alignPad);
            } else if constexpr (std::is_same_v<T, UpdatePosition>) {
                value.position.encode(out);
            } else {
                static_assert(std::is_same_v<T, CreateObject>);
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
            } else if constexpr (std::is_same_v<T, DeleteObject>) {
                out["instanceStamp"] = value.instanceStamp;
                if (value.alignPad != std::array<std::uint8_t, 2>{})
                    out["alignPad"] = bytesJson(value.alignPad);
            } else if constexpr (std::is_same_v<T, UpdatePosition>) {
                out["position"] = toJson(value.position);
            } else {
                static_assert(std::is_same_v<T, CreateObject>);
                out["model"] = modelJson(value.model);
                out["physics"] = toJson(value.physics);
                out["weenieDescription"] = bytesJson(value.weenieDescription);
            }
        },
        message);
    return out;
}

namespace {

Message fieldsFromJson(const dat::JsonNode& node, std::uint32_t code) {
    const std::uint32_t guid = node["guid"].u32();
    switch (code) {
    case opcode::PlayScriptId:
        return PlayScriptId{guid, node["scriptId"].u32()};
    case opcode::PlayScriptType:
        // A NaN's payload comes from intensityBits; any other intensity is exact as written.
        return PlayScriptType{guid, node["scriptType"].u32(), realBitsFromJson(node, "intensity")};
    case opcode::SetState:
        return SetState{guid, node["state"].u32(), node["instanceStamp"].u16(0),
                        node["stateStamp"].u16(0)};
    case opcode::VectorUpdate: {
        VectorUpdate update{guid, vec3MemberFromJson(node, "velocity"), Vec3{},
                            node["instanceStamp"].u16(0), node["vectorStamp"].u16(0)};
        if (hasReal(node, "omega"))
            update.omega = vec3MemberFromJson(node, "omega");
        return update;
    }
    case opcode::DeleteObject:
        return DeleteObject{guid, node["instanceStamp"].u16(0), padFromJson<2>(node["alignPad"])};
    case opcode::UpdatePosition:
        return UpdatePosition{guid, PositionPack::fromJson(node["position"])};
    default: { // CreateObject: opcodeFromJson lets only known opcodes through
        CreateObject create;
        create.guid = guid;
        create.model = ModelData::fromJson(node["model"]);
        create.physics = PhysicsDesc::fromJson(node["physics"]);
        if (node.has("weenieDescription"))
            create.weenieDescription = bytesFromJson(node["weenieDescription"]);
        return create;
    }
    }
}

std::string where(const dat::JsonNode& node) {
    return node.path().empty() ? "the message" : node.path();
}

} // namespace

Message messageFromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a message object");
    if (node.has("hex")) {
        if (node.has("opcode") || node.has("name"))
            node["hex"].fail("give the message either as bytes or as fields, not both");
        const std::vector<std::uint8_t> bytes = bytesFromJson(node["hex"]);
        try {
            return decodeMessage(bytes);
        } catch (dat::DatError& error) {
            error.withContext("decoding the bytes of " + where(node));
            throw;
        }
    }
    Message message = fieldsFromJson(node, opcodeFromJson(node));
    // Encoding checks what the fields cannot check one by one (flags against fields, pads,
    // PackedDWORD ranges), so the caller never holds a message with no bytes.
    try {
        (void)encodeMessage(message);
    } catch (dat::DatError& error) {
        error.withContext("checking " + where(node) + " read from JSON");
        throw;
    }
    return message;
}

Message messageFromJson(const QJsonObject& json) {
    return messageFromJson(dat::JsonNode(json, ""));
}

} // namespace portalkit::preview::wire
