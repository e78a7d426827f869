// portalkit render: frames of an effect drawn off screen with the studio's renderer
// (docs/render.md, docs/cli.md). Built only with the GUI (PORTALKIT_HAS_RENDER).

#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/setup.h"
#include "effect_options.h"
#include "objdesc_options.h"
#include "preview/core/assets.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
#include "render_alone.h"
#include "render_options.h"
#include "render_world.h"
#include "scenario_geometry.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/world_view.h"
#include "world/coords.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace portalkit::cli {

namespace {

using namespace portalkit::preview;

// The scene at its clock, through the job's camera; false after printing why.
bool renderFrame(render::OffscreenRenderer& renderer, const PreviewScene& scene,
                 const RenderJob& job, std::size_t index) {
    const double t = job.times[index];
    const FrameSnapshot snapshot = scene.snapshot();
    if (job.camera) {
        render::OrbitCamera orbit = render::OrbitCamera::framing(
            renderer.scene().bounds(snapshot), (*job.camera)[0], (*job.camera)[1]);
        if ((*job.camera)[2] > 0)
            orbit.distance = (*job.camera)[2];
        renderer.setCamera(orbit);
    } else if (renderer.scene().world().blockCount() > 0) {
        renderer.setCamera(
            cameraOnObjects(renderer.scene().bounds(snapshot), renderer.scene().world()));
    }
    const QImage image = renderer.render(snapshot);
    if (image.isNull()) {
        printError(QStringLiteral("rendering t=%1 failed: %2").arg(t).arg(renderer.errorString()));
        return false;
    }
    return writeFrame(image, outputName(job.output, int(index)));
}

// Plays the job's scene and renders each time, in time order; each file keeps the index of its
// time's position on the command line.
int renderJob(const RenderJob& job, const std::shared_ptr<const Assets>& assets,
              const std::vector<world::WorldBlock>& world = {}) {
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
    renderer.scene().setWorld(world); // the objects' frame starts at its place's origin

    PreviewScene scene(assets, job.scenario ? job.scenario->seed : job.seed);
    std::unique_ptr<ScenarioPlayer> player;
    std::uint32_t owner = 0;
    if (job.scenario) {
        player = std::make_unique<ScenarioPlayer>(scene, *job.scenario);
    } else {
        OwnerDesc desc = job.desc;
        if (job.appearance.any()) {
            auto dressed = resolveObjDesc(*assets, job.setup, job.appearance);
            if (!dressed)
                return kUsageOrIo;
            desc.objDesc = std::make_shared<const appearance::ObjDesc>(std::move(*dressed));
        }
        owner = scene.createOwner(desc);
        if (!owner) {
            printError(QStringLiteral("Setup %1 cannot be loaded: %2")
                           .arg(didText(job.setup), assets->whyMissing<dat::Setup>(job.setup)));
            return kUsageOrIo;
        }
        if (job.style)
            scene.performMotion(owner, *job.style);
    }

    std::vector<std::size_t> order(job.times.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return job.times[a] < job.times[b]; });
    ActionScript actions(job.actions);
    for (std::size_t index : order) {
        const double t = job.times[index];
        if (player) {
            player->advanceTo(t);
        } else {
            for (;;) {
                actions.applyDue(scene, owner);
                if (scene.now() >= t - 1e-9)
                    break;
                scene.advance(job.dt);
            }
        }
        if (!renderFrame(renderer, scene, job, index))
            return kUsageOrIo;
    }
    return kSuccess;
}

// --setup or --scenario drawn in the world: the place from --landblock/--cell (and --place) when
// given, else the scenario's own "world" place (docs/scenarios.md#world).
int runObjectsInWorld(const QCommandLineParser& parser, const WorldRenderJob* fromCommandLine,
                      const RenderJob& job) {
    std::optional<preview::ScenarioPlace> place;
    if (fromCommandLine)
        place = commandLinePlace(*fromCommandLine, parser.value("place"));
    else if (job.scenario && job.scenario->place)
        place = job.scenario->place;
    else
        printError("the scenario names no place in the world: give --landblock or --cell");
    if (!place)
        return kUsageOrIo;
    const QStringList dats = parser.positionalArguments();
    const QString cellPath = findCellDat(dats.at(0), dats.value(1));
    if (cellPath.isEmpty()) {
        printError("a world needs the cell DAT: give CELL.dat, or put client_cell_1.dat beside "
                   "the portal DAT");
        return kUsageOrIo;
    }
    const auto portal = openAssets(dats.at(0));
    const auto cells = portal ? openAssets(cellPath) : nullptr;
    const auto world = cells ? placedWorld(*place, portal, cells) : std::nullopt;
    if (!world)
        return kUsageOrIo;
    // The scenario's bodies collide with what is drawn when its world says so.
    RenderJob placed = job;
    if (placed.scenario && !attachScenarioGeometry(*placed.scenario, *portal, dats.at(0), cellPath))
        return kUsageOrIo;
    return renderJob(placed, portal, *world);
}

int runWorld(const QCommandLineParser& parser) {
    WorldRenderJob job;
    if (!readWorldPlace(parser, job))
        return kUsageOrIo;
    if (parser.isSet("setup") || parser.isSet("scenario")) {
        RenderJob objects;
        return readJob(parser, objects) ? runObjectsInWorld(parser, &job, objects) : kUsageOrIo;
    }
    for (const char* option : {"time", "at", "place"})
        if (parser.isSet(option)) {
            printError(
                QStringLiteral("--%1 needs --setup or --scenario").arg(QLatin1String(option)));
            return kUsageOrIo;
        }
    if (const QString option = givenObjDescOption(parser); !option.isEmpty()) {
        printError(option + QStringLiteral(" needs --setup"));
        return kUsageOrIo;
    }
    RenderJob image;
    const auto timeout = parseNumber(parser.value("timeout"));
    if (!readImageOptions(parser, image) || !timeout || *timeout < 100) {
        if (!timeout || *timeout < 100)
            printError("--timeout takes milliseconds, at least 100");
        return kUsageOrIo;
    }
    job.size = image.size;
    job.camera = image.camera;
    job.overlays = image.overlays;
    job.timeoutMs = int(std::min<std::uint32_t>(*timeout, 600000));
    const QStringList dats = parser.positionalArguments();
    const QString cellPath = findCellDat(dats.at(0), dats.value(1));
    if (cellPath.isEmpty()) {
        printError("--landblock and --cell need the cell DAT: give CELL.dat, or put "
                   "client_cell_1.dat beside the portal DAT");
        return kUsageOrIo;
    }
    const auto portal = openAssets(dats.at(0));
    const auto cells = portal ? openAssets(cellPath) : nullptr;
    if (!cells)
        return kUsageOrIo;
    const QImage frame = renderWorld(job, portal, cells);
    return !frame.isNull() && writeFrame(frame, image.output) ? kSuccess : kUsageOrIo;
}

} // namespace

int runRender(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Renders frames of one object built from a Setup (its default script, then the chosen "
        "effect at each --at time, default 0, and any --at T=ACTION) or of a --scenario, off "
        "screen with the studio's renderer, at each --time; or, with --landblock, the world "
        "around a landblock (or a dungeon) from the portal and cell DATs, and with --cell, the "
        "view from inside an EnvCell. Needs an X display (xvfb-run). "
        "Deterministic simulation: the same seed gives the same frames.");
    parser.addPositionalArgument("DAT", "The portal DAT (the demo DAT or client_portal.dat).");
    parser.addPositionalArgument("CELL.dat",
                                 "With --landblock or --cell: the cell DAT (default: "
                                 "client_cell_1.dat "
                                 "beside the portal DAT).",
                                 "[CELL.dat]");
    parser.addOptions(renderOptions());
    if (auto exit = parseOrExit(parser, arguments, -1))
        return *exit;
    const qsizetype positional = parser.positionalArguments().size();
    const bool world = parser.isSet("landblock") || parser.isSet("cell");
    // A scenario may name its own place, drawn from the cell DAT given second.
    const qsizetype allowed = world || parser.isSet("scenario") ? 2 : 1;
    if (positional < 1 || positional > allowed) {
        printError(QStringLiteral("expected %1 argument(s), got %2 (see --help)")
                       .arg(allowed == 1 ? QStringLiteral("1") : QStringLiteral("1 or 2"))
                       .arg(positional));
        return kUsageOrIo;
    }
    if (world && (parser.isSet("gfxobj") || parser.isSet("emitter"))) {
        printError("--gfxobj and --emitter draw the asset alone: not with --landblock or --cell");
        return kUsageOrIo;
    }
    if (world)
        return runWorld(parser);
    if (parser.isSet("place")) {
        printError("--place needs --landblock");
        return kUsageOrIo;
    }
    RenderJob job;
    if (!readJob(parser, job))
        return kUsageOrIo;
    if (job.scenario && (job.scenario->place || positional == 2))
        return runObjectsInWorld(parser, nullptr, job);
    const auto assets = openAssets(parser.positionalArguments().at(0));
    if (assets && (job.gfxObj || job.emitter))
        return renderAlone(job, assets);
    return assets ? renderJob(job, assets) : kUsageOrIo;
}

} // namespace portalkit::cli
