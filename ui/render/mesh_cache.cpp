#include "ui/render/mesh_cache.h"

#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_degrade_info.h"
#include "datreader/records/gfx_obj_triangles.h"

#include <QLoggingCategory>
#include <Qt3DCore/QAttribute>
#include <QtGlobal>
#include <algorithm>

namespace portalkit::render {

Q_LOGGING_CATEGORY(lcMesh, "portalkit.render.mesh")

void addVertexAttributes(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer, int count) {
    using Qt3DCore::QAttribute;
    const auto add = [&](const QString& name, int size, int offsetFloats) {
        auto* attribute = new QAttribute(geometry);
        attribute->setName(name);
        attribute->setAttributeType(QAttribute::VertexAttribute);
        attribute->setVertexBaseType(QAttribute::Float);
        attribute->setVertexSize(uint(size));
        attribute->setByteOffset(uint(offsetFloats * sizeof(float)));
        attribute->setByteStride(uint(kVertexFloats * sizeof(float)));
        attribute->setCount(uint(count));
        attribute->setBuffer(buffer);
        geometry->addAttribute(attribute);
        return attribute;
    };
    geometry->setBoundingVolumePositionAttribute(
        add(QAttribute::defaultPositionAttributeName(), 3, 0));
    add(QAttribute::defaultNormalAttributeName(), 3, 3);
    add(QAttribute::defaultTextureCoordinateAttributeName(), 2, 6);
}

void addSubMeshAttributes(Qt3DCore::QGeometry* geometry, const SubMesh& sub) {
    addVertexAttributes(geometry, sub.vertices, sub.vertexCount);
    auto* index = new Qt3DCore::QAttribute(geometry);
    index->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
    index->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
    index->setCount(uint(sub.indexCount));
    index->setBuffer(sub.indices);
    geometry->addAttribute(index);
}

void MeshCache::setAssets(std::shared_ptr<const preview::Assets> assets) {
    m_assets = std::move(assets);
    m_meshes.clear(); // buffers stay parented to the owner; entities that used them are rebuilt
}

const Mesh* MeshCache::get(std::uint32_t id) {
    if (auto it = m_meshes.find(id); it != m_meshes.end())
        return it->second.get();
    std::unique_ptr<Mesh>& slot = m_meshes[id];
    const dat::GfxObj* gfx = m_assets ? m_assets->get<dat::GfxObj>(id) : nullptr;
    if (!gfx) {
        qCWarning(lcMesh, "GfxObj 0x%08X not drawn: %s", id,
                  m_assets ? qPrintable(m_assets->whyMissing<dat::GfxObj>(id)) : "no assets");
        return nullptr;
    }
    slot = build(*gfx, m_owner);
    return slot.get();
}

const Mesh* MeshCache::getMade(std::uint32_t key, const dat::GfxObj& gfx) {
    if (auto it = m_made.find(key); it != m_made.end())
        return it->second.get();
    if (!m_madeOwner)
        m_madeOwner = new Qt3DCore::QNode(m_owner);
    std::unique_ptr<Mesh>& slot = m_made[key];
    slot = build(gfx, m_madeOwner);
    return slot.get();
}

void MeshCache::clearMade() {
    m_made.clear();
    delete m_madeOwner; // the buffers with it
    m_madeOwner = nullptr;
}

std::unique_ptr<Mesh> MeshCache::build(const dat::GfxObj& source, Qt3DCore::QNode* owner) const {
    const dat::GfxObj* gfx = &source;
    const std::uint32_t id = source.id;
    // The shared triangulation (records/gfx_obj_triangles.h), positive sides only for now.
    const dat::GfxObjTriangles triangles =
        dat::triangulateDrawing(*gfx, dat::PolygonSides::PositiveOnly);
    if (triangles.skippedPolygons)
        qCWarning(lcMesh, "GfxObj 0x%08X: %zu polygons name missing vertices", id,
                  triangles.skippedPolygons);

    auto mesh = std::make_unique<Mesh>();
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (const dat::SurfaceTriangles& group : triangles.groups) {
        std::vector<float> floats;
        std::vector<std::uint32_t> indices;
        indices.reserve(group.corners.size());
        std::map<std::pair<std::uint32_t, std::int32_t>, std::uint32_t> shared;
        for (const dat::TriangleCorner& corner : group.corners) {
            const auto [slot, added] = shared.try_emplace(
                std::make_pair(corner.vertex, corner.uvIndex), std::uint32_t(shared.size()));
            indices.push_back(slot->second);
            if (!added)
                continue;
            const auto& v = gfx->vertices[corner.vertex];
            const dat::GfxObj::UV uv =
                corner.uvIndex >= 0 ? v.uvs[std::size_t(corner.uvIndex)] : dat::GfxObj::UV{};
            const float p[3] = {v.origin.x, v.origin.y, v.origin.z};
            for (int k = 0; k < 3; ++k) {
                lo[k] = std::min(lo[k], p[k]);
                hi[k] = std::max(hi[k], p[k]);
            }
            floats.insert(floats.end(),
                          {p[0], p[1], p[2], v.normal.x, v.normal.y, v.normal.z, uv.u, uv.v});
        }
        SubMesh sub;
        sub.surface =
            group.surfaceIndex >= 0 && std::size_t(group.surfaceIndex) < gfx->surfaces.size()
                ? gfx->surfaces[std::size_t(group.surfaceIndex)]
                : 0;
        sub.vertexCount = int(floats.size() / kVertexFloats);
        sub.vertices = new Qt3DCore::QBuffer(owner);
        sub.vertices->setData(QByteArray(reinterpret_cast<const char*>(floats.data()),
                                         qsizetype(floats.size() * sizeof(float))));
        sub.indexCount = int(indices.size());
        sub.indices = new Qt3DCore::QBuffer(owner);
        sub.indices->setData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                                        qsizetype(indices.size() * sizeof(std::uint32_t))));
        mesh->subMeshes.push_back(sub);
    }
    if (mesh->subMeshes.empty()) {
        qCWarning(lcMesh, "GfxObj 0x%08X has no drawable polygons", id);
        return nullptr;
    }
    mesh->min = QVector3D(lo[0], lo[1], lo[2]);
    mesh->max = QVector3D(hi[0], hi[1], hi[2]);
    mesh->radius =
        QVector3D(std::max(-lo[0], hi[0]), std::max(-lo[1], hi[1]), std::max(-lo[2], hi[2]))
            .length();
    if (gfx->hasDidDegrade() && m_assets)
        if (const auto* degrade = m_assets->get<dat::GfxObjDegradeInfo>(gfx->didDegrade))
            if (!degrade->levels.empty())
                mesh->degradeMode = int(degrade->levels.front().degradeMode);
    return mesh;
}

} // namespace portalkit::render
