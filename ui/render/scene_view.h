#pragma once

// Builds and updates a Qt3D entity tree from FrameSnapshots (docs/render.md): parts as their
// GfxObj meshes at world frame × scale, particles instanced per GfxObj, up to kMaxLights lights
// as shader parameters, and line overlays. Everything lives under the root given; the frame
// graph reads layers() and parameters().

#include "preview/scene/snapshot.h"
#include "ui/render/materials.h"
#include "ui/render/mesh_cache.h"
#include "world/scene/world_lines.h"

#include <QColor>
#include <QMatrix4x4>
#include <QRect>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QParameter>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace Qt3DRender {
class QGeometryRenderer;
}
namespace Qt3DCore {
class QTransform;
}

namespace portalkit::render {

class WorldView;

// When SceneView::setWorld's new landblocks are drawn (world_view.h).
enum class WorldPace {
    AtOnce,    // every block is drawn when setWorld returns (render, tests, exports)
    OnRequest, // new blocks wait for WorldView::addPending(): the studio adds one a frame
};

enum class Overlay {
    CollisionSpheres,
    CylSpheres,
    SelectionSphere,
    PartAxes,
    Lights,
    Grid,
    // The world's (docs/render.md#world-overlays): drawn over the landblocks SceneView::setWorld
    // was given.
    LandblockGrid,
    CellBoundaries,
    Portals,
    PhysicsPolygons,
};
constexpr int kOverlayCount = 10;
// "spheres", "cylinders", "selection", "axes", "lights", "grid", "landblocks", "cells",
// "portals", "physics"; empty when unknown.
std::optional<Overlay> overlayFromName(const QString& name);
QString overlayName(Overlay overlay);

struct BoundingSphere {
    QVector3D center;
    float radius = 0;
};

// The sphere round a GfxObj's vertices (the middle of their box, half its diagonal) in its own
// frame; nothing when the GfxObj is missing or has no finite vertex.
std::optional<BoundingSphere> gfxObjBounds(const preview::Assets& assets, std::uint32_t gfxObj);

class SceneView {
  public:
    explicit SceneView(Qt3DCore::QEntity* root);
    ~SceneView();
    SceneView(const SceneView&) = delete;
    SceneView& operator=(const SceneView&) = delete;

    void setAssets(std::shared_ptr<const preview::Assets> assets);
    const std::shared_ptr<const preview::Assets>& assets() const { return m_assets; }
    void update(const preview::FrameSnapshot& snapshot);

    void setOverlay(Overlay overlay, bool on);
    bool overlay(Overlay overlay) const { return m_overlayOn[int(overlay)]; }

    // The union of every owner's selection sphere (Setup's, at root × scale); falls back to the
    // parts' GfxObj spheres (a GfxObj shown alone), then to a 2 m sphere around (0, 0, 1).
    BoundingSphere bounds(const preview::FrameSnapshot& snapshot) const;

    Qt3DRender::QLayer* opaqueLayer() const { return m_opaque; }
    Qt3DRender::QLayer* blendLayer() const { return m_blend; }
    // Particles, drawn into the frame graph's particle buffer.
    Qt3DRender::QLayer* particleLayer() const { return m_particleLayer; }
    // Light and ambient parameters for the frame graph's technique filter.
    const std::vector<Qt3DRender::QParameter*>& parameters() const { return m_parameters; }

    // The pixels (origin bottom left, as OpenGL counts) the last snapshot's particles can cover
    // seen through `view` and `projection` on a surface of `size`; empty without particles.
    std::optional<QRect> particleScreenRect(const QMatrix4x4& view, const QMatrix4x4& projection,
                                            QSize size) const;

    std::size_t drawnParts() const { return m_parts.size(); }

    // Draws these landblocks under the snapshot's owners (world().setBlocks, at `pace`) and
    // builds their overlay lines; an empty list clears the world.
    void setWorld(const std::vector<world::WorldBlock>& blocks, WorldPace pace = WorldPace::AtOnce);
    // The landblocks drawn under the snapshot's owners (world_view.h); emptied by setAssets.
    WorldView& world() { return *m_world; }
    const WorldView& world() const { return *m_world; }
    std::size_t drawnParticles() const { return m_particleCount; }

  private:
    struct PartEntity;
    struct ParticleGroup;
    struct LineOverlay;

    void updateParts(const preview::FrameSnapshot& snapshot);
    void updateParticles(const preview::FrameSnapshot& snapshot);
    void updateLights(const preview::FrameSnapshot& snapshot);
    struct OverlayLines {
        QColor color;
        std::vector<float> lines;
    };
    void updateOverlays(const preview::FrameSnapshot& snapshot);
    void addWorldOverlays(std::vector<OverlayLines>& built) const;
    ParticleGroup* particleGroup(std::uint32_t gfxObj);
    LineOverlay& lineOverlay(int slot, const QColor& color);

    Qt3DCore::QEntity* m_root;
    Qt3DCore::QEntity* m_resources; // buffers, textures, effects
    Qt3DRender::QLayer* m_opaque;
    Qt3DRender::QLayer* m_blend;
    Qt3DRender::QLayer* m_particleLayer;
    MeshCache m_meshes;
    TextureCache m_textures;
    Materials m_materials;
    std::shared_ptr<const preview::Assets> m_assets;
    std::map<std::tuple<std::uint32_t, std::int32_t>, std::unique_ptr<PartEntity>> m_parts;
    std::map<std::uint32_t, std::unique_ptr<ParticleGroup>> m_particles;
    std::size_t m_particleCount = 0;
    std::vector<Qt3DRender::QParameter*> m_parameters;
    std::map<QString, Qt3DRender::QParameter*> m_lightParameters;
    std::map<int, std::unique_ptr<LineOverlay>> m_lines;
    bool m_overlayOn[kOverlayCount] = {};
    preview::FrameSnapshot m_last;
    world::WorldLines m_worldLines;
    std::unique_ptr<WorldView> m_world; // last: its entities go before the caches they use
};

} // namespace portalkit::render
