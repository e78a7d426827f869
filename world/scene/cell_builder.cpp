#include "world/scene/cell_builder.h"

#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block_info.h"
#include "world/coords.h"
#include "world/scene/terrain_builder.h"

#include <algorithm>

namespace portalkit::world {

namespace {

const dat::CellStruct* cellStruct(const preview::Assets& portal, const dat::EnvCell& cell) {
    const auto* environment = portal.get<dat::Environment>(cell.environmentId);
    if (!environment)
        return nullptr;
    for (const dat::Environment::Cell& entry : environment->cells)
        if (entry.key == cell.cellStructure)
            return &entry.structure;
    return nullptr;
}

// The portal polygon's corners in world space; empty when the polygon id is not in the struct.
std::vector<QVector3D> portalPolygon(const dat::CellStruct& shape, std::uint16_t polygonId,
                                     const QMatrix4x4& transform) {
    std::vector<QVector3D> out;
    const auto polygon = std::find_if(shape.polygons.begin(), shape.polygons.end(),
                                      [&](const dat::MeshPolygon& p) { return p.id == polygonId; });
    if (polygon == shape.polygons.end())
        return out;
    for (std::int16_t vertexId : polygon->vertexIds) {
        const auto vertex =
            std::find_if(shape.vertices.begin(), shape.vertices.end(),
                         [&](const dat::MeshVertex& v) { return v.id == std::uint16_t(vertexId); });
        if (vertex == shape.vertices.end())
            return {};
        out.push_back(
            transform.map(QVector3D(vertex->origin.x, vertex->origin.y, vertex->origin.z)));
    }
    return out;
}

} // namespace

std::shared_ptr<const dat::GfxObj> cellGeometry(const preview::Assets& portal,
                                                const dat::EnvCell& cell) {
    const dat::CellStruct* shape = cellStruct(portal, cell);
    // The client draws a cell only when its structure has a drawing BSP (PView::DrawCells).
    if (!shape || !shape->hasDrawingBsp)
        return nullptr;
    auto gfx = std::make_shared<dat::GfxObj>();
    gfx->id = cell.id;
    gfx->flags = dat::GfxObj::kHasDrawing;
    gfx->surfaces = cell.surfaces;
    gfx->vertices = shape->vertices;
    gfx->polygons = shape->polygons;
    return gfx;
}

WorldCell buildWorldCell(const preview::Assets& portal, const dat::EnvCell& cell,
                         std::uint32_t origin) {
    WorldCell out;
    out.id = cell.id;
    out.seenOutside = (cell.flags & dat::EnvCell::kSeenOutside) != 0;
    const QVector3D offset = blockPosition(cell.id, origin);
    out.transform = frameMatrix(cell.position, 1, offset);
    out.geometry = cellGeometry(portal, cell);
    const std::uint32_t blockMask = cell.id & 0xFFFF0000u;
    for (std::uint16_t visible : cell.visibleCells)
        out.visibleCells.push_back(blockMask | visible);
    for (const dat::Stab& stab : cell.statics) {
        const std::vector<WorldPart> parts =
            modelParts(portal, stab.id, frameMatrix(stab.frame, 1, offset));
        out.statics.insert(out.statics.end(), parts.begin(), parts.end());
    }
    if (const dat::CellStruct* shape = cellStruct(portal, cell))
        for (const dat::CellPortal& p : cell.portals)
            out.portals.push_back({portalPolygon(*shape, p.polygonId, out.transform),
                                   p.leadsOutside() ? 0u : (blockMask | p.otherCellId)});
    return out;
}

std::vector<WorldCell> buildBlockCells(const WorldSources& sources, std::uint32_t block,
                                       std::uint32_t origin) {
    std::vector<WorldCell> out;
    const std::uint32_t blockMask = landblockOf(block) & 0xFFFF0000u;
    const auto* info = sources.cells->get<dat::LandBlockInfo>(blockMask | 0xFFFEu);
    if (!info)
        return out;
    const std::uint32_t count = std::min<std::uint32_t>(info->numCells, 0xFFFE - 0x0100);
    for (std::uint32_t i = 0; i < count; ++i)
        if (const auto* cell = sources.cells->get<dat::EnvCell>(blockMask | (0x0100 + i)))
            out.push_back(buildWorldCell(*sources.portal, *cell, origin));
    return out;
}

} // namespace portalkit::world
