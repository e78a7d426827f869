// portalkit render's command line: the options, and reading them into a RenderJob before any
// DAT is opened (docs/cli.md).

#include "render_options.h"

#include "command.h"
#include "datreader/io/dat_error.h"
#include "effect_options.h"
#include "preview/timeline/scenario.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace portalkit::cli {

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

namespace {

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
    // A scenario's CreateObject dresses its object from its own ModelData.
    if (const QString option = givenObjDescOption(parser); !option.isEmpty()) {
        printError(option + QStringLiteral(" does not apply to --scenario (its CreateObject's "
                                           "ModelData dresses the object)"));
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
           readTimedActions(atValues, main, job.actions) &&
           readObjDescOptions(parser, job.appearance);
}

// --gfxobj or --emitter: one asset alone, so no object, effect or scenario options apply.
bool readAlone(const QCommandLineParser& parser, const QStringList& atValues, RenderJob& job) {
    if (parser.isSet("gfxobj") && parser.isSet("emitter")) {
        printError("--gfxobj and --emitter are one asset each: give one");
        return false;
    }
    const char* asset = parser.isSet("gfxobj") ? "gfxobj" : "emitter";
    for (const char* option : {"setup", "scenario", "script", "typed", "motion", "style", "table",
                               "scale", "velocity", "state"})
        if (parser.isSet(option)) {
            printError(QStringLiteral("--%1 does not apply to --%2")
                           .arg(QLatin1String(option), QLatin1String(asset)));
            return false;
        }
    if (!atValues.isEmpty()) {
        printError(QStringLiteral("--at does not apply to --%1").arg(QLatin1String(asset)));
        return false;
    }
    if (const QString option = givenObjDescOption(parser); !option.isEmpty()) {
        printError(QStringLiteral("%1 dresses a Setup: it does not apply to --%2")
                       .arg(option, QLatin1String(asset)));
        return false;
    }
    const auto id = dat::parseDid(parser.value(asset));
    if (!id) {
        printError(QStringLiteral("--%1 takes an id such as 0x01000001").arg(QLatin1String(asset)));
        return false;
    }
    (parser.isSet("gfxobj") ? job.gfxObj : job.emitter) = *id;
    return true;
}

} // namespace

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

// The whole command line, or false after printing why.
bool readJob(const QCommandLineParser& parser, RenderJob& job) {
    QStringList atValues;
    const bool alone = parser.isSet("gfxobj") || parser.isSet("emitter");
    if (alone && !parser.isSet("time") && !parser.isSet("at"))
        job.times = {parser.isSet("emitter") ? kEmitterTime : 0.0};
    else if (!readTimes(parser, atValues, job.times))
        return false;
    if (!readImageOptions(parser, job) || !readClockOptions(parser, job))
        return false;
    if (alone)
        return readAlone(parser, atValues, job);
    return parser.isSet("scenario") ? readScenario(parser, atValues, job)
                                    : readObject(parser, atValues, job);
}

QList<QCommandLineOption> renderOptions() {
    QList<QCommandLineOption> options = objectEffectOptions();
    options.append({
        {"gfxobj",
         "Draw this GfxObj (0x01...) alone at the origin, framed by its vertices; --time is "
         "not needed.",
         "ID"},
        {"emitter",
         "Play this ParticleEmitterInfo (0x32...) alone at the origin (one that births per metre "
         "walks along +Y at 1 m/s) and draw it at each --time, by default 2 s.",
         "ID"},
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
    options.append(objDescOptions());
    return options;
}

} // namespace portalkit::cli
