#include "export/gltf_trs.h"

#include "export/gltf_axes.h"

#include <QQuaternion>
#include <QVector3D>
#include <cmath>

namespace portalkit::exports {

namespace {

bool finite(const QVector3D& v) {
    return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

// `v` without its component along unit `axis`, normalised; `fallback` when nothing is left.
QVector3D orthogonalUnit(QVector3D v, const QVector3D& axis, const QVector3D& fallback) {
    v -= QVector3D::dotProduct(v, axis) * axis;
    return v.length() > 1e-12f ? v.normalized() : fallback;
}

// Any unit vector perpendicular to unit `axis`.
QVector3D perpendicular(const QVector3D& axis) {
    const QVector3D probe = std::abs(axis.x()) < 0.9f ? QVector3D(1, 0, 0) : QVector3D(0, 1, 0);
    return orthogonalUnit(probe, axis, QVector3D(0, 0, 1));
}

} // namespace

GltfTrs gltfTrs(const QMatrix4x4& m) {
    GltfTrs out;
    const QVector3D t = m.column(3).toVector3D();
    QVector3D c0 = m.column(0).toVector3D(), c1 = m.column(1).toVector3D(),
              c2 = m.column(2).toVector3D();
    if (!finite(c0) || !finite(c1) || !finite(c2)) {
        // Nothing sensible to keep of a NaN rotation: identity, and say so.
        c0 = {1, 0, 0}, c1 = {0, 1, 0}, c2 = {0, 0, 1};
        out.approximate = true;
    }
    out.translation = gltfVector(finiteOrZero({t.x(), t.y(), t.z()}));
    // Gram–Schmidt: exact for R·S (columns already orthogonal), the nearest rotation otherwise.
    const QVector3D r0 = c0.length() > 1e-12f ? c0.normalized() : QVector3D(1, 0, 0);
    const QVector3D r1 = orthogonalUnit(c1, r0, perpendicular(r0));
    const QVector3D r2 = QVector3D::crossProduct(r0, r1);
    const float sx = QVector3D::dotProduct(c0, r0);
    const float sy = QVector3D::dotProduct(c1, r1);
    const float sz = QVector3D::dotProduct(c2, r2); // negative for a mirror
    const float tolerance = 1e-4f * std::max({c0.length(), c1.length(), c2.length(), 1e-6f});
    if ((c0 - sx * r0).length() > tolerance || (c1 - sy * r1).length() > tolerance ||
        (c2 - sz * r2).length() > tolerance || sx < 1e-12f)
        out.approximate = true;
    const QQuaternion q = QQuaternion::fromAxes(r0, r1, r2).normalized();
    out.rotation = gltfQuaternion(unitOrIdentity(preview::Quat(q.scalar(), q.x(), q.y(), q.z())));
    out.scale = {sx, sz, sy};
    return out;
}

} // namespace portalkit::exports
