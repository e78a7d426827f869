#include "ui/render/thumbnailer.h"

#include "datreader/records/gfx_obj.h"
#include "datreader/records/setup.h"
#include "preview/scene/preview_scene.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/scene_internal.h"

#include <QMatrix4x4>
#include <algorithm>
#include <cmath>
#include <limits>

namespace portalkit::render {

namespace {

// The renderer keeps every mesh and texture it has drawn; a gallery of thousands would keep
// them all, so its caches are emptied after this many thumbnails.
constexpr int kDrawsBetweenResets = 200;
// Three quarters from the front and a little above: a box shows three faces, a long thin part
// pointing at the front is not seen end-on.
constexpr float kYaw = 30, kPitch = 20;

// The sphere around every vertex the snapshot's parts draw (their GfxObjs at their frames and
// scales): what the thumbnail frames, so small and large objects fill it alike. Nothing when no
// part has a vertex.
std::optional<BoundingSphere> drawnBounds(const preview::Assets& assets,
                                          const preview::FrameSnapshot& snapshot) {
    std::vector<QVector3D> points;
    for (const preview::PartInstance& part : snapshot.parts) {
        const dat::GfxObj* gfx = assets.get<dat::GfxObj>(part.gfxObj);
        if (!gfx)
            continue;
        const QMatrix4x4 m =
            frameMatrix(part.world, QVector3D(part.scale.x, part.scale.y, part.scale.z));
        for (const dat::GfxObj::Vertex& v : gfx->vertices)
            points.push_back(m.map(QVector3D(v.origin.x, v.origin.y, v.origin.z)));
    }
    if (points.empty())
        return std::nullopt;
    constexpr float kInf = std::numeric_limits<float>::infinity();
    QVector3D lo(kInf, kInf, kInf), hi(-kInf, -kInf, -kInf);
    for (const QVector3D& p : points)
        for (int i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], p[i]);
            hi[i] = std::max(hi[i], p[i]);
        }
    BoundingSphere sphere{(lo + hi) / 2, 0};
    for (const QVector3D& p : points)
        sphere.radius = std::max(sphere.radius, (p - sphere.center).length());
    if (!std::isfinite(sphere.radius) || !(sphere.radius > 1e-4f) || sphere.radius > 1e5f)
        return std::nullopt;
    return sphere;
}

} // namespace

ModelThumbnailer::ModelThumbnailer(std::shared_ptr<const preview::Assets> assets, int size,
                                   int supersample)
    : m_assets(std::move(assets)), m_size(std::max(1, size)) {
    const int side = m_size * std::clamp(supersample, 1, 4);
    m_renderer = std::make_unique<OffscreenRenderer>(QSize(side, side));
    if (!m_renderer->isValid()) {
        m_error = m_renderer->errorString();
        return;
    }
    m_renderer->setAssets(m_assets);
}

ModelThumbnailer::~ModelThumbnailer() = default;

bool ModelThumbnailer::isValid() const {
    return m_renderer && m_renderer->isValid();
}

void ModelThumbnailer::setAssets(std::shared_ptr<const preview::Assets> assets) {
    m_assets = std::move(assets);
    m_drawn = 0;
    if (isValid())
        m_renderer->setAssets(m_assets);
}

void ModelThumbnailer::setTimeoutMs(int ms) {
    if (m_renderer)
        m_renderer->setTimeoutMs(ms);
}

QImage ModelThumbnailer::renderFrame(ThumbnailKind kind, std::uint32_t id) {
    m_error.clear();
    if (!isValid()) {
        m_error = m_renderer ? m_renderer->errorString() : QStringLiteral("no renderer");
        return {};
    }
    if (++m_drawn > kDrawsBetweenResets) {
        m_renderer->setAssets(m_assets);
        m_drawn = 1;
    }
    preview::FrameSnapshot snapshot;
    if (kind == ThumbnailKind::Setup) {
        if (!m_assets->get<dat::Setup>(id)) {
            m_error = m_assets->whyMissing<dat::Setup>(id);
            return {};
        }
        // The Setup as it stands when created: default parts, default script at its start.
        preview::PreviewScene scene(m_assets, 1);
        preview::OwnerDesc desc;
        desc.setup = id;
        if (!scene.createOwner(desc)) {
            m_error = QStringLiteral("cannot be created");
            return {};
        }
        snapshot = scene.snapshot();
    } else if (kind == ThumbnailKind::GfxObj) {
        if (!m_assets->get<dat::GfxObj>(id)) {
            m_error = m_assets->whyMissing<dat::GfxObj>(id);
            return {};
        }
        preview::PartInstance part;
        part.owner = 1;
        part.gfxObj = id;
        snapshot.parts.push_back(part);
    } else {
        m_error = QStringLiteral("a texture is not drawn");
        return {};
    }
    const auto bounds = drawnBounds(*m_assets, snapshot);
    m_renderer->setCamera(bounds ? std::optional(OrbitCamera::framing(*bounds, kYaw, kPitch))
                                 : std::nullopt);
    QImage frame = m_renderer->render(snapshot);
    if (frame.isNull())
        m_error = m_renderer->errorString();
    return frame;
}

QImage ModelThumbnailer::render(ThumbnailKind kind, std::uint32_t id) {
    return finishThumbnail(renderFrame(kind, id), m_size);
}

QImage finishThumbnail(const QImage& frame, int size) {
    if (frame.isNull())
        return {};
    return frame.convertToFormat(QImage::Format_ARGB32_Premultiplied)
        .scaled(size, size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
}

} // namespace portalkit::render
