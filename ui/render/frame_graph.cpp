#include "frame_graph.h"

#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderTargetSelector>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QViewport>
#include <cmath>
#include <numbers>

namespace portalkit::render {

QColor backgroundColor() {
    return QColor(38, 42, 52);
}

QVector3D OrbitCamera::eye() const {
    const float y = yaw * std::numbers::pi_v<float> / 180,
                p = pitch * std::numbers::pi_v<float> / 180;
    return target +
           distance * QVector3D(std::cos(p) * std::sin(y), std::cos(p) * std::cos(y), std::sin(p));
}

void OrbitCamera::apply(Qt3DRender::QCamera* camera, float aspect) const {
    camera->lens()->setPerspectiveProjection(45.0f, aspect > 0 ? aspect : 1.0f,
                                             std::max(0.01f, distance * 0.01f),
                                             std::max(100.0f, distance * 20));
    camera->setPosition(eye());
    camera->setViewCenter(target);
    // Straight up or down the +Z up vector degenerates; tilt it a little instead.
    camera->setUpVector(std::abs(pitch) > 89.5f ? QVector3D(0, -1, 0) : QVector3D(0, 0, 1));
}

OrbitCamera OrbitCamera::framing(const BoundingSphere& sphere, float yaw, float pitch,
                                 float fovDegrees) {
    OrbitCamera camera;
    camera.yaw = yaw;
    camera.pitch = pitch;
    camera.target = sphere.center;
    const float half = fovDegrees * std::numbers::pi_v<float> / 360;
    camera.distance = std::max(0.5f, sphere.radius / std::sin(half) * 1.05f);
    return camera;
}

FrameGraph buildFrameGraph(Qt3DCore::QNode* parent, Qt3DCore::QEntity* cameraParent,
                           const SceneView& view, Qt3DRender::QRenderTarget* target) {
    using namespace Qt3DRender;
    FrameGraph graph;
    graph.surfaceSelector = new QRenderSurfaceSelector(parent);
    QFrameGraphNode* top = graph.surfaceSelector;
    if (target) {
        auto* targetSelector = new QRenderTargetSelector(top);
        targetSelector->setTarget(target);
        top = targetSelector;
    }
    auto* viewport = new QViewport(top);
    viewport->setNormalizedRect(QRectF(0, 0, 1, 1));
    graph.camera = new QCamera(cameraParent);
    auto* cameraSelector = new QCameraSelector(viewport);
    cameraSelector->setCamera(graph.camera);
    auto* filter = new QTechniqueFilter(cameraSelector);
    for (QParameter* p : view.parameters())
        filter->addParameter(p);

    auto* clear = new QClearBuffers(filter);
    clear->setBuffers(QClearBuffers::ColorDepthBuffer);
    clear->setClearColor(backgroundColor());
    new QNoDraw(clear);

    auto* opaque = new QLayerFilter(filter);
    opaque->addLayer(view.opaqueLayer());

    auto* blend = new QLayerFilter(filter);
    blend->addLayer(view.blendLayer());
    auto* sort = new QSortPolicy(blend);
    sort->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});
    graph.capture = new QRenderCapture(sort);
    return graph;
}

} // namespace portalkit::render
