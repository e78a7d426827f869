#pragma once

// The outdoor world around a landblock as plain data (docs/render.md#the-world): per block its
// terrain mesh and atlas (terrain_builder.h), and every GfxObj to draw on it — LandBlockInfo
// statics and buildings, and the scenery world::placeScenery grows — with its world matrix.
// Pure functions over records: the studio runs them on a worker thread with Assets of its own.

#include "preview/core/assets.h"
#include "ui/render/terrain_builder.h"

#include <QImage>
#include <QMatrix4x4>
#include <cstdint>
#include <vector>

namespace portalkit::dat {
struct Region;
}

namespace portalkit::render {

// The Region every landblock's heights and textures go through.
inline constexpr std::uint32_t kRegionId = 0x13000000;

// One GfxObj drawn at a world matrix (frame, then scale), as a Setup's part is.
struct WorldPart {
    std::uint32_t gfxObj = 0;
    QMatrix4x4 transform;
};

struct WorldBlock {
    std::uint32_t id = 0; // 0xXXYYFFFF
    TerrainMeshData mesh;
    QImage atlas; // RGBA8888, north at the top
    std::vector<WorldPart> parts;
    int statics = 0, buildings = 0, scenery = 0; // objects placed (a Setup is one object)
    int abandonedCells = 0; // cells whose merged texture the client abandons (base drawn)
    float minZ = 0, maxZ = 0;
};

struct WorldSources {
    const preview::Assets* portal = nullptr; // Region, textures, Setups, GfxObjs, Scenes
    const preview::Assets* cells = nullptr;  // LandBlocks, LandBlockInfos
    const dat::Region* region = nullptr;
};

// The parts of a GfxObj (0x01…) or Setup (0x02…, its parts at their default placement frames and
// scales) placed at `frame`; nothing for an unknown id.
std::vector<WorldPart> modelParts(const preview::Assets& portal, std::uint32_t modelId,
                                  const QMatrix4x4& frame);

// Landblock `block` positioned relative to `origin` (blockOffset); nothing when the cell DAT has
// no such LandBlock. `textures` caches decoded and merged textures between blocks.
std::optional<WorldBlock> buildWorldBlock(const WorldSources& sources, std::uint32_t block,
                                          std::uint32_t origin, TerrainTextures& textures);

// `block` and `radius` rings of its neighbours, those inside the world, west to east then south
// to north.
std::vector<std::uint32_t> blocksAround(std::uint32_t block, int radius);

} // namespace portalkit::render
