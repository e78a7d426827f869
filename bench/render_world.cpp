// The render suite's world cases (issue 22,
// docs/benchmarks.md#drawing-the-world-bench-render-issue-22): frames of the demo's 3x3 landblocks
// round 0xA9B4 and of the dungeon 0x01D9 seen from inside a cell, orbiting; the time to build a
// landblock; and the longest GUI-thread gap while landblocks are built off the GUI thread and
// swapped in. Each frame figure comes with the empty scene's frame in the same process, the
// baseline the ratios are taken against.

#include "bench/bench_common.h"
#include "bench/render_suite.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/region.h"
#include "preview/core/assets.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/world_view.h"
#include "world/scene/world_builder.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;

constexpr std::uint32_t kTown = 0xA9B4FFFF;
constexpr std::uint32_t kDungeon = 0x01D9FFFF;
constexpr std::uint32_t kDungeonCell = 0x01D90105;
constexpr int kWarmFrames = 5;
constexpr int kMeasuredFrames = 60;
constexpr int kBuildRuns = 15;
constexpr double kOrbitFps = 30, kDungeonFps = 60, kBlockMs = 20, kStallMs = 50;

struct Sources {
    std::shared_ptr<const dat::DatFile> portalDat, cellDat;
    std::shared_ptr<Assets> portal, cells;
    const dat::Region* region = nullptr;
};

std::optional<Sources> openSources(const QString& portalPath, const QString& cellPath) {
    Sources s;
    try {
        s.portalDat = std::make_shared<const dat::DatFile>(dat::DatFile::open(portalPath));
        s.cellDat = std::make_shared<const dat::DatFile>(dat::DatFile::open(cellPath));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return std::nullopt;
    }
    s.portal = std::make_shared<Assets>(s.portalDat);
    s.cells = std::make_shared<Assets>(s.cellDat);
    s.region = s.portal->get<dat::Region>(world::kRegionId);
    if (!s.region) {
        printError("the world cases need the demo's Region");
        return std::nullopt;
    }
    return s;
}

std::vector<world::WorldBlock> build(const Sources& s, std::uint32_t centre, int radius) {
    world::TerrainTextures textures(*s.portal, s.region->terrain.texMerge);
    return world::buildWorldBlocks({s.portal.get(), s.cells.get(), s.region}, centre, radius,
                                   textures);
}

// Median ms of kMeasuredFrames frames after kWarmFrames, the camera turning 3 degrees a frame so
// that no frame repeats the last; 0 when a draw failed.
double orbitFrameMs(render::OffscreenRenderer& renderer, render::OrbitCamera camera) {
    std::vector<double> frames;
    const float yaw0 = camera.yaw;
    for (int i = 0; i < kWarmFrames + kMeasuredFrames; ++i) {
        camera.yaw = yaw0 + 3.0f * float(i);
        renderer.setCamera(camera);
        QElapsedTimer clock;
        clock.start();
        if (!renderer.draw(FrameSnapshot{})) {
            printError("drawing failed: " + renderer.errorString());
            return 0;
        }
        if (i >= kWarmFrames)
            frames.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    return median(frames);
}

// Median ms to build one landblock (terrain, atlas, statics, scenery) with the records already
// decoded: the studio's case once a block was seen (the second and later builds).
double blockBuildMs(const Sources& s) {
    world::TerrainTextures textures(*s.portal, s.region->terrain.texMerge);
    const world::WorldSources sources{s.portal.get(), s.cells.get(), s.region};
    std::vector<double> runs;
    for (int i = 0; i <= kBuildRuns; ++i) {
        QElapsedTimer clock;
        clock.start();
        const auto block = world::buildWorldBlock(sources, kTown, kTown, textures);
        if (i > 0 && block) // the first run decodes the records
            runs.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    return runs.empty() ? 0 : median(runs);
}

// The studio's way across the world: a worker builds the next 3x3 (own Assets, as
// ui/studio/world_loader.cpp) while the GUI thread keeps drawing an orbiting frame; the blocks
// are swapped in on the GUI thread when ready. Returns the longest gap between the ends of
// consecutive frames, the swap's frame included, over `hops` moves back and forth between
// 0xA9B4 and its east neighbour 0xAAB4.
double switchStallMs(render::OffscreenRenderer& renderer, const Sources& s, int hops) {
    double worst = 0;
    render::OrbitCamera camera = renderer.camera().value_or(render::OrbitCamera{});
    QElapsedTimer sinceLast;
    sinceLast.start();
    for (int hop = 1; hop <= hops; ++hop) {
        const std::uint32_t centre = kTown + (std::uint32_t(hop % 2) << 24);
        QFutureWatcher<std::vector<world::WorldBlock>> watcher;
        // The global pool, as the studio's WorldLoader (a pool of its own changed nothing).
        watcher.setFuture(QtConcurrent::run([&s, centre] {
            Sources own = s; // the Assets cache is not thread-safe: the worker has its own
            own.portal = std::make_shared<Assets>(s.portalDat);
            own.cells = std::make_shared<Assets>(s.cellDat);
            own.region = own.portal->get<dat::Region>(world::kRegionId);
            return build(own, centre, 1);
        }));
        bool swapped = false;
        while (!swapped) {
            QCoreApplication::processEvents();
            if (watcher.isFinished()) {
                // As the studio's viewport: blocks already drawn stay, new ones wait.
                renderer.scene().setWorld(watcher.result(), render::WorldPace::OnRequest);
                swapped = true;
            }
            renderer.scene().world().addPending(); // the viewport's timer: one block a frame
            camera.yaw += 3.0f;
            renderer.setCamera(camera);
            renderer.draw(FrameSnapshot{});
            worst = std::max(worst, double(sinceLast.nsecsElapsed()) / 1e6);
            sinceLast.restart();
        }
        for (int i = 0; i < 12; ++i) { // the frames after the swap add and upload the new blocks
            renderer.scene().world().addPending();
            camera.yaw += 3.0f;
            renderer.setCamera(camera);
            renderer.draw(FrameSnapshot{});
            worst = std::max(worst, double(sinceLast.nsecsElapsed()) / 1e6);
            sinceLast.restart();
        }
    }
    return worst;
}

} // namespace

std::optional<WorldFigures> runWorldCases(render::OffscreenRenderer& renderer,
                                          const QString& portalPath, const QString& cellPath) {
    auto sources = openSources(portalPath, cellPath);
    if (!sources)
        return std::nullopt;
    renderer.setAssets(sources->portal);
    WorldFigures f;
    f.emptyMs = orbitFrameMs(renderer, render::OrbitCamera{});

    const auto town = build(*sources, kTown, 1);
    renderer.scene().setWorld(town);
    render::OrbitCamera over =
        render::OrbitCamera::framing(renderer.scene().world().bounds(), -135.0f, 35.0f);
    over.distance *= 0.7f; // as `portalkit render --landblock` frames it
    f.parts = int(renderer.scene().world().partCount());
    f.orbitMs = orbitFrameMs(renderer, over);

    const auto dungeon = build(*sources, kDungeon, 1);
    renderer.scene().setWorld(dungeon);
    const world::WorldCell* inside = nullptr;
    for (const auto& block : dungeon)
        for (const auto& cell : block.cells)
            if (cell.id == kDungeonCell)
                inside = &cell;
    if (!inside || !inside->geometry) {
        printError("the world cases need the demo dungeon's cell 0x01D90105");
        return std::nullopt;
    }
    f.dungeonCells = int(renderer.scene().world().cellCount());
    f.dungeonMs = orbitFrameMs(renderer, render::cameraInside(*inside));

    f.blockBuildMs = blockBuildMs(*sources);
    renderer.scene().setWorld(town);
    renderer.setCamera(over);
    f.stallMs = switchStallMs(renderer, *sources, 6);
    renderer.scene().setWorld({});
    f.pass = f.orbitMs > 0 && 1000 / f.orbitMs >= kOrbitFps && f.dungeonMs > 0 &&
             1000 / f.dungeonMs >= kDungeonFps && f.blockBuildMs <= kBlockMs &&
             f.stallMs <= kStallMs;
    return f;
}

QString worldText(const WorldFigures& f) {
    const auto fps = [](double ms) { return ms > 0 ? 1000 / ms : 0.0; };
    const auto ratio = [&f](double ms) { return f.emptyMs > 0 ? ms / f.emptyMs : 0.0; };
    return QStringLiteral(
               "\nworld (orbiting, 1280x720, median of %1 frames)     frame ms    fps   x empty\n"
               "empty scene                                     %2 %3\n"
               "3x3 landblocks round 0xA9B4 (%4 parts)          %5 %6 %7\n"
               "dungeon 0x01D9 from inside 0x01D90105 (%8 cells) %9 %10 %11\n"
               "one landblock built, records cached: %12 ms (median of %13)\n"
               "longest frame gap over 6 landblock moves: %14 ms\n"
               "targets: >= 30 fps 3x3, >= 60 fps dungeon, <= 20 ms a block, <= 50 ms gap: %15\n")
        .arg(kMeasuredFrames)
        .arg(f.emptyMs, 8, 'f', 2)
        .arg(fps(f.emptyMs), 6, 'f', 0)
        .arg(f.parts)
        .arg(f.orbitMs, 8, 'f', 2)
        .arg(fps(f.orbitMs), 6, 'f', 0)
        .arg(ratio(f.orbitMs), 8, 'f', 1)
        .arg(f.dungeonCells)
        .arg(f.dungeonMs, 7, 'f', 2)
        .arg(fps(f.dungeonMs), 6, 'f', 0)
        .arg(ratio(f.dungeonMs), 8, 'f', 1)
        .arg(f.blockBuildMs, 0, 'f', 2)
        .arg(kBuildRuns)
        .arg(f.stallMs, 0, 'f', 1)
        .arg(f.pass ? "pass" : "FAIL");
}

QJsonObject worldJson(const WorldFigures& f) {
    return {{"emptyFrameMsMedian", f.emptyMs},
            {"orbit3x3FrameMsMedian", f.orbitMs},
            {"orbit3x3Parts", f.parts},
            {"dungeonFrameMsMedian", f.dungeonMs},
            {"dungeonCells", f.dungeonCells},
            {"blockBuildMsMedian", f.blockBuildMs},
            {"switchLongestFrameGapMs", f.stallMs},
            {"pass", f.pass}};
}

} // namespace portalkit::bench
