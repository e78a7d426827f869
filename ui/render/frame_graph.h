#pragma once

// The frame graph both the offscreen renderer and the viewport use: clear, opaque layer, blended
// layer (back to front), then a QRenderCapture leaf. And the orbit camera they share.

#include "scene_view.h"

#include <Qt3DRender/QCamera>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSurfaceSelector>

namespace Qt3DRender {
class QRenderTarget;
}

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
    // Target and distance that show the whole sphere with a vertical field of view of fovDegrees.
    static OrbitCamera framing(const BoundingSphere& sphere, float yaw = 0, float pitch = 15,
                               float fovDegrees = 45);
};

struct FrameGraph {
    Qt3DRender::QRenderSurfaceSelector* surfaceSelector = nullptr;
    Qt3DRender::QCamera* camera = nullptr;
    Qt3DRender::QRenderCapture* capture = nullptr;
};

// Builds the graph under `parent`; with a render target, draws into it.
FrameGraph buildFrameGraph(Qt3DCore::QNode* parent, Qt3DCore::QEntity* cameraParent,
                           const SceneView& view, Qt3DRender::QRenderTarget* target = nullptr);

// The clear colour, which tests treat as background.
QColor backgroundColor();

} // namespace portalkit::render
