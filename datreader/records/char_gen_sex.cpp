// CharGen's genders: the model, tables and appearance choices of one gender of a heritage, and
// the object descriptions the choices apply (docs/formats.md#chargen).

#include "datreader/records/char_gen.h"
#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

constexpr std::uint32_t kPaletteType = 0x04000000;
constexpr std::uint32_t kTextureType = 0x05000000;
constexpr std::uint32_t kGfxObjType = 0x01000000;
constexpr std::uint32_t kLargestOffset = 0x3FFFFFFF; // 14 + 16 bits of the long form

[[noreturn]] void invalid(const char* field, const std::string& message) {
    throw DatError(field, message, 0, OffsetKind::Entry);
}

PackedId readPackedId(ByteCursor& in, std::uint32_t knownType, const char* field) {
    const std::size_t at = in.position();
    const ByteCursor::PackedDid packed = in.packedDid(knownType, field);
    if (packed.longForm) {
        // Bit 0x4000 of the long form's first word carries nothing readers use; refuse it
        // rather than drop it.
        in.seek(at, field);
        const std::uint16_t word = in.u16(field);
        in.seek(at + 4, field);
        if (word & 0x4000)
            in.failAt(at, field, "a long packed DID with bit 0x4000 set (not kept)");
    }
    return {packed.did, packed.longForm};
}

void writePackedId(ByteWriter& out, const PackedId& id, std::uint32_t knownType,
                   const char* field) {
    if (id.did < knownType || id.did - knownType > kLargestOffset)
        invalid(field, formatDid(id.did) + " lies outside the type at " + formatDid(knownType));
    out.packedDid(id.did, knownType, id.longForm);
}

QJsonValue packedIdJson(const PackedId& id) {
    if (!id.longForm)
        return didJson(id.did);
    return QJsonObject{{"did", didJson(id.did)}, {"longForm", true}};
}

PackedId packedIdFromJson(const JsonNode& node, std::uint32_t knownType) {
    PackedId id;
    if (node.isObject()) {
        id.did = node["did"].u32();
        id.longForm = node["longForm"].boolean(false);
    } else {
        id.did = node.u32();
    }
    if (id.did < knownType || id.did - knownType > kLargestOffset)
        node.fail(formatDid(id.did) + " is not an id of the type at " + formatDid(knownType));
    return id;
}

void writeCount8(ByteWriter& out, std::size_t count, const char* field) {
    if (count > 0xFF)
        invalid(field, std::to_string(count) + " entries, more than a u8 count holds");
    out.u8(std::uint8_t(count));
}

ObjDesc readObjDesc(ByteCursor& in) {
    ObjDesc desc;
    desc.padBefore = readPad(in, "objDesc.padBefore");
    desc.version = in.u8("objDesc.version");
    const std::uint8_t subPalettes = in.u8("objDesc.subPalettes");
    const std::uint8_t textures = in.u8("objDesc.textureChanges");
    const std::uint8_t parts = in.u8("objDesc.animPartChanges");
    if (subPalettes > 0)
        desc.paletteId = readPackedId(in, kPaletteType, "objDesc.paletteId");
    // Counts are single bytes, so no list can ask for much.
    desc.subPalettes = readItems(in, subPalettes, [](ByteCursor& c) {
        SubPalette sub;
        sub.palette = readPackedId(c, kPaletteType, "objDesc.subPalettes.palette");
        sub.offset = c.u8("objDesc.subPalettes.offset");
        sub.numColors = c.u8("objDesc.subPalettes.numColors");
        return sub;
    });
    desc.textureChanges = readItems(in, textures, [](ByteCursor& c) {
        TextureMapChange change;
        change.partIndex = c.u8("objDesc.textureChanges.partIndex");
        change.oldTexture = readPackedId(c, kTextureType, "objDesc.textureChanges.oldTexture");
        change.newTexture = readPackedId(c, kTextureType, "objDesc.textureChanges.newTexture");
        return change;
    });
    desc.animPartChanges = readItems(in, parts, [](ByteCursor& c) {
        AnimPartChange change;
        change.partIndex = c.u8("objDesc.animPartChanges.partIndex");
        change.partId = readPackedId(c, kGfxObjType, "objDesc.animPartChanges.partId");
        return change;
    });
    desc.padAfter = readPad(in, "objDesc.padAfter");
    return desc;
}

void writeObjDesc(ByteWriter& out, const ObjDesc& desc) {
    if (desc.subPalettes.empty() && desc.paletteId != PackedId{})
        invalid("objDesc.paletteId", "a palette id is stored only with sub-palettes");
    writePad(out, desc.padBefore, "objDesc.padBefore");
    out.u8(desc.version);
    writeCount8(out, desc.subPalettes.size(), "objDesc.subPalettes");
    writeCount8(out, desc.textureChanges.size(), "objDesc.textureChanges");
    writeCount8(out, desc.animPartChanges.size(), "objDesc.animPartChanges");
    if (!desc.subPalettes.empty())
        writePackedId(out, desc.paletteId, kPaletteType, "objDesc.paletteId");
    for (const SubPalette& sub : desc.subPalettes) {
        writePackedId(out, sub.palette, kPaletteType, "objDesc.subPalettes.palette");
        out.u8(sub.offset);
        out.u8(sub.numColors);
    }
    for (const TextureMapChange& change : desc.textureChanges) {
        out.u8(change.partIndex);
        writePackedId(out, change.oldTexture, kTextureType, "objDesc.textureChanges.oldTexture");
        writePackedId(out, change.newTexture, kTextureType, "objDesc.textureChanges.newTexture");
    }
    for (const AnimPartChange& change : desc.animPartChanges) {
        out.u8(change.partIndex);
        writePackedId(out, change.partId, kGfxObjType, "objDesc.animPartChanges.partId");
    }
    writePad(out, desc.padAfter, "objDesc.padAfter");
}

QJsonObject objDescToJson(const ObjDesc& desc) {
    QJsonObject object{{"version", desc.version}};
    if (!desc.subPalettes.empty())
        object["paletteId"] = packedIdJson(desc.paletteId);
    object["subPalettes"] = listToJson(desc.subPalettes, [](const SubPalette& sub) {
        return QJsonObject{{"palette", packedIdJson(sub.palette)},
                           {"offset", sub.offset},
                           {"numColors", sub.numColors}};
    });
    object["textureChanges"] = listToJson(desc.textureChanges, [](const TextureMapChange& c) {
        return QJsonObject{{"partIndex", c.partIndex},
                           {"oldTexture", packedIdJson(c.oldTexture)},
                           {"newTexture", packedIdJson(c.newTexture)}};
    });
    object["animPartChanges"] = listToJson(desc.animPartChanges, [](const AnimPartChange& c) {
        return QJsonObject{{"partIndex", c.partIndex}, {"partId", packedIdJson(c.partId)}};
    });
    putPad(object, "padBefore", desc.padBefore);
    putPad(object, "padAfter", desc.padAfter);
    return object;
}

ObjDesc objDescFromJson(const JsonNode& node) {
    ObjDesc desc;
    desc.version = node["version"].u8(ObjDesc::kDefaultVersion);
    desc.subPalettes = listFromJson(node["subPalettes"], [](const JsonNode& n) {
        return SubPalette{packedIdFromJson(n["palette"], kPaletteType), n["offset"].u8(0),
                          n["numColors"].u8(0)};
    });
    checkAtMost(node["subPalettes"], desc.subPalettes.size(), 0xFF);
    if (node.has("paletteId")) {
        if (desc.subPalettes.empty())
            node["paletteId"].fail("given, but a palette id is stored only with sub-palettes");
        desc.paletteId = packedIdFromJson(node["paletteId"], kPaletteType);
    }
    desc.textureChanges = listFromJson(node["textureChanges"], [](const JsonNode& n) {
        return TextureMapChange{n["partIndex"].u8(0),
                                packedIdFromJson(n["oldTexture"], kTextureType),
                                packedIdFromJson(n["newTexture"], kTextureType)};
    });
    checkAtMost(node["textureChanges"], desc.textureChanges.size(), 0xFF);
    desc.animPartChanges = listFromJson(node["animPartChanges"], [](const JsonNode& n) {
        return AnimPartChange{n["partIndex"].u8(0), packedIdFromJson(n["partId"], kGfxObjType)};
    });
    checkAtMost(node["animPartChanges"], desc.animPartChanges.size(), 0xFF);
    desc.padBefore = node["padBefore"].u32(0);
    desc.padAfter = node["padAfter"].u32(0);
    return desc;
}

ObjDesc objDescMember(const JsonNode& node) {
    return orDefault(node, objDescFromJson);
}

// The smallest ObjDesc: four bytes of head, nothing else (the fills may be empty).
constexpr std::size_t kSmallestObjDesc = 4;

HairStyleCG readHairStyle(ByteCursor& in) {
    HairStyleCG hair;
    hair.iconId = in.u32("sex.hairStyles.iconId");
    hair.bald = in.u8("sex.hairStyles.bald");
    hair.alternateSetup = in.u32("sex.hairStyles.alternateSetup");
    hair.objDesc = readObjDesc(in);
    return hair;
}

EyeStripCG readEyeStrip(ByteCursor& in) {
    EyeStripCG eyes;
    eyes.iconId = in.u32("sex.eyeStrips.iconId");
    eyes.baldIconId = in.u32("sex.eyeStrips.baldIconId");
    eyes.objDesc = readObjDesc(in);
    eyes.baldObjDesc = readObjDesc(in);
    return eyes;
}

FaceStripCG readFaceStrip(ByteCursor& in) {
    FaceStripCG strip;
    strip.iconId = in.u32("sex.faceStrip.iconId");
    strip.objDesc = readObjDesc(in);
    return strip;
}

GearCG readGear(ByteCursor& in) {
    GearCG gear;
    gear.name = readPString(in, "sex.gear.name");
    gear.clothingTable = in.u32("sex.gear.clothingTable");
    gear.weenieDefault = in.u32("sex.gear.weenieDefault");
    return gear;
}

void writeHairStyle(ByteWriter& out, const HairStyleCG& hair) {
    out.u32(hair.iconId);
    out.u8(hair.bald);
    out.u32(hair.alternateSetup);
    writeObjDesc(out, hair.objDesc);
}

void writeEyeStrip(ByteWriter& out, const EyeStripCG& eyes) {
    out.u32(eyes.iconId);
    out.u32(eyes.baldIconId);
    writeObjDesc(out, eyes.objDesc);
    writeObjDesc(out, eyes.baldObjDesc);
}

void writeFaceStrip(ByteWriter& out, const FaceStripCG& strip) {
    out.u32(strip.iconId);
    writeObjDesc(out, strip.objDesc);
}

void writeGear(ByteWriter& out, const GearCG& gear) {
    write(out, gear.name);
    out.u32(gear.clothingTable);
    out.u32(gear.weenieDefault);
}

using SexField = Field<SexCG>;
const std::array<SexField, 9> kSexFields{{
    {"scale", &SexCG::scale},
    {"setupId", &SexCG::setupId, FieldStyle::Id},
    {"soundTable", &SexCG::soundTable, FieldStyle::Id},
    {"iconId", &SexCG::iconId, FieldStyle::Id},
    {"basePalette", &SexCG::basePalette, FieldStyle::Id},
    {"skinPalSet", &SexCG::skinPalSet, FieldStyle::Id},
    {"physicsTable", &SexCG::physicsTable, FieldStyle::Id},
    {"motionTable", &SexCG::motionTable, FieldStyle::Id},
    {"combatTable", &SexCG::combatTable, FieldStyle::Id},
}};

// The three garment lists after headgear share one shape; in stored order.
constexpr std::array<std::vector<GearCG> SexCG::*, 4> kGearLists{&SexCG::headgears, &SexCG::shirts,
                                                                 &SexCG::pants, &SexCG::footwear};
constexpr std::array<const char*, 4> kGearNames{"headgears", "shirts", "pants", "footwear"};

} // namespace

namespace chargen {

SexCG readSex(ByteCursor& in) {
    SexCG sex;
    sex.name = readPString(in, "sex.name");
    readFields(in, sex, kSexFields, "sex");
    sex.baseObjDesc = readObjDesc(in);
    sex.hairColors =
        readCompressedList(in, "sex.hairColors", 4, "hair colour", readU32As("sex.hairColors"));
    sex.hairStyles =
        readCompressedList(in, "sex.hairStyles", 9 + kSmallestObjDesc, "hair style", readHairStyle);
    sex.eyeColors =
        readCompressedList(in, "sex.eyeColors", 4, "eye colour", readU32As("sex.eyeColors"));
    sex.eyeStrips = readCompressedList(in, "sex.eyeStrips", 8 + 2 * kSmallestObjDesc, "eye strip",
                                       readEyeStrip);
    sex.noseStrips =
        readCompressedList(in, "sex.noseStrips", 4 + kSmallestObjDesc, "nose strip", readFaceStrip);
    sex.mouthStrips = readCompressedList(in, "sex.mouthStrips", 4 + kSmallestObjDesc, "mouth strip",
                                         readFaceStrip);
    for (std::size_t i = 0; i < kGearLists.size(); ++i)
        sex.*kGearLists[i] = readCompressedList(in, "sex.gear", 9, kGearNames[i], readGear);
    sex.clothingColors = readCompressedList(in, "sex.clothingColors", 4, "clothing colour",
                                            readU32As("sex.clothingColors"));
    return sex;
}

void writeSex(ByteWriter& out, const SexCG& sex) {
    write(out, sex.name);
    writeFields(out, sex, kSexFields);
    writeObjDesc(out, sex.baseObjDesc);
    writeCompressedList(out, sex.hairColors);
    writeCompressedList(out, sex.hairStyles, writeHairStyle);
    writeCompressedList(out, sex.eyeColors);
    writeCompressedList(out, sex.eyeStrips, writeEyeStrip);
    writeCompressedList(out, sex.noseStrips, writeFaceStrip);
    writeCompressedList(out, sex.mouthStrips, writeFaceStrip);
    for (auto list : kGearLists)
        writeCompressedList(out, sex.*list, writeGear);
    writeCompressedList(out, sex.clothingColors);
}

QJsonObject sexToJson(const SexCG& sex) {
    QJsonObject object{{"name", toJson(sex.name)}};
    fieldsToJson(object, sex, kSexFields);
    object["baseObjDesc"] = objDescToJson(sex.baseObjDesc);
    object["hairColors"] = didListToJson(sex.hairColors);
    object["hairStyles"] = listToJson(sex.hairStyles, [](const HairStyleCG& hair) {
        return QJsonObject{{"iconId", didJson(hair.iconId)},
                           {"bald", hair.bald},
                           {"alternateSetup", didJson(hair.alternateSetup)},
                           {"objDesc", objDescToJson(hair.objDesc)}};
    });
    object["eyeColors"] = didListToJson(sex.eyeColors);
    object["eyeStrips"] = listToJson(sex.eyeStrips, [](const EyeStripCG& eyes) {
        return QJsonObject{{"iconId", didJson(eyes.iconId)},
                           {"baldIconId", didJson(eyes.baldIconId)},
                           {"objDesc", objDescToJson(eyes.objDesc)},
                           {"baldObjDesc", objDescToJson(eyes.baldObjDesc)}};
    });
    const auto stripJson = [](const FaceStripCG& strip) {
        return QJsonObject{{"iconId", didJson(strip.iconId)},
                           {"objDesc", objDescToJson(strip.objDesc)}};
    };
    object["noseStrips"] = listToJson(sex.noseStrips, stripJson);
    object["mouthStrips"] = listToJson(sex.mouthStrips, stripJson);
    for (std::size_t i = 0; i < kGearLists.size(); ++i)
        object[kGearNames[i]] = listToJson(sex.*kGearLists[i], [](const GearCG& gear) {
            return QJsonObject{{"name", toJson(gear.name)},
                               {"clothingTable", didJson(gear.clothingTable)},
                               {"weenieDefault", qint64(gear.weenieDefault)}};
        });
    object["clothingColors"] = u32ListToJson(sex.clothingColors);
    return object;
}

SexCG sexFromJson(const JsonNode& node) {
    SexCG sex;
    sex.name = orDefault(node["name"], pStringFromJson);
    fieldsFromJson(node, sex, kSexFields);
    sex.baseObjDesc = objDescMember(node["baseObjDesc"]);
    sex.hairColors = u32ListFromJson(node["hairColors"]);
    sex.hairStyles = listFromJson(node["hairStyles"], [](const JsonNode& n) {
        return HairStyleCG{n["iconId"].u32(0), n["bald"].u8(0), n["alternateSetup"].u32(0),
                           objDescMember(n["objDesc"])};
    });
    sex.eyeColors = u32ListFromJson(node["eyeColors"]);
    sex.eyeStrips = listFromJson(node["eyeStrips"], [](const JsonNode& n) {
        return EyeStripCG{n["iconId"].u32(0), n["baldIconId"].u32(0), objDescMember(n["objDesc"]),
                          objDescMember(n["baldObjDesc"])};
    });
    const auto stripFromJson = [](const JsonNode& n) {
        return FaceStripCG{n["iconId"].u32(0), objDescMember(n["objDesc"])};
    };
    sex.noseStrips = listFromJson(node["noseStrips"], stripFromJson);
    sex.mouthStrips = listFromJson(node["mouthStrips"], stripFromJson);
    for (std::size_t i = 0; i < kGearLists.size(); ++i)
        sex.*kGearLists[i] = listFromJson(node[kGearNames[i]], [](const JsonNode& n) {
            return GearCG{orDefault(n["name"], pStringFromJson), n["clothingTable"].u32(0),
                          n["weenieDefault"].u32(0)};
        });
    sex.clothingColors = u32ListFromJson(node["clothingColors"]);
    return sex;
}

} // namespace chargen

} // namespace portalkit::dat
