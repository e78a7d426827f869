#include "world/scene/world_lines.h"

#include "datreader/records/gfx_obj.h"
#include "world/coords.h"
#include "world/terrain.h"

#include <QVector3D>
#include <algorithm>
#include <set>
#include <unordered_map>
#include <utility>

namespace portalkit::world {

namespace {

void addSegment(LineList& out, QVector3D a, QVector3D b) {
    out.insert(out.end(), {a.x(), a.y(), a.z(), b.x(), b.y(), b.z()});
}

void addLoop(LineList& out, const std::vector<QVector3D>& corners) {
    for (std::size_t i = 0; i < corners.size() && corners.size() >= 2; ++i)
        addSegment(out, corners[i], corners[(i + 1) % corners.size()]);
}

// Vertex `index` of a terrain mesh, lifted.
QVector3D terrainPoint(const TerrainMeshData& mesh, std::uint32_t index) {
    const float* v = mesh.vertices.data() + std::size_t(index) * kVertexFloats;
    return {v[0], v[1], v[2] + kTerrainLineLift};
}

// The block's outline through its edge vertices, so it follows the ground. The mesh numbers its
// vertices 9x + y (terrain_builder.h).
void addBlockOutline(const TerrainMeshData& mesh, LineList& out) {
    constexpr int n = kCellsPerBlock + 1; // vertices per side
    const auto index = [](int x, int y) { return std::uint32_t(n * x + y); };
    for (int i = 0; i + 1 < n; ++i) {
        addSegment(out, terrainPoint(mesh, index(i, 0)), terrainPoint(mesh, index(i + 1, 0)));
        addSegment(out, terrainPoint(mesh, index(i, n - 1)),
                   terrainPoint(mesh, index(i + 1, n - 1)));
        addSegment(out, terrainPoint(mesh, index(0, i)), terrainPoint(mesh, index(0, i + 1)));
        addSegment(out, terrainPoint(mesh, index(n - 1, i)),
                   terrainPoint(mesh, index(n - 1, i + 1)));
    }
}

// Every triangle edge once: the cell squares and the diagonal the client's split chose.
void addTriangleEdges(const TerrainMeshData& mesh, LineList& out) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            std::uint32_t a = mesh.indices[t + std::size_t(k)];
            std::uint32_t b = mesh.indices[t + std::size_t((k + 1) % 3)];
            if (a > b)
                std::swap(a, b);
            if (seen.insert({a, b}).second)
                addSegment(out, terrainPoint(mesh, a), terrainPoint(mesh, b));
        }
}

// A GfxObj's physics polygons at `transform`; polygons naming a missing vertex are skipped.
void addPhysicsPolygons(const dat::GfxObj& gfx, const QMatrix4x4& transform, LineList& out) {
    std::unordered_map<std::int32_t, const dat::MeshVertex*> byId;
    for (const dat::MeshVertex& v : gfx.vertices)
        byId.emplace(v.id, &v);
    std::vector<QVector3D> corners;
    for (const dat::MeshPolygon& polygon : gfx.physicsPolygons) {
        corners.clear();
        for (std::int16_t id : polygon.vertexIds) {
            const auto it = byId.find(id);
            if (it == byId.end())
                break;
            const dat::Vec3& p = it->second->origin;
            corners.push_back(transform.map(QVector3D(p.x, p.y, p.z)));
        }
        if (corners.size() == polygon.vertexIds.size())
            addLoop(out, corners);
    }
}

void addParts(const std::vector<WorldPart>& parts, const preview::Assets& portal, LineList& out) {
    for (const WorldPart& part : parts)
        if (const auto* gfx = portal.get<dat::GfxObj>(part.gfxObj))
            addPhysicsPolygons(*gfx, part.transform, out);
}

} // namespace

WorldLines buildWorldLines(const std::vector<WorldBlock>& blocks, const preview::Assets& portal) {
    WorldLines out;
    for (const WorldBlock& block : blocks) {
        if (block.mesh.vertexCount() == LandblockTerrain::kVertexCount) {
            addBlockOutline(block.mesh, out.landblocks);
            addTriangleEdges(block.mesh, out.cells);
        }
        addParts(block.parts, portal, out.physics);
        for (const WorldCell& cell : block.cells) {
            for (const CellPortalView& p : cell.portals)
                addLoop(out.portals, p.polygon);
            addParts(cell.statics, portal, out.physics);
        }
    }
    return out;
}

} // namespace portalkit::world
