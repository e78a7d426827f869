#pragma once

// What SceneView's sources share (scene_view.cpp draws parts and particles, scene_overlays.cpp
// the line overlays): snapshot values to Qt, and one line overlay entity.

#include "ui/render/scene_view.h"

#include <QMatrix4x4>
#include <QQuaternion>
#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DRender/QGeometryRenderer>

namespace portalkit::render {

inline QVector3D toQt(preview::Vec3 v) {
    return {v.x, v.y, v.z};
}
inline QQuaternion toQt(preview::Quat q) {
    return QQuaternion(q.w, q.x, q.y, q.z).normalized();
}

inline QMatrix4x4 frameMatrix(const preview::Frame& frame, QVector3D scale) {
    QMatrix4x4 m;
    m.translate(toQt(frame.origin));
    m.rotate(toQt(frame.orientation));
    m.scale(scale);
    return m;
}

struct SceneView::LineOverlay {
    Qt3DCore::QEntity* entity = nullptr;
    Qt3DCore::QBuffer* buffer = nullptr;
    Qt3DCore::QAttribute* attribute = nullptr;
    Qt3DRender::QGeometryRenderer* renderer = nullptr;
    ~LineOverlay() { delete entity; }
};

} // namespace portalkit::render
