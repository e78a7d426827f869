// portalkit render: frames of an effect drawn off screen with the studio's renderer
// (docs/render.md, docs/cli.md). Built only with the GUI (PORTALKIT_HAS_RENDER).

#include "command.h"
#include "datreader/io/dat_error.h"
#include "effect_options.h"
#include "preview/core/assets.h"
#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
#include "ui/render/offscreen_renderer.h"

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

} // namespace

int runRender(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Renders frames of one object built from a Setup (its default script, then the chosen "
        "effect played at time 0 and any --at T=ACTION) or of a --scenario, off screen with the "
        "studio's renderer, at each --at time. Needs an X display (xvfb-run). Deterministic "
        "simulation: the same seed gives the same frames.");
    parser.addPositionalArgument("DAT", "The portal DAT (the demo DAT or client_portal.dat).");
    parser.addOptions(objectEffectOptions());
    parser.addOptions({
        {"at",
         "Times to render, in seconds (repeatable, comma-separated: 0.5,1.0,1.5), or T=ACTION "
         "for an action at T: script:DID, typed:TYPE@F, motion:CMD, state:HEX.",
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
         "Debug overlays, comma-separated: spheres, cylinders, selection, axes, lights, grid.",
         "LIST"},
        {"particles",
         "Particle buffer resolution: full, or half (a quarter of the pixels, as the studio "
         "draws by default).",
         "RES", "full"},
        {"seed", "Random seed.", "N", "1"},
        {"dt", "Frame step in seconds.", "S", "0.04"},
        {"timeout", "Give up on a frame after this many milliseconds.", "MS", "20000"},
    });
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;

    // Times and actions.
    std::vector<double> times;
    std::vector<Action> actions;
    for (const QString& text : parser.values("at")) {
        const qsizetype equals = text.indexOf('=');
        if (equals >= 0) {
            const auto at = parseSeconds(text.left(equals));
            QString error;
            auto action =
                at && *at >= 0 ? parseAction(text.mid(equals + 1), *at, error) : std::nullopt;
            if (!action) {
                printError(error.isEmpty()
                               ? QStringLiteral("--at '%1': the time must be a number of seconds")
                                     .arg(text)
                               : error);
                return kUsageOrIo;
            }
            actions.push_back(*action);
            continue;
        }
        for (const QString& part : text.split(',')) {
            const auto at = parseSeconds(part);
            if (!at || *at < 0 || *at > 3600) {
                printError(QStringLiteral("--at '%1': times are seconds from 0 to 3600").arg(part));
                return kUsageOrIo;
            }
            times.push_back(*at);
        }
    }
    if (times.empty()) {
        printError("--at T[,T...] is required: the times to render");
        return kUsageOrIo;
    }
    const QString output = parser.value("output");
    if (output.isEmpty()) {
        printError("-o FILE is required");
        return kUsageOrIo;
    }
    if (times.size() > 1 && outputName(output, 0) == outputName(output, 1)) {
        printError("several --at times need an -o pattern such as out_%03d.png");
        return kUsageOrIo;
    }
    const auto size = parseSize(parser.value("size"));
    if (!size) {
        printError("--size takes WxH, each 1 to 8192");
        return kUsageOrIo;
    }
    std::optional<std::array<float, 3>> camera;
    if (parser.isSet("camera") && !(camera = parseCamera(parser.value("camera")))) {
        printError("--camera takes YAW,PITCH[,DIST]: degrees (pitch -90 to 90) and metres");
        return kUsageOrIo;
    }
    const auto particleResolution = render::particleResolutionFromName(parser.value("particles"));
    if (!particleResolution) {
        printError("--particles takes full or half");
        return kUsageOrIo;
    }
    std::vector<render::Overlay> overlays;
    if (parser.isSet("overlays"))
        for (const QString& name : parser.value("overlays").split(',', Qt::SkipEmptyParts)) {
            const auto overlay = render::overlayFromName(name);
            if (!overlay) {
                printError(QStringLiteral("--overlays: unknown '%1' (spheres, cylinders, "
                                          "selection, axes, lights, grid)")
                               .arg(name));
                return kUsageOrIo;
            }
            overlays.push_back(*overlay);
        }
    const auto dt = parseSeconds(parser.value("dt"));
    const auto seed = parseNumber(parser.value("seed"));
    const auto timeout = parseNumber(parser.value("timeout"));
    if (!dt || !(*dt > 0) || !seed || !timeout || *timeout < 100) {
        printError("--dt, --seed and --timeout take numbers; --dt must be positive");
        return kUsageOrIo;
    }
    if (*std::max_element(times.begin(), times.end()) / *dt > 1'000'000) {
        printError("the last --at / --dt asks for more than a million frames");
        return kUsageOrIo;
    }

    const bool scenarioMode = parser.isSet("scenario");
    Scenario scenario;
    OwnerDesc desc;
    std::optional<std::uint32_t> style;
    std::optional<Action> main;
    std::optional<std::uint32_t> setup;
    if (scenarioMode) {
        for (const char* option :
             {"setup", "script", "typed", "motion", "style", "table", "scale", "velocity", "state"})
            if (parser.isSet(option)) {
                printError(
                    QStringLiteral("--%1 does not apply to --scenario").arg(QLatin1String(option)));
                return kUsageOrIo;
            }
        if (!actions.empty()) {
            printError("--at T=ACTION does not apply to --scenario");
            return kUsageOrIo;
        }
        try {
            scenario = loadScenarioFile(
                findScenarioFile(parser.value("scenario"), QCoreApplication::applicationDirPath()));
        } catch (const dat::DatError& error) {
            printError(QString::fromStdString(error.what()));
            return kUsageOrIo;
        }
        if (parser.isSet("seed"))
            scenario.seed = *seed;
        if (parser.isSet("dt"))
            scenario.dt = *dt;
    } else {
        setup = dat::parseDid(parser.value("setup"));
        if (!parser.isSet("setup") || !setup) {
            printError("--setup ID (or --scenario FILE) is required");
            return kUsageOrIo;
        }
        const auto scale = parseReal(parser.value("scale"));
        if (!scale || !std::isfinite(*scale)) {
            printError("--scale takes a number");
            return kUsageOrIo;
        }
        if (!readMainAction(parser, main) || !readOwnerDesc(parser, *setup, *scale, desc, style))
            return kUsageOrIo;
        if (main)
            actions.push_back(*main);
        std::stable_sort(actions.begin(), actions.end(),
                         [](const Action& a, const Action& b) { return a.at < b.at; });
    }

    auto dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    auto assets = std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(*dat)));

    render::OffscreenRenderer renderer(*size);
    if (!renderer.isValid()) {
        printError(renderer.errorString());
        return kUsageOrIo;
    }
    renderer.setTimeoutMs(int(std::min<std::uint32_t>(*timeout, 600000)));
    renderer.setAssets(assets);
    renderer.setParticleResolution(*particleResolution);
    for (render::Overlay overlay : overlays)
        renderer.scene().setOverlay(overlay, true);

    PreviewScene scene(assets, scenarioMode ? scenario.seed : *seed);
    std::unique_ptr<ScenarioPlayer> player;
    std::uint32_t owner = 0;
    if (scenarioMode) {
        player = std::make_unique<ScenarioPlayer>(scene, scenario);
    } else {
        owner = scene.createOwner(desc);
        if (!owner) {
            printError(QStringLiteral("Setup %1 cannot be loaded: %2")
                           .arg(didText(*setup), assets->whyMissing<dat::Setup>(*setup)));
            return kUsageOrIo;
        }
        if (style)
            scene.performMotion(owner, *style);
    }

    // Frames are rendered in time order; each file keeps the index of its --at position.
    std::vector<std::size_t> order(times.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
    std::size_t next = 0;
    for (std::size_t index : order) {
        const double t = times[index];
        if (player) {
            player->advanceTo(t);
        } else {
            for (;;) {
                while (next < actions.size() && actions[next].at <= scene.now() + 1e-9)
                    perform(scene, owner, actions[next++]);
                if (scene.now() >= t - 1e-9)
                    break;
                scene.advance(*dt);
            }
        }
        const FrameSnapshot snapshot = scene.snapshot();
        if (camera) {
            render::OrbitCamera orbit = render::OrbitCamera::framing(
                renderer.scene().bounds(snapshot), (*camera)[0], (*camera)[1]);
            if ((*camera)[2] > 0)
                orbit.distance = (*camera)[2];
            renderer.setCamera(orbit);
        }
        const QImage image = renderer.render(snapshot);
        if (image.isNull()) {
            printError(
                QStringLiteral("rendering t=%1 failed: %2").arg(t).arg(renderer.errorString()));
            return kUsageOrIo;
        }
        const QString path = outputName(output, int(index));
        QByteArray png;
        {
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            if (!image.save(&buffer, "PNG")) {
                printError("cannot encode " + path);
                return kUsageOrIo;
            }
        }
        if (!writeFileAtomically(path, png))
            return kUsageOrIo;
    }
    return kSuccess;
}

} // namespace portalkit::cli
