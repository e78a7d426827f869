#include "world/scene/world_pick.h"

#include "datreader/records/gfx_obj.h"
#include "world/placement.h"

#include <cmath>
#include <limits>
#include <map>

namespace portalkit::world {

namespace {

Vec3 vec(QVector3D v) {
    return Vec3{v.x(), v.y(), v.z()};
}

struct Hit {
    float t = std::numeric_limits<float>::infinity();
    bool floor = false;
};

void pickTerrain(const WorldBlock& block, Vec3 origin, Vec3 dir, Hit& hit) {
    const std::vector<float>& v = block.mesh.vertices;
    const auto corner = [&](std::uint32_t i) {
        const std::size_t at = std::size_t(i) * kVertexFloats;
        return Vec3{v[at], v[at + 1], v[at + 2]};
    };
    const std::size_t count = v.size() / kVertexFloats;
    for (std::size_t i = 0; i + 2 < block.mesh.indices.size(); i += 3) {
        const std::uint32_t a = block.mesh.indices[i], b = block.mesh.indices[i + 1],
                            c = block.mesh.indices[i + 2];
        if (a >= count || b >= count || c >= count)
            continue;
        if (const auto t = rayTriangle(origin, dir, corner(a), corner(b), corner(c));
            t && *t < hit.t)
            hit = Hit{*t, true}; // terrain is ground wherever it is hit
    }
}

// A cell's drawing polygons as fans, in world coordinates. A hit counts as floor when the polygon
// is level enough and the ray comes down on it (cell polygons wind either way, so the side is
// the ray's, not the normal's).
void pickCell(const WorldCell& cell, Vec3 origin, Vec3 dir, Hit& hit) {
    if (!cell.geometry)
        return;
    std::map<std::int32_t, QVector3D> placed;
    for (const dat::GfxObj::Vertex& vertex : cell.geometry->vertices)
        placed[vertex.id] =
            cell.transform.map(QVector3D(vertex.origin.x, vertex.origin.y, vertex.origin.z));
    for (const dat::GfxObj::Polygon& polygon : cell.geometry->polygons) {
        std::vector<QVector3D> corners;
        for (std::int16_t id : polygon.vertexIds)
            if (auto it = placed.find(id); it != placed.end())
                corners.push_back(it->second);
        if (corners.size() < 3)
            continue;
        const QVector3D normal =
            QVector3D::crossProduct(corners[1] - corners[0], corners[2] - corners[0]).normalized();
        for (std::size_t k = 1; k + 1 < corners.size(); ++k)
            if (const auto t =
                    rayTriangle(origin, dir, vec(corners[0]), vec(corners[k]), vec(corners[k + 1]));
                t && *t < hit.t)
                hit = Hit{*t, std::abs(normal.z()) >= kFloorNormalZ && dir.z < 0};
    }
}

} // namespace

std::optional<QVector3D> pickGround(const std::vector<WorldBlock>& blocks, QVector3D origin,
                                    QVector3D dir) {
    if (dir.lengthSquared() == 0)
        return std::nullopt;
    const Vec3 o = vec(origin), d = vec(dir);
    Hit hit;
    for (const WorldBlock& block : blocks) {
        pickTerrain(block, o, d, hit);
        for (const WorldCell& cell : block.cells)
            pickCell(cell, o, d, hit);
    }
    if (!std::isfinite(hit.t) || !hit.floor)
        return std::nullopt;
    return origin + dir * hit.t;
}

} // namespace portalkit::world
