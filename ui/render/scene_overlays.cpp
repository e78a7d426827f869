#include "datreader/records/bsp.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/setup.h"
#include "ui/render/scene_internal.h"

#include <Qt3DCore/QGeometry>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>

// SceneView's line overlays (docs/render.md#overlays): the snapshot's spheres, axes, lights and
// grid, the scenario world's boxes and spheres, the world's landblock, cell, portal and physics
// lines, and a GfxObj alone's physics BSP.

namespace portalkit::render {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// Three great circles.
void addSphere(std::vector<float>& out, QVector3D c, float r) {
    constexpr int kSegments = 32;
    for (int axis = 0; axis < 3; ++axis)
        for (int i = 0; i < kSegments; ++i)
            for (int j : {i, i + 1}) {
                const float a = 2 * kPi * float(j) / kSegments;
                QVector3D p;
                const float s = std::sin(a) * r, k = std::cos(a) * r;
                p = axis == 0   ? QVector3D(k, s, 0)
                    : axis == 1 ? QVector3D(k, 0, s)
                                : QVector3D(0, k, s);
                p += c;
                out.insert(out.end(), {p.x(), p.y(), p.z()});
            }
}

void addCylinder(std::vector<float>& out, QVector3D low, float r, float h) {
    constexpr int kSegments = 32;
    for (float z : {0.0f, h})
        for (int i = 0; i < kSegments; ++i)
            for (int j : {i, i + 1}) {
                const float a = 2 * kPi * float(j) / kSegments;
                const QVector3D p = low + QVector3D(std::cos(a) * r, std::sin(a) * r, z);
                out.insert(out.end(), {p.x(), p.y(), p.z()});
            }
    for (int i = 0; i < 4; ++i) {
        const float a = kPi / 2 * float(i);
        const QVector3D p = low + QVector3D(std::cos(a) * r, std::sin(a) * r, 0);
        out.insert(out.end(), {p.x(), p.y(), p.z(), p.x(), p.y(), p.z() + h});
    }
}

void addLine(std::vector<float>& out, QVector3D a, QVector3D b) {
    out.insert(out.end(), {a.x(), a.y(), a.z(), b.x(), b.y(), b.z()});
}

// The twelve edges of an axis-aligned box.
void addBox(std::vector<float>& out, QVector3D lo, QVector3D hi) {
    const auto corner = [&](int i) {
        return QVector3D(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(), i & 4 ? hi.z() : lo.z());
    };
    for (int i = 0; i < 8; ++i)
        for (int bit : {1, 2, 4})
            if (!(i & bit))
                addLine(out, corner(i), corner(i | bit));
}

// A GfxObj's physics polygons at `m` (the snapshot's parts: a GfxObj alone, a Setup's parts);
// polygons naming a missing vertex are skipped.
void addPhysicsPolygons(std::vector<float>& out, const dat::GfxObj& gfx, const QMatrix4x4& m) {
    std::unordered_map<std::int32_t, QVector3D> byId;
    for (const dat::MeshVertex& v : gfx.vertices)
        byId.emplace(v.id, m.map(QVector3D(v.origin.x, v.origin.y, v.origin.z)));
    for (const dat::MeshPolygon& polygon : gfx.physicsPolygons) {
        const std::size_t n = polygon.vertexIds.size();
        bool whole = n >= 2;
        for (std::int16_t id : polygon.vertexIds)
            whole = whole && byId.count(id);
        for (std::size_t i = 0; whole && i < n; ++i)
            addLine(out, byId[polygon.vertexIds[i]], byId[polygon.vertexIds[(i + 1) % n]]);
    }
}

// A GfxObj's physics BSP at `m` as its nodes' bounding spheres: the internal nodes' into
// `internal`, the leaves' (what a moving sphere is finally tested against) into `leaves`. Every
// physics node stores its sphere; a leaf without polygons has radius 0 and draws nothing.
void addPhysicsBsp(std::vector<float>& internal, std::vector<float>& leaves, const dat::GfxObj& gfx,
                   const QMatrix4x4& m, float scale) {
    for (const dat::BspNode& node : gfx.physicsBsp.nodes) {
        const dat::Sphere& sphere = node.boundingSphere;
        if (!(sphere.radius > 0) || !std::isfinite(sphere.radius))
            continue;
        const QVector3D centre =
            m.map(QVector3D(sphere.center.x, sphere.center.y, sphere.center.z));
        addSphere(node.tag == dat::bsp_tag::Leaf ? leaves : internal, centre,
                  sphere.radius * scale);
    }
}

void addScenarioWorld(std::vector<float>& boxes, std::vector<float>& spheres,
                      const preview::FrameSnapshot& snapshot) {
    if (!snapshot.world)
        return;
    for (const preview::WorldBox& box : snapshot.world->boxes)
        addBox(boxes, toQt(box.min), toQt(box.max));
    for (const preview::WorldSphere& sphere : snapshot.world->spheres)
        addSphere(spheres, toQt(sphere.center), sphere.radius);
}

// A ground grid of 0.5 m round the middle of `b`, on the scenario's ground plane when there is
// one (sloped or not), else at z = 0.
void addGrid(std::vector<float>& out, const preview::FrameSnapshot& snapshot,
             const BoundingSphere& b) {
    const float step = 0.5f;
    const int half = 10;
    const QVector3D c(std::round(b.center.x() / step) * step,
                      std::round(b.center.y() / step) * step, 0);
    const auto onGround = [&](QVector3D p) {
        if (!snapshot.world || !snapshot.world->ground)
            return p;
        const preview::GroundPlane& g = *snapshot.world->ground;
        const QVector3D n = toQt(g.normal).normalized();
        if (!(std::abs(n.z()) > 1e-3f))
            return p;
        p.setZ(g.height - (n.x() * p.x() + n.y() * p.y()) / n.z());
        return p;
    };
    for (int i = -half; i <= half; ++i) {
        addLine(out, onGround(c + QVector3D(float(i) * step, -half * step, 0)),
                onGround(c + QVector3D(float(i) * step, half * step, 0)));
        addLine(out, onGround(c + QVector3D(-half * step, float(i) * step, 0)),
                onGround(c + QVector3D(half * step, float(i) * step, 0)));
    }
}

// The snapshot's parts' physics polygons; for a GfxObj alone (parts without owners) its physics
// BSP too: on a Setup's dozens of parts the nested spheres would hide the model.
void addPartsPhysics(std::vector<float>& polygons, std::vector<float>& bspInternal,
                     std::vector<float>& bspLeaves, const preview::FrameSnapshot& snapshot,
                     const preview::Assets& assets) {
    for (const preview::PartInstance& part : snapshot.parts) {
        const auto* gfx = assets.get<dat::GfxObj>(part.gfxObj);
        if (!gfx)
            continue;
        const QMatrix4x4 m = frameMatrix(part.world, toQt(part.scale));
        addPhysicsPolygons(polygons, *gfx, m);
        if (snapshot.owners.empty())
            addPhysicsBsp(bspInternal, bspLeaves, *gfx, m,
                          std::max({part.scale.x, part.scale.y, part.scale.z}));
    }
}

} // namespace

SceneView::LineOverlay& SceneView::lineOverlay(int slot, const QColor& color) {
    auto& line = m_lines[slot];
    if (line)
        return *line;
    line = std::make_unique<LineOverlay>();
    line->entity = new Qt3DCore::QEntity(m_root);
    auto* geometry = new Qt3DCore::QGeometry(line->entity);
    line->buffer = new Qt3DCore::QBuffer(geometry);
    line->attribute = new Qt3DCore::QAttribute(geometry);
    line->attribute->setName(Qt3DCore::QAttribute::defaultPositionAttributeName());
    line->attribute->setVertexBaseType(Qt3DCore::QAttribute::Float);
    line->attribute->setVertexSize(3);
    line->attribute->setByteStride(3 * sizeof(float));
    line->attribute->setBuffer(line->buffer);
    geometry->addAttribute(line->attribute);
    line->renderer = new Qt3DRender::QGeometryRenderer(line->entity);
    line->renderer->setGeometry(geometry);
    line->renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    line->entity->addComponent(line->renderer);
    line->entity->addComponent(m_materials.lines(color, line->entity));
    line->entity->addComponent(m_opaque);
    return *line;
}

void SceneView::addWorldOverlays(std::vector<OverlayLines>& built) const {
    // Slots 10..13, after the snapshot's; copied only while shown.
    const auto add = [&](Overlay overlay, QColor color, const world::LineList& lines) {
        built.push_back({color, m_overlayOn[int(overlay)] ? lines : world::LineList{}});
    };
    add(Overlay::LandblockGrid, QColor(255, 240, 120), m_worldLines.landblocks);
    add(Overlay::CellBoundaries, QColor(200, 200, 210), m_worldLines.cells);
    add(Overlay::Portals, QColor(80, 255, 160), m_worldLines.portals);
    add(Overlay::PhysicsPolygons, QColor(255, 90, 200), m_worldLines.physics);
}

void SceneView::updateOverlays(const preview::FrameSnapshot& snapshot) {
    // One line entity per slot: its colour and this frame's lines.
    using Built = OverlayLines;
    std::vector<Built> built{
        {QColor(255, 220, 0), {}},   // 0 collision spheres
        {QColor(0, 220, 255), {}},   // 1 cylinder spheres
        {QColor(255, 255, 255), {}}, // 2 selection sphere
        {QColor(255, 40, 40), {}},   // 3 part axes: x
        {QColor(40, 255, 40), {}},   // 4 y
        {QColor(60, 60, 255), {}},   // 5 z
        {QColor(255, 160, 0), {}},   // 6 lights
        {QColor(110, 110, 120), {}}, // 7 grid
    };
    // A scenario's world is part of the scene, not an overlay: walls and target spheres show.
    std::vector<float> worldBoxes, worldSpheres;
    addScenarioWorld(worldBoxes, worldSpheres, snapshot);
    const auto on = [this](Overlay o) { return m_overlayOn[int(o)]; };
    for (const preview::OwnerInstance& owner : snapshot.owners) {
        const dat::Setup* setup = m_assets ? m_assets->get<dat::Setup>(owner.setup) : nullptr;
        if (!setup)
            continue;
        const QMatrix4x4 root = frameMatrix(owner.root, QVector3D(1, 1, 1) * owner.scale);
        const float s = owner.scale;
        if (on(Overlay::CollisionSpheres))
            for (const auto& sphere : setup->spheres)
                addSphere(built[0].lines, root.map(toQt(preview::Vec3(sphere.center))),
                          sphere.radius * s);
        if (on(Overlay::CylSpheres))
            for (const auto& cyl : setup->cylSpheres)
                addCylinder(built[1].lines, root.map(toQt(preview::Vec3(cyl.lowPoint))),
                            cyl.radius * s, cyl.height * s);
        if (on(Overlay::SelectionSphere))
            addSphere(built[2].lines, root.map(toQt(preview::Vec3(setup->selectionSphere.center))),
                      setup->selectionSphere.radius * s);
    }
    if (on(Overlay::PartAxes))
        for (const preview::PartInstance& part : snapshot.parts) {
            const QMatrix4x4 m = frameMatrix(part.world, QVector3D(1, 1, 1));
            const QVector3D o = m.map(QVector3D());
            addLine(built[3].lines, o, m.map(QVector3D(0.25f, 0, 0)));
            addLine(built[4].lines, o, m.map(QVector3D(0, 0.25f, 0)));
            addLine(built[5].lines, o, m.map(QVector3D(0, 0, 0.25f)));
        }
    if (on(Overlay::Lights))
        for (const preview::LightInstance& light : snapshot.lights) {
            const QVector3D o = toQt(light.world.origin);
            for (QVector3D d :
                 {QVector3D(0.1f, 0, 0), QVector3D(0, 0.1f, 0), QVector3D(0, 0, 0.1f)})
                addLine(built[6].lines, o - d, o + d);
            if (light.range > 0 && std::isfinite(light.range) && light.range < 1000)
                addSphere(built[6].lines, o, light.range);
        }
    if (on(Overlay::Grid))
        addGrid(built[7].lines, snapshot, bounds(snapshot));
    built.push_back({QColor(170, 170, 185), std::move(worldBoxes)});  // 8 world boxes
    built.push_back({QColor(230, 110, 60), std::move(worldSpheres)}); // 9 world spheres
    addWorldOverlays(built);
    // 14, 15: the BSP of a GfxObj alone, after the physics slot (13) that the world's and the
    // parts' polygons share.
    const std::size_t physics = built.size() - 1;
    built.push_back({QColor(120, 90, 200), {}});  // 14 BSP internal nodes
    built.push_back({QColor(190, 150, 255), {}}); // 15 BSP leaves
    if (on(Overlay::PhysicsPolygons) && m_assets)
        addPartsPhysics(built[physics].lines, built[physics + 1].lines, built[physics + 2].lines,
                        snapshot, *m_assets);
    for (int slot = 0; slot < int(built.size()); ++slot) {
        const Built& b = built[std::size_t(slot)];
        if (b.lines.empty() && !m_lines.count(slot))
            continue;
        LineOverlay& line = lineOverlay(slot, b.color);
        const int count = int(b.lines.size() / 3);
        if (count)
            line.buffer->setData(QByteArray(reinterpret_cast<const char*>(b.lines.data()),
                                            qsizetype(b.lines.size() * sizeof(float))));
        line.attribute->setCount(uint(count));
        line.renderer->setVertexCount(count);
        line.entity->setEnabled(count > 0);
    }
}

} // namespace portalkit::render
