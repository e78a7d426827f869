#include "preview/anim/motion_table_manager.h"

#include "datreader/records/motion_table.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace portalkit::preview {

namespace {

constexpr std::uint32_t kCommandIndex = 0x00FFFFFF;
// MotionData bitfield bit 1 (docs/retail-behaviour.md#motion-keys).
constexpr std::uint8_t kClearsModifiers = 0x1;
constexpr float kSpeedEpsilon = 0.00019999999f;

std::uint32_t animCount(const dat::MotionData* data) {
    return data ? std::uint32_t(data->anims.size()) : 0;
}

// same_sign 0x00522260: zero counts as positive.
bool sameSign(float a, float b) {
    return (a < 0) == (b < 0);
}

// change_cycle_speed 0x00522290.
void changeCycleSpeed(Sequencer& sequence, float oldSpeed, float newSpeed) {
    if (std::fabs(oldSpeed) <= kSpeedEpsilon) {
        if (std::fabs(newSpeed) < kSpeedEpsilon)
            sequence.multiplyCyclicFramerate(0);
    } else {
        sequence.multiplyCyclicFramerate(newSpeed / oldSpeed);
    }
}

// MotionState::add_modifier 0x00526340: refused when already active or when it is the substate.
bool addModifier(MotionState& state, std::uint32_t motion, float speed) {
    const auto active = std::ranges::any_of(
        state.modifiers, [&](const MotionState::Entry& entry) { return entry.motion == motion; });
    if (active || state.substate == motion)
        return false;
    state.modifiers.push_front({motion, speed});
    return true;
}

} // namespace

void addMotion(Sequencer& sequence, const dat::MotionData* data, float speed) {
    if (!data)
        return;
    sequence.setVelocity(Vec3(data->velocity) * speed);
    sequence.setOmega(Vec3(data->omega) * speed);
    for (dat::AnimData anim : data->anims) {
        anim.framerate *= speed;
        sequence.appendAnimation(anim);
    }
}

void combineMotion(Sequencer& sequence, const dat::MotionData* data, float speed) {
    if (data)
        sequence.combinePhysics(Vec3(data->velocity) * speed, Vec3(data->omega) * speed);
}

void subtractMotion(Sequencer& sequence, const dat::MotionData* data, float speed) {
    if (data)
        sequence.subtractPhysics(Vec3(data->velocity) * speed, Vec3(data->omega) * speed);
}

// The client reads an uninitialised local when a style has no default; 0 stands in for it.
std::uint32_t MotionResolver::styleDefault(std::uint32_t style) const {
    return m_table.defaultSubstate(style).value_or(0);
}

const dat::MotionData* MotionResolver::linkEntry(std::uint32_t outerKey,
                                                 std::uint32_t innerKey) const {
    for (const dat::MotionTable::Link& row : m_table.links) {
        if (row.key != outerKey)
            continue;
        for (const dat::MotionTable::Entry& entry : row.transitions)
            if (entry.key == innerKey)
                return &entry.motion;
        return nullptr;
    }
    return nullptr;
}

const dat::MotionData* MotionResolver::modifierEntry(std::uint32_t style,
                                                     std::uint32_t motion) const {
    const auto find = [&](std::uint32_t key) -> const dat::MotionData* {
        for (const dat::MotionTable::Entry& entry : m_table.modifiers)
            if (entry.key == key)
                return &entry.motion;
        return nullptr;
    };
    const dat::MotionData* styled =
        find(dat::MotionTable::styleKey(style) | (motion & kCommandIndex));
    return styled ? styled : find(motion & kCommandIndex);
}

const dat::MotionData* MotionResolver::getLink(std::uint32_t style, std::uint32_t substate,
                                               float substateSpeed, std::uint32_t motion,
                                               float speed) const {
    // Reversed playback looks the transition up the other way round: the row of the target,
    // keyed by where we come from.
    const std::uint32_t key = dat::MotionTable::styleKey(style);
    if (speed < 0 || substateSpeed < 0) {
        if (const dat::MotionData* found = linkEntry(key | (motion & kCommandIndex), substate))
            return found;
        if (const auto fallback = m_table.defaultSubstate(style))
            return linkEntry(key | (substate & kCommandIndex), *fallback);
        return nullptr;
    }
    if (const dat::MotionData* found = linkEntry(key | (substate & kCommandIndex), motion))
        return found;
    return linkEntry(key, motion); // the style's "from any substate" row
}

bool MotionResolver::isAllowed(std::uint32_t motion, const dat::MotionData& cycle,
                               const MotionState& state) const {
    // is_allowed 0x005226C0: bit 2 cycles are entered only from the style's default substate.
    if (!(cycle.bitfield & dat::MotionData::kOnlyFromStyleDefault) || motion == state.substate)
        return true;
    const auto styleDefaultSubstate = m_table.defaultSubstate(state.style);
    return styleDefaultSubstate && *styleDefaultSubstate == state.substate;
}

void MotionResolver::reModify(Sequencer& sequence, MotionState& state) const {
    // re_modify 0x005222E0, literally: as many rounds as there were modifiers, each taking the
    // current head off and performing it again. A re-added modifier goes back to the head, so
    // with several modifiers the head one is re-applied every round (decompile-literal).
    for (std::size_t rounds = state.modifiers.size(); rounds > 0 && !state.modifiers.empty();
         --rounds) {
        const MotionState::Entry head = state.modifiers.front();
        state.modifiers.pop_front();
        getObjectSequence(head.motion, state, sequence, head.speed);
    }
}

MotionResult MotionResolver::setDefaultState(MotionState& state, Sequencer& sequence) const {
    const auto substate = m_table.defaultSubstate(m_table.defaultStyle);
    if (!substate)
        return {};
    state.modifiers.clear();
    state.actions.clear();
    const dat::MotionData* cycle = m_table.cycle(m_table.defaultStyle, *substate);
    if (!cycle)
        return {};
    state.style = m_table.defaultStyle;
    state.substate = *substate;
    state.substateMod = 1;
    sequence.clearPhysics();
    sequence.clearAnimations();
    addMotion(sequence, cycle, state.substateMod);
    return {true, animCount(cycle) - 1};
}

MotionResult MotionResolver::getObjectSequence(std::uint32_t motion, MotionState& state,
                                               Sequencer& sequence, float speed,
                                               bool stopModifiers) const {
    if (!state.style || !state.substate)
        return {};
    const std::uint32_t substate = state.substate; // the substate on entry
    if (motion == styleDefault(state.style) && !stopModifiers && (substate & motion::kModifier))
        return {true, 0};
    // A branch that does not take the motion changes nothing, so the next one sees the entry
    // state.
    if (motion & motion::kStyle)
        if (const auto result = changeStyle(motion, state, sequence, speed))
            return *result;
    if (motion & motion::kSubState)
        if (const auto result = changeSubstate(motion, state, sequence, speed))
            return *result;
    if (motion & motion::kAction)
        if (const auto result = performAction(motion, state, sequence, speed))
            return *result;
    if (motion & motion::kModifier)
        if (const auto result = addModifierMotion(motion, state, sequence, speed))
            return *result;
    return {};
}

// The Style branch: to the new style's default substate, through links from here.
std::optional<MotionResult> MotionResolver::changeStyle(std::uint32_t motion, MotionState& state,
                                                        Sequencer& sequence, float speed) const {
    const std::uint32_t substate = state.substate;
    const std::uint32_t currentDefault = styleDefault(state.style);
    if (state.style == motion)
        return MotionResult{true, 0};
    const dat::MotionData* preLink =
        substate != currentDefault
            ? getLink(state.style, substate, state.substateMod, currentDefault, speed)
            : nullptr;
    const auto newDefault = m_table.defaultSubstate(motion);
    const dat::MotionData* cycle = newDefault ? m_table.cycle(motion, *newDefault) : nullptr;
    if (!cycle)
        return std::nullopt;
    if (cycle->bitfield & kClearsModifiers)
        state.modifiers.clear();
    const dat::MotionData* link =
        getLink(state.style, currentDefault, state.substateMod, motion, speed);
    const dat::MotionData* link2 = nullptr;
    if (!link && motion != state.style) {
        // Route through the table's default style. Without a default there, the client's
        // local still holds the entry substate.
        link = getLink(state.style, currentDefault, 1, m_table.defaultStyle, 1);
        link2 =
            getLink(m_table.defaultStyle,
                    m_table.defaultSubstate(m_table.defaultStyle).value_or(substate), 1, motion, 1);
    }
    sequence.clearPhysics();
    sequence.removeCyclicAnims();
    addMotion(sequence, preLink, speed);
    addMotion(sequence, link, speed);
    addMotion(sequence, link2, speed);
    addMotion(sequence, cycle, speed);
    state.substate = *newDefault;
    state.style = motion;
    state.substateMod = speed;
    reModify(sequence, state);
    return MotionResult{true, animCount(preLink) + animCount(link) + animCount(link2) +
                                  animCount(cycle) - 1};
}

// The SubState branch: a new cycle, or the running one at a new speed.
std::optional<MotionResult> MotionResolver::changeSubstate(std::uint32_t motion, MotionState& state,
                                                           Sequencer& sequence, float speed) const {
    const std::uint32_t substate = state.substate;
    const dat::MotionData* cycle = m_table.cycle(state.style, motion);
    if (!cycle)
        cycle = m_table.cycle(m_table.defaultStyle, motion);
    if (!cycle || !isAllowed(motion, *cycle, state))
        return std::nullopt;
    if (motion == substate && sameSign(speed, state.substateMod) && !sequence.empty()) {
        // The running cycle only changes speed: no new animations, no AnimationDone.
        changeCycleSpeed(sequence, state.substateMod, speed);
        subtractMotion(sequence, cycle, state.substateMod);
        combineMotion(sequence, cycle, speed);
        state.substateMod = speed;
        return MotionResult{true, 0};
    }
    if (cycle->bitfield & kClearsModifiers)
        state.modifiers.clear();
    const dat::MotionData* link =
        getLink(state.style, state.substate, state.substateMod, motion, speed);
    const dat::MotionData* link2 = nullptr;
    if (!link || !sameSign(speed, state.substateMod)) {
        // Via the style's default substate: out at the old speed, in at the new one.
        const std::uint32_t viaDefault = styleDefault(state.style);
        link = getLink(state.style, state.substate, state.substateMod, viaDefault, 1);
        link2 = getLink(state.style, viaDefault, 1, motion, speed);
    }
    sequence.clearPhysics();
    sequence.removeCyclicAnims();
    if (link2) {
        addMotion(sequence, link, state.substateMod);
        addMotion(sequence, link2, speed);
    } else {
        addMotion(sequence, link, state.substateMod >= 0 || speed <= 0 ? speed : -speed);
    }
    addMotion(sequence, cycle, speed);
    // Leaving a substate that is also a modifier (a turn) keeps it as a modifier.
    if (state.substate != motion && (state.substate & motion::kModifier) &&
        styleDefault(state.style) != motion)
        state.modifiers.push_front({state.substate, state.substateMod});
    state.substateMod = speed;
    state.substate = motion;
    reModify(sequence, state);
    return MotionResult{true, animCount(link) + animCount(link2) + animCount(cycle) - 1};
}

// The Action branch: a one-shot played over the current cycle, which then resumes.
std::optional<MotionResult> MotionResolver::performAction(std::uint32_t motion, MotionState& state,
                                                          Sequencer& sequence, float speed) const {
    const std::uint32_t substate = state.substate;
    const dat::MotionData* current = m_table.cycle(state.style, substate);
    if (!current)
        return std::nullopt;
    if (const dat::MotionData* link =
            getLink(state.style, substate, state.substateMod, motion, speed)) {
        state.actions.push_back({motion, speed});
        sequence.clearPhysics();
        sequence.removeCyclicAnims();
        addMotion(sequence, link, speed);
        addMotion(sequence, current, state.substateMod);
        reModify(sequence, state);
        return MotionResult{true, animCount(link)};
    }
    // No direct link: to the style default, the action, and back to the substate.
    const std::uint32_t viaDefault = styleDefault(state.style);
    const dat::MotionData* toDefault =
        getLink(state.style, substate, state.substateMod, viaDefault, 1);
    const dat::MotionData* act =
        toDefault ? getLink(state.style, viaDefault, 1, motion, speed) : nullptr;
    if (!toDefault || !act)
        return std::nullopt;
    const dat::MotionData* back = getLink(state.style, viaDefault, 1, substate, state.substateMod);
    state.actions.push_back({motion, speed});
    sequence.clearPhysics();
    sequence.removeCyclicAnims();
    addMotion(sequence, toDefault, 1);
    addMotion(sequence, act, speed);
    addMotion(sequence, back, 1);
    addMotion(sequence, current, state.substateMod);
    reModify(sequence, state);
    return MotionResult{true, animCount(toDefault) + animCount(act) + animCount(back)};
}

// The Modifier branch: adds to the velocity/omega pair of the current cycle.
std::optional<MotionResult> MotionResolver::addModifierMotion(std::uint32_t motion,
                                                              MotionState& state,
                                                              Sequencer& sequence,
                                                              float speed) const {
    const std::uint32_t substate = state.substate;
    // Modifiers only add to the velocity/omega pair, and never over a bit-1 cycle.
    const dat::MotionData* current = m_table.cycle(state.style, substate);
    if (!current || (current->bitfield & kClearsModifiers))
        return std::nullopt;
    const dat::MotionData* modifier = modifierEntry(state.style, motion);
    if (!modifier)
        return std::nullopt;
    bool added = addModifier(state, motion, speed);
    if (!added) {
        stopSequenceMotion(motion, state, sequence);
        added = addModifier(state, motion, speed);
    }
    if (!added)
        return std::nullopt;
    combineMotion(sequence, modifier, speed);
    return MotionResult{true, 0};
}

MotionResult MotionResolver::stopSequenceMotion(std::uint32_t motion, MotionState& state,
                                                Sequencer& sequence) const {
    if ((motion & motion::kSubState) && motion == state.substate) {
        const MotionResult back =
            getObjectSequence(styleDefault(state.style), state, sequence, 1, true);
        return {true, back.numAnims};
    }
    if (motion & motion::kModifier) {
        const auto entry = std::ranges::find_if(
            state.modifiers, [&](const MotionState::Entry& e) { return e.motion == motion; });
        if (entry != state.modifiers.end()) {
            if (const dat::MotionData* modifier = modifierEntry(state.style, motion)) {
                subtractMotion(sequence, modifier, entry->speed);
                state.modifiers.erase(entry);
                return {true, 0};
            }
        }
    }
    return {};
}

MotionTableManager::MotionTableManager(const Assets& assets, std::uint32_t motionTableId)
    : m_table(assets.get<dat::MotionTable>(motionTableId)) {}

void MotionTableManager::initializeState(Sequencer& sequence) {
    std::uint32_t numAnims = 0;
    if (m_table) {
        const MotionResult result = MotionResolver(*m_table).setDefaultState(m_state, sequence);
        if (result.success)
            numAnims = result.numAnims;
    }
    addToQueue(motion::kReady, numAnims);
}

MotionResult MotionTableManager::perform(std::uint32_t motion, float speed, Sequencer& sequence) {
    if (!m_table)
        return {};
    const MotionResult result =
        MotionResolver(*m_table).getObjectSequence(motion, m_state, sequence, speed);
    if (result.success)
        addToQueue(motion, result.numAnims);
    return result;
}

void MotionTableManager::addToQueue(std::uint32_t motion, std::uint32_t numAnims) {
    // add_to_queue 0x0051BFE0 then calls remove_redundant_links, which prunes queued links; its
    // rules are not traced (docs/retail-behaviour.md#motion-sequence), so nothing is pruned here.
    m_pending.push_back({motion, numAnims});
}

void MotionTableManager::completeHead(bool success) {
    const Pending head = m_pending.front();
    m_pending.pop_front();
    if ((head.motion & motion::kAction) && !m_state.actions.empty())
        m_state.actions.pop_front();
    m_completed.push_back({head.motion, success});
}

void MotionTableManager::animationDone(bool success) {
    if (m_pending.empty())
        return;
    ++m_animationCounter;
    while (!m_pending.empty() && m_pending.front().numAnims <= m_animationCounter) {
        m_animationCounter -= m_pending.front().numAnims;
        completeHead(success);
    }
    if (m_pending.empty())
        m_animationCounter = 0;
}

void MotionTableManager::handleHooks(const std::vector<FiredHook>& fired) {
    // The sequencer's own AnimationDone and a DAT AnimationDone hook reach the manager the same
    // way (AnimDoneHook::Execute 0x00526C20 -> Hook_AnimDone -> AnimationDone(1)).
    for (const FiredHook& hook : fired)
        if (hook.isAnimationDone())
            animationDone(true);
}

void MotionTableManager::checkForCompletedMotions() {
    while (!m_pending.empty() && m_pending.front().numAnims == 0)
        completeHead(true);
}

std::vector<MotionTableManager::Completed> MotionTableManager::takeCompleted() {
    return std::exchange(m_completed, {});
}

} // namespace portalkit::preview
