#pragma once

// MotionTable resolution (docs/retail-behaviour.md#motion-sequence): which animations a motion
// command appends to a Sequencer, and when the command counts as done. Decompile-literal after RE
// PORTAL/canim/CMTable.c (CMotionTable), CMotionPrim.c (MotionState) and
// PORTAL/cphysobj/CMTableManager.c (MotionTableManager).

#include "datreader/records/motion_table.h"
#include "preview/anim/sequencer.h"
#include "preview/core/assets.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace portalkit::preview {

// Command id classes (docs/retail-behaviour.md#motion-commands).
namespace motion {
constexpr std::uint32_t kStyle = 0x80000000;
constexpr std::uint32_t kSubState = 0x40000000;
constexpr std::uint32_t kModifier = 0x20000000;
constexpr std::uint32_t kAction = 0x10000000;
constexpr std::uint32_t kReady = 0x41000003;
} // namespace motion

struct MotionState {
    struct Entry {
        std::uint32_t motion = 0;
        float speed = 1;
        bool operator==(const Entry&) const = default;
    };
    std::uint32_t style = 0;
    std::uint32_t substate = 0;
    float substateMod = 1;
    std::deque<Entry> modifiers; // newest first: the client pushes modifiers at the head
    std::deque<Entry> actions;   // oldest first: actions queue at the tail, complete at the head
};

struct MotionResult {
    bool success = false;
    // How many AnimationDone events mean "done". Unsigned like the client's, so a cycle with no
    // animations gives 0xFFFFFFFF (it never completes).
    std::uint32_t numAnims = 0;
};

// CMotionTable: stateless over the table; the state and the sequence are the caller's.
class MotionResolver {
  public:
    explicit MotionResolver(const dat::MotionTable& table) : m_table(table) {}

    // SetDefaultState 0x005230A0: the table's default style in its default substate, the list
    // replaced by that cycle. Fails (state unchanged apart from cleared lists) without a cycle.
    MotionResult setDefaultState(MotionState& state, Sequencer& sequence) const;
    // GetObjectSequence 0x00522860, the Style, SubState, Action and Modifier branches in order.
    MotionResult getObjectSequence(std::uint32_t motion, MotionState& state, Sequencer& sequence,
                                   float speed, bool stopModifiers = false) const;
    // StopSequenceMotion 0x00522FC0: leave a substate for the style default, or take a modifier
    // off again.
    MotionResult stopSequenceMotion(std::uint32_t motion, MotionState& state,
                                    Sequencer& sequence) const;
    // get_link 0x00522710, reversed lookup and fallbacks included.
    const dat::MotionData* getLink(std::uint32_t style, std::uint32_t substate, float substateSpeed,
                                   std::uint32_t motion, float speed) const;

  private:
    std::uint32_t styleDefault(std::uint32_t style) const;
    const dat::MotionData* linkEntry(std::uint32_t outerKey, std::uint32_t innerKey) const;
    const dat::MotionData* modifierEntry(std::uint32_t style, std::uint32_t motion) const;
    bool isAllowed(std::uint32_t motion, const dat::MotionData& cycle,
                   const MotionState& state) const;
    void reModify(Sequencer& sequence, MotionState& state) const;
    // The four branches of getObjectSequence; nothing when the branch does not take the motion
    // (and then it changed nothing), so the next branch may.
    std::optional<MotionResult> changeStyle(std::uint32_t motion, MotionState& state,
                                            Sequencer& sequence, float speed) const;
    std::optional<MotionResult> changeSubstate(std::uint32_t motion, MotionState& state,
                                               Sequencer& sequence, float speed) const;
    std::optional<MotionResult> performAction(std::uint32_t motion, MotionState& state,
                                              Sequencer& sequence, float speed) const;
    std::optional<MotionResult> addModifierMotion(std::uint32_t motion, MotionState& state,
                                                  Sequencer& sequence, float speed) const;

    const dat::MotionTable& m_table;
};

// Sequence-level motion helpers (CMTable.c add_motion, combine_motion, subtract_motion).
// add_motion overwrites the velocity/omega pair and appends each AnimData at framerate × speed.
void addMotion(Sequencer& sequence, const dat::MotionData* data, float speed);
void combineMotion(Sequencer& sequence, const dat::MotionData* data, float speed);
void subtractMotion(Sequencer& sequence, const dat::MotionData* data, float speed);

// MotionTableManager: one object's state, plus the queue of commands waiting for their
// AnimationDone events. Feed it every hook the object's Sequencer fires.
class MotionTableManager {
  public:
    struct Pending {
        std::uint32_t motion = 0;
        std::uint32_t numAnims = 0;
        bool operator==(const Pending&) const = default;
    };
    struct Completed {
        std::uint32_t motion = 0;
        bool success = true;
        bool operator==(const Completed&) const = default;
    };

    // The table may be missing: every command then fails, as without a table in the client.
    MotionTableManager(const Assets& assets, std::uint32_t motionTableId);

    const dat::MotionTable* table() const { return m_table; }
    const MotionState& state() const { return m_state; }
    const std::deque<Pending>& pending() const { return m_pending; }

    // initialize_state 0x0051C030: SetDefaultState, then queue Ready with its count.
    void initializeState(Sequencer& sequence);
    // PerformMovement 0x0051C0B0 for a DoMotion: resolve, and on success queue the command.
    MotionResult perform(std::uint32_t motion, float speed, Sequencer& sequence);
    // AnimationDone 0x0051BCE0: one more AnimationDone; every head entry whose count is reached
    // completes (an Action pops the state's action head).
    void animationDone(bool success = true);
    // Counts the synthesised and the DAT AnimationDone hooks among `fired`, in order.
    void handleHooks(const std::vector<FiredHook>& fired);
    // CheckForCompletedMotions 0x0051BE00: head entries that need no AnimationDone complete now.
    void checkForCompletedMotions();
    // The motions completed since the last call (CPhysicsObj::MotionDone), oldest first.
    std::vector<Completed> takeCompleted();

  private:
    void addToQueue(std::uint32_t motion, std::uint32_t numAnims);
    void completeHead(bool success);

    const dat::MotionTable* m_table = nullptr;
    MotionState m_state;
    std::deque<Pending> m_pending;
    std::uint32_t m_animationCounter = 0;
    std::vector<Completed> m_completed;
};

} // namespace portalkit::preview
