#include "command.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/setup.h"
#include "effect_options.h"
#include "preview/core/assets.h"
#include "preview/effects/script_table.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/effect_length.h"
#include "preview/scene/preview_scene.h"
#include "preview/scene/trace.h"
#include "preview/timeline/scenario.h"
#include "scenario_geometry.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <cmath>
#include <limits>
#include <memory>

namespace portalkit::cli {

namespace {

using namespace portalkit::preview;

// The longest run a measured duration asks for: an emitter that never stops ends here.
constexpr double kDurationCap = 30.0;

// Where the events go: the --trace file or stdout, and the totals of --summary (printed also
// when there is no trace). Declared before the scene, so it outlives the scene's listeners.
class TraceSink {
  public:
    bool open(const QCommandLineParser& parser, Events& events) {
        const bool toStdout = parser.value("trace") == "-";
        if (parser.isSet("trace") && !toStdout) {
            m_file = std::make_unique<QFile>(parser.value("trace"));
            if (!m_file->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                printError(QStringLiteral("cannot write %1: %2")
                               .arg(parser.value("trace"), m_file->errorString()));
                return false;
            }
            events.listen([this](const Event& event) { m_file->write(traceLine(event)); });
        } else if (toStdout) {
            events.listen([](const Event& event) { writeOut(traceLine(event)); });
        }
        events.listen([this](const Event& event) { m_summary.add(event); });
        return true;
    }
    void finish(const QCommandLineParser& parser, double now) const {
        if (parser.isSet("summary") || !parser.isSet("trace"))
            writeOut(QJsonDocument(m_summary.toJson(now)).toJson());
    }

  private:
    std::unique_ptr<QFile> m_file;
    TraceSummary m_summary;
};

// simulate --scenario: the objects, the world and every change come from the file's server
// messages; --seed, --duration and --dt override the file's.
int runScenario(const QCommandLineParser& parser) {
    for (const char* option : {"setup", "script", "typed", "motion", "style", "table", "scale",
                               "velocity", "state", "at"})
        if (parser.isSet(option)) {
            printError(QStringLiteral("--%1 does not apply to --scenario: the scenario's "
                                      "messages create and drive its objects")
                           .arg(QLatin1String(option)));
            return kUsageOrIo;
        }
    Scenario scenario;
    try {
        scenario = loadScenarioFile(
            findScenarioFile(parser.value("scenario"), QCoreApplication::applicationDirPath()));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    const auto seed = parseNumber(parser.value("seed"));
    const auto duration = parseSeconds(
        parser.value("duration").isEmpty() ? QStringLiteral("0") : parser.value("duration"));
    const auto dt = parseSeconds(parser.value("dt"));
    if (!seed || !duration || !dt || !(*dt > 0) || !(*duration >= 0) ||
        *duration / *dt > 10'000'000) {
        printError("--seed, --duration and --dt take numbers; --dt must be positive");
        return kUsageOrIo;
    }
    if (parser.isSet("seed"))
        scenario.seed = *seed;
    if (parser.isSet("duration"))
        scenario.duration = *duration;
    if (parser.isSet("dt"))
        scenario.dt = *dt;
    if (scenario.duration / scenario.dt > 10'000'000) {
        printError("duration / dt asks for more than 10 million frames");
        return kUsageOrIo;
    }

    const QStringList dats = parser.positionalArguments();
    auto assets = openAssets(dats.at(0));
    if (!assets || !attachScenarioGeometry(scenario, *assets, dats.at(0), dats.value(1)))
        return kUsageOrIo;
    TraceSink sink;
    PreviewScene scene(assets, scenario.seed);
    if (!sink.open(parser, scene.events()))
        return kUsageOrIo;
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    sink.finish(parser, scene.now());
    return kSuccess;
}

// The frames of `duration` seconds, each `dt` long, with `actions` on `owner`.
void playFrames(PreviewScene& scene, std::uint32_t owner, ActionScript& actions, double duration,
                double dt) {
    const auto frames = std::int64_t(std::ceil(duration / dt - 1e-9));
    for (std::int64_t frame = 0;; ++frame) {
        // Actions due by now run before the frame's tick, as packets arriving during it would.
        actions.applyDue(scene, owner);
        if (frame >= frames)
            break;
        scene.advance(dt);
    }
}

// Without --duration: the effect's own length, measured on a scene of its own built the same
// way (same seed, object and actions), so the real run's events are the measured ones.
double effectDuration(const std::shared_ptr<Assets>& assets, std::uint32_t seed,
                      const OwnerDesc& desc, std::optional<std::uint32_t> style,
                      ActionScript actions, double dt) {
    PreviewScene probe(assets, seed);
    const std::uint32_t owner = probe.createOwner(desc);
    if (style)
        probe.performMotion(owner, *style);
    const EffectLength length = measureEffectLength(
        probe, [&](std::int64_t) { actions.applyDue(probe, owner); }, dt, kDurationCap);
    return std::max(length.seconds, dt);
}

} // namespace

int runSimulate(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Runs the effect runtime headless on one object built from a Setup: its default script, "
        "then the chosen effect (a PhysicsScript, a typed effect through the object's table, or "
        "a motion command) at each --at time. Or runs a --scenario: server messages that create, "
        "launch, move, strike and delete objects in a small world. Deterministic: the same seed "
        "gives the same trace. Without --trace or --summary prints the summary.");
    parser.addPositionalArgument("DAT", "The portal DAT (the demo DAT or client_portal.dat).");
    parser.addPositionalArgument("CELL.dat",
                                 "With a --scenario whose world is the cell DAT's: the cell DAT "
                                 "(default: client_cell_1.dat beside the portal DAT).",
                                 "[CELL.dat]");
    parser.addOptions(objectEffectOptions());
    parser.addOptions({
        {"seed", "Random seed.", "N", "1"},
        {"duration",
         "Seconds to simulate. Default: the effect's own length, measured by playing it: until "
         "its motion's animations, scripts and emitters are done and 2 s pass with nothing "
         "happening, at most 30 s (a scenario: its own duration).",
         "S"},
        {"dt", "Frame step in seconds; above 1/30 each frame is one object tick.", "S", "0.04"},
        {"trace", "Write every event as a JSON line to FILE ('-' for stdout).", "FILE"},
        {"summary", "Print totals as JSON."},
    });
    if (auto exit = parseOrExit(parser, arguments, -1))
        return *exit;
    const qsizetype positional = parser.positionalArguments().size();
    const qsizetype allowed = parser.isSet("scenario") ? 2 : 1;
    if (positional < 1 || positional > allowed) {
        printError(QStringLiteral("expected %1 argument(s), got %2 (see --help)")
                       .arg(allowed == 1 ? QStringLiteral("1") : QStringLiteral("1 or 2"))
                       .arg(positional));
        return kUsageOrIo;
    }
    if (parser.isSet("scenario"))
        return runScenario(parser);

    auto setup = dat::parseDid(parser.value("setup"));
    if (!parser.isSet("setup") || !setup) {
        printError("--setup ID is required");
        return kUsageOrIo;
    }
    const auto scale = parseReal(parser.value("scale"));
    const bool measure = !parser.isSet("duration");
    const auto duration =
        measure ? std::optional<double>(0) : parseSeconds(parser.value("duration"));
    const auto dt = parseSeconds(parser.value("dt"));
    const auto seed = parseNumber(parser.value("seed"));
    if (!scale || !duration || !dt || !seed || !(*dt > 0) || !(*duration >= 0) ||
        !std::isfinite(*scale)) {
        printError("--scale, --duration, --dt and --seed take numbers; --dt must be positive");
        return kUsageOrIo;
    }
    if (*duration / *dt > 10'000'000) {
        printError("--duration / --dt asks for more than 10 million frames");
        return kUsageOrIo;
    }

    std::optional<EffectAction> main;
    std::vector<TimedAction> timed;
    if (!readMainAction(parser, main) || !readTimedActions(parser.values("at"), main, timed))
        return kUsageOrIo;
    ActionScript actions(std::move(timed));

    OwnerDesc desc;
    std::optional<std::uint32_t> style;
    if (!readOwnerDesc(parser, *setup, *scale, desc, style))
        return kUsageOrIo;

    auto dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    auto assets = std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(*dat)));
    TraceSink sink;
    PreviewScene scene(assets, *seed);
    if (!sink.open(parser, scene.events()))
        return kUsageOrIo;

    const std::uint32_t owner = scene.createOwner(desc);
    if (!owner) {
        printError(QStringLiteral("Setup %1 cannot be loaded: %2")
                       .arg(didText(*setup), assets->whyMissing<dat::Setup>(*setup)));
        return kUsageOrIo;
    }
    const double seconds =
        measure ? effectDuration(assets, *seed, desc, style, actions, *dt) : *duration;
    if (style)
        scene.performMotion(owner, *style);

    playFrames(scene, owner, actions, seconds, *dt);
    sink.finish(parser, scene.now());
    return kSuccess;
}

} // namespace portalkit::cli
