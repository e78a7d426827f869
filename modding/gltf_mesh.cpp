#include "modding/gltf_mesh.h"

#include "datreader/authoring/bsp_builder.h"
#include "datreader/authoring/room_geometry.h"
#include "datreader/io/dat_error.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace portalkit::modding {

namespace {

using authoring::Vec3d;

// glTF (x, y, z) → AC: the inverse of gltfVector's (x, y, z) → (x, z, −y), a rotation, so
// winding and handedness are kept.
dat::Vec3 acVector(const std::array<float, 3>& v) {
    return {v[0], -v[2], v[1]};
}

Vec3d widened(const dat::Vec3& v) {
    return {v.x, v.y, v.z};
}

// The surface index of each primitive: one per glTF material in order of first use.
std::vector<std::int16_t> surfaceIndices(const GltfModel& model, std::vector<int>& materials) {
    std::vector<std::int16_t> out;
    for (const GltfPrimitive& primitive : model.primitives) {
        auto it = std::find(materials.begin(), materials.end(), primitive.material);
        if (it == materials.end())
            it = materials.insert(materials.end(), primitive.material);
        out.push_back(std::int16_t(it - materials.begin()));
    }
    return out;
}

class MeshBuilder {
  public:
    MeshBuilder(const GltfModel& model, std::uint32_t id) : m_model(model) {
        m_out.gfxObj.id = id;
        m_out.gfxObj.flags = dat::GfxObj::kHasDrawing;
    }

    GltfGfxObj build(bool physics) {
        const std::vector<std::int16_t> surfaces = surfaceIndices(m_model, m_out.materials);
        m_out.gfxObj.surfaces.assign(m_out.materials.size(), 0);
        for (std::size_t p = 0; p < m_model.primitives.size(); ++p)
            addPrimitive(m_model.primitives[p], surfaces[p]);
        if (m_physics.empty())
            throw dat::DatError("meshes",
                                "no triangle has an area: nothing to draw or collide with", 0,
                                dat::OffsetKind::Source);
        fillMissingNormals();
        finish(physics);
        return std::move(m_out);
    }

  private:
    void addPrimitive(const GltfPrimitive& primitive, std::int16_t surface) {
        dat::GfxObj& g = m_out.gfxObj;
        const std::size_t base = g.vertices.size();
        for (const GltfVertex& source : primitive.vertices) {
            dat::GfxObj::Vertex vertex;
            vertex.id = std::uint16_t(g.vertices.size());
            vertex.origin = acVector(source.position);
            vertex.normal = acVector(source.normal);
            vertex.uvs = {{source.uv[0], source.uv[1]}};
            g.vertices.push_back(std::move(vertex));
        }
        const bool doubleSided = primitive.material >= 0 &&
                                 std::size_t(primitive.material) < m_model.materials.size() &&
                                 m_model.materials[std::size_t(primitive.material)].doubleSided;
        for (std::size_t t = 0; t + 2 < primitive.indices.size(); t += 3) {
            dat::GfxObj::Polygon polygon;
            polygon.id = std::uint16_t(g.polygons.size());
            // Sides type 1 draws the back with the same surface and UVs; 0 culls it.
            polygon.sidesType = doubleSided ? 1 : 0;
            polygon.posSurface = surface;
            polygon.negSurface = doubleSided ? surface : -1;
            for (std::size_t c = 0; c < 3; ++c)
                polygon.vertexIds.push_back(std::int16_t(base + primitive.indices[t + c]));
            polygon.posUVIndices.assign(3, 0);
            addPhysics(polygon);
            g.polygons.push_back(std::move(polygon));
        }
    }

    // A triangle with no area has no plane to collide with: drawn, not solid.
    void addPhysics(const dat::GfxObj::Polygon& polygon) {
        const Vec3d normal = faceNormal(polygon);
        if (authoring::length(normal) < 1e-12) {
            ++m_out.degenerateTriangles;
            return;
        }
        // Physics polygons are their own list, numbered by position as retail's are.
        m_physics.push_back(polygon);
        m_physics.back().id = std::uint16_t(m_physics.size() - 1);
        for (const std::int16_t v : polygon.vertexIds)
            m_faceNormals[std::size_t(v)] = m_faceNormals[std::size_t(v)] + normal;
    }

    Vec3d faceNormal(const dat::GfxObj::Polygon& polygon) const {
        const auto& v = m_out.gfxObj.vertices;
        const Vec3d a = widened(v[std::size_t(polygon.vertexIds[0])].origin);
        const Vec3d b = widened(v[std::size_t(polygon.vertexIds[1])].origin);
        const Vec3d c = widened(v[std::size_t(polygon.vertexIds[2])].origin);
        return cross(b - a, c - a);
    }

    // glTF's normals are optional: a vertex without one takes the area-weighted mean of its
    // faces' (counter-clockwise, as AC's polygons wind about their normals).
    void fillMissingNormals() {
        for (dat::GfxObj::Vertex& vertex : m_out.gfxObj.vertices) {
            const dat::Vec3& n = vertex.normal;
            if (n.x != 0 || n.y != 0 || n.z != 0)
                continue;
            const auto it = m_faceNormals.find(vertex.id);
            const double len = it == m_faceNormals.end() ? 0 : authoring::length(it->second);
            vertex.normal =
                len > 0 ? authoring::toFloat(it->second * (1 / len)) : dat::Vec3{0, 0, 1};
        }
    }

    void finish(bool physics) {
        dat::GfxObj& g = m_out.gfxObj;
        std::vector<Vec3d> points;
        Vec3d low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
        for (const dat::GfxObj::Vertex& vertex : g.vertices) {
            const Vec3d p = widened(vertex.origin);
            points.push_back(p);
            low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
            high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
        }
        g.sortCenter = authoring::toFloat((low + high) * 0.5);
        g.drawingBsp = authoring::singleNodeDrawingTree(
            g.polygons.size(), authoring::sphereAround(points), float(low.z));
        if (!physics)
            return;
        g.flags |= dat::GfxObj::kHasPhysics;
        std::vector<authoring::BspPolygon> solid;
        for (const dat::GfxObj::Polygon& polygon : m_physics) {
            authoring::BspPolygon shape{polygon.id, {}};
            for (const std::int16_t v : polygon.vertexIds)
                shape.corners.push_back(widened(g.vertices[std::size_t(v)].origin));
            solid.push_back(std::move(shape));
        }
        g.physicsPolygons = std::move(m_physics);
        // A closed convex body gets the exact tree with a solid leaf; anything else the
        // spatial tree, whose leaves cannot be solid (docs/formats.md#bsp-trees).
        g.physicsBsp = authoring::convexPhysicsTree(solid);
        if (g.physicsBsp.nodes.empty())
            g.physicsBsp = authoring::physicsTree(solid, authoring::meshTreeLimits(solid.size()));
    }

    const GltfModel& m_model;
    GltfGfxObj m_out;
    std::vector<dat::GfxObj::Polygon> m_physics;
    std::map<std::size_t, Vec3d> m_faceNormals;
};

} // namespace

GltfGfxObj gfxObjFromGltf(const GltfModel& model, std::uint32_t id, bool physics) {
    return MeshBuilder(model, id).build(physics);
}

} // namespace portalkit::modding
