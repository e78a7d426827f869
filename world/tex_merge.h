#pragma once

// The retail terrain texture merge on plain RGBA8 buffers (docs/world.md#terrain-textures): a
// cell's palette code, the terrain textures and alpha codes it asks for, the road codes, the
// alpha map picked by the code's hash and its rotation, and the integer compositing that builds
// the cell's texture.

#include "datreader/records/region_terrain.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace portalkit::world {

// Corner bits of every code: SW 1, SE 2, NE 4, NW 8.
inline constexpr std::uint32_t kRoadTerrainType = 0x20;

// The palette code of a cell from its corner terrain words in the order SW, SE, NE, NW; `size`
// is 1 at full detail.
std::uint32_t paletteCode(const std::array<std::uint16_t, 4>& corners, std::uint32_t size = 1);
// Whether the cell is one texture: equal roads, and equal types too unless SW is a road.
bool singleTextureCell(std::uint32_t pcode);
// One quarter turn of a corner code: SW -> SE -> NE -> NW -> SW.
constexpr std::uint32_t rotateCode(std::uint32_t code) {
    const std::uint32_t doubled = code * 2;
    return doubled >= 16 ? doubled - 15 : doubled;
}

// TexMerge::GetTerrain: the base type and up to three overlays with their alpha codes.
struct TerrainChoice {
    std::uint32_t baseType = 0;
    std::array<std::uint32_t, 3> overlayTypes{}; // meaningful where the code is nonzero
    std::array<std::uint32_t, 3> codes{};        // 0 ends the list
};
TerrainChoice chooseTerrain(std::uint32_t pcode);

// TexMerge::GetRoadCode: no road, a cell filled with road, or up to two road alpha codes.
struct RoadCodes {
    bool fill = false;
    std::array<std::uint32_t, 2> codes{}; // 0 ends the list
};
RoadCodes roadCodes(std::uint32_t pcode);

// The pcode hash that picks alpha maps, in [0, 1).
double alphaHash(std::uint32_t pcode);

struct AlphaPick {
    std::size_t index = 0; // into the corner, side or road map list
    int rotation = 0;      // quarter turns 0..3
};
// FindTerrainAlpha: exactly the one hashed map of the corner (1,2,4,8) or side list, if some
// rotation of its code matches. FindRoadAlpha: every road map from the hashed one on.
std::optional<AlphaPick> findTerrainAlpha(const dat::TexMerge& merge, std::uint32_t pcode,
                                          std::uint32_t code);
std::optional<AlphaPick> findRoadAlpha(const dat::TexMerge& merge, std::uint32_t pcode,
                                       std::uint32_t code);

// The TerrainTexture of a type: the first with that type, else the first of all; null if none.
const dat::TerrainTexture* terrainTexture(const dat::TexMerge& merge, std::uint32_t type);

// A decoded SurfaceTexture: RGBA8 (4 bytes per texel) or an alpha map (1 byte per texel), rows
// from the top (north) edge.
struct DecodedTexture {
    int width = 0, height = 0;
    int bytesPerTexel = 4;
    std::vector<std::uint8_t> bytes;
};
// Gives the decoded texture of a SurfaceTexture id, or null when it is missing.
using TextureLookup = std::function<const DecodedTexture*(std::uint32_t surfaceTextureId)>;

// One step of the build, in the order it was composited.
struct TexLayer {
    enum class Kind { Base, RoadFill, Terrain, Road };
    Kind kind = Kind::Base;
    std::uint32_t terrainType = 0;
    std::uint32_t textureId = 0;      // 0 when the TerrainTexture was missing
    std::uint32_t code = 0;           // alpha code (Terrain, Road)
    std::uint32_t alphaTextureId = 0; // the alpha map used (Terrain, Road)
    int rotation = 0;
    bool textureMissing = false; // the lookup had no texture: filled or skipped (docs/world.md)
};

struct CellTexture {
    int size = 0;                   // the buffer is size x size
    std::vector<std::uint8_t> rgba; // RGBA8, row 0 north, column 0 west
    std::vector<TexLayer> layers;
    // False when a terrain overlay found no alpha map: the client gives up on the surface.
    bool complete = true;
};

// The buffer side: baseTexSize >> imageShift, divided by the detail size, at least 8.
int cellTextureSize(const dat::TexMerge& merge, int imageShift = 0, int size = 1);

// TexMerge::FillTempTexBuffer for one palette code, `size` texels a side.
CellTexture buildCellTexture(const dat::TexMerge& merge, std::uint32_t pcode, int size,
                             const TextureLookup& lookup);

// ImgTex::TileCSI: the source repeated from the north-west corner; a missing one fills with the
// client's 0x0000FF00 (green, alpha 0).
void tileTexture(std::vector<std::uint8_t>& rgba, int size, const DecodedTexture* source);
// ImgTex::MergeTexture: composites `overlay` through `alpha` turned `rotation` quarter turns.
// An alpha byte is the weight of what is already there (255 keeps it, 0 takes the overlay).
void mergeTexture(std::vector<std::uint8_t>& rgba, int size, const DecodedTexture& overlay,
                  const DecodedTexture& alpha, int rotation);
// One colour byte of the blend: (a*dst + (256-a)*src) >> 8 with a = A+1 above 128.
std::uint8_t blendByte(std::uint8_t dst, std::uint8_t src, std::uint8_t alpha);

} // namespace portalkit::world
