#include "ui/render/fly_camera.h"

#include <algorithm>

namespace portalkit::render {

QVector3D viewDirection(const OrbitCamera& camera) {
    return (camera.target - camera.eye()).normalized();
}

OrbitCamera flyLook(const OrbitCamera& camera, float rightDegrees, float upDegrees) {
    // The orbit formula puts the eye at target + distance·dir(yaw, pitch); turning about the eye
    // is the same yaw/pitch change with the target moved so the eye stays put.
    const QVector3D eye = camera.eye();
    OrbitCamera out = camera;
    // The eye sits at +yaw/+pitch from the target, so the view (eye to target) turns right with
    // a larger yaw and looks up with a smaller pitch.
    out.yaw += rightDegrees;
    out.pitch = std::clamp(camera.pitch - upDegrees, -89.0f, 89.0f);
    const QVector3D offset = out.eye() - out.target;
    out.target = eye - offset;
    return out;
}

OrbitCamera flyMove(const OrbitCamera& camera, const FlyInput& input, float seconds, float speed) {
    if (!input.moving() || !(seconds > 0))
        return camera;
    const QVector3D forward = viewDirection(camera);
    QVector3D right = QVector3D::crossProduct(forward, QVector3D(0, 0, 1));
    // Looking straight up or down the cross product vanishes; strafe by the yaw instead.
    if (right.lengthSquared() < 1e-8f)
        right = QVector3D(1, 0, 0);
    right.normalize();
    QVector3D step = forward * float(input.forward) + right * float(input.right) +
                     QVector3D(0, 0, 1) * float(input.up);
    if (step.lengthSquared() > 1)
        step.normalize(); // diagonal flight is no faster
    const float metres = seconds * speed * (input.fast ? kFlyFastFactor : 1.0f);
    OrbitCamera out = camera;
    out.target += step * metres;
    return out;
}

} // namespace portalkit::render
