#include "export/gfx_obj_meshes.h"

#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_triangles.h"
#include "export/gltf_axes.h"
#include "export/gltf_json.h"

#include <QBuffer>
#include <cmath>

namespace portalkit::exports {

namespace {

using preview::Vec3;

// Sampler enums (glTF 2.0 §5.26).
constexpr int kLinear = 9729;
constexpr int kLinearMipmapLinear = 9987;
constexpr int kRepeat = 10497;
constexpr int kTriangles = 4;

// Finite, not too short to normalise, not so long its length overflows.
bool usableDirection(const Vec3& v) {
    const float length = preview::length(v);
    return std::isfinite(length) && length > 1e-6f;
}

// One Surface-and-side group's vertices, unshared between groups as glTF primitives need.
struct PrimitiveData {
    std::vector<float> positions, normals, uvs;
    std::vector<std::uint32_t> indices;
};

// The corner's normal: the stored one (reversed on back faces), else the triangle's own.
Vec3 cornerNormal(const dat::GfxObj& gfx, const dat::SurfaceTriangles& group, std::size_t first,
                  const dat::GfxObj::Vertex& vertex) {
    // Back faces look the other way.
    Vec3 normal = group.negativeSide ? -Vec3(vertex.normal) : Vec3(vertex.normal);
    if (!usableDirection(normal)) {
        // No usable stored normal: the triangle's own (fronts wind counter-clockwise; back-face
        // triangles arrive already reversed).
        const Vec3 a(gfx.vertices[group.corners[first].vertex].origin);
        const Vec3 b(gfx.vertices[group.corners[first + 1].vertex].origin);
        const Vec3 d(gfx.vertices[group.corners[first + 2].vertex].origin);
        normal = preview::cross(b - a, d - a);
        if (!usableDirection(normal))
            normal = {0, 0, 1};
    }
    return preview::normalized(normal);
}

PrimitiveData primitiveData(const dat::GfxObj& gfx, const dat::SurfaceTriangles& group) {
    PrimitiveData out;
    // Corners that share vertex, UV and side share one glTF vertex.
    std::map<std::pair<std::uint32_t, std::int32_t>, std::uint32_t> indexOf;
    for (std::size_t t = 0; t + 2 < group.corners.size(); t += 3) {
        for (std::size_t c = t; c < t + 3; ++c) {
            const dat::TriangleCorner& corner = group.corners[c];
            auto [it, added] =
                indexOf.try_emplace({corner.vertex, corner.uvIndex}, std::uint32_t(indexOf.size()));
            out.indices.push_back(it->second);
            if (!added)
                continue;
            const dat::GfxObj::Vertex& vertex = gfx.vertices[corner.vertex];
            for (float v : gltfVector(Vec3(vertex.origin)))
                out.positions.push_back(v);
            for (float v : gltfVector(cornerNormal(gfx, group, t, vertex)))
                out.normals.push_back(v);
            float u = 0, w = 0;
            if (corner.uvIndex >= 0) {
                u = vertex.uvs[std::size_t(corner.uvIndex)].u;
                w = vertex.uvs[std::size_t(corner.uvIndex)].v;
            }
            // AC's UVs are Direct3D's, with v down from the top like glTF's: kept as they are.
            out.uvs.push_back(std::isfinite(u) ? u : 0.0f);
            out.uvs.push_back(std::isfinite(w) ? w : 0.0f);
        }
    }
    return out;
}

} // namespace

GfxObjMeshes::LookKey GfxObjMeshes::lookKey(const preview::appearance::PartLook* look) {
    LookKey key;
    if (!look || !look->changesSurfaces())
        return key; // the plain mesh
    for (const preview::appearance::SurfaceSwap& swap : look->surfaces)
        key.emplace_back(swap.changed() ? swap.texture : 0, swap.paletteKey);
    return key;
}

int GfxObjMeshes::gfxObj(std::uint32_t id, const dat::GfxObj& gfx,
                         const preview::appearance::PartLook* look) {
    std::pair<std::uint32_t, LookKey> key{id, lookKey(look)};
    if (auto it = m_meshes.find(key); it != m_meshes.end())
        return it->second;
    const bool dressed = !key.second.empty();
    QString label = QStringLiteral("GfxObj %1").arg(hex(id));
    if (dressed)
        label += QStringLiteral(" (dressed)");
    const int mesh = build(label, "gfxObj", id, gfx, dressed ? look : nullptr);
    m_meshes.emplace(std::move(key), mesh);
    return mesh;
}

int GfxObjMeshes::cell(std::uint32_t cellId, const dat::GfxObj& geometry) {
    if (auto it = m_cellMeshes.find(cellId); it != m_cellMeshes.end())
        return it->second;
    const int mesh =
        build(QStringLiteral("EnvCell %1").arg(hex(cellId)), "envCell", cellId, geometry, nullptr);
    m_cellMeshes.emplace(cellId, mesh);
    return mesh;
}

int GfxObjMeshes::build(const QString& label, const char* extrasKey, std::uint32_t id,
                        const dat::GfxObj& gfx, const preview::appearance::PartLook* look) {
    const dat::GfxObjTriangles triangles = dat::triangulateDrawing(gfx, dat::PolygonSides::Both);
    if (triangles.skippedPolygons)
        m_warnings << QStringLiteral("%1: %2 polygons name vertices it does not have; left out")
                          .arg(label)
                          .arg(triangles.skippedPolygons);
    if (triangles.droppedTriangles)
        m_warnings << QStringLiteral("%1: %2 triangles with non-finite positions left out")
                          .arg(label)
                          .arg(triangles.droppedTriangles);
    QJsonArray primitives;
    for (const dat::SurfaceTriangles& group : triangles.groups) {
        const PrimitiveData data = primitiveData(gfx, group);
        const bool inRange =
            group.surfaceIndex >= 0 && std::size_t(group.surfaceIndex) < gfx.surfaces.size();
        if (!inRange)
            m_warnings << QStringLiteral("%1: polygons name surface %2 of %3; drawn with the "
                                         "magenta stand-in")
                              .arg(label)
                              .arg(group.surfaceIndex)
                              .arg(gfx.surfaces.size());
        // The material first: its texture's bytes precede the vertices in the buffer.
        // The look lists the GfxObj's surfaces in order, so the index finds the swap.
        const std::size_t index = std::size_t(group.surfaceIndex);
        const bool swapped = inRange && look && index < look->surfaces.size();
        const int surfaceMaterial =
            material(inRange ? gfx.surfaces[index] : 0, swapped ? &look->surfaces[index] : nullptr);
        QJsonObject attributes{
            {"POSITION",
             m_doc.addFloatAccessor(data.positions, 3, BufferTarget::ArrayBuffer, true)},
            {"NORMAL", m_doc.addFloatAccessor(data.normals, 3, BufferTarget::ArrayBuffer, false)},
            {"TEXCOORD_0", m_doc.addFloatAccessor(data.uvs, 2, BufferTarget::ArrayBuffer, false)}};
        primitives.append(QJsonObject{
            {"attributes", attributes},
            {"indices", m_doc.addIndexAccessor(data.indices)},
            {"material", surfaceMaterial},
            {"mode", kTriangles},
            {"extras", QJsonObject{{"side", group.negativeSide ? "negative" : "positive"}}}});
    }
    if (primitives.isEmpty()) {
        m_warnings << QStringLiteral("%1 has no drawing polygons; its node has no mesh").arg(label);
        return -1;
    }
    return m_doc.add("meshes", QJsonObject{{"name", label},
                                           {"primitives", primitives},
                                           {"extras", QJsonObject{{extrasKey, hex(id)}}}});
}

int GfxObjMeshes::texture(const SurfaceMaterial& material) {
    const auto key =
        std::make_tuple(material.renderSurfaceId, material.paletteId, material.composedPalette);
    if (auto it = m_textures.find(key); it != m_textures.end())
        return it->second;
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    material.texture.save(&buffer, "PNG");
    QString name = QStringLiteral("RenderSurface %1").arg(hex(material.renderSurfaceId));
    if (material.paletteId)
        name += QStringLiteral(" with Palette %1").arg(hex(material.paletteId));
    if (material.composedPalette)
        name += QStringLiteral(" recoloured (composed palette %1)")
                    .arg(material.composedPalette, 16, 16, QChar('0'));
    const int image = m_doc.addPngImage(png, name);
    if (m_sampler < 0)
        m_sampler = m_doc.add("samplers", QJsonObject{{"magFilter", kLinear},
                                                      {"minFilter", kLinearMipmapLinear},
                                                      {"wrapS", kRepeat},
                                                      {"wrapT", kRepeat}});
    const int index = m_doc.add("textures", QJsonObject{{"sampler", m_sampler}, {"source", image}});
    m_textures.emplace(key, index);
    return index;
}

int GfxObjMeshes::material(std::uint32_t surface, const preview::appearance::SurfaceSwap* swap) {
    if (swap && !swap->changed())
        swap = nullptr;
    const auto key =
        std::make_tuple(surface, swap ? swap->texture : 0u, swap ? swap->paletteKey : 0u);
    if (auto it = m_materials.find(key); it != m_materials.end())
        return it->second;
    const SurfaceMaterial look = surfaceMaterial(m_assets, surface, swap);
    if (!look.problem.isEmpty())
        m_warnings << look.problem + QStringLiteral("; drawn magenta");
    QJsonObject pbr{{"baseColorFactor", jsonArray(look.baseColor)},
                    {"metallicFactor", 0},
                    {"roughnessFactor", 1}};
    const int textureIndex = look.texture.isNull() ? -1 : texture(look);
    if (textureIndex >= 0)
        pbr["baseColorTexture"] = QJsonObject{{"index", textureIndex}};
    QJsonObject out{
        {"name", QStringLiteral("Surface %1%2")
                     .arg(hex(surface), swap ? QStringLiteral(" (dressed)") : QString())},
        {"pbrMetallicRoughness", pbr}};
    switch (look.alphaMode) {
    case AlphaMode::Opaque:
        break;
    case AlphaMode::Mask:
        out["alphaMode"] = "MASK";
        out["alphaCutoff"] = double(look.alphaCutoff);
        break;
    case AlphaMode::Blend:
        out["alphaMode"] = "BLEND";
        break;
    }
    // Luminosity lights the surface whatever the scene's lights: emission of the same colour.
    if (look.luminosity > 0) {
        out["emissiveFactor"] =
            jsonArray({look.baseColor[0] * look.luminosity, look.baseColor[1] * look.luminosity,
                       look.baseColor[2] * look.luminosity});
        if (textureIndex >= 0)
            out["emissiveTexture"] = QJsonObject{{"index", textureIndex}};
    }
    QJsonObject extras{{"surface", hex(surface)},
                       {"surfaceType", hex(look.type)},
                       {"translucency", double(look.translucency)},
                       {"luminosity", double(look.luminosity)}};
    if (look.additive)
        extras["blend"] = "additive";
    if (look.textureId)
        extras["surfaceTexture"] = hex(look.textureId);
    if (look.textureSwapped)
        extras["textureSwapped"] = true;
    if (look.composedPalette)
        extras["recoloured"] = true;
    out["extras"] = extras;
    const int index = m_doc.add("materials", out);
    m_materials.emplace(key, index);
    return index;
}

} // namespace portalkit::exports
