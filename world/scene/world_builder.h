#pragma once

// The outdoor world around a landblock as plain data (docs/render.md#the-world): per block its
// terrain mesh and atlas (terrain_builder.h), and every GfxObj to draw on it — LandBlockInfo
// statics and buildings, and the scenery placeScenery grows — with its world matrix.
// Pure functions over records: the studio runs them on a worker thread with Assets of its own.

#include "preview/core/assets.h"
#include "world/scene/terrain_builder.h"

#include <QImage>
#include <QMatrix4x4>
#include <QVector3D>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::dat {
struct Frame;
struct GfxObj;
struct Region;
} // namespace portalkit::dat

namespace portalkit::world {

// The Region every landblock's heights and textures go through.
inline constexpr std::uint32_t kRegionId = 0x13000000;

// One GfxObj drawn at a world matrix (frame, then scale), as a Setup's part is.
struct WorldPart {
    std::uint32_t gfxObj = 0;
    QMatrix4x4 transform;
};

// One portal of an EnvCell (cell_builder.h): its polygon in world coordinates (for overlays) and
// where it leads.
struct CellPortalView {
    std::vector<QVector3D> polygon; // the portal polygon's corners, in the cell's placement
    std::uint32_t otherCell = 0;    // full EnvCell id; 0 when the portal leads outside
    bool outside() const { return otherCell == 0; }
};

// An EnvCell as cell_builder.h builds it: a building interior or a dungeon room.
struct WorldCell {
    std::uint32_t id = 0; // 0xXXYYnnnn, nnnn in 0x0100..0xFFFD
    // The cell's drawing mesh as a GfxObj whose id is the EnvCell's id; null when the client would
    // not draw the cell (no drawing BSP) or its Environment or CellStruct is missing.
    std::shared_ptr<const dat::GfxObj> geometry;
    QMatrix4x4 transform;                    // cell-local → world: the cell's frame at its block
    std::vector<WorldPart> statics;          // the cell's static objects, world matrices
    std::vector<std::uint32_t> visibleCells; // full ids of the cells seen from this one
    std::vector<CellPortalView> portals;
    bool seenOutside = false; // flags bit 0
};

struct WorldBlock {
    std::uint32_t id = 0; // 0xXXYYFFFF
    TerrainMeshData mesh;
    QImage atlas; // RGBA8888, north at the top
    std::vector<WorldPart> parts;
    std::vector<WorldCell> cells; // the block's EnvCells (interiors, dungeons), id order
    int statics = 0, buildings = 0, scenery = 0; // objects placed (a Setup is one object)
    int abandonedCells = 0; // cells whose merged texture the client abandons (base drawn)
    float minZ = 0, maxZ = 0;
};

struct WorldSources {
    const preview::Assets* portal = nullptr; // Region, textures, Setups, GfxObjs, Scenes
    const preview::Assets* cells = nullptr;  // LandBlocks, LandBlockInfos
    const dat::Region* region = nullptr;
};

// A frame's matrix (rotation about its origin, then a uniform scale), moved by `offset`.
QMatrix4x4 frameMatrix(const dat::Frame& frame, float scale, QVector3D offset);

// The parts of a GfxObj (0x01…) or Setup (0x02…, its parts at their default placement frames and
// scales) placed at `frame`; nothing for an unknown id.
std::vector<WorldPart> modelParts(const preview::Assets& portal, std::uint32_t modelId,
                                  const QMatrix4x4& frame);

// Landblock `block` positioned relative to `origin` (blockPosition); nothing when the cell DAT has
// no such LandBlock. `textures` caches decoded and merged textures between blocks.
std::optional<WorldBlock> buildWorldBlock(const WorldSources& sources, std::uint32_t block,
                                          std::uint32_t origin, TerrainTextures& textures);

// `block` and `radius` rings of its neighbours, those inside the world, west to east then south
// to north.
std::vector<std::uint32_t> blocksAround(std::uint32_t block, int radius);

} // namespace portalkit::world
