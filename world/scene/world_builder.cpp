#include "world/scene/world_builder.h"

#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "datreader/records/scene.h"
#include "datreader/records/setup.h"
#include "world/coords.h"
#include "world/scene/cell_builder.h"
#include "world/scenery.h"

#include <QQuaternion>
#include <algorithm>
#include <map>

namespace portalkit::world {

QMatrix4x4 frameMatrix(const dat::Frame& frame, float scale, QVector3D offset) {
    QMatrix4x4 m;
    m.translate(QVector3D(frame.origin.x, frame.origin.y, frame.origin.z) + offset);
    m.rotate(QQuaternion(frame.orientation.w, frame.orientation.x, frame.orientation.y,
                         frame.orientation.z)
                 .normalized());
    m.scale(scale);
    return m;
}

namespace {

void addModel(const preview::Assets& portal, std::uint32_t modelId, const QMatrix4x4& frame,
              std::vector<WorldPart>& out) {
    const std::vector<WorldPart> parts = modelParts(portal, modelId, frame);
    out.insert(out.end(), parts.begin(), parts.end());
}

// LandBlockInfo statics and buildings, in landblock-local frames.
void addStatics(const dat::LandBlockInfo& info, const preview::Assets& portal, QVector3D offset,
                WorldBlock& block) {
    for (const dat::Stab& stab : info.objects) {
        addModel(portal, stab.id, frameMatrix(stab.frame, 1, offset), block.parts);
        ++block.statics;
    }
    for (const dat::BuildingInfo& building : info.buildings) {
        addModel(portal, building.modelId, frameMatrix(building.frame, 1, offset), block.parts);
        ++block.buildings;
    }
}

void addScenery(const LandblockTerrain& terrain, const dat::LandBlockInfo* info,
                const WorldSources& sources, QVector3D offset, WorldBlock& block) {
    SceneryInputs in;
    in.region = sources.region;
    in.info = info;
    in.scenes = [&sources](std::uint32_t id) { return sources.portal->get<dat::Scene>(id); };
    for (const SceneryObject& object : placeScenery(terrain, in)) {
        dat::Frame frame;
        frame.origin = {object.origin.x, object.origin.y, object.origin.z};
        frame.orientation = {object.orientation.w, object.orientation.x, object.orientation.y,
                             object.orientation.z};
        addModel(*sources.portal, object.objectId, frameMatrix(frame, object.scale, offset),
                 block.parts);
        ++block.scenery;
    }
}

} // namespace

std::vector<WorldPart> modelParts(const preview::Assets& portal, std::uint32_t modelId,
                                  const QMatrix4x4& frame) {
    if (portal.get<dat::GfxObj>(modelId))
        return {{modelId, frame}};
    const auto* setup = portal.get<dat::Setup>(modelId);
    if (!setup)
        return {};
    // The Default placement (key 0), as an owner at rest takes it (preview/scene/owner_setup).
    const dat::AnimationFrame* placement = nullptr;
    for (const auto& [key, f] : setup->placementFrames)
        if (key == 0)
            placement = &f;
    std::vector<WorldPart> out;
    for (std::size_t i = 0; i < setup->parts.size(); ++i) {
        QMatrix4x4 m = frame;
        if (placement && i < placement->parts.size())
            m = m * frameMatrix(placement->parts[i], 1, {});
        if (i < setup->defaultScales.size()) {
            const dat::Vec3& s = setup->defaultScales[i];
            m.scale(s.x, s.y, s.z);
        }
        out.push_back({setup->parts[i], m});
    }
    return out;
}

bool isDungeon(const preview::Assets& cells, std::uint32_t block) {
    const auto* info = cells.get<dat::LandBlockInfo>(landblockOf(block) - 1);
    return info && info->numCells > 0 && info->buildings.empty();
}

std::optional<WorldBlock> buildDungeon(const WorldSources& sources, std::uint32_t block,
                                       std::uint32_t origin) {
    WorldBlock out;
    out.id = landblockOf(block);
    const auto* info = sources.cells->get<dat::LandBlockInfo>(out.id - 1);
    if (!info || info->numCells == 0)
        return std::nullopt;
    out.offset = blockPosition(out.id, origin);
    addStatics(*info, *sources.portal, out.offset, out);
    out.cells = buildBlockCells(sources, out.id, origin);
    if (out.cells.empty())
        return std::nullopt;
    // The heights the block spans come from its cells, as there is no terrain.
    out.minZ = 1e30f;
    out.maxZ = -1e30f;
    for (const WorldCell& cell : out.cells) {
        out.minZ = std::min(out.minZ, cell.floorZ);
        out.maxZ = std::max(out.maxZ, 2 * cell.centre.z() - cell.floorZ);
    }
    return out;
}

std::vector<WorldBlock> buildWorldBlocks(const WorldSources& sources, std::uint32_t centre,
                                         int radius, TerrainTextures& textures) {
    std::vector<WorldBlock> out;
    // A dungeon is drawn alone: its neighbours' terrain (and its own, often a flat sea at the
    // dungeon's floor height) would only hide it.
    if (isDungeon(*sources.cells, centre)) {
        if (auto dungeon = buildDungeon(sources, centre, centre))
            out.push_back(std::move(*dungeon));
        return out;
    }
    for (std::uint32_t id : blocksAround(centre, radius))
        if (auto block = buildWorldBlock(sources, id, centre, textures))
            out.push_back(std::move(*block));
    return out;
}

std::optional<WorldBlock> buildWorldBlock(const WorldSources& sources, std::uint32_t block,
                                          std::uint32_t origin, TerrainTextures& textures) {
    const auto* land = sources.cells->get<dat::LandBlock>(landblockOf(block));
    if (!land)
        return buildDungeon(sources, block, origin);
    if (!sources.region)
        return std::nullopt;
    const LandblockTerrain terrain(*land, sources.region->landDefs);
    WorldBlock out;
    out.id = terrain.id();
    const QVector3D offset = blockPosition(out.id, origin);
    out.offset = offset;
    out.mesh = buildTerrainMesh(terrain, offset);
    out.atlas = textures.atlas(terrain);
    for (int cx = 0; cx < kCellsPerBlock; ++cx)
        for (int cy = 0; cy < kCellsPerBlock; ++cy)
            out.abandonedCells += textures.abandoned(cellPaletteCode(terrain, cx, cy)) ? 1 : 0;
    const auto [low, high] =
        std::minmax_element(terrain.vertices().begin(), terrain.vertices().end(),
                            [](const Vec3& a, const Vec3& b) { return a.z < b.z; });
    out.minZ = low->z;
    out.maxZ = high->z;
    const auto* info = sources.cells->get<dat::LandBlockInfo>(out.id - 1);
    if (info)
        addStatics(*info, *sources.portal, offset, out);
    addScenery(terrain, info, sources, offset, out);
    out.cells = buildBlockCells(sources, out.id, origin);
    return out;
}

std::vector<std::uint32_t> blocksAround(std::uint32_t block, int radius) {
    std::vector<std::uint32_t> out;
    const int bx = blockX(block), by = blockY(block);
    for (int y = by - radius; y <= by + radius; ++y)
        for (int x = bx - radius; x <= bx + radius; ++x)
            if (x >= 0 && y >= 0 && x < kBlocksPerSide && y < kBlocksPerSide)
                out.push_back(landblockId(x, y));
    return out;
}

} // namespace portalkit::world
