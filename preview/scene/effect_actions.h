#pragma once

// What a user does to one object between frames: play a PhysicsScript (as F754 does), a script
// type through the object's table (as F755 does), a motion command, or set its PhysicsState or
// Hidden bit. `portalkit simulate`, `portalkit render` and the studio's session all hold these
// values and apply them through applyAction, so the three replay one action the same way
// (docs/cli.md, docs/studio.md).

#include <QString>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::preview {

class PreviewScene;

// One action on an owner: what to do, without when.
struct EffectAction {
    enum class Kind { Script, Typed, Motion, State, Hidden };
    Kind kind = Kind::Script;
    // Script: the PhysicsScript DID; Typed: the script type; Motion: the command; State: the
    // whole PhysicsState; Hidden: 1 sets the Hidden bit, 0 clears it (other bits kept).
    std::uint32_t value = 0;
    float intensity = 0; // Typed only
};

// An action and when it is due, in seconds of scene time.
struct TimedAction {
    double at = 0;
    EffectAction what;
};

// A number in decimal or 0x-hex.
std::optional<std::uint32_t> parseNumber(const QString& text);
// A script type by name (Launch, Explode, UnHide ...) or number.
std::optional<std::uint32_t> parseScriptType(const QString& text);
// "script:0x33000AEA", "typed:Launch@0.5" (intensity 1 when left out), "motion:0x10000153" or
// "state:0x00404C08". Nothing, with `error` saying why, for anything else. Hidden has no text:
// only the studio's button sets it.
std::optional<EffectAction> parseEffectAction(const QString& text, QString& error);

// Applies `action` to `owner` now, before the scene's next tick. False when there is no such
// owner or the runtime refused (no table entry for the type, a motion the table lacks); a script
// the DAT lacks is accepted (and logged as missing).
bool applyAction(PreviewScene& scene, std::uint32_t owner, const EffectAction& action);

// Timed actions in time order (equal times keep their given order), applied as the clock passes
// them: the replay of `simulate --at` and `render --at`.
class ActionScript {
  public:
    ActionScript() = default;
    explicit ActionScript(std::vector<TimedAction> actions);

    // Applies, in order, every action not yet applied that is due by the scene's clock (within
    // 1e-9 s, so times typed as frame multiples land on their frame), as packets arriving
    // before the frame's tick would be.
    void applyDue(PreviewScene& scene, std::uint32_t owner);

    const std::vector<TimedAction>& actions() const { return m_actions; }
    std::size_t applied() const { return m_next; }

  private:
    std::vector<TimedAction> m_actions;
    std::size_t m_next = 0;
};

} // namespace portalkit::preview
