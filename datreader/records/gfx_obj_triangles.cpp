#include "datreader/records/gfx_obj_triangles.h"

#include <cmath>
#include <map>
#include <unordered_map>
#include <utility>

namespace portalkit::dat {

namespace {

bool finite(const Vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

} // namespace

std::int32_t cornerUVIndex(const GfxObj::Vertex& vertex, const std::vector<std::uint8_t>& uvIndices,
                           std::size_t corner) {
    if (corner < uvIndices.size() && uvIndices[corner] < vertex.uvs.size())
        return uvIndices[corner];
    return vertex.uvs.empty() ? -1 : 0;
}

GfxObjTriangles triangulateDrawing(const GfxObj& gfxObj, PolygonSides sides) {
    std::unordered_map<std::int32_t, std::uint32_t> indexOfId;
    for (std::size_t i = 0; i < gfxObj.vertices.size(); ++i)
        indexOfId.emplace(gfxObj.vertices[i].id, std::uint32_t(i));

    GfxObjTriangles out;
    std::map<std::pair<std::int16_t, bool>, std::vector<TriangleCorner>> byGroup;
    std::vector<std::uint32_t> corners;
    for (const GfxObj::Polygon& polygon : gfxObj.polygons) {
        const std::size_t n = polygon.vertexIds.size();
        if (n < 3)
            continue;
        corners.clear();
        for (std::int16_t id : polygon.vertexIds) {
            const auto it = indexOfId.find(id);
            if (it == indexOfId.end())
                break;
            corners.push_back(it->second);
        }
        if (corners.size() != n) {
            ++out.skippedPolygons;
            continue;
        }

        // Sides type 1 draws the back with the front's surface and UVs (docs/formats.md), type 2
        // with its own; the others only the front.
        const bool back = sides == PolygonSides::Both &&
                          (polygon.sidesType == 1 || polygon.sidesType == GfxObj::kSidesClockwise);
        const bool ownBack = polygon.sidesType == GfxObj::kSidesClockwise;
        const auto addSide = [&](bool negative) {
            const std::int16_t surface =
                negative && ownBack ? polygon.negSurface : polygon.posSurface;
            const auto& uvIndices =
                negative && ownBack ? polygon.negUVIndices : polygon.posUVIndices;
            std::vector<TriangleCorner>& group = byGroup[{surface, negative}];
            const auto corner = [&](std::size_t i) {
                const GfxObj::Vertex& vertex = gfxObj.vertices[corners[i]];
                return TriangleCorner{corners[i], cornerUVIndex(vertex, uvIndices, i)};
            };
            for (std::size_t i = 1; i + 1 < n; ++i) {
                const std::size_t b = negative ? i + 1 : i;
                const std::size_t c = negative ? i : i + 1;
                if (!finite(gfxObj.vertices[corners[0]].origin) ||
                    !finite(gfxObj.vertices[corners[b]].origin) ||
                    !finite(gfxObj.vertices[corners[c]].origin)) {
                    ++out.droppedTriangles;
                    continue;
                }
                group.insert(group.end(), {corner(0), corner(b), corner(c)});
            }
        };
        addSide(false);
        if (back)
            addSide(true);
    }
    for (auto& [key, corners] : byGroup)
        if (!corners.empty())
            out.groups.push_back(SurfaceTriangles{key.first, key.second, std::move(corners)});
    return out;
}

} // namespace portalkit::dat
