#include "effect_options.h"

#include "datreader/records/common.h"
#include "preview/effects/script_table.h"

#include <cmath>
#include <limits>

namespace portalkit::cli {

using namespace portalkit::preview;

// Reals as users type them, including the non-finite intensities the resolver must handle.
std::optional<float> parseReal(const QString& text) {
    return preview::parseIntensity(text);
}

// Seconds as a double, so frame steps add up as typed.
std::optional<double> parseSeconds(const QString& text) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<preview::Vec3> parseVector(const QString& text) {
    const QStringList parts = text.split(',');
    if (parts.size() != 3)
        return std::nullopt;
    preview::Vec3 out;
    float* axes[] = {&out.x, &out.y, &out.z};
    for (int i = 0; i < 3; ++i) {
        const auto value = parseReal(parts[i]);
        if (!value || !std::isfinite(*value))
            return std::nullopt;
        *axes[i] = *value;
    }
    return out;
}

std::shared_ptr<preview::Assets> openAssets(const QString& path) {
    auto dat = openDat(path);
    if (!dat)
        return nullptr;
    return std::make_shared<Assets>(std::make_shared<const dat::DatFile>(std::move(*dat)));
}

QList<QCommandLineOption> objectEffectOptions() {
    return {
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
    };
}

bool readMainAction(const QCommandLineParser& parser, std::optional<EffectAction>& main) {
    const int chosen =
        int(parser.isSet("script")) + int(parser.isSet("typed")) + int(parser.isSet("motion"));
    if (chosen > 1) {
        printError("choose one of --script, --typed and --motion");
        return false;
    }
    // The chosen effect reads as the --at action it is, with the same errors.
    QString mainText;
    if (parser.isSet("script"))
        mainText = "script:" + parser.value("script");
    else if (parser.isSet("typed"))
        mainText = "typed:" + parser.value("typed") + "@" + parser.value("intensity");
    else if (parser.isSet("motion"))
        mainText = "motion:" + parser.value("motion");
    if (!mainText.isEmpty()) {
        QString error;
        main = preview::parseEffectAction(mainText, error);
        if (!main) {
            printError(error);
            return false;
        }
    }
    return true;
}

bool readTimedActions(const QStringList& values, const std::optional<EffectAction>& main,
                      std::vector<TimedAction>& actions) {
    bool mainTimed = false;
    for (const QString& text : values) {
        const qsizetype equals = text.indexOf('=');
        const auto at = parseSeconds(text.left(equals));
        if (!at || *at < 0) {
            printError(QStringLiteral("--at '%1': the time must be a number of seconds").arg(text));
            return false;
        }
        if (equals < 0) {
            if (!main) {
                printError("--at T needs --script, --typed or --motion to play");
                return false;
            }
            actions.push_back({*at, *main});
            mainTimed = true;
            continue;
        }
        QString error;
        const auto action = preview::parseEffectAction(text.mid(equals + 1), error);
        if (!action) {
            printError(error);
            return false;
        }
        actions.push_back({*at, *action});
    }
    if (main && !mainTimed)
        actions.push_back({0, *main});
    return true;
}

bool readOwnerDesc(const QCommandLineParser& parser, std::uint32_t setup, float scale,
                   OwnerDesc& desc, std::optional<std::uint32_t>& style) {
    desc.setup = setup;
    desc.scale = scale;
    std::optional<std::uint32_t> state, table;
    std::optional<Vec3> velocity;
    const auto parseTable = [](const QString& text) {
        return text == "0" ? std::optional<std::uint32_t>(0) : dat::parseDid(text);
    };
    if (!readOption(parser, "state", parseNumber, "a hex number", state) ||
        !readOption(parser, "table", parseTable, "a DID or 0", table) ||
        !readOption(parser, "velocity", parseVector, "three finite numbers, X,Y,Z", velocity) ||
        !readOption(parser, "style", dat::parseDid, "a command id", style))
        return false;
    desc.state = state.value_or(desc.state);
    desc.scriptTable = table;
    if (velocity) {
        desc.velocity = *velocity;
        desc.grounded = false;
    }
    return true;
}

} // namespace portalkit::cli
