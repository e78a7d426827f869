#include "datreader/records/gfx_obj.h"
#include "datreader/records/setup.h"
#include "ui/render/scene_internal.h"
#include "ui/render/world_view.h"

#include <QMatrix4x4>
#include <QQuaternion>
#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DRender/QGeometryRenderer>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace portalkit::render {

namespace {

Qt3DRender::QGeometryRenderer* renderer(Qt3DCore::QGeometry* geometry, int count,
                                        Qt3DCore::QNode* parent) {
    auto* r = new Qt3DRender::QGeometryRenderer(parent);
    r->setGeometry(geometry);
    r->setVertexCount(count);
    r->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    return r;
}

constexpr float kPi = std::numbers::pi_v<float>;

// Per particle: position (3), rotation (w, x, y, z), scale, translucency.
constexpr int kInstanceFloats = 9;

} // namespace

std::optional<Overlay> overlayFromName(const QString& name) {
    for (int i = 0; i < kOverlayCount; ++i)
        if (overlayName(Overlay(i)) == name.trimmed().toLower())
            return Overlay(i);
    return std::nullopt;
}

QString overlayName(Overlay overlay) {
    switch (overlay) {
    case Overlay::CollisionSpheres:
        return "spheres";
    case Overlay::CylSpheres:
        return "cylinders";
    case Overlay::SelectionSphere:
        return "selection";
    case Overlay::PartAxes:
        return "axes";
    case Overlay::Lights:
        return "lights";
    case Overlay::Grid:
        return "grid";
    case Overlay::LandblockGrid:
        return "landblocks";
    case Overlay::CellBoundaries:
        return "cells";
    case Overlay::Portals:
        return "portals";
    case Overlay::PhysicsPolygons:
        return "physics";
    }
    return {};
}

struct SceneView::PartEntity {
    std::uint32_t gfxObj = 0;
    float translucency = 0, luminosity = 0, diffuse = 1;
    std::shared_ptr<const preview::appearance::PartLook> look; // the ObjDesc's, null: none
    Qt3DCore::QEntity* entity = nullptr;
    Qt3DCore::QTransform* transform = nullptr;
    std::vector<Qt3DRender::QParameter*> uvOffsets;
    ~PartEntity() { delete entity; }
};

struct SceneView::ParticleGroup {
    const Mesh* mesh = nullptr;
    Qt3DCore::QEntity* entity = nullptr;
    Qt3DCore::QBuffer* instances = nullptr;
    std::vector<Qt3DCore::QAttribute*> instanceAttributes;
    std::vector<Qt3DRender::QGeometryRenderer*> renderers;
    std::vector<Qt3DRender::QParameter*> uvOffsets;
    ~ParticleGroup() { delete entity; }
};

SceneView::SceneView(Qt3DCore::QEntity* root)
    : m_root(root), m_resources(new Qt3DCore::QEntity(root)),
      m_opaque(new Qt3DRender::QLayer(m_resources)), m_blend(new Qt3DRender::QLayer(m_resources)),
      m_particleLayer(new Qt3DRender::QLayer(m_resources)), m_meshes(m_resources),
      m_textures(m_resources), m_materials(m_resources) {
    const auto param = [this](const QString& name, const QVariant& value) {
        auto* p = new Qt3DRender::QParameter(name, value, m_resources);
        m_parameters.push_back(p);
        m_lightParameters[name] = p;
    };
    param("ambientColor", QVector3D(0.45f, 0.45f, 0.48f));
    param("keyDirection", QVector3D(-0.4f, -0.6f, -0.7f).normalized());
    param("keyColor", QVector3D(0.6f, 0.6f, 0.58f));
    param("pkLightCount", 0);
    for (int i = 0; i < kMaxLights; ++i) {
        param(QStringLiteral("lightPosition%1").arg(i), QVector4D());
        param(QStringLiteral("lightColor%1").arg(i), QVector4D());
        param(QStringLiteral("lightDirection%1").arg(i), QVector4D());
    }
    m_overlayOn[int(Overlay::Grid)] = false;
    m_world =
        std::make_unique<WorldView>(m_root, m_meshes, m_textures, m_materials, m_opaque, m_blend);
}

SceneView::~SceneView() {
    m_parts.clear();
    m_particles.clear();
    m_lines.clear();
}

void SceneView::setAssets(std::shared_ptr<const preview::Assets> assets) {
    m_parts.clear();
    m_particles.clear();
    m_particleCount = 0;
    m_world->clear();
    m_worldLines = {};
    m_assets = std::move(assets);
    m_meshes.setAssets(m_assets);
    m_textures.setAssets(m_assets);
}

void SceneView::update(const preview::FrameSnapshot& snapshot) {
    updateParts(snapshot);
    updateParticles(snapshot);
    updateLights(snapshot);
    m_last = snapshot;
    updateOverlays(snapshot);
}

void SceneView::setWorld(const std::vector<world::WorldBlock>& blocks, WorldPace pace) {
    if (blocks.empty())
        m_world->clear();
    else
        m_world->setBlocks(blocks, pace);
    // Built once per set of blocks: the world does not move, only whether it shows changes.
    m_worldLines = m_assets ? world::buildWorldLines(blocks, *m_assets) : world::WorldLines{};
    updateOverlays(m_last);
}

void SceneView::setOverlay(Overlay overlay, bool on) {
    m_overlayOn[int(overlay)] = on;
    updateOverlays(m_last);
}

void SceneView::updateParts(const preview::FrameSnapshot& snapshot) {
    std::map<std::tuple<std::uint32_t, std::int32_t>, std::unique_ptr<PartEntity>> next;
    for (const preview::PartInstance& part : snapshot.parts) {
        const auto key = std::make_tuple(part.owner, part.part);
        std::unique_ptr<PartEntity> entity;
        if (auto it = m_parts.find(key); it != m_parts.end()) {
            entity = std::move(it->second);
            m_parts.erase(it);
            if (entity->gfxObj != part.gfxObj || entity->translucency != part.translucency ||
                entity->luminosity != part.luminosity || entity->diffuse != part.diffuse ||
                entity->look != part.look)
                entity.reset();
        }
        if (!entity) {
            const Mesh* mesh = m_meshes.get(part.gfxObj);
            if (!mesh)
                continue;
            entity = std::make_unique<PartEntity>();
            entity->gfxObj = part.gfxObj;
            entity->translucency = part.translucency;
            entity->luminosity = part.luminosity;
            entity->diffuse = part.diffuse;
            entity->look = part.look;
            entity->entity = new Qt3DCore::QEntity(m_root);
            entity->transform = new Qt3DCore::QTransform(entity->entity);
            entity->entity->addComponent(entity->transform);
            for (const SubMesh& sub : mesh->subMeshes) {
                auto* child = new Qt3DCore::QEntity(entity->entity);
                auto* geometry = new Qt3DCore::QGeometry(child);
                addSubMeshAttributes(geometry, sub);
                child->addComponent(renderer(geometry, sub.indexCount, child));
                const SurfaceLook& look = m_textures.get(
                    sub.surface, part.look ? part.look->forSurface(sub.surface) : nullptr);
                auto* material = m_materials.make(look, Shading::Mesh, child, part.translucency,
                                                  part.luminosity, part.diffuse);
                child->addComponent(material);
                for (auto* p : material->parameters())
                    if (p->name() == "uvOffset")
                        entity->uvOffsets.push_back(p);
                child->addComponent(Materials::blended(look, part.translucency) ? m_blend
                                                                                : m_opaque);
            }
        }
        entity->transform->setMatrix(
            frameMatrix(part.world, QVector3D(part.scale.x, part.scale.y, part.scale.z)));
        QVector2D uv;
        if (auto it = snapshot.uvOffsets.find(part.gfxObj); it != snapshot.uvOffsets.end())
            uv = QVector2D(it->second.x, it->second.y);
        for (auto* p : entity->uvOffsets)
            p->setValue(uv);
        next[key] = std::move(entity);
    }
    m_parts = std::move(next); // what is left in m_parts is deleted here
}

SceneView::ParticleGroup* SceneView::particleGroup(std::uint32_t gfxObj) {
    if (auto it = m_particles.find(gfxObj); it != m_particles.end())
        return it->second.get();
    auto& slot = m_particles[gfxObj];
    const Mesh* mesh = m_meshes.get(gfxObj);
    if (!mesh)
        return nullptr; // null slot: known missing
    auto group = std::make_unique<ParticleGroup>();
    group->mesh = mesh;
    group->entity = new Qt3DCore::QEntity(m_root);
    group->instances = new Qt3DCore::QBuffer(group->entity);
    for (const SubMesh& sub : mesh->subMeshes) {
        auto* child = new Qt3DCore::QEntity(group->entity);
        auto* geometry = new Qt3DCore::QGeometry(child);
        addSubMeshAttributes(geometry, sub);
        const auto instanceAttribute = [&](const char* name, int size, int offset) {
            auto* a = new Qt3DCore::QAttribute(geometry);
            a->setName(QString::fromLatin1(name));
            a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
            a->setVertexBaseType(Qt3DCore::QAttribute::Float);
            a->setVertexSize(uint(size));
            a->setByteOffset(uint(offset * sizeof(float)));
            a->setByteStride(kInstanceFloats * sizeof(float));
            a->setDivisor(1);
            a->setBuffer(group->instances);
            geometry->addAttribute(a);
            group->instanceAttributes.push_back(a);
        };
        instanceAttribute("instancePosition", 3, 0);
        instanceAttribute("instanceRotation", 4, 3);
        instanceAttribute("instanceScaleFade", 2, 7);
        auto* r = renderer(geometry, sub.indexCount, child);
        r->setInstanceCount(0);
        group->renderers.push_back(r);
        child->addComponent(r);
        const SurfaceLook& look = m_textures.get(sub.surface);
        const bool billboard = mesh->degradeMode == 2 || mesh->degradeMode == 5;
        auto* material = m_materials.make(look, billboard ? Shading::Billboard : Shading::Instanced,
                                          child, 0.001f);
        material->addParameter(new Qt3DRender::QParameter("billboardMode", mesh->degradeMode));
        for (auto* p : material->parameters())
            if (p->name() == "uvOffset")
                group->uvOffsets.push_back(p);
        child->addComponent(material);
        child->addComponent(m_particleLayer);
    }
    slot = std::move(group);
    return slot.get();
}

void SceneView::updateParticles(const preview::FrameSnapshot& snapshot) {
    // Counted first, so each group's instance data is written once, in place: at 10k particles
    // growing per-group vectors was a sixth of the frame's CPU time (benchmarks.md).
    struct Instances {
        int count = 0;
        QByteArray bytes;
        float* next = nullptr;
    };
    std::map<std::uint32_t, Instances> data;
    for (const preview::ParticleInstance& p : snapshot.particles)
        ++data[p.gfxObj].count;
    for (auto& [gfxObj, instances] : data) {
        particleGroup(gfxObj);
        instances.bytes =
            QByteArray(qsizetype(instances.count) * kInstanceFloats * qsizetype(sizeof(float)),
                       Qt::Uninitialized);
        instances.next = reinterpret_cast<float*>(instances.bytes.data());
    }
    Instances* current = nullptr;
    std::uint32_t currentGfxObj = 0;
    for (const preview::ParticleInstance& p : snapshot.particles) {
        if (!current || p.gfxObj != currentGfxObj) {
            current = &data[p.gfxObj];
            currentGfxObj = p.gfxObj;
        }
        const preview::Quat& q = p.orientation;
        const float length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
        const float k = length > 0 ? 1 / length : 0;
        float* out = current->next;
        current->next += kInstanceFloats;
        out[0] = p.position.x;
        out[1] = p.position.y;
        out[2] = p.position.z;
        out[3] = length > 0 ? q.w * k : 1;
        out[4] = q.x * k;
        out[5] = q.y * k;
        out[6] = q.z * k;
        out[7] = p.scale;
        out[8] = p.translucency;
    }
    m_particleCount = 0;
    for (auto& [gfxObj, group] : m_particles) {
        if (!group)
            continue;
        auto it = data.find(gfxObj);
        const int count = it == data.end() ? 0 : it->second.count;
        if (count)
            group->instances->setData(std::move(it->second.bytes));
        for (auto* a : group->instanceAttributes)
            a->setCount(uint(count));
        for (auto* r : group->renderers)
            r->setInstanceCount(count);
        group->entity->setEnabled(count > 0);
        QVector2D uv;
        if (auto u = snapshot.uvOffsets.find(gfxObj); u != snapshot.uvOffsets.end())
            uv = QVector2D(u->second.x, u->second.y);
        for (auto* p : group->uvOffsets)
            p->setValue(uv);
        m_particleCount += std::size_t(count);
    }
}

void SceneView::updateLights(const preview::FrameSnapshot& snapshot) {
    int n = 0;
    for (const preview::LightInstance& light : snapshot.lights) {
        if (n == kMaxLights)
            break;
        const QColor c = QColor::fromRgb(light.color & 0xFFFFFF);
        const float k = std::isfinite(light.intensity) ? light.intensity : 0;
        // Distant and spot lights shine along the frame's local +Y
        // (docs/retail-behaviour.md#light-records).
        const QVector3D dir = toQt(light.world.orientation).rotatedVector(QVector3D(0, 1, 0));
        m_lightParameters[QStringLiteral("lightPosition%1").arg(n)]->setValue(
            QVector4D(toQt(light.world.origin), float(std::clamp(light.type, 0, 2))));
        m_lightParameters[QStringLiteral("lightColor%1").arg(n)]->setValue(
            QVector4D(float(c.redF()) * k, float(c.greenF()) * k, float(c.blueF()) * k,
                      std::isfinite(light.range) ? light.range : 0));
        m_lightParameters[QStringLiteral("lightDirection%1").arg(n)]->setValue(
            QVector4D(dir, std::isfinite(light.coneAngle) ? light.coneAngle : 0));
        ++n;
    }
    m_lightParameters["pkLightCount"]->setValue(n);
}

std::optional<QRect> SceneView::particleScreenRect(const QMatrix4x4& view,
                                                   const QMatrix4x4& projection, QSize size) const {
    const QRect whole(QPoint(0, 0), size);
    float left = 1e30f, bottom = 1e30f, right = -1e30f, top = -1e30f;
    bool any = false;
    const Mesh* mesh = nullptr; // of the run of particles sharing a GfxObj
    std::optional<std::uint32_t> meshGfxObj;
    for (const preview::ParticleInstance& p : m_last.particles) {
        if (meshGfxObj != p.gfxObj) {
            const auto group = m_particles.find(p.gfxObj);
            mesh = group != m_particles.end() && group->second ? group->second->mesh : nullptr;
            meshGfxObj = p.gfxObj;
        }
        if (!mesh)
            continue;
        const float radius = mesh->radius * std::abs(p.scale);
        const QVector3D eye = view.map(toQt(p.position));
        const float depth = -eye.z(); // the camera looks down its -Z
        // Reaching the eye plane, a sprite's extent on screen is unbounded: the whole surface.
        if (!(depth - radius > 1e-3f) || !std::isfinite(radius))
            return whole;
        const float x = projection(0, 0) * eye.x() / depth, y = projection(1, 1) * eye.y() / depth;
        const float rx = std::abs(projection(0, 0)) * radius / (depth - radius),
                    ry = std::abs(projection(1, 1)) * radius / (depth - radius);
        left = std::min(left, x - rx);
        right = std::max(right, x + rx);
        bottom = std::min(bottom, y - ry);
        top = std::max(top, y + ry);
        any = true;
    }
    if (!any)
        return std::nullopt;
    // Normalised device coordinates to pixels, a pixel wider each side for the bilinear
    // composite's reach.
    const auto px = [](float ndc, int extent) {
        return double(std::clamp(ndc, -2.0f, 2.0f) * 0.5f + 0.5f) * extent;
    };
    const QRect rect(QPoint(int(std::floor(px(left, size.width()))) - 1,
                            int(std::floor(px(bottom, size.height()))) - 1),
                     QPoint(int(std::ceil(px(right, size.width()))) + 1,
                            int(std::ceil(px(top, size.height()))) + 1));
    return rect.intersected(whole);
}

std::optional<BoundingSphere> gfxObjBounds(const preview::Assets& assets, std::uint32_t gfxObj) {
    const auto* gfx = assets.get<dat::GfxObj>(gfxObj);
    if (!gfx)
        return std::nullopt;
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    bool any = false;
    for (const dat::MeshVertex& v : gfx->vertices) {
        const QVector3D p(v.origin.x, v.origin.y, v.origin.z);
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            continue;
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
        any = true;
    }
    if (!any)
        return std::nullopt;
    // A flat or single-point GfxObj still gets a sphere the camera can stand back from.
    return BoundingSphere{(lo + hi) / 2, std::max((hi - lo).length() / 2, 0.05f)};
}

BoundingSphere SceneView::bounds(const preview::FrameSnapshot& snapshot) const {
    std::vector<BoundingSphere> spheres;
    for (const preview::OwnerInstance& owner : snapshot.owners) {
        const dat::Setup* setup = m_assets ? m_assets->get<dat::Setup>(owner.setup) : nullptr;
        if (!setup || !(setup->selectionSphere.radius > 0))
            continue;
        const QMatrix4x4 root = frameMatrix(owner.root, QVector3D(1, 1, 1) * owner.scale);
        spheres.push_back({root.map(toQt(preview::Vec3(setup->selectionSphere.center))),
                           setup->selectionSphere.radius * owner.scale});
    }
    if (spheres.empty())
        for (const preview::PartInstance& part : snapshot.parts) {
            const auto own = m_assets ? gfxObjBounds(*m_assets, part.gfxObj) : std::nullopt;
            const QMatrix4x4 m = frameMatrix(part.world, toQt(part.scale));
            const float scale =
                std::max({std::abs(part.scale.x), std::abs(part.scale.y), std::abs(part.scale.z)});
            spheres.push_back(own ? BoundingSphere{m.map(own->center), own->radius * scale}
                                  : BoundingSphere{toQt(part.world.origin), 0.5f});
        }
    if (spheres.empty() && m_world->blockCount())
        return m_world->bounds(); // nothing but landblocks: frame them
    if (spheres.empty())
        return {QVector3D(0, 0, 1), 2};
    BoundingSphere out = spheres.front();
    for (const BoundingSphere& s : spheres) {
        const float d = (s.center - out.center).length();
        if (d + s.radius <= out.radius)
            continue;
        if (d + out.radius <= s.radius) {
            out = s;
            continue;
        }
        const float r = (d + out.radius + s.radius) / 2;
        out.center += (s.center - out.center).normalized() * (r - out.radius);
        out.radius = r;
    }
    if (!std::isfinite(out.radius) || !(out.radius > 0) || out.radius > 1e5f)
        return {QVector3D(0, 0, 1), 2};
    return out;
}

} // namespace portalkit::render
