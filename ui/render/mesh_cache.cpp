#include "mesh_cache.h"

#include "records/gfx_obj.h"
#include "records/gfx_obj_degrade_info.h"

#include <QLoggingCategory>
#include <Qt3DCore/QAttribute>
#include <QtGlobal>
#include <cmath>
#include <unordered_map>

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
    std::unordered_map<std::int32_t, const dat::GfxObj::Vertex*> byId;
    for (const auto& vertex : gfx->vertices)
        byId[vertex.id] = &vertex;

    auto mesh = std::make_unique<Mesh>();
    std::map<std::int16_t, std::vector<float>> bySurface;
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    std::size_t skipped = 0;
    for (const auto& polygon : gfx->polygons) {
        const std::size_t n = polygon.vertexIds.size();
        if (n < 3)
            continue;
        std::vector<const dat::GfxObj::Vertex*> corners(n);
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) {
            auto it = byId.find(polygon.vertexIds[i]);
            ok = it != byId.end();
            if (ok)
                corners[i] = it->second;
        }
        if (!ok) {
            ++skipped;
            continue;
        }
        std::vector<float>& out = bySurface[polygon.posSurface];
        const auto push = [&](std::size_t i) {
            const auto* v = corners[i];
            float u = 0, w = 0;
            if (i < polygon.posUVIndices.size() && polygon.posUVIndices[i] < v->uvs.size()) {
                u = v->uvs[polygon.posUVIndices[i]].u;
                w = v->uvs[polygon.posUVIndices[i]].v;
            } else if (!v->uvs.empty()) {
                u = v->uvs[0].u;
                w = v->uvs[0].v;
            }
            const float p[3] = {v->origin.x, v->origin.y, v->origin.z};
            for (int k = 0; k < 3; ++k) {
                if (!std::isfinite(p[k]))
                    return;
                lo[k] = std::min(lo[k], p[k]);
                hi[k] = std::max(hi[k], p[k]);
            }
            out.insert(out.end(), {p[0], p[1], p[2], v->normal.x, v->normal.y, v->normal.z, u, w});
        };
        for (std::size_t i = 1; i + 1 < n; ++i) {
            const std::size_t before = out.size();
            push(0);
            push(i);
            push(i + 1);
            if (out.size() != before + 3 * kVertexFloats)
                out.resize(before); // a non-finite corner drops the triangle
        }
    }
    if (skipped)
        qCWarning(lcMesh, "GfxObj 0x%08X: %zu polygons name missing vertices", id, skipped);
    for (auto& [surfaceIndex, floats] : bySurface) {
        if (floats.empty())
            continue;
        SubMesh sub;
        sub.surface = surfaceIndex >= 0 && std::size_t(surfaceIndex) < gfx->surfaces.size()
                          ? gfx->surfaces[std::size_t(surfaceIndex)]
                          : 0;
        sub.vertexCount = int(floats.size() / kVertexFloats);
        sub.vertices = new Qt3DCore::QBuffer(m_owner);
        sub.vertices->setData(QByteArray(reinterpret_cast<const char*>(floats.data()),
                                         qsizetype(floats.size() * sizeof(float))));
        mesh->subMeshes.push_back(sub);
    }
    if (mesh->subMeshes.empty()) {
        qCWarning(lcMesh, "GfxObj 0x%08X has no drawable polygons", id);
        return nullptr;
    }
    mesh->min = QVector3D(lo[0], lo[1], lo[2]);
    mesh->max = QVector3D(hi[0], hi[1], hi[2]);
    if (gfx->hasDidDegrade())
        if (const auto* degrade = m_assets->get<dat::GfxObjDegradeInfo>(gfx->didDegrade))
            if (!degrade->levels.empty())
                mesh->degradeMode = int(degrade->levels.front().degradeMode);
    slot = std::move(mesh);
    return slot.get();
}

} // namespace portalkit::render
