#pragma once

// The object and effect options `simulate` and `render` share: parsing of reals, seconds,
// vectors, ids and --at actions, the option list itself, and building the object's description.

#include "command.h"
#include "preview/core/assets.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/owner.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace portalkit::cli {

using preview::EffectAction;
using preview::parseNumber; // decimal or 0x-hex
using preview::TimedAction;

// Reals as users type them, including the non-finite intensities the resolver must handle.
std::optional<float> parseReal(const QString& text);
// Seconds as a double, so frame steps add up as typed.
std::optional<double> parseSeconds(const QString& text);
std::optional<preview::Vec3> parseVector(const QString& text);

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

// The DAT at `path` as the scene's assets (records decoded once); null, after printing why,
// when it does not open.
std::shared_ptr<preview::Assets> openAssets(const QString& path);

// --setup, --scenario, --script, --typed, --intensity, --motion, --style, --table, --scale,
// --velocity, --state (the object and its effect); each command adds its own --at.
QList<QCommandLineOption> objectEffectOptions();

// The effect chosen by --script, --typed (with --intensity) or --motion; nothing when none is
// chosen. False (after printing why) when more than one is or it is bad.
bool readMainAction(const QCommandLineParser& parser, std::optional<EffectAction>& main);

// The --at values of simulate and render: T plays `main` at T seconds (repeatable), T=ACTION
// plays ACTION (script:DID, typed:TYPE@F, motion:CMD, state:HEX) at T. `main` plays at 0 when no
// plain T names it. False (after printing why) on a bad value or a plain T without `main`.
bool readTimedActions(const QStringList& values, const std::optional<EffectAction>& main,
                      std::vector<TimedAction>& actions);

// --setup with --scale, --state, --table, --velocity and --style applied; false (after printing
// why) on a bad value. `scale` was parsed by the caller.
bool readOwnerDesc(const QCommandLineParser& parser, std::uint32_t setup, float scale,
                   preview::OwnerDesc& desc, std::optional<std::uint32_t>& style);

} // namespace portalkit::cli
