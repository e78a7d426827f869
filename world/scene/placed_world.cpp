#include "world/scene/placed_world.h"

#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "world/coords.h"
#include "world/placement.h"
#include "world/scene/cell_builder.h"
#include "world/terrain.h"

namespace portalkit::world {

namespace {

Vec3 worldVec(const preview::Vec3& v) {
    return Vec3{v.x, v.y, v.z};
}

void translate(QMatrix4x4& m, QVector3D by) {
    QMatrix4x4 move;
    move.translate(by);
    m = move * m;
}

void translateCell(WorldCell& cell, QVector3D by) {
    translate(cell.transform, by);
    for (WorldPart& part : cell.statics)
        translate(part.transform, by);
    for (CellPortalView& portal : cell.portals)
        for (QVector3D& corner : portal.polygon)
            corner += by;
    cell.centre += by;
    cell.floorZ += by.z();
    // cell.volume stays: its frame is landblock-local, found through the block's offset.
}

const WorldCell* findCell(const std::vector<WorldBlock>& blocks, std::uint32_t id) {
    for (const WorldBlock& block : blocks)
        for (const WorldCell& cell : block.cells)
            if (cell.id == id)
                return &cell;
    return nullptr;
}

void fail(QString* why, const QString& text) {
    if (why)
        *why = text;
}

// The origin left out: an EnvCell's centre on its floor (blocks built round its own block, so
// their frame is block-local), else the place's x, y on the ground.
std::optional<Vec3> defaultOrigin(const WorldSources& sources, const preview::ScenarioPlace& place,
                                  const std::vector<WorldBlock>& blocks, QString* why) {
    if (isEnvCell(place.cellId)) {
        const WorldCell* cell = findCell(blocks, place.cellId);
        if (!cell) {
            fail(why, QStringLiteral("EnvCell 0x%1 is not in the cell DAT")
                          .arg(place.cellId, 8, 16, QLatin1Char('0')));
            return std::nullopt;
        }
        return Vec3{cell->centre.x(), cell->centre.y(), cell->floorZ};
    }
    const auto* land = sources.cells->get<dat::LandBlock>(landblockOf(place.cellId));
    const Vec3 given = worldVec(place.origin);
    if (!land || !sources.region) // a dungeon block: its floor is the cells', not a terrain
        return given;
    const LandblockTerrain terrain(*land, sources.region->landDefs);
    return groundPoint(terrain, given.x, given.y).value_or(given);
}

} // namespace

std::optional<Vec3> placeOrigin(const WorldSources& sources, const preview::ScenarioPlace& place,
                                QString* why) {
    if (place.originGiven)
        return worldVec(place.origin);
    std::vector<WorldBlock> blocks(1);
    if (isEnvCell(place.cellId)) // only its own block's cells, in that block's frame
        blocks[0].cells =
            buildBlockCells(sources, landblockOf(place.cellId), landblockOf(place.cellId));
    return defaultOrigin(sources, place, blocks, why);
}

void translateBlocks(std::vector<WorldBlock>& blocks, QVector3D by) {
    for (WorldBlock& block : blocks) {
        block.offset += by;
        for (std::size_t i = 0; i + kVertexFloats <= block.mesh.vertices.size();
             i += kVertexFloats) {
            block.mesh.vertices[i] += by.x();
            block.mesh.vertices[i + 1] += by.y();
            block.mesh.vertices[i + 2] += by.z();
        }
        block.minZ += by.z();
        block.maxZ += by.z();
        for (WorldPart& part : block.parts)
            translate(part.transform, by);
        for (WorldCell& cell : block.cells)
            translateCell(cell, by);
    }
}

std::optional<PlacedWorld> buildPlacedWorld(const WorldSources& sources,
                                            const preview::ScenarioPlace& place,
                                            TerrainTextures& textures, QString* why) {
    PlacedWorld out;
    out.block = landblockOf(place.cellId);
    out.envCell = isEnvCell(place.cellId) ? place.cellId : 0;
    out.blocks = buildWorldBlocks(sources, out.block, place.radius, textures);
    if (out.blocks.empty()) {
        fail(why, QStringLiteral("landblock 0x%1 is not in the cell DAT")
                      .arg(out.block >> 16, 4, 16, QLatin1Char('0')));
        return std::nullopt;
    }
    if (place.originGiven) {
        out.origin = worldVec(place.origin);
    } else if (const auto origin = defaultOrigin(sources, place, out.blocks, why)) {
        out.origin = *origin;
    } else {
        return std::nullopt;
    }
    translateBlocks(out.blocks, -QVector3D(out.origin.x, out.origin.y, out.origin.z));
    return out;
}

} // namespace portalkit::world
