#pragma once

// The object and effect options `simulate` and `render` share: parsing of reals, seconds,
// vectors, ids and --at actions, the option list itself, and building the object's description.

#include "command.h"
#include "preview/scene/owner.h"
#include "preview/scene/preview_scene.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <cstdint>
#include <optional>

namespace portalkit::cli {

// Something the simulation does at a time: the chosen effect, or an --at action.
struct Action {
    enum class Kind { Script, Typed, Motion, State };
    double at = 0;
    Kind kind = Kind::Script;
    std::uint32_t value = 0;
    float intensity = 0;
};

// Reals as users type them, including the non-finite intensities the resolver must handle.
std::optional<float> parseReal(const QString& text);
// Seconds as a double, so frame steps add up as typed.
std::optional<double> parseSeconds(const QString& text);
std::optional<preview::Vec3> parseVector(const QString& text);
// A number in decimal or 0x-hex.
std::optional<std::uint32_t> parseNumber(const QString& text);
std::optional<std::uint32_t> parseScriptType(const QString& text);
// "script:0x33000AEA", "typed:Launch@0.5", "motion:0x10000153", "state:0x00404C08".
std::optional<Action> parseAction(const QString& text, double at, QString& error);

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

void perform(preview::PreviewScene& scene, std::uint32_t owner, const Action& action);

// --setup, --scenario, --script, --typed, --intensity, --motion, --style, --table, --scale,
// --velocity, --state (the object and its effect); each command adds its own --at.
QList<QCommandLineOption> objectEffectOptions();

// The effect chosen by --script, --typed (with --intensity) or --motion as an action at 0;
// nothing when none is chosen. False (after printing why) when more than one is or it is bad.
bool readMainAction(const QCommandLineParser& parser, std::optional<Action>& main);

// --setup with --scale, --state, --table, --velocity and --style applied; false (after printing
// why) on a bad value. `scale` was parsed by the caller.
bool readOwnerDesc(const QCommandLineParser& parser, std::uint32_t setup, float scale,
                   preview::OwnerDesc& desc, std::optional<std::uint32_t>& style);

} // namespace portalkit::cli
