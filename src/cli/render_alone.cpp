#include "render_alone.h"

#include "command.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/particle_emitter_info.h"
#include "preview/scene/asset_alone.h"
#include "preview/scene/preview_scene.h"
#include "ui/render/offscreen_renderer.h"

#include <QBuffer>
#include <algorithm>
#include <numeric>

namespace portalkit::cli {

namespace {

using namespace portalkit::preview;

// What the camera frames: the GfxObj's vertices, or where the emitter's particles go in the
// first seconds rendered (at least 1 s, so an early time still shows the whole plume's room).
std::optional<render::BoundingSphere> subjectOf(const RenderJob& job,
                                                const std::shared_ptr<const Assets>& assets) {
    if (job.gfxObj)
        return render::gfxObjBounds(*assets, job.gfxObj);
    const double last = *std::max_element(job.times.begin(), job.times.end());
    const auto reach = emitterReach(assets, job.emitter, std::max(last, 1.0), job.dt, job.seed);
    if (!reach)
        return std::nullopt;
    return render::BoundingSphere{{reach->center.x, reach->center.y, reach->center.z},
                                  std::max(reach->radius, 0.25f)};
}

render::OrbitCamera cameraFor(const RenderJob& job, const render::BoundingSphere& subject) {
    if (!job.camera)
        return render::OrbitCamera::framing(subject);
    render::OrbitCamera orbit =
        render::OrbitCamera::framing(subject, (*job.camera)[0], (*job.camera)[1]);
    if ((*job.camera)[2] > 0)
        orbit.distance = (*job.camera)[2];
    return orbit;
}

} // namespace

bool writeFrame(const QImage& image, const QString& path) {
    QByteArray png;
    {
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        if (!image.save(&buffer, "PNG")) {
            printError("cannot encode " + path);
            return false;
        }
    }
    return writeFileAtomically(path, png);
}

int renderAlone(const RenderJob& job, const std::shared_ptr<const Assets>& assets) {
    if (job.gfxObj && !assets->get<dat::GfxObj>(job.gfxObj)) {
        printError(QStringLiteral("GfxObj %1 cannot be loaded: %2")
                       .arg(didText(job.gfxObj), assets->whyMissing<dat::GfxObj>(job.gfxObj)));
        return kUsageOrIo;
    }
    PreviewScene scene(assets, job.seed);
    if (job.emitter && !playEmitterAlone(scene, job.emitter)) {
        printError(QStringLiteral("ParticleEmitterInfo %1 cannot be loaded: %2")
                       .arg(didText(job.emitter),
                            assets->whyMissing<dat::ParticleEmitterInfo>(job.emitter)));
        return kUsageOrIo;
    }
    render::OffscreenRenderer renderer(job.size);
    if (!renderer.isValid()) {
        printError(renderer.errorString());
        return kUsageOrIo;
    }
    renderer.setTimeoutMs(int(std::min<std::uint32_t>(job.timeout, 600000)));
    renderer.setAssets(assets);
    renderer.setParticleResolution(job.particles);
    for (render::Overlay overlay : job.overlays)
        renderer.scene().setOverlay(overlay, true);
    const auto subject = subjectOf(job, assets);
    renderer.setCamera(cameraFor(job, subject.value_or(render::BoundingSphere{{0, 0, 1}, 2})));

    std::vector<std::size_t> order(job.times.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return job.times[a] < job.times[b]; });
    for (std::size_t index : order) {
        FrameSnapshot snapshot;
        if (job.gfxObj) { // a GfxObj has no clock: every time draws the same
            snapshot.parts.push_back(PartInstance{0, 0, job.gfxObj});
        } else {
            while (scene.now() < job.times[index] - 1e-9)
                scene.advance(job.dt);
            snapshot = scene.snapshot();
        }
        const QImage image = renderer.render(snapshot);
        if (image.isNull()) {
            printError(QStringLiteral("rendering t=%1 failed: %2")
                           .arg(job.times[index])
                           .arg(renderer.errorString()));
            return kUsageOrIo;
        }
        if (!writeFrame(image, outputName(job.output, int(index))))
            return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
