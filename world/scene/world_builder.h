#pragma once

// The outdoor world around a landblock as plain data (docs/render.md#the-world): per block its
// terrain mesh and atlas (terrain_builder.h), and every GfxObj to draw on it — LandBlockInfo
// statics and buildings, and the scenery placeScenery grows — with its world matrix.
// Pure functions over records: the studio runs them on a worker thread with Assets of its own.

#include "preview/core/assets.h"
#include "world/cells.h"
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
    CellVolume volume;        // membership (world/cells.h); holds nothing without its CellStruct
    QVector3D centre;         // the middle of the CellStruct's vertex box, world coordinates
    float floorZ = 0;         // the lowest vertex, world coordinates

    // Whether the landscape can be seen from this cell: the EnvCell says so (seen-outside flag)
    // or a portal leads outside.
    bool seesOutside() const;
};

struct WorldBlock {
    std::uint32_t id = 0; // 0xXXYYFFFF
    QVector3D offset;     // where the block's south-west corner is drawn (blockPosition)
    TerrainMeshData mesh; // empty for a dungeon (buildDungeon)
    QImage atlas;         // RGBA8888, north at the top
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

// Landblock `block` positioned relative to `origin` (blockPosition); without a LandBlock record,
// its dungeon (buildDungeon), else nothing. `textures` caches decoded and merged textures between
// blocks.
std::optional<WorldBlock> buildWorldBlock(const WorldSources& sources, std::uint32_t block,
                                          std::uint32_t origin, TerrainTextures& textures);

// A landblock whose LandBlockInfo has EnvCells and lists no building: its cells are nobody's
// interior, so they are a dungeon (the rule the studio's browser sorts by).
bool isDungeon(const preview::Assets& cells, std::uint32_t block);

// The dungeon of landblock `block`: its EnvCells and the LandBlockInfo's objects, without terrain
// or scenery (an empty mesh and atlas); nothing when the block has no LandBlockInfo or no cells.
std::optional<WorldBlock> buildDungeon(const WorldSources& sources, std::uint32_t block,
                                       std::uint32_t origin);

// What `portalkit render --landblock` and the studio draw for `centre`: a dungeon alone, else
// the centre and `radius` rings of neighbours (blocksAround) that build, relative to the centre.
std::vector<WorldBlock> buildWorldBlocks(const WorldSources& sources, std::uint32_t centre,
                                         int radius, TerrainTextures& textures);

// `block` and `radius` rings of its neighbours, those inside the world, west to east then south
// to north.
std::vector<std::uint32_t> blocksAround(std::uint32_t block, int radius);

} // namespace portalkit::world
