// portalkit render: frames of an effect drawn off screen with the studio's renderer
// (docs/render.md, docs/cli.md). Built only with the GUI (PORTALKIT_HAS_RENDER).

#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/setup.h"
#include "effect_options.h"
#include "preview/core/assets.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
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

// "out_%03d.png" → "out_007.png"; a name without a %d pattern is used as is.
QString outputName(const QString& pattern, int index) {
    static const QRegularExpression kPattern(QStringLiteral("%(0?)(\\d*)d"));
    const auto match = kPattern.match(pattern);
    if (!match.hasMatch())
        return pattern;
    const int width = match.captured(2).isEmpty() ? 0 : match.captured(2).toInt();
    const QChar fill = match.captured(1).isEmpty() ? QChar(' ') : QChar('0');
    QString out = pattern;
    out.replace(match.capturedStart(), match.capturedLength(),
                QStringLiteral("%1").arg(index, std::min(width, 16), 10, fill));
    return out;
}

std::optional<QSize> parseSize(const QString& text) {
    const QStringList parts = text.toLower().split('x');
    if (parts.size() != 2)
        return std::nullopt;
    bool okW = false, okH = false;
    const int w = parts[0].trimmed().toInt(&okW), h = parts[1].trimmed().toInt(&okH);
    if (!okW || !okH || w < 1 || h < 1 || w > 8192 || h > 8192)
        return std::nullopt;
    return QSize(w, h);
}

// yaw,pitch[,distance] in degrees and metres; distance 0 or left out keeps the framing's.
std::optional<std::array<float, 3>> parseCamera(const QString& text) {
    const QStringList parts = text.split(',');
    if (parts.size() < 2 || parts.size() > 3)
        return std::nullopt;
    std::array<float, 3> out{0, 0, 0};
    for (int i = 0; i < parts.size(); ++i) {
        const auto v = parseReal(parts[i]);
        if (!v || !std::isfinite(*v))
            return std::nullopt;
        out[std::size_t(i)] = *v;
    }
    if (out[2] < 0 || out[1] < -90 || out[1] > 90)
        return std::nullopt;
    return out;
}

// Everything the command line asks for, read and checked before the DAT is opened.
struct RenderJob {
    std::vector<double> times; // in --time order: file i is times[i]
    QString output;
    QSize size;
    std::optional<std::array<float, 3>> camera;
    render::ParticleResolution particles = render::ParticleResolution::Full;
    std::vector<render::Overlay> overlays;
    double dt = 0;
    std::uint32_t seed = 0;
    std::uint32_t timeout = 0;
    // A scenario, or one object with its effect and --at actions.
    std::optional<Scenario> scenario;
    std::uint32_t setup = 0;
    OwnerDesc desc;
    std::optional<std::uint32_t> style;
    std::vector<TimedAction> actions;
};

// --time T[,T...]: the times to render. Before --time, render's --at took them (its plain T now
// plays the chosen effect, as in simulate): without --time the plain --at values are still read
// as times, with a note; `atValues` keeps the --at values that are actions.
bool readTimes(const QCommandLineParser& parser, QStringList& atValues,
               std::vector<double>& times) {
    atValues = parser.values("at");
    QStringList timeValues = parser.values("time");
    QString option = QStringLiteral("time");
    if (!parser.isSet("time")) {
        for (qsizetype i = 0; i < atValues.size();)
            if (atValues[i].contains('='))
                ++i;
            else
                timeValues.push_back(atValues.takeAt(i));
        if (!timeValues.isEmpty()) {
            option = QStringLiteral("at");
            printError("note: render --at T[,T...] for the times to render is deprecated: write "
                       "--time T[,T...] (--at T plays the chosen effect at T, as in simulate)");
        }
    }
    for (const QString& text : timeValues)
        for (const QString& part : text.split(',')) {
            const auto at = parseSeconds(part);
            if (!at || *at < 0 || *at > 3600) {
                printError(QStringLiteral("--%1 '%2': times are seconds from 0 to 3600")
                               .arg(option, part));
                return false;
            }
            times.push_back(*at);
        }
    if (times.empty()) {
        printError("--time T[,T...] is required: the times to render");
        return false;
    }
    return true;
}

// -o, --size, --camera, --particles and --overlays.
bool readImageOptions(const QCommandLineParser& parser, RenderJob& job) {
    job.output = parser.value("output");
    if (job.output.isEmpty()) {
        printError("-o FILE is required");
        return false;
    }
    if (job.times.size() > 1 && outputName(job.output, 0) == outputName(job.output, 1)) {
        printError("several times to render need an -o pattern such as out_%03d.png");
        return false;
    }
    const auto size = parseSize(parser.value("size"));
    if (!size) {
        printError("--size takes WxH, each 1 to 8192");
        return false;
    }
    job.size = *size;
    if (parser.isSet("camera") && !(job.camera = parseCamera(parser.value("camera")))) {
        printError("--camera takes YAW,PITCH[,DIST]: degrees (pitch -90 to 90) and metres");
        return false;
    }
    const auto particles = render::particleResolutionFromName(parser.value("particles"));
    if (!particles) {
        printError("--particles takes full or half");
        return false;
    }
    job.particles = *particles;
    if (parser.isSet("overlays"))
        for (const QString& name : parser.value("overlays").split(',', Qt::SkipEmptyParts)) {
            const auto overlay = render::overlayFromName(name);
            if (!overlay) {
                QStringList known;
                for (int i = 0; i < render::kOverlayCount; ++i)
                    known << render::overlayName(render::Overlay(i));
                printError(QStringLiteral("--overlays: unknown '%1' (%2)")
                               .arg(name, known.join(QStringLiteral(", "))));
                return false;
            }
            job.overlays.push_back(*overlay);
        }
    return true;
}

// --dt, --seed and --timeout.
bool readClockOptions(const QCommandLineParser& parser, RenderJob& job) {
    const auto dt = parseSeconds(parser.value("dt"));
    const auto seed = parseNumber(parser.value("seed"));
    const auto timeout = parseNumber(parser.value("timeout"));
    if (!dt || !(*dt > 0) || !seed || !timeout || *timeout < 100) {
        printError("--dt, --seed and --timeout take numbers; --dt must be positive");
        return false;
    }
    if (*std::max_element(job.times.begin(), job.times.end()) / *dt > 1'000'000) {
        printError("the last --time / --dt asks for more than a million frames");
        return false;
    }
    job.dt = *dt;
    job.seed = *seed;
    job.timeout = *timeout;
    return true;
}

// --scenario FILE: its messages make the objects, so the object options and --at do not apply;
// --seed and --dt override the file's.
bool readScenario(const QCommandLineParser& parser, const QStringList& atValues, RenderJob& job) {
    for (const char* option :
         {"setup", "script", "typed", "motion", "style", "table", "scale", "velocity", "state"})
        if (parser.isSet(option)) {
            printError(
                QStringLiteral("--%1 does not apply to --scenario").arg(QLatin1String(option)));
            return false;
        }
    if (!atValues.isEmpty()) {
        printError("--at does not apply to --scenario");
        return false;
    }
    try {
        job.scenario = loadScenarioFile(
            findScenarioFile(parser.value("scenario"), QCoreApplication::applicationDirPath()));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return false;
    }
    if (parser.isSet("seed"))
        job.scenario->seed = job.seed;
    if (parser.isSet("dt"))
        job.scenario->dt = job.dt;
    return true;
}

// --setup with its object options, the chosen effect and the --at actions.
bool readObject(const QCommandLineParser& parser, const QStringList& atValues, RenderJob& job) {
    const auto setup = dat::parseDid(parser.value("setup"));
    if (!parser.isSet("setup") || !setup) {
        printError("--setup ID (or --scenario FILE) is required");
        return false;
    }
    job.setup = *setup;
    const auto scale = parseReal(parser.value("scale"));
    if (!scale || !std::isfinite(*scale)) {
        printError("--scale takes a number");
        return false;
    }
    std::optional<EffectAction> main;
    return readMainAction(parser, main) &&
           readOwnerDesc(parser, *setup, *scale, job.desc, job.style) &&
           readTimedActions(atValues, main, job.actions);
}

// The whole command line, or false after printing why.
bool readJob(const QCommandLineParser& parser, RenderJob& job) {
    QStringList atValues;
    if (!readTimes(parser, atValues, job.times) || !readImageOptions(parser, job) ||
        !readClockOptions(parser, job))
        return false;
    return parser.isSet("scenario") ? readScenario(parser, atValues, job)
                                    : readObject(parser, atValues, job);
}

// Encodes and writes one frame; false after printing why.
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
        owner = scene.createOwner(job.desc);
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
    parser.addOptions(objectEffectOptions());
    parser.addOptions({
        {"time",
         "Times to render, in seconds (repeatable, comma-separated: 0.5,1.0,1.5). Without "
         "--time, plain --at values are read as these times (deprecated).",
         "T"},
        {{"o", "output"},
         "The PNG to write; with several times a pattern such as out_%03d.png (0, 1, 2 …).",
         "FILE"},
        {"size", "Image size.", "WxH", "800x600"},
        {"camera",
         "Orbit camera: yaw and pitch in degrees, distance in metres (0 or left out: frame "
         "every selection sphere). Yaw 0 looks at the front (from +Y).",
         "YAW,PITCH[,DIST]"},
        {"overlays",
         "Debug overlays, comma-separated: spheres, cylinders, selection, axes, lights, grid; "
         "over a world also landblocks, cells, portals, physics.",
         "LIST"},
        {"particles",
         "Particle buffer resolution: full, or half (a quarter of the pixels, as the studio "
         "draws by default).",
         "RES", "full"},
        {"seed", "Random seed.", "N", "1"},
        {"dt", "Frame step in seconds.", "S", "0.04"},
        {"timeout", "Give up on a frame after this many milliseconds.", "MS", "20000"},
        {"landblock",
         "Draw this landblock's terrain, statics, scenery and EnvCells (0xA9B4), or its dungeon "
         "alone (EnvCells and no building); the camera looks from the south-west unless "
         "--camera says otherwise. With --setup or --scenario, the objects stand in it (see "
         "--place) and the camera frames them.",
         "ID"},
        {"radius",
         "With --landblock or --cell: rings of neighbouring landblocks to draw too (a dungeon is "
         "drawn alone).",
         "N", "0"},
        {"cell",
         "Draw from inside this EnvCell (0x01D90105): the camera stands at its centre, eyes 1.5 m "
         "above its floor, looking toward its first portal; only the cells it can see are drawn. "
         "With --setup or --scenario, the objects stand on its floor.",
         "ID"},
        {"place",
         "With --landblock and --setup or --scenario: where the objects' (0, 0, 0) stands, in "
         "metres inside the landblock (default its middle); without Z, on the ground.",
         "X,Y[,Z]"},
    });
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
    return assets ? renderJob(job, assets) : kUsageOrIo;
}

} // namespace portalkit::cli
