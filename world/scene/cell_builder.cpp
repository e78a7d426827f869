#include "world/scene/cell_builder.h"

#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block_info.h"
#include "world/coords.h"
#include "world/scene/terrain_builder.h"

#include <QLoggingCategory>
#include <algorithm>

namespace portalkit::world {

Q_LOGGING_CATEGORY(lcCells, "portalkit.world.cells")

namespace {

const dat::CellStruct* cellStruct(const preview::Assets& portal, const dat::EnvCell& cell) {
    const auto* environment = portal.get<dat::Environment>(cell.environmentId);
    return environment ? findCellStruct(*environment, cell.cellStructure) : nullptr;
}

// A drawing polygon that is an opening, not a surface: one of the struct's portals, or one whose
// front is marked not drawn (NoPos stippling, which portal polygons carry).
bool isOpening(const dat::CellStruct& shape, const dat::MeshPolygon& polygon) {
    if (polygon.stippling & dat::MeshPolygon::kStipplingNoPos)
        return true;
    return std::find(shape.portals.begin(), shape.portals.end(), polygon.id) != shape.portals.end();
}

// The cell's centre and floor height from its struct's vertex box, in world coordinates.
void placeVolume(const dat::CellStruct& shape, WorldCell& out) {
    if (shape.vertices.empty())
        return;
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    for (const dat::MeshVertex& v : shape.vertices) {
        const QVector3D p(v.origin.x, v.origin.y, v.origin.z);
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    const QVector3D middle = (lo + hi) / 2;
    out.centre = out.transform.map(middle);
    out.floorZ = out.transform.map(QVector3D(middle.x(), middle.y(), lo.z())).z();
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
    for (const dat::MeshPolygon& polygon : shape->polygons)
        if (!isOpening(*shape, polygon))
            gfx->polygons.push_back(polygon);
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
    const dat::CellStruct* shape = cellStruct(portal, cell);
    if (!shape) {
        const QString why = portal.get<dat::Environment>(cell.environmentId)
                                ? QStringLiteral("it has no CellStruct %1").arg(cell.cellStructure)
                                : portal.whyMissing<dat::Environment>(cell.environmentId);
        qCWarning(lcCells, "EnvCell 0x%08X not drawn: Environment 0x%08X: %s", cell.id,
                  cell.environmentId, qPrintable(why));
        return out;
    }
    out.volume = cellVolume(cell, *shape);
    placeVolume(*shape, out);
    for (const dat::CellPortal& p : cell.portals)
        out.portals.push_back({portalPolygon(*shape, p.polygonId, out.transform),
                               p.leadsOutside() ? 0u : (blockMask | p.otherCellId)});
    return out;
}

bool WorldCell::seesOutside() const {
    return seenOutside || std::any_of(portals.begin(), portals.end(),
                                      [](const CellPortalView& p) { return p.outside(); });
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
