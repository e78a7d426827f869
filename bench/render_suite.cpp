// The 'render' suite: frame time of simulation step + offscreen render (Qt3D Manual run mode, no
// capture in the loop) with 1k, 10k and 50k particles, and cold start to the first captured
// frame on the demo DAT. Built only with the GUI (the render library).

#include "bench/render_suite.h"

#include "bench/bench_common.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/particle_emitter_info.h"
#include "preview/core/assets.h"
#include "preview/scene/preview_scene.h"
#include "ui/render/offscreen_renderer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;

constexpr std::uint32_t kHuman = 0x02000001;
constexpr std::uint32_t kRecall = 0x10000153;
constexpr std::uint32_t kRecallEmitter = 0x3200078E;
constexpr double kDt = 1.0 / 60;
constexpr double kTargetFps = 60;
constexpr int kWarmFrames = 5;
constexpr int kMeasuredFrames = 60;

// N particles of `gfxObj` spread through a 3 m × 3 m × 2.5 m box around the human (seeded, so
// every run draws the same picture), drifting with time so every instance moves each frame
// (the buffer is re-uploaded each frame, as with live emitters).
void fillParticles(FrameSnapshot& snapshot, std::size_t count, std::uint32_t gfxObj, double t) {
    snapshot.particles.resize(count);
    std::uint32_t state = 12345;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return float(state >> 8) / float(1u << 24);
    };
    for (std::size_t i = 0; i < count; ++i) {
        ParticleInstance& p = snapshot.particles[i];
        p.owner = 1;
        p.emitter = 1;
        p.gfxObj = gfxObj;
        const float phase = next() * 6.2831853f;
        p.position = Vec3(next() * 3 - 1.5f + 0.1f * float(std::sin(t + phase)), next() * 3 - 1.5f,
                          next() * 2.5f);
        // Small sparks (2.5-7.5 cm), so the figure is per-particle cost and not llvmpipe fill rate:
        // at the demo emitter's own sizes (0.6-1.4 x 0.25 m) 10k particles cover the frame many
        // times over (docs/benchmarks.md).
        p.scale = 0.1f + 0.2f * next();
        p.translucency = next() * 0.5f;
    }
}

// Milliseconds of each measured frame: the step (advance, snapshot, particles), the draw, both.
struct FrameTimes {
    std::vector<double> frames, steps, draws;
};

// Times kMeasuredFrames frames of `count` particles after kWarmFrames; nothing when a draw failed.
std::optional<FrameTimes> timeFrames(render::OffscreenRenderer& renderer, PreviewScene& scene,
                                     std::size_t count, std::uint32_t particleGfx) {
    FrameTimes times;
    for (int i = 0; i < kWarmFrames + kMeasuredFrames; ++i) {
        QElapsedTimer clock;
        clock.start();
        scene.advance(kDt);
        FrameSnapshot snapshot = scene.snapshot();
        fillParticles(snapshot, count, particleGfx, scene.now());
        const double stepMs = double(clock.nsecsElapsed()) / 1e6;
        if (!renderer.draw(snapshot)) {
            printError("drawing failed: " + renderer.errorString());
            return std::nullopt;
        }
        const double totalMs = double(clock.nsecsElapsed()) / 1e6;
        if (i >= kWarmFrames) {
            times.frames.push_back(totalMs);
            times.steps.push_back(stepMs);
            times.draws.push_back(totalMs - stepMs);
        }
    }
    return times;
}

// PORTALKIT_BENCH_RENDER_PNG=DIR keeps one frame per size, to look at what was timed.
void keepFrame(render::OffscreenRenderer& renderer, const PreviewScene& scene, std::size_t count,
               std::uint32_t particleGfx, const QString& bufferName) {
    const QString dir = qEnvironmentVariable("PORTALKIT_BENCH_RENDER_PNG");
    if (dir.isEmpty())
        return;
    FrameSnapshot snapshot = scene.snapshot();
    fillParticles(snapshot, count, particleGfx, scene.now());
    renderer.render(snapshot).save(
        QStringLiteral("%1/render_%2_%3.png").arg(dir).arg(count).arg(bufferName));
}

// Opens the DAT; prints why and returns nothing when it cannot.
std::optional<dat::DatFile> openDat(const QString& path) {
    try {
        return dat::DatFile::open(path);
    } catch (const dat::DatError& error) {
        printError(path + ": " + QString::fromStdString(error.what()));
        return std::nullopt;
    }
}

// The cell DAT beside the portal DAT, as the studio opens the demo; empty without one.
QString cellDatBeside(const QString& portalPath) {
    const QString beside = QFileInfo(portalPath).dir().filePath("client_cell_1.dat");
    return QFileInfo::exists(beside) ? beside : QString();
}

// Only the world cases (--world-only), with their own report.
Outcome runWorldOnly(const QString& datPath, const QString& jsonPath) {
    const QString cells = cellDatBeside(datPath);
    render::OffscreenRenderer renderer(QSize(1280, 720));
    if (cells.isEmpty() || !renderer.isValid()) {
        printError(cells.isEmpty() ? "no client_cell_1.dat beside " + datPath
                                   : renderer.errorString());
        return Outcome::Error;
    }
    const auto world = runWorldCases(renderer, datPath, cells);
    if (!world)
        return Outcome::Error;
    printOut(QStringLiteral("\nrender benchmark (world cases), %1\n").arg(coresAndCpu()) +
             worldText(*world));
    return writeReport(jsonPath, report("render", std::nullopt,
                                        {{"size", "1280x720"}, {"world", worldJson(*world)}}))
               ? Outcome::Success
               : Outcome::Error;
}

} // namespace

Outcome runRenderSuite(const QString& datPath, const QString& jsonPath, bool worldOnly) {
    if (worldOnly)
        return runWorldOnly(datPath, jsonPath);
    QElapsedTimer cold;
    cold.start();
    auto dat = openDat(datPath);
    if (!dat)
        return Outcome::Error;
    auto assets = std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(*dat)));
    render::OffscreenRenderer renderer(QSize(1280, 720));
    if (!renderer.isValid()) {
        printError(renderer.errorString());
        return Outcome::Error;
    }
    renderer.setAssets(assets);
    PreviewScene scene(assets, 1);
    OwnerDesc desc;
    desc.setup = kHuman;
    const std::uint32_t owner = scene.createOwner(desc);
    if (!owner) {
        printError("the render bench needs the demo DAT (Setup 0x02000001)");
        return Outcome::Error;
    }
    const QImage first = renderer.render(scene.snapshot());
    const double coldMs = double(cold.nsecsElapsed()) / 1e6;
    if (first.isNull()) {
        printError("first frame failed: " + renderer.errorString());
        return Outcome::Error;
    }

    // The recall at 1.8 s: the demo's real emitter is live, for a realistic scene.
    scene.performMotion(owner, kRecall);
    while (scene.now() < 1.8)
        scene.advance(kDt);
    const auto* emitter = assets->get<dat::ParticleEmitterInfo>(kRecallEmitter);
    const std::uint32_t particleGfx = emitter ? emitter->hwGfxObjId : 0;
    if (!particleGfx) {
        printError("the render bench needs the demo's emitter 0x3200078E");
        return Outcome::Error;
    }

    QString text =
        QStringLiteral("\nrender benchmark, 1280x720, %1\n"
                       "cold start (open DAT, renderer, first captured frame): %2 ms\n\n"
                       "particles  buffer  frame ms (median)   fps    step ms  draw ms\n")
            .arg(coresAndCpu())
            .arg(coldMs, 0, 'f', 0);
    QJsonArray results;
    bool pass = coldMs <= 1000;
    // Half is the studio's default particle buffer, full what `portalkit render` draws.
    for (const render::ParticleResolution resolution :
         {render::ParticleResolution::Half, render::ParticleResolution::Full})
        for (std::size_t count : {std::size_t(1000), std::size_t(10'000), std::size_t(50'000)}) {
            const QString bufferName = render::particleResolutionName(resolution);
            renderer.setParticleResolution(resolution);
            printOut(
                QStringLiteral("render: %1 particles, %2 resolution\n").arg(count).arg(bufferName));
            const auto times = timeFrames(renderer, scene, count, particleGfx);
            if (!times)
                return Outcome::Error;
            keepFrame(renderer, scene, count, particleGfx, bufferName);
            const double frameMs = median(times->frames);
            const double fps = frameMs > 0 ? 1000.0 / frameMs : 0;
            if (count == 10'000 && resolution == render::ParticleResolution::Half)
                pass = pass && fps >= kTargetFps;
            text += QStringLiteral("%1%2%3%4%5%6\n")
                        .arg(count, 9)
                        .arg(bufferName, 8)
                        .arg(frameMs, 20, 'f', 2)
                        .arg(fps, 7, 'f', 0)
                        .arg(median(times->steps), 10, 'f', 2)
                        .arg(median(times->draws), 9, 'f', 2);
            results.append(QJsonObject{{"particles", qint64(count)},
                                       {"particleBuffer", bufferName},
                                       {"frameMsMedian", frameMs},
                                       {"fps", fps},
                                       {"stepMsMedian", median(times->steps)},
                                       {"drawMsMedian", median(times->draws)},
                                       {"frames", kMeasuredFrames}});
        }
    text += QStringLiteral("\ntarget: >= %1 fps at 10k particles (half-resolution particle buffer, "
                           "the studio's default), cold start <= 1000 ms: %2\n")
                .arg(kTargetFps)
                .arg(pass ? "pass" : "FAIL");
    QJsonObject figures{{"size", "1280x720"},
                        {"coldStartMs", coldMs},
                        {"targetFps", kTargetFps},
                        {"pass", pass},
                        {"results", results}};
    // The world cases when the demo's cell DAT is there; their targets are reported apart.
    if (const QString cells = cellDatBeside(datPath); !cells.isEmpty()) {
        const auto world = runWorldCases(renderer, datPath, cells);
        if (!world)
            return Outcome::Error;
        text += worldText(*world);
        figures.insert("world", worldJson(*world));
    }
    printOut(text);
    const bool written = writeReport(jsonPath, report("render", std::nullopt, figures));
    return written ? Outcome::Success : Outcome::Error;
}

} // namespace portalkit::bench
