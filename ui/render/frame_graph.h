#pragma once

// The frame graph both the offscreen renderer and the viewport use: clear, opaque layer, blended
// layer (back to front), particles (back to front); or, at half resolution, the particles drawn
// into a buffer of their own over a depth-only copy of the opaque layer and composited over the
// frame; then a QRenderCapture leaf. And the orbit camera they share.

#include "ui/render/scene_view.h"

#include <QPointF>
#include <QSize>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <optional>

namespace Qt3DRender {
class QClearBuffers;
class QLayerFilter;
class QRenderTarget;
class QScissorTest;
class QTexture2D;
} // namespace Qt3DRender

namespace portalkit::render {

// Degrees and metres; the eye sits at target + distance × (cos p sin y, cos p cos y, sin p), so
// yaw 0 looks from +Y toward −Y (at the front of a Setup facing +Y), with +Z up.
struct OrbitCamera {
    float yaw = 0;
    float pitch = 15;
    float distance = 5;
    QVector3D target{0, 0, 1};

    QVector3D eye() const;
    void apply(Qt3DRender::QCamera* camera, float aspect) const;
    // The direction from eye() through `pixel` (from the top left) of a view of `size`, as
    // apply() sets the lens up (45° vertical field of view): where a click points.
    QVector3D rayThrough(QPointF pixel, QSize size) const;
    // Target and distance that show the whole sphere with a vertical field of view of fovDegrees.
    static OrbitCamera framing(const BoundingSphere& sphere, float yaw = 0, float pitch = 15,
                               float fovDegrees = 45);
};

// Half resolution is a quarter of the pixels to fill, which is what particles cost under
// llvmpipe (docs/benchmarks.md); particles are softer, and glow in a rim about a pixel wide
// where they pass behind an opaque silhouette.
enum class ParticleResolution { Full, Half };
// "full", "half"; empty when unknown.
std::optional<ParticleResolution> particleResolutionFromName(const QString& name);
QString particleResolutionName(ParticleResolution resolution);

struct FrameGraph {
    Qt3DRender::QRenderSurfaceSelector* surfaceSelector = nullptr;
    Qt3DRender::QCamera* camera = nullptr;
    Qt3DRender::QRenderCapture* capture = nullptr;
    Qt3DRender::QTexture2D* particleColor = nullptr;
    Qt3DRender::QTexture2D* particleDepth = nullptr;
    Qt3DCore::QEntity* composite = nullptr;
    // The nodes that switch between drawing particles into the frame and into the buffer.
    struct ParticlePasses {
        Qt3DRender::QLayer* particles = nullptr;
        Qt3DRender::QLayer* opaque = nullptr;
        Qt3DRender::QLayer* nothing = nullptr; // on no entity
        Qt3DRender::QLayerFilter* direct = nullptr;
        Qt3DRender::QLayerFilter* buffered = nullptr;
        Qt3DRender::QLayerFilter* depth = nullptr;
        Qt3DRender::QClearBuffers* clear = nullptr;
        Qt3DRender::QScissorTest* compositeArea = nullptr;
    } passes;
    QSize surfaceSize{1, 1};
    ParticleResolution particleResolution = ParticleResolution::Full;
    bool hasParticles = true;

    // The drawing surface's size in pixels; the particle buffer follows it.
    void setSurfaceSize(QSize size);
    void setParticleResolution(ParticleResolution resolution);
    // Where the particles can be, in surface pixels (origin bottom left); the composite covers
    // only that, and is skipped without particles (nullopt).
    void setParticleArea(std::optional<QRect> pixels);
    QSize particleBufferSize() const;
    void applyParticlePasses();
    // The composite draws only at half resolution, and only with particles.
    void enableComposite();
};

// Builds the graph under `parent` and its composite triangle, camera and particle buffer under
// `sceneRoot`; with a render target, draws into it.
FrameGraph buildFrameGraph(Qt3DCore::QNode* parent, Qt3DCore::QEntity* sceneRoot,
                           const SceneView& view, Qt3DRender::QRenderTarget* target = nullptr);

// The clear colour, which tests treat as background.
QColor backgroundColor();

} // namespace portalkit::render
