#include "command.h"
#include "core/assets.h"
#include "effects/script_table.h"
#include "io/dat_error.h"
#include "scene/preview_scene.h"
#include "scene/trace.h"
#include "timeline/scenario.h"

#include <QFile>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace portalkit::cli {

namespace {

using namespace portalkit::preview;

// Something the simulation does at a time: the chosen effect, or an --at action.
struct Action {
    enum class Kind { Script, Typed, Motion, State };
    double at = 0;
    Kind kind = Kind::Script;
    std::uint32_t value = 0;
    float intensity = 0;
};

// Reals as users type them, including the non-finite intensities the resolver must handle.
std::optional<float> parseReal(const QString& text) {
    const QString lower = text.trimmed().toLower();
    if (lower == "nan")
        return std::numeric_limits<float>::quiet_NaN();
    if (lower == "inf" || lower == "+inf")
        return std::numeric_limits<float>::infinity();
    if (lower == "-inf")
        return -std::numeric_limits<float>::infinity();
    bool ok = false;
    const float value = lower.toFloat(&ok);
    return ok ? std::optional<float>(value) : std::nullopt;
}

// Seconds as a double, so frame steps add up as typed.
std::optional<double> parseSeconds(const QString& text) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<Vec3> parseVector(const QString& text) {
    const QStringList parts = text.split(',');
    if (parts.size() != 3)
        return std::nullopt;
    Vec3 out;
    float* axes[] = {&out.x, &out.y, &out.z};
    for (int i = 0; i < 3; ++i) {
        const auto value = parseReal(parts[i]);
        if (!value || !std::isfinite(*value))
            return std::nullopt;
        *axes[i] = *value;
    }
    return out;
}

// A number in decimal or 0x-hex.
std::optional<std::uint32_t> parseNumber(const QString& text) {
    bool ok = false;
    const QString trimmed = text.trimmed();
    const std::uint32_t value = trimmed.startsWith("0x", Qt::CaseInsensitive)
                                    ? trimmed.mid(2).toUInt(&ok, 16)
                                    : trimmed.toUInt(&ok, 10);
    return ok ? std::optional<std::uint32_t>(value) : std::nullopt;
}

std::optional<std::uint32_t> parseScriptType(const QString& text) {
    if (auto named = playScriptFromName(text.trimmed().toStdString()))
        return named;
    return parseNumber(text);
}

// "script:0x33000AEA", "typed:Launch@0.5", "motion:0x10000153", "state:0x00404C08".
std::optional<Action> parseAction(const QString& text, double at, QString& error) {
    const qsizetype colon = text.indexOf(':');
    const QString kind = text.left(colon).trimmed().toLower();
    const QString value = colon < 0 ? QString() : text.mid(colon + 1);
    Action action;
    action.at = at;
    if (kind == "script" || kind == "motion" || kind == "state") {
        const auto id = kind == "state" ? parseNumber(value) : parseId(value);
        if (!id) {
            error = QStringLiteral("'%1' is not a valid %2").arg(value, kind);
            return std::nullopt;
        }
        action.kind = kind == "script"   ? Action::Kind::Script
                      : kind == "motion" ? Action::Kind::Motion
                                         : Action::Kind::State;
        action.value = *id;
        return action;
    }
    if (kind == "typed") {
        const qsizetype atSign = value.indexOf('@');
        const auto type = parseScriptType(value.left(atSign));
        const auto intensity =
            atSign < 0 ? std::optional<float>(1.0f) : parseReal(value.mid(atSign + 1));
        if (!type || !intensity) {
            error = QStringLiteral("'%1' is not TYPE@INTENSITY").arg(value);
            return std::nullopt;
        }
        action.kind = Action::Kind::Typed;
        action.value = *type;
        action.intensity = *intensity;
        return action;
    }
    error = QStringLiteral("'%1': an --at action is script:, typed:, motion: or state:").arg(text);
    return std::nullopt;
}

// An option that may be left out: false, after saying what it takes, when it is set but bad.
template <class T, class Parse>
bool readOption(const QCommandLineParser& parser, const QString& name, Parse parse,
                const char* takes, std::optional<T>& out) {
    if (!parser.isSet(name))
        return true;
    out = parse(parser.value(name));
    if (!out)
        printError(QStringLiteral("--%1 takes %2").arg(name, QLatin1String(takes)));
    return out.has_value();
}

void perform(PreviewScene& scene, std::uint32_t owner, const Action& action) {
    switch (action.kind) {
    case Action::Kind::Script:
        scene.playScript(owner, action.value);
        break;
    case Action::Kind::Typed:
        scene.playTyped(owner, action.value, action.intensity);
        break;
    case Action::Kind::Motion:
        scene.performMotion(owner, action.value);
        break;
    case Action::Kind::State:
        scene.setState(owner, action.value);
        break;
    }
}

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
        scenario = loadScenarioFile(parser.value("scenario"));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return kUsageOrIo;
    }
    const auto seed = parseNumber(parser.value("seed"));
    const auto duration = parseSeconds(parser.value("duration"));
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

    auto dat = openDat(parser.positionalArguments().at(0));
    if (!dat)
        return kUsageOrIo;
    auto assets = std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(*dat)));
    TraceSink sink;
    PreviewScene scene(assets, scenario.seed);
    if (!sink.open(parser, scene.events()))
        return kUsageOrIo;
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    sink.finish(parser, scene.now());
    return kSuccess;
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
    parser.addOptions({
        {"setup", "The Setup to build the object from.", "ID"},
        {"scenario", "Run this server timeline (docs/scenarios.md) instead of one object.", "FILE"},
        {"script", "Play this PhysicsScript directly (as F754 does).", "DID"},
        {"typed",
         "Play this script type through the table (as F755 does): a name such as "
         "Launch, Explode, UnHide, or a number.",
         "TYPE"},
        {"intensity", "Intensity for --typed; nan, inf and -inf are accepted.", "F", "1"},
        {"motion", "Perform this motion command through the MotionTable.", "CMD"},
        {"style", "Perform this style command first (e.g. 0x8000003D NonCombat).", "S"},
        {"table",
         "Replace the Setup's PhysicsScriptTable, as a network description does; 0 "
         "removes it.",
         "ID"},
        {"scale", "Object scale.", "F", "1"},
        {"velocity",
         "Launch the object from the air at X,Y,Z m/s; it flies under its PhysicsState "
         "(falls with Gravity 0x400 set), so trails show.",
         "X,Y,Z"},
        {"state", "PhysicsState at creation (default 0x00400C08).", "HEX"},
        {"at",
         "When to play the chosen effect (repeatable, default 0), or T=ACTION for another "
         "action at T: script:DID, typed:TYPE@F, motion:CMD, state:HEX.",
         "T"},
        {"seed", "Random seed.", "N", "1"},
        {"duration", "Seconds to simulate.", "S", "5"},
        {"dt", "Frame step in seconds; above 1/30 each frame is one object tick.", "S", "0.04"},
        {"trace", "Write every event as a JSON line to FILE ('-' for stdout).", "FILE"},
        {"summary", "Print totals as JSON."},
    });
    if (auto exit = parseOrExit(parser, arguments, 1))
        return *exit;
    if (parser.isSet("scenario"))
        return runScenario(parser);

    auto setup = parseId(parser.value("setup"));
    if (!parser.isSet("setup") || !setup) {
        printError("--setup ID is required");
        return kUsageOrIo;
    }
    const int chosen =
        int(parser.isSet("script")) + int(parser.isSet("typed")) + int(parser.isSet("motion"));
    if (chosen > 1) {
        printError("choose one of --script, --typed and --motion");
        return kUsageOrIo;
    }
    const auto scale = parseReal(parser.value("scale"));
    const auto duration = parseSeconds(parser.value("duration"));
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

    // The chosen effect reads as the --at action it is.
    std::optional<Action> main;
    QString mainText;
    if (parser.isSet("script"))
        mainText = "script:" + parser.value("script");
    else if (parser.isSet("typed"))
        mainText = "typed:" + parser.value("typed") + "@" + parser.value("intensity");
    else if (parser.isSet("motion"))
        mainText = "motion:" + parser.value("motion");
    if (!mainText.isEmpty()) {
        QString error;
        main = parseAction(mainText, 0, error);
        if (!main) {
            printError(error);
            return kUsageOrIo;
        }
    }

    std::vector<Action> actions;
    bool mainTimed = false;
    for (const QString& text : parser.values("at")) {
        const qsizetype equals = text.indexOf('=');
        const auto at = parseSeconds(text.left(equals));
        if (!at || *at < 0) {
            printError(QStringLiteral("--at '%1': the time must be a number of seconds").arg(text));
            return kUsageOrIo;
        }
        if (equals < 0) {
            if (!main) {
                printError("--at T needs --script, --typed or --motion to play");
                return kUsageOrIo;
            }
            Action timed = *main;
            timed.at = *at;
            actions.push_back(timed);
            mainTimed = true;
            continue;
        }
        QString error;
        auto action = parseAction(text.mid(equals + 1), *at, error);
        if (!action) {
            printError(error);
            return kUsageOrIo;
        }
        actions.push_back(*action);
    }
    if (main && !mainTimed)
        actions.push_back(*main);
    std::stable_sort(actions.begin(), actions.end(),
                     [](const Action& a, const Action& b) { return a.at < b.at; });

    OwnerDesc desc;
    desc.setup = *setup;
    desc.scale = *scale;
    std::optional<std::uint32_t> state, table, style;
    std::optional<Vec3> velocity;
    const auto parseTable = [](const QString& text) {
        return text == "0" ? std::optional<std::uint32_t>(0) : parseId(text);
    };
    if (!readOption(parser, "state", parseNumber, "a hex number", state) ||
        !readOption(parser, "table", parseTable, "a DID or 0", table) ||
        !readOption(parser, "velocity", parseVector, "three finite numbers, X,Y,Z", velocity) ||
        !readOption(parser, "style", parseId, "a command id", style))
        return kUsageOrIo;
    desc.state = state.value_or(desc.state);
    desc.scriptTable = table;
    if (velocity) {
        desc.velocity = *velocity;
        desc.grounded = false;
    }

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
    if (style)
        scene.performMotion(owner, *style);

    std::size_t next = 0;
    const auto frames = std::int64_t(std::ceil(*duration / *dt - 1e-9));
    for (std::int64_t frame = 0;; ++frame) {
        // Actions due by now run before the frame's tick, as packets arriving during it would.
        while (next < actions.size() && actions[next].at <= scene.now() + 1e-9)
            perform(scene, owner, actions[next++]);
        if (frame >= frames)
            break;
        scene.advance(*dt);
    }

    sink.finish(parser, scene.now());
    return kSuccess;
}

} // namespace portalkit::cli
