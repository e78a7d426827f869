#include "preview/wire/object_messages.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/values.h"

#include <QJsonArray>
#include <algorithm>
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

// `count` entries, each made by `readOne`.
template <typename T, typename ReadOne>
void readEntries(std::uint8_t count, std::vector<T>& entries, const ReadOne& readOne) {
    entries.reserve(count);
    for (std::uint8_t i = 0; i < count; ++i)
        entries.push_back(readOne());
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

QJsonObject packedJson(PackedId value, std::uint32_t knownType) {
    QJsonObject out{{"id", hexJson(value.id(knownType))}};
    if (value.longForm && value.packed <= 0x7FFF)
        out["longForm"] = true; // only worth saying when it is not the canonical spelling
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

} // namespace

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
    // Braced lists read their members left to right, in wire order.
    readEntries(paletteCount, model.subPalettes, [&in] {
        return SubPalette{readPackedId(in, "ModelData.subPalettes.paletteId"),
                          in.u8("ModelData.subPalettes.offset"),
                          in.u8("ModelData.subPalettes.colorCount")};
    });
    readEntries(textureCount, model.textureChanges, [&in] {
        return TextureChange{in.u8("ModelData.textureChanges.partIndex"),
                             readPackedId(in, "ModelData.textureChanges.oldTexture"),
                             readPackedId(in, "ModelData.textureChanges.newTexture")};
    });
    readEntries(partCount, model.animPartChanges, [&in] {
        return AnimPartChange{in.u8("ModelData.animPartChanges.partIndex"),
                              readPackedId(in, "ModelData.animPartChanges.partId")};
    });
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

QJsonObject toJson(const ModelData& model) {
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

} // namespace portalkit::preview::wire
