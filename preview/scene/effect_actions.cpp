#include "preview/scene/effect_actions.h"

#include "datreader/records/common.h"
#include "preview/core/physics_state.h"
#include "preview/effects/script_table.h"
#include "preview/scene/preview_scene.h"

#include <algorithm>

namespace portalkit::preview {

namespace {

constexpr double kDueSlop = 1e-9;

// "script:", "motion:" and "state:" name one id: a DID for the first two, any number for state.
std::optional<EffectAction> parseIdAction(const QString& kind, const QString& value,
                                          QString& error) {
    const auto id = kind == "state" ? parseNumber(value) : dat::parseDid(value);
    if (!id) {
        error = QStringLiteral("'%1' is not a valid %2").arg(value, kind);
        return std::nullopt;
    }
    const auto actionKind = kind == "script"   ? EffectAction::Kind::Script
                            : kind == "motion" ? EffectAction::Kind::Motion
                                               : EffectAction::Kind::State;
    return EffectAction{actionKind, *id, 0};
}

// "typed:TYPE[@INTENSITY]".
std::optional<EffectAction> parseTypedAction(const QString& value, QString& error) {
    const qsizetype atSign = value.indexOf('@');
    const auto type = parseScriptType(value.left(atSign));
    const auto intensity =
        atSign < 0 ? std::optional<float>(1.0f) : parseIntensity(value.mid(atSign + 1));
    if (!type || !intensity) {
        error = QStringLiteral("'%1' is not TYPE@INTENSITY").arg(value);
        return std::nullopt;
    }
    return EffectAction{EffectAction::Kind::Typed, *type, *intensity};
}

// Hidden flips one bit of the owner's current state; set_state does the rest (R12-R15).
bool applyHidden(PreviewScene& scene, std::uint32_t owner, bool hidden) {
    const Owner* target = scene.owner(owner);
    if (!target)
        return false;
    const std::uint32_t state = target->state;
    scene.setState(owner, hidden ? state | state::Hidden : state & ~state::Hidden);
    return true;
}

} // namespace

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

std::optional<EffectAction> parseEffectAction(const QString& text, QString& error) {
    const qsizetype colon = text.indexOf(':');
    const QString kind = text.left(colon).trimmed().toLower();
    const QString value = colon < 0 ? QString() : text.mid(colon + 1);
    if (kind == "script" || kind == "motion" || kind == "state")
        return parseIdAction(kind, value, error);
    if (kind == "typed")
        return parseTypedAction(value, error);
    error = QStringLiteral("'%1': an --at action is script:, typed:, motion: or state:").arg(text);
    return std::nullopt;
}

bool applyAction(PreviewScene& scene, std::uint32_t owner, const EffectAction& action) {
    switch (action.kind) {
    case EffectAction::Kind::Script:
        return scene.playScript(owner, action.value);
    case EffectAction::Kind::Typed:
        return scene.playTyped(owner, action.value, action.intensity);
    case EffectAction::Kind::Motion:
        return scene.performMotion(owner, action.value);
    case EffectAction::Kind::State:
        if (!scene.owner(owner))
            return false;
        scene.setState(owner, action.value);
        return true;
    case EffectAction::Kind::Hidden:
        return applyHidden(scene, owner, action.value != 0);
    }
    return false;
}

ActionScript::ActionScript(std::vector<TimedAction> actions) : m_actions(std::move(actions)) {
    std::stable_sort(m_actions.begin(), m_actions.end(),
                     [](const TimedAction& a, const TimedAction& b) { return a.at < b.at; });
}

void ActionScript::applyDue(PreviewScene& scene, std::uint32_t owner) {
    while (m_next < m_actions.size() && m_actions[m_next].at <= scene.now() + kDueSlop)
        applyAction(scene, owner, m_actions[m_next++].what);
}

} // namespace portalkit::preview
