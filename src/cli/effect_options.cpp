#include "effect_options.h"

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
        const auto id = kind == "state" ? parseNumber(value) : dat::parseDid(value);
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

void perform(preview::PreviewScene& scene, std::uint32_t owner, const Action& action) {
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
    };
}

bool readMainAction(const QCommandLineParser& parser, std::optional<Action>& main) {
    const int chosen =
        int(parser.isSet("script")) + int(parser.isSet("typed")) + int(parser.isSet("motion"));
    if (chosen > 1) {
        printError("choose one of --script, --typed and --motion");
        return false;
    }
    // The chosen effect reads as the --at action it is.
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
            return false;
        }
    }
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
