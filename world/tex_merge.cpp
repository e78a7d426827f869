#include "world/tex_merge.h"

#include <algorithm>
#include <cmath>

namespace portalkit::world {

// Every function here follows the client's TexMerge and ImgTex code; docs/world.md#terrain-textures
// says how, docs/retail-behaviour.md#world-textures names the functions.

std::uint32_t paletteCode(const std::array<std::uint16_t, 4>& corners, std::uint32_t size) {
    std::uint32_t code = size << 28;
    for (std::size_t k = 0; k < 4; ++k) {
        const std::uint32_t road = corners[k] & 0x3u, type = (corners[k] >> 2) & 0x1Fu;
        code |= road << (26 - 2 * k);
        code |= type << (15 - 5 * k);
    }
    return code;
}

namespace {

std::array<std::uint32_t, 4> cornerTypes(std::uint32_t pcode) {
    return {(pcode >> 15) & 31u, (pcode >> 10) & 31u, (pcode >> 5) & 31u, pcode & 31u};
}

std::array<std::uint32_t, 4> cornerRoads(std::uint32_t pcode) {
    return {(pcode >> 26) & 3u, (pcode >> 24) & 3u, (pcode >> 22) & 3u, (pcode >> 20) & 3u};
}

template <typename T> bool allEqual(const std::array<T, 4>& v) {
    return v[1] == v[0] && v[2] == v[0] && v[3] == v[0];
}

} // namespace

bool singleTextureCell(std::uint32_t pcode) {
    const auto roads = cornerRoads(pcode);
    if (roads[0] != 0)
        return allEqual(roads);
    return allEqual(roads) && allEqual(cornerTypes(pcode));
}

TerrainChoice chooseTerrain(std::uint32_t pcode) {
    const auto type = cornerTypes(pcode);
    int repeated = -1; // the first corner whose type comes again later
    for (int i = 0; i < 4 && repeated < 0; ++i)
        for (int j = i + 1; j < 4; ++j)
            if (type[std::size_t(i)] == type[std::size_t(j)]) {
                repeated = i;
                break;
            }
    TerrainChoice choice;
    if (repeated < 0) { // four different terrains: SW is the base, the others corners
        choice.baseType = type[0];
        choice.overlayTypes = {type[1], type[2], type[3]};
        choice.codes = {2, 4, 8};
        return choice;
    }
    choice.baseType = type[std::size_t(repeated)];
    for (std::uint32_t k = 0; k < 4; ++k) {
        if (type[k] == choice.baseType)
            continue;
        if (choice.codes[0] == 0) {
            choice.codes[0] = 1u << k;
            choice.overlayTypes[0] = type[k];
        } else if (type[k] == choice.overlayTypes[0] && choice.codes[0] == 1u << (k - 1)) {
            choice.codes[0] += 1u << k; // two adjacent corners make a side
            break;
        } else {
            choice.codes[1] = 1u << k;
            choice.overlayTypes[1] = type[k];
            break;
        }
    }
    return choice;
}

RoadCodes roadCodes(std::uint32_t pcode) {
    const auto roads = cornerRoads(pcode);
    std::uint32_t mask = 0;
    for (std::size_t k = 0; k < 4; ++k)
        mask |= roads[k] != 0 ? (1u << k) : 0u;
    switch (mask) {
    case 0:
        return {};
    case 15:
        return {true, {}};
    case 14:
        return {false, {6, 12}};
    case 13:
        return {false, {9, 12}};
    case 11:
        return {false, {9, 3}};
    case 7:
        return {false, {3, 6}};
    default:
        return {false, {mask, 0}};
    }
}

double alphaHash(std::uint32_t pcode) {
    const std::uint32_t h = 1379576222u * pcode - 1372186442u;
    return double(h) * 2.3283064e-10;
}

namespace {

std::optional<int> matchRotation(std::uint32_t mapCode, std::uint32_t wanted) {
    std::uint32_t code = mapCode;
    for (int r = 0; r < 4; ++r) {
        if (code == wanted)
            return r;
        code = rotateCode(code);
    }
    return std::nullopt;
}

std::size_t hashedIndex(std::uint32_t pcode, std::size_t count) {
    const auto i = std::size_t(std::floor(alphaHash(pcode) * double(count)));
    return i >= count ? 0 : i;
}

} // namespace

std::optional<AlphaPick> findTerrainAlpha(const dat::TexMerge& merge, std::uint32_t pcode,
                                          std::uint32_t code) {
    const bool corner = code == 1 || code == 2 || code == 4 || code == 8;
    const auto& maps = corner ? merge.cornerMaps : merge.sideMaps;
    if (maps.empty())
        return std::nullopt;
    const std::size_t i = hashedIndex(pcode, maps.size());
    if (const auto r = matchRotation(maps[i].code, code))
        return AlphaPick{i, *r};
    return std::nullopt;
}

std::optional<AlphaPick> findRoadAlpha(const dat::TexMerge& merge, std::uint32_t pcode,
                                       std::uint32_t code) {
    const std::size_t count = merge.roadMaps.size();
    if (count == 0)
        return std::nullopt;
    const auto start = std::size_t(std::floor(alphaHash(pcode) * double(count)));
    for (std::size_t j = 0; j < count; ++j) {
        const std::size_t i = (j + start) % count;
        if (const auto r = matchRotation(merge.roadMaps[i].code, code))
            return AlphaPick{i, *r};
    }
    return std::nullopt;
}

const dat::TerrainTexture* terrainTexture(const dat::TexMerge& merge, std::uint32_t type) {
    for (const dat::TerrainTexture& tt : merge.terrainTextures)
        if (tt.terrainType == type)
            return &tt;
    return merge.terrainTextures.empty() ? nullptr : &merge.terrainTextures.front();
}

int cellTextureSize(const dat::TexMerge& merge, int imageShift, int size) {
    const int scaled = int(merge.baseTexSize >> imageShift) / std::max(size, 1);
    return std::max(8, scaled);
}

namespace {

bool usable(const DecodedTexture* t) {
    return t && t->width > 0 && t->height > 0 &&
           t->bytes.size() >= std::size_t(t->width) * std::size_t(t->height) *
                                  std::size_t(std::max(t->bytesPerTexel, 1));
}

// The colour of texel (x, y) as RGBA; an alpha map reads as grey.
std::array<std::uint8_t, 4> texel(const DecodedTexture& t, int x, int y) {
    const std::size_t at = std::size_t(y) * std::size_t(t.width) + std::size_t(x);
    if (t.bytesPerTexel == 1) {
        const std::uint8_t v = t.bytes[at];
        return {v, v, v, 255};
    }
    const std::uint8_t* p = &t.bytes[at * std::size_t(t.bytesPerTexel)];
    return {p[0], p[1], p[2], t.bytesPerTexel >= 4 ? p[3] : std::uint8_t(255)};
}

// The alpha byte of map texel (x, y): the byte itself, or the A of an RGBA map.
std::uint8_t alphaByte(const DecodedTexture& t, int x, int y) {
    const std::size_t at = std::size_t(y) * std::size_t(t.width) + std::size_t(x);
    if (t.bytesPerTexel == 1)
        return t.bytes[at];
    return t.bytes[at * std::size_t(t.bytesPerTexel) + std::size_t(t.bytesPerTexel - 1)];
}

} // namespace

void tileTexture(std::vector<std::uint8_t>& rgba, int size, const DecodedTexture* source) {
    rgba.assign(std::size_t(size) * std::size_t(size) * 4, 0);
    for (int j = 0; j < size; ++j)
        for (int i = 0; i < size; ++i) {
            std::array<std::uint8_t, 4> c{0x00, 0xFF, 0x00, 0x00}; // the client's 0x0000FF00
            if (usable(source))
                c = texel(*source, i % source->width, j % source->height);
            std::copy(c.begin(), c.end(), &rgba[(std::size_t(j) * std::size_t(size) + i) * 4]);
        }
}

std::uint8_t blendByte(std::uint8_t dst, std::uint8_t src, std::uint8_t alpha) {
    const unsigned a = alpha > 128 ? alpha + 1u : alpha;
    return std::uint8_t((a * dst + (256u - a) * src) >> 8);
}

namespace {

// The alpha texel under destination texel (i, j) after `rotation` quarter turns; the map is
// scaled to the buffer by nearest texel.
std::uint8_t rotatedAlpha(const DecodedTexture& alpha, int size, int i, int j, int rotation) {
    const int w = alpha.width, h = alpha.height;
    const int ci = i * w / size, rj = j * h / size; // column of i, row of j
    const int ri = i * h / size, cj = j * w / size; // row of i, column of j
    switch (rotation & 3) {
    case 0:
        return alphaByte(alpha, ci, rj);
    case 1:
        return alphaByte(alpha, w - 1 - cj, ri);
    case 2:
        return alphaByte(alpha, w - 1 - ci, h - 1 - rj);
    default:
        return alphaByte(alpha, cj, h - 1 - ri);
    }
}

} // namespace

void mergeTexture(std::vector<std::uint8_t>& rgba, int size, const DecodedTexture& overlay,
                  const DecodedTexture& alpha, int rotation) {
    if (!usable(&overlay) || !usable(&alpha))
        return;
    for (int j = 0; j < size; ++j)
        for (int i = 0; i < size; ++i) {
            const std::uint8_t a = rotatedAlpha(alpha, size, i, j, rotation);
            if (a == 255)
                continue;
            const auto src = texel(overlay, i % overlay.width, j % overlay.height);
            std::uint8_t* dst = &rgba[(std::size_t(j) * std::size_t(size) + i) * 4];
            if (a == 0) {
                std::copy(src.begin(), src.end(), dst);
                continue;
            }
            for (int c = 0; c < 3; ++c)
                dst[c] = blendByte(dst[c], src[std::size_t(c)], a);
        }
}

namespace {

// One overlay through its alpha map, recorded as a layer; a missing texture skips the merge.
void mergeLayer(CellTexture& out, const dat::TerrainTexture* tt, std::uint32_t type,
                const dat::TerrainAlphaMap& map, const AlphaPick& pick, TexLayer::Kind kind,
                std::uint32_t code, const TextureLookup& lookup) {
    const DecodedTexture* overlay = tt && lookup ? lookup(tt->textureId) : nullptr;
    const DecodedTexture* alpha = lookup ? lookup(map.textureId) : nullptr;
    TexLayer layer{kind, type, tt ? tt->textureId : 0, code, map.textureId, pick.rotation};
    layer.textureMissing = !usable(overlay) || !usable(alpha);
    if (!layer.textureMissing)
        mergeTexture(out.rgba, out.size, *overlay, *alpha, pick.rotation);
    out.layers.push_back(layer);
}

} // namespace

CellTexture buildCellTexture(const dat::TexMerge& merge, std::uint32_t pcode, int size,
                             const TextureLookup& lookup) {
    CellTexture out;
    out.size = size;
    const TerrainChoice terrain = chooseTerrain(pcode);
    const RoadCodes road = roadCodes(pcode);
    const dat::TerrainTexture* roadTex = terrainTexture(merge, kRoadTerrainType);
    const bool fill = road.fill && roadTex;
    const std::uint32_t baseType = fill ? kRoadTerrainType : terrain.baseType;
    const dat::TerrainTexture* base = fill ? roadTex : terrainTexture(merge, baseType);
    const DecodedTexture* baseImage = base && lookup ? lookup(base->textureId) : nullptr;
    tileTexture(out.rgba, size, baseImage);
    TexLayer first{fill ? TexLayer::Kind::RoadFill : TexLayer::Kind::Base, baseType,
                   base ? base->textureId : 0};
    first.textureMissing = !usable(baseImage);
    out.layers.push_back(first);
    if (road.fill)
        return out;
    for (std::size_t i = 0; i < 3 && terrain.codes[i] != 0; ++i) {
        const auto pick = findTerrainAlpha(merge, pcode, terrain.codes[i]);
        if (!pick) {
            out.complete = false; // FillTempTexBuffer fails as a whole
            return out;
        }
        const bool corner = terrain.codes[i] == 1 || terrain.codes[i] == 2 ||
                            terrain.codes[i] == 4 || terrain.codes[i] == 8;
        const auto& map = (corner ? merge.cornerMaps : merge.sideMaps)[pick->index];
        const std::uint32_t type = terrain.overlayTypes[i];
        mergeLayer(out, terrainTexture(merge, type), type, map, *pick, TexLayer::Kind::Terrain,
                   terrain.codes[i], lookup);
    }
    for (std::size_t i = 0; roadTex && i < 2 && road.codes[i] != 0; ++i) {
        const auto pick = findRoadAlpha(merge, pcode, road.codes[i]);
        if (!pick)
            continue; // that road layer is skipped
        mergeLayer(out, roadTex, kRoadTerrainType, merge.roadMaps[pick->index], *pick,
                   TexLayer::Kind::Road, road.codes[i], lookup);
    }
    return out;
}

} // namespace portalkit::world
