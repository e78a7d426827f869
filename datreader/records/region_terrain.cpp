#include "datreader/records/region_terrain.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

constexpr std::size_t kTerrainTypeBytes = 4 + 4 + 4; // empty name, colour, scene type count
constexpr std::size_t kAlphaMapBytes = 8;
constexpr std::size_t kTerrainTextureBytes = 44;
constexpr std::size_t kPairBytes = 8;
constexpr std::size_t kPalShiftTexBytes = 16;

[[noreturn]] void invalid(const std::string& message) {
    throw DatError("region.terrain", "region.terrain: " + message, 0, OffsetKind::Entry);
}

const std::array<Field<TerrainAlphaMap>, 2> kAlphaMapFields{{
    {"code", &TerrainAlphaMap::code},
    {"textureId", &TerrainAlphaMap::textureId, FieldStyle::Id},
}};

const std::array<Field<TerrainTexture>, 11> kTerrainTextureFields{{
    {"terrainType", &TerrainTexture::terrainType},
    {"textureId", &TerrainTexture::textureId, FieldStyle::Id},
    {"texTiling", &TerrainTexture::texTiling},
    {"maxVertBright", &TerrainTexture::maxVertBright},
    {"minVertBright", &TerrainTexture::minVertBright},
    {"maxVertSaturate", &TerrainTexture::maxVertSaturate},
    {"minVertSaturate", &TerrainTexture::minVertSaturate},
    {"maxVertHue", &TerrainTexture::maxVertHue},
    {"minVertHue", &TerrainTexture::minVertHue},
    {"detailTexTiling", &TerrainTexture::detailTexTiling},
    {"detailTextureId", &TerrainTexture::detailTextureId, FieldStyle::Id},
}};

const std::array<Field<PalShiftPair>, 2> kSubPalFields{{
    {"index", &PalShiftPair::first},
    {"length", &PalShiftPair::second},
}};

const std::array<Field<PalShiftPair>, 2> kTerrainPalFields{{
    {"terrainIndex", &PalShiftPair::first},
    {"paletteId", &PalShiftPair::second, FieldStyle::Id},
}};

TerrainType readTerrainType(ByteCursor& in) {
    TerrainType type;
    type.name = readLegacyString(in, "region.terrain.type.name");
    type.color = in.u32("region.terrain.type.color");
    type.sceneTypes = readU32List(in, "region.terrain.type.sceneTypes");
    return type;
}

void writeTerrainType(ByteWriter& out, const TerrainType& type) {
    writeLegacyString(out, type.name, "region.terrain.type.name");
    out.u32(type.color);
    writeU32List(out, type.sceneTypes);
}

QJsonObject terrainTypeToJson(const TerrainType& type) {
    return {{"name", toJson(type.name)},
            {"color", didJson(type.color)},
            {"sceneTypes", u32ListToJson(type.sceneTypes)}};
}

TerrainType terrainTypeFromJson(const JsonNode& node) {
    return {legacyStringFromJson(node["name"]), node["color"].u32(0),
            u32ListFromJson(node["sceneTypes"])};
}

std::vector<TerrainAlphaMap> readAlphaMaps(ByteCursor& in, const char* field) {
    return readNamedList(in, field, kAlphaMapBytes, "alpha map",
                         plainReader(kAlphaMapFields, field));
}

TexMerge readTexMerge(ByteCursor& in) {
    TexMerge merge;
    merge.baseTexSize = in.u32("region.terrain.texMerge.baseTexSize");
    merge.cornerMaps = readAlphaMaps(in, "region.terrain.texMerge.cornerMaps");
    merge.sideMaps = readAlphaMaps(in, "region.terrain.texMerge.sideMaps");
    merge.roadMaps = readAlphaMaps(in, "region.terrain.texMerge.roadMaps");
    merge.terrainTextures = readNamedList(
        in, "region.terrain.texMerge.terrainTextures", kTerrainTextureBytes, "terrain texture",
        plainReader(kTerrainTextureFields, "region.terrain.texMerge.terrainTexture"));
    return merge;
}

void writeTexMerge(ByteWriter& out, const TexMerge& merge) {
    out.u32(merge.baseTexSize);
    for (const auto* maps : {&merge.cornerMaps, &merge.sideMaps, &merge.roadMaps})
        writeList(out, *maps, plainWriter(kAlphaMapFields));
    writeList(out, merge.terrainTextures, plainWriter(kTerrainTextureFields));
}

QJsonObject texMergeToJson(const TexMerge& merge) {
    const auto maps = plainToJson(kAlphaMapFields);
    return {
        {"baseTexSize", qint64(merge.baseTexSize)},
        {"cornerMaps", listToJson(merge.cornerMaps, maps)},
        {"sideMaps", listToJson(merge.sideMaps, maps)},
        {"roadMaps", listToJson(merge.roadMaps, maps)},
        {"terrainTextures", listToJson(merge.terrainTextures, plainToJson(kTerrainTextureFields))}};
}

TexMerge texMergeFromJson(const JsonNode& node) {
    const auto maps = plainFromJson(kAlphaMapFields);
    return {node["baseTexSize"].u32(0), listFromJson(node["cornerMaps"], maps),
            listFromJson(node["sideMaps"], maps), listFromJson(node["roadMaps"], maps),
            listFromJson(node["terrainTextures"], plainFromJson(kTerrainTextureFields))};
}

PalShiftTex readPalShiftTex(ByteCursor& in) {
    PalShiftTex tex;
    tex.textureId = in.u32("region.terrain.palShift.textureId");
    tex.subPals = readNamedList(in, "region.terrain.palShift.subPals", kPairBytes, "sub-palette",
                                plainReader(kSubPalFields, "region.terrain.palShift.subPal"));
    // Each road code carries one u32 per sub-palette, with no count of its own.
    const std::size_t perCode = 4 + 4 * tex.subPals.size();
    tex.roadCodes =
        readNamedList(in, "region.terrain.palShift.roadCodes", perCode, "road code", [&](auto& c) {
            PalShiftRoadCode code;
            code.roadCode = c.u32("region.terrain.palShift.roadCode");
            for (std::size_t i = 0; i < tex.subPals.size(); ++i)
                code.subPalTypes.push_back(c.u32("region.terrain.palShift.roadCode.subPalTypes"));
            return code;
        });
    tex.terrainPals =
        readNamedList(in, "region.terrain.palShift.terrainPals", kPairBytes, "terrain palette",
                      plainReader(kTerrainPalFields, "region.terrain.palShift.terrainPal"));
    return tex;
}

void writePalShiftTex(ByteWriter& out, const PalShiftTex& tex) {
    out.u32(tex.textureId);
    writeList(out, tex.subPals, plainWriter(kSubPalFields));
    writeList(out, tex.roadCodes, [&](ByteWriter& o, const PalShiftRoadCode& code) {
        if (code.subPalTypes.size() != tex.subPals.size())
            invalid("a road code lists " + std::to_string(code.subPalTypes.size()) +
                    " sub-palette types for " + std::to_string(tex.subPals.size()) +
                    " sub-palettes (the list has no count of its own)");
        o.u32(code.roadCode);
        for (std::uint32_t type : code.subPalTypes)
            o.u32(type);
    });
    writeList(out, tex.terrainPals, plainWriter(kTerrainPalFields));
}

QJsonObject palShiftTexToJson(const PalShiftTex& tex) {
    return {{"textureId", didJson(tex.textureId)},
            {"subPals", listToJson(tex.subPals, plainToJson(kSubPalFields))},
            {"roadCodes", listToJson(tex.roadCodes,
                                     [](const PalShiftRoadCode& code) {
                                         return QJsonObject{
                                             {"roadCode", qint64(code.roadCode)},
                                             {"subPalTypes", u32ListToJson(code.subPalTypes)}};
                                     })},
            {"terrainPals", listToJson(tex.terrainPals, plainToJson(kTerrainPalFields))}};
}

PalShiftTex palShiftTexFromJson(const JsonNode& node) {
    PalShiftTex tex;
    tex.textureId = node["textureId"].u32(0);
    tex.subPals = listFromJson(node["subPals"], plainFromJson(kSubPalFields));
    tex.roadCodes = listFromJson(node["roadCodes"], [&](const JsonNode& code) {
        PalShiftRoadCode value{code["roadCode"].u32(0), u32ListFromJson(code["subPalTypes"])};
        if (value.subPalTypes.size() != tex.subPals.size())
            code["subPalTypes"].fail("needs one entry per sub-palette (" +
                                     std::to_string(tex.subPals.size()) + ")");
        return value;
    });
    tex.terrainPals = listFromJson(node["terrainPals"], plainFromJson(kTerrainPalFields));
    return tex;
}

} // namespace

TerrainDesc readTerrainDesc(ByteCursor& in) {
    TerrainDesc terrain;
    terrain.terrainTypes = readNamedList(in, "region.terrain.types", kTerrainTypeBytes,
                                         "terrain type", readTerrainType);
    terrain.palShiftSelector = in.u32("region.terrain.palShiftSelector");
    if (terrain.palShiftSelector != 0)
        terrain.palShift = readNamedList(in, "region.terrain.palShift", kPalShiftTexBytes,
                                         "palette-shift texture", readPalShiftTex);
    else
        terrain.texMerge = readTexMerge(in);
    return terrain;
}

void write(ByteWriter& out, const TerrainDesc& terrain) {
    if (terrain.palShiftSelector == 0 && !terrain.palShift.empty())
        invalid("a palette shift with a zero selector (the texture merge is stored instead)");
    if (terrain.palShiftSelector != 0 && terrain.texMerge != TexMerge{})
        invalid("a texture merge with a nonzero selector (the palette shift is stored instead)");
    writeList(out, terrain.terrainTypes, writeTerrainType);
    out.u32(terrain.palShiftSelector);
    if (terrain.palShiftSelector != 0)
        writeList(out, terrain.palShift, writePalShiftTex);
    else
        writeTexMerge(out, terrain.texMerge);
}

QJsonObject toJson(const TerrainDesc& terrain) {
    QJsonObject object{{"types", listToJson(terrain.terrainTypes, terrainTypeToJson)}};
    if (terrain.palShiftSelector != 0) {
        object["palShiftSelector"] = qint64(terrain.palShiftSelector);
        object["palShift"] = listToJson(terrain.palShift, palShiftTexToJson);
    } else {
        object["texMerge"] = texMergeToJson(terrain.texMerge);
    }
    return object;
}

TerrainDesc terrainDescFromJson(const JsonNode& node) {
    TerrainDesc terrain;
    terrain.terrainTypes = listFromJson(node["types"], terrainTypeFromJson);
    terrain.palShiftSelector = node["palShiftSelector"].u32(node.has("palShift") ? 1 : 0);
    if (terrain.palShiftSelector != 0 && node.has("texMerge"))
        node["texMerge"].fail("given, but palShiftSelector is nonzero (a palette shift is stored)");
    if (terrain.palShiftSelector == 0 && node.has("palShift"))
        node["palShift"].fail("given, but palShiftSelector is 0 (a texture merge is stored)");
    terrain.texMerge = texMergeFromJson(node["texMerge"]);
    terrain.palShift = listFromJson(node["palShift"], palShiftTexFromJson);
    return terrain;
}

} // namespace portalkit::dat
