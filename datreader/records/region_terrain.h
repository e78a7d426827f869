#pragma once

// The Region's terrain part (docs/formats.md#region): the terrain types (name, map colour, the
// scene types they scatter) and the land surface — normally the texture merge data (a texture per
// terrain type, and the corner, side and road alpha maps that blend them); a nonzero selector
// stores a palette-shift description instead, which no retail Region uses.

#include "datreader/records/legacy_string.h"

#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

struct TerrainType {
    LegacyString name;
    std::uint32_t color = 0;               // 0xAARRGGBB, for maps
    std::vector<std::uint32_t> sceneTypes; // indices into SceneDesc::sceneTypes (kNone: none)
    bool operator==(const TerrainType&) const = default;
};

// A corner, side or road alpha map: a code and the SurfaceTexture (0x05...) that holds it.
struct TerrainAlphaMap {
    std::uint32_t code = 0;
    std::uint32_t textureId = 0;
    bool operator==(const TerrainAlphaMap&) const = default;
};

// The texture of one terrain type and how the client tints and tiles it.
struct TerrainTexture {
    std::uint32_t terrainType = 0; // the 5-bit type of a LandBlock terrain word
    std::uint32_t textureId = 0;   // SurfaceTexture (0x05...)
    std::uint32_t texTiling = 0;
    std::uint32_t maxVertBright = 0;
    std::uint32_t minVertBright = 0;
    std::uint32_t maxVertSaturate = 0;
    std::uint32_t minVertSaturate = 0;
    std::uint32_t maxVertHue = 0;
    std::uint32_t minVertHue = 0;
    std::uint32_t detailTexTiling = 0;
    std::uint32_t detailTextureId = 0;
    bool operator==(const TerrainTexture&) const = default;
};

struct TexMerge {
    std::uint32_t baseTexSize = 0;
    std::vector<TerrainAlphaMap> cornerMaps;
    std::vector<TerrainAlphaMap> sideMaps;
    std::vector<TerrainAlphaMap> roadMaps;
    std::vector<TerrainTexture> terrainTextures;
    bool operator==(const TexMerge&) const = default;
};

// The palette-shift land surface, kept field by field although retail never stores one.
struct PalShiftPair {
    std::uint32_t first = 0;  // sub-palette index, or terrain index
    std::uint32_t second = 0; // sub-palette length, or Palette id
    bool operator==(const PalShiftPair&) const = default;
};

struct PalShiftRoadCode {
    std::uint32_t roadCode = 0;
    std::vector<std::uint32_t> subPalTypes; // one per sub-palette of its texture (no count)
    bool operator==(const PalShiftRoadCode&) const = default;
};

struct PalShiftTex {
    std::uint32_t textureId = 0;
    std::vector<PalShiftPair> subPals; // index, length
    std::vector<PalShiftRoadCode> roadCodes;
    std::vector<PalShiftPair> terrainPals; // terrain index, Palette id
    bool operator==(const PalShiftTex&) const = default;
};

struct TerrainDesc {
    std::vector<TerrainType> terrainTypes;
    std::uint32_t palShiftSelector = 0; // raw; nonzero stores palShift instead of texMerge
    TexMerge texMerge;
    std::vector<PalShiftTex> palShift;
    bool operator==(const TerrainDesc&) const = default;
};

TerrainDesc readTerrainDesc(ByteCursor& in);
// Throws DatError for the part the selector leaves out, and for a road code whose list does not
// match its texture's sub-palettes.
void write(ByteWriter& out, const TerrainDesc& terrain);
QJsonObject toJson(const TerrainDesc& terrain);
// Without "palShiftSelector" the selector follows the part present (1 for "palShift").
TerrainDesc terrainDescFromJson(const JsonNode& node);

} // namespace portalkit::dat
