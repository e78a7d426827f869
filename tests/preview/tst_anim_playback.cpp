// Animation playback and MotionTable resolution (docs/retail-behaviour.md#animation-playback)
// against synthetic records, then the recall chain on the demo DAT (R48).

#include "datreader/container/dat_file.h"
#include "preview/anim/motion_table_manager.h"
#include "preview/anim/sequencer.h"

#include <QObject>
#include <QStringLiteral>
#include <QTest>
#include <cmath>
#include <map>
#include <memory>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

// Binary-exact rates and quanta: at 8 frames/s and 1/64 s steps every boundary is crossed on an
// exact step, so the tests can name it.
constexpr double kStep = 1.0 / 64.0;

dat::AnimationHook sound(std::uint32_t tag, std::int32_t direction = 0) {
    return dat::AnimationHook{direction, dat::hooks::Sound{tag}};
}

// numFrames one-part frames; `hooks` by frame; pos frames when given.
dat::Animation animation(std::uint32_t id, int numFrames,
                         std::map<int, std::vector<dat::AnimationHook>> hooks = {},
                         std::vector<dat::Frame> posFrames = {}) {
    dat::Animation anim;
    anim.id = id;
    anim.numParts = 1;
    for (int i = 0; i < numFrames; ++i) {
        dat::AnimationFrame frame;
        frame.parts.push_back(dat::Frame{{0, 0, float(i)}, {}});
        if (auto it = hooks.find(i); it != hooks.end())
            frame.hooks = it->second;
        anim.partFrames.push_back(frame);
    }
    if (!posFrames.empty()) {
        anim.flags = dat::Animation::kHasPosFrames;
        anim.posFrames = std::move(posFrames);
    }
    return anim;
}

// One Sound hook on every frame, tagged base + frame.
std::map<int, std::vector<dat::AnimationHook>> taggedFrames(int numFrames, std::uint32_t base) {
    std::map<int, std::vector<dat::AnimationHook>> hooks;
    for (int i = 0; i < numFrames; ++i)
        hooks[i] = {sound(base + std::uint32_t(i))};
    return hooks;
}

dat::AnimData anim(std::uint32_t id, float framerate, std::int32_t low = 0,
                   std::int32_t high = -1) {
    return dat::AnimData{id, low, high, framerate};
}

// What fired, as tags: a Sound's wave id, 0 for an AnimationDone.
std::vector<std::uint32_t> tags(const std::vector<FiredHook>& fired) {
    std::vector<std::uint32_t> out;
    for (const FiredHook& each : fired) {
        if (!each.hook)
            out.push_back(0);
        else if (const auto* s = std::get_if<dat::hooks::Sound>(&each.hook->payload))
            out.push_back(s->waveId);
        else
            out.push_back(0xFFFFFFFF);
    }
    return out;
}

// Steps until `seconds` have passed; returns (step index, tag) for every firing.
std::vector<std::pair<int, std::uint32_t>> run(Sequencer& sequencer, int steps,
                                               Frame* offset = nullptr) {
    std::vector<std::pair<int, std::uint32_t>> out;
    for (int n = 1; n <= steps; ++n) {
        std::vector<FiredHook> fired;
        sequencer.update(kStep, offset, fired);
        for (std::uint32_t tag : tags(fired))
            out.emplace_back(n, tag);
    }
    return out;
}

dat::Frame translate(float x) {
    return dat::Frame{{x, 0, 0}, {}};
}

// Motion ids and keys of the synthetic table.
constexpr std::uint32_t kNonCombat = 0x8000003D;
constexpr std::uint32_t kSword = 0x8000003E;
constexpr std::uint32_t kReady = 0x41000003;
constexpr std::uint32_t kWalk = 0x45000005;
constexpr std::uint32_t kRun = 0x44000007;
constexpr std::uint32_t kKneel = 0x41000012; // bitfield 2: only from Ready
constexpr std::uint32_t kRecall = 0x10000153;
constexpr std::uint32_t kCheer = 0x1300004C; // only in the "from any substate" row
constexpr std::uint32_t kLean = 0x2000000A;  // a modifier

constexpr std::uint32_t kReadyCycle = 0x03000010, kWalkCycle = 0x03000011, kSwordCycle = 0x03000012,
                        kRunCycle = 0x03000013, kKneelCycle = 0x03000014, kReadyToWalk = 0x03000020,
                        kRecallLink = 0x03000021, kCheerLink = 0x03000022,
                        kWalkToReady = 0x03000023, kToSword = 0x03000024, kReadyToRun = 0x03000025;

dat::MotionData motionData(std::vector<dat::AnimData> anims, dat::Vec3 velocity = {},
                           std::uint8_t bitfield = 0) {
    dat::MotionData data;
    data.bitfield = bitfield;
    data.anims = std::move(anims);
    if (velocity != dat::Vec3{}) {
        data.flags = dat::MotionData::kHasVelocity;
        data.velocity = velocity;
    }
    return data;
}

std::uint32_t key(std::uint32_t style, std::uint32_t motion) {
    return dat::MotionTable::styleKey(style) | (motion & 0xFFFFFF);
}

// Every animation the table names: 4 frames at 8 frames/s, no hooks.
void addMotionAssets(Assets& assets) {
    for (std::uint32_t id :
         {kReadyCycle, kWalkCycle, kSwordCycle, kRunCycle, kKneelCycle, kReadyToWalk, kRecallLink,
          kCheerLink, kWalkToReady, kToSword, kReadyToRun})
        assets.add(animation(id, 4));

    dat::MotionTable table;
    table.id = 0x09000100;
    table.defaultStyle = kNonCombat;
    table.styleDefaults = {{kNonCombat, kReady}, {kSword, kReady}};
    table.cycles = {
        {key(kNonCombat, kReady), motionData({anim(kReadyCycle, 8)})},
        {key(kNonCombat, kWalk), motionData({anim(kWalkCycle, 8)}, {0, 3, 0})},
        {key(kNonCombat, kRun), motionData({anim(kRunCycle, 8)}, {0, 6, 0})},
        {key(kNonCombat, kKneel),
         motionData({anim(kKneelCycle, 8)}, {}, dat::MotionData::kOnlyFromStyleDefault)},
        {key(kSword, kReady), motionData({anim(kSwordCycle, 8)})},
    };
    table.modifiers = {{key(kNonCombat, kLean), motionData({}, {0, 0, 1})}};
    table.links = {
        {key(kNonCombat, kReady),
         {{kWalk, motionData({anim(kReadyToWalk, 8)}, {5, 0, 0})},
          {kRecall, motionData({anim(kRecallLink, 8)})},
          {kRun, motionData({anim(kReadyToRun, 8)})},
          {kSword, motionData({anim(kToSword, 8)})}}},
        {dat::MotionTable::styleKey(kNonCombat), {{kCheer, motionData({anim(kCheerLink, 8)})}}},
        {key(kNonCombat, kWalk), {{kReady, motionData({anim(kWalkToReady, 8)})}}},
    };
    assets.add(table);
}

std::vector<std::uint32_t> animationsOf(const Sequencer& sequencer) {
    std::vector<std::uint32_t> out;
    for (const Sequencer::NodeInfo& node : sequencer.nodes())
        out.push_back(node.animation);
    return out;
}

using Tags = std::vector<std::uint32_t>;
using Firings = std::vector<std::pair<int, std::uint32_t>>;

} // namespace

class TestAnimPlayback : public QObject {
    Q_OBJECT
  private slots:
    void nodeFixUps() {
        Assets assets;
        assets.add(animation(0x03000001, 10));
        Sequencer sequencer(assets);

        QVERIFY(!sequencer.appendAnimation(anim(0x03000099, 30))); // missing: dropped
        QVERIFY(sequencer.empty());
        QCOMPARE(sequencer.firstCyclicIndex(), -1);

        QVERIFY(sequencer.appendAnimation(anim(0x03000001, 30)));         // high -1: last frame
        QVERIFY(sequencer.appendAnimation(anim(0x03000001, 30, 12, 20))); // both clamp to 9
        QVERIFY(sequencer.appendAnimation(anim(0x03000001, 30, 6, 3)));   // low > high
        QVERIFY(sequencer.appendAnimation(anim(0x03000001, 30, -2, 4)));  // unsigned compare
        QVERIFY(sequencer.appendAnimation(anim(0x03000001, -30, 2, 5)));  // no swap
        const std::vector<Sequencer::NodeInfo> expected{{0x03000001, 0, 9, 30},
                                                        {0x03000001, 9, 9, 30},
                                                        {0x03000001, 6, 6, 30},
                                                        {0x03000001, 9, 9, 30},
                                                        {0x03000001, 2, 5, -30}};
        QCOMPARE(sequencer.nodes(), expected);
        // The newest node is the loop point; the playhead stays on the first at its start.
        QCOMPARE(sequencer.firstCyclicIndex(), 4);
        QCOMPARE(sequencer.currentIndex(), 0);
        QCOMPARE(sequencer.frameNumber(), 0.0);
        QCOMPARE(sequencer.currentAnimation(), 0x03000001u);
    }

    void reverseStartsBelowHighPlusOne() {
        Assets assets;
        assets.add(animation(0x03000001, 10));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, -8, 2, 5));
        QCOMPARE(sequencer.frameNumber(), 6.0 - 0.00019999999);
        QCOMPARE(sequencer.currentPose(), &assets.get<dat::Animation>(0x03000001)->partFrames[5]);
    }

    // oracle: R48
    // CSequence::update 0x00525B80 clamps an overrun to the last frame before execute_hooks
    // 0x00524830 runs the frames left: frame k fires on leaving it, the last frame never.
    void hooksFireWhenLeavingTheirFrame() {
        Assets assets;
        assets.add(animation(0x03000001, 10, taggedFrames(10, 100)));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8));

        // Frame k is left at (k + 1)/8 s = step 8(k + 1). The high frame 9 never fires: the
        // clamp holds the playhead on it and the loop restarts at frame 0 at 10/8 s.
        const Firings fired = run(sequencer, 8 * 11);
        Firings expected;
        for (int k = 0; k <= 8; ++k)
            expected.emplace_back(8 * (k + 1), 100 + k);
        expected.emplace_back(8 * 11, 100); // second loop: frame 0 left at 11/8 s
        QCOMPARE(fired, expected);
        // A single looping node is its own first_cyclic: no AnimationDone.
    }

    void directionFilter() {
        Assets assets;
        const std::map<int, std::vector<dat::AnimationHook>> hooks{
            {2, {sound(1, 1), sound(2, -1), sound(3, 0)}}};
        assets.add(animation(0x03000001, 5, hooks));

        Sequencer forward(assets);
        forward.appendAnimation(anim(0x03000001, 8));
        std::vector<FiredHook> fired;
        forward.update(0.5, nullptr, fired);
        QCOMPARE(tags(fired), (Tags{1, 3}));
        QCOMPARE(fired[0].animation, 0x03000001u);
        QCOMPARE(fired[0].frame, 2);

        Sequencer backward(assets);
        backward.appendAnimation(anim(0x03000001, -8));
        fired.clear();
        backward.update(0.5, nullptr, fired);
        QCOMPARE(tags(fired), (Tags{2, 3}));
    }

    void negativeFramerateFiresHighButNeverLow() {
        Assets assets;
        assets.add(animation(0x03000001, 5, taggedFrames(5, 10)));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, -8));
        // Leaving 4, 3, 2, 1 downwards; low frame 0 is the reverse end frame and never fires.
        // The loop re-enters at frame 4 after 5/8 s and leaves it again at 6/8 s.
        const Firings fired = run(sequencer, 8 * 6);
        const Firings expected{{8, 14}, {16, 13}, {24, 12}, {32, 11}, {48, 14}};
        QCOMPARE(fired, expected);
    }

    void longQuantumCrossesFramesAndNodesInOrder() {
        Assets assets;
        assets.add(animation(0x03000001, 4, taggedFrames(4, 10)));
        assets.add(animation(0x03000002, 3, taggedFrames(3, 20)));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8)); // a link
        sequencer.appendAnimation(anim(0x03000002, 8)); // the cycle

        std::vector<FiredHook> fired;
        sequencer.update(1.0, nullptr, fired);
        // Link frames 0-2, AnimationDone, cycle frames 0-1, and, because apricot only runs after
        // the whole update, the cycle's wrap queues a second AnimationDone; then cycle frame 0.
        QCOMPARE(tags(fired), (Tags{10, 11, 12, 0, 20, 21, 0, 20}));
        QVERIFY(!fired[3].hook);
        QCOMPARE(fired[3].animation, 0x03000001u);
        QCOMPARE(fired[6].animation, 0x03000002u);
        QCOMPARE(animationsOf(sequencer), (Tags{0x03000002}));
        QCOMPARE(sequencer.frameNumber(), 1.0);
    }

    void leftoverTimeCarriesIntoTheNextNode() {
        Assets assets;
        assets.add(animation(0x03000001, 2));
        assets.add(animation(0x03000002, 4));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8));
        sequencer.appendAnimation(anim(0x03000002, 8));

        std::vector<FiredHook> fired;
        sequencer.update(5.0 / 16.0, nullptr, fired); // 2.5 frames: 2 for the link, 0.5 carried
        QCOMPARE(sequencer.currentAnimation(), 0x03000002u);
        QCOMPARE(sequencer.frameNumber(), 0.5);
    }

    void animationDoneOnlyWhileLinksAreQueued() {
        Assets assets;
        assets.add(animation(0x03000001, 4));
        assets.add(animation(0x03000002, 4));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8));
        sequencer.appendAnimation(anim(0x03000002, 8));
        QCOMPARE(animationsOf(sequencer), (Tags{0x03000001, 0x03000002}));

        // The link ends at 4/8 s: one AnimationDone, and apricot drops the link at once.
        Firings fired = run(sequencer, 32);
        QCOMPARE(fired, (Firings{{32, 0}}));
        QCOMPARE(animationsOf(sequencer), (Tags{0x03000002}));
        // The cycle then loops for good without another.
        fired = run(sequencer, 8 * 20);
        QVERIFY(fired.empty());
        QCOMPARE(sequencer.currentAnimation(), 0x03000002u);
    }

    void removeCyclicAnimsKeepsLinks() {
        Assets assets;
        assets.add(animation(0x03000001, 4));
        assets.add(animation(0x03000002, 4));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000002, 8));
        sequencer.removeCyclicAnims(); // playing the cycle: nothing is left
        QVERIFY(sequencer.empty());
        QCOMPARE(sequencer.currentAnimation(), 0u);

        sequencer.appendAnimation(anim(0x03000001, 8));
        sequencer.appendAnimation(anim(0x03000002, 8));
        sequencer.removeCyclicAnims();
        QCOMPARE(animationsOf(sequencer), (Tags{0x03000001}));
        QCOMPARE(sequencer.firstCyclicIndex(), 0);
        QCOMPARE(sequencer.currentIndex(), 0);
    }

    void posFramesGiveRootMotionPerBoundary() {
        Assets assets;
        assets.add(
            animation(0x03000001, 4, {}, {translate(1), translate(2), translate(3), translate(4)}));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8));

        Frame offset;
        run(sequencer, 1, &offset);
        QCOMPARE(offset.origin.x, 0.0f); // no boundary crossed, no root motion
        run(sequencer, 23, &offset);     // frames 0, 1, 2 left
        QCOMPARE(offset.origin.x, 6.0f);
        // At 4/8 s the cycle wraps: frame 0's pos frame is applied on entry...
        run(sequencer, 8, &offset);
        QCOMPARE(offset.origin.x, 7.0f);
        // ...and again when frame 0 is left (decompile-literal double application).
        run(sequencer, 8, &offset);
        QCOMPARE(offset.origin.x, 8.0f);

        // Reverse play un-applies: leaving frame 3 downwards subtracts its pos frame.
        Sequencer reverse(assets);
        reverse.appendAnimation(anim(0x03000001, -8));
        Frame back;
        run(reverse, 8, &back);
        QCOMPARE(back.origin.x, -4.0f);
    }

    void velocityIsAppliedPerBoundary() {
        Assets assets;
        assets.add(animation(0x03000001, 4));
        Sequencer sequencer(assets);
        sequencer.appendAnimation(anim(0x03000001, 8));
        sequencer.setVelocity({0, 2, 0});

        Frame offset;
        run(sequencer, 7, &offset);
        QCOMPARE(offset.origin.y, 0.0f);
        run(sequencer, 1, &offset); // one boundary: a 1/8 s lump
        QCOMPARE(offset.origin.y, 0.25f);

        // With no animation the pair moves the object by the quantum itself.
        Sequencer idle(assets);
        idle.setVelocity({0, 2, 0});
        Frame still;
        run(idle, 1, &still);
        QCOMPARE(still.origin.y, float(2 * kStep));

        sequencer.combinePhysics({1, 0, 0}, {});
        QCOMPARE(sequencer.velocity(), (Vec3{1, 2, 0}));
        sequencer.subtractPhysics({1, 2, 0}, {0, 0, 1});
        QCOMPARE(sequencer.velocity(), Vec3{});
        QCOMPARE(sequencer.omega(), (Vec3{0, 0, -1}));
    }

    void copiesAndMovesKeepTheirOwnPlayhead() {
        Assets assets;
        assets.add(animation(0x03000001, 2, taggedFrames(2, 10)));
        assets.add(animation(0x03000002, 4, taggedFrames(4, 20)));
        Sequencer original(assets);
        original.appendAnimation(anim(0x03000001, 8));
        original.appendAnimation(anim(0x03000002, 8));
        run(original, 4);

        Sequencer copy(original);
        std::vector<Sequencer> moved;
        moved.push_back(std::move(copy));
        moved.reserve(8); // reallocates: the playhead must follow the nodes
        QVERIFY(original.empty() == false && copy.empty());
        QCOMPARE(moved[0].currentIndex(), 0);
        QCOMPARE(moved[0].firstCyclicIndex(), 1);
        QCOMPARE(moved[0].frameNumber(), 0.5);

        // Both play the same from here, each in its own list.
        const Firings fromOriginal = run(original, 40);
        const Firings fromMoved = run(moved[0], 40);
        QCOMPARE(fromMoved, fromOriginal);
        QCOMPARE(fromOriginal, (Firings{{4, 10}, {12, 0}, {20, 20}, {28, 21}, {36, 22}}));
        QCOMPARE(animationsOf(original), (Tags{0x03000002}));
    }

    void placementFrameWhenNothingPlays() {
        Assets assets;
        Sequencer sequencer(assets);
        QCOMPARE(sequencer.currentPose(), nullptr);
        dat::AnimationFrame placement;
        sequencer.setPlacementFrame(&placement);
        QCOMPARE(sequencer.currentPose(), &placement);
        sequencer.clear();
        QCOMPARE(sequencer.currentPose(), nullptr);
    }

    void defaultStateIsTheDefaultStylesCycle() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        QCOMPARE(manager.state().style, kNonCombat);
        QCOMPARE(manager.state().substate, kReady);
        QCOMPARE(animationsOf(sequencer), (Tags{kReadyCycle}));
        QCOMPARE(manager.pending(), (std::deque<MotionTableManager::Pending>{{kReady, 0}}));
        manager.checkForCompletedMotions();
        QCOMPARE(manager.takeCompleted(),
                 (std::vector<MotionTableManager::Completed>{{kReady, true}}));
    }

    void actionLinkFromTheSubstateRow() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);

        const MotionResult result = manager.perform(kRecall, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 1u);
        QCOMPARE(animationsOf(sequencer), (Tags{kRecallLink, kReadyCycle}));
        QCOMPARE(sequencer.firstCyclicIndex(), 1);
        QCOMPARE(manager.state().actions.size(), std::size_t(1));

        // The link's end is the one AnimationDone that completes the action (and the queued
        // Ready before it, whose count is 0).
        for (int n = 0; n < 31; ++n) {
            std::vector<FiredHook> fired;
            sequencer.update(kStep, nullptr, fired);
            manager.handleHooks(fired);
        }
        QVERIFY(manager.takeCompleted().empty());
        std::vector<FiredHook> fired;
        sequencer.update(kStep, nullptr, fired);
        manager.handleHooks(fired);
        QCOMPARE(manager.takeCompleted(),
                 (std::vector<MotionTableManager::Completed>{{kReady, true}, {kRecall, true}}));
        QVERIFY(manager.state().actions.empty());
        QVERIFY(manager.pending().empty());
    }

    void actionLinkFromTheAnySubstateRow() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        QVERIFY(manager.perform(kCheer, 1, sequencer).success);
        QCOMPARE(animationsOf(sequencer), (Tags{kCheerLink, kReadyCycle}));
    }

    void actionRoutesThroughTheStyleDefault() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        QVERIFY(manager.perform(kWalk, 1, sequencer).success);
        std::vector<FiredHook> walking;
        sequencer.update(1.0, nullptr, walking);
        manager.handleHooks(walking); // the Ready -> Walk link's AnimationDone completes Walk
        QCOMPARE(animationsOf(sequencer), (Tags{kWalkCycle}));
        QVERIFY(manager.pending().empty());
        QCOMPARE(manager.takeCompleted(),
                 (std::vector<MotionTableManager::Completed>{{kReady, true}, {kWalk, true}}));

        // Walking has no link to the recall: to Ready, recall, back to Walk, the walk cycle.
        const MotionResult result = manager.perform(kRecall, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 3u);
        QCOMPARE(animationsOf(sequencer),
                 (Tags{kWalkToReady, kRecallLink, kReadyToWalk, kWalkCycle}));

        // Each of the three links ends with an AnimationDone; the third completes the recall.
        std::vector<std::uint32_t> done;
        for (int n = 0; n < 3 * 32; ++n) {
            std::vector<FiredHook> fired;
            sequencer.update(kStep, nullptr, fired);
            manager.handleHooks(fired);
            for (const auto& each : manager.takeCompleted())
                done.push_back(each.motion);
            if (n == 2 * 32 - 1)
                QVERIFY(done.empty());
        }
        QCOMPARE(done, (Tags{kRecall}));
        QVERIFY(manager.state().actions.empty());
    }

    void substateChangeAndAddMotionOverwrite() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);

        const MotionResult result = manager.perform(kWalk, 2, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 1u);
        const std::vector<Sequencer::NodeInfo> expected{{kReadyToWalk, 0, 3, 16},
                                                        {kWalkCycle, 0, 3, 16}};
        QCOMPARE(sequencer.nodes(), expected);
        // The link plays, but the velocity is the cycle's (× speed): add_motion overwrites.
        QCOMPARE(sequencer.currentAnimation(), kReadyToWalk);
        QCOMPARE(sequencer.velocity(), (Vec3{0, 6, 0}));
        QCOMPARE(manager.state().substate, kWalk);
        QCOMPARE(manager.state().substateMod, 2.0f);

        // Same substate, same sign: the running cycle is rescaled, nothing is appended.
        QCOMPARE(manager.perform(kWalk, 1, sequencer).numAnims, 0u);
        QCOMPARE(sequencer.nodes().back().framerate, 8.0f);
        QCOMPARE(sequencer.nodes().size(), std::size_t(2));
        QCOMPARE(sequencer.velocity(), (Vec3{0, 3, 0}));
    }

    void substateChangeViaTheStyleDefault() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        manager.perform(kWalk, 1, sequencer);
        std::vector<FiredHook> ignored;
        sequencer.update(1.0, nullptr, ignored);

        // No Walk -> Run link: out to Ready, then Ready -> Run.
        const MotionResult result = manager.perform(kRun, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 2u);
        QCOMPARE(animationsOf(sequencer), (Tags{kWalkToReady, kReadyToRun, kRunCycle}));
    }

    void reversedSpeedLooksLinksUpBackwards() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);

        // Walking backwards from Ready plays the Walk -> Ready link in reverse.
        QVERIFY(manager.perform(kWalk, -1, sequencer).success);
        const std::vector<Sequencer::NodeInfo> expected{{kWalkToReady, 0, 3, -8},
                                                        {kWalkCycle, 0, 3, -8}};
        QCOMPARE(sequencer.nodes(), expected);

        const MotionResolver resolver(*manager.table());
        // Reversed primary: links[style|to][from].
        QCOMPARE(resolver.getLink(kNonCombat, kReady, 1, kWalk, -1)->anims[0].animId, kWalkToReady);
        // Reversed fallback: links[style|from][style default].
        QCOMPARE(resolver.getLink(kNonCombat, kWalk, -1, kRun, 1)->anims[0].animId, kWalkToReady);
        // Forward fallback: the style's "from any substate" row.
        QCOMPARE(resolver.getLink(kNonCombat, kWalk, 1, kCheer, 1)->anims[0].animId, kCheerLink);
        QCOMPARE(resolver.getLink(kNonCombat, kWalk, 1, kRecall, 1), nullptr);
    }

    void onlyFromStyleDefaultBit() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        manager.perform(kWalk, 1, sequencer);
        QVERIFY(!manager.perform(kKneel, 1, sequencer).success);
        QCOMPARE(manager.state().substate, kWalk);

        MotionTableManager fromReady(assets, 0x09000100);
        Sequencer other(assets);
        fromReady.initializeState(other);
        QVERIFY(fromReady.perform(kKneel, 1, other).success);
        QCOMPARE(fromReady.state().substate, kKneel);
    }

    void styleChange() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);

        const MotionResult result = manager.perform(kSword, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 1u);
        QCOMPARE(animationsOf(sequencer), (Tags{kToSword, kSwordCycle}));
        QCOMPARE(manager.state().style, kSword);
        QCOMPARE(manager.state().substate, kReady);
        QVERIFY(manager.perform(kSword, 1, sequencer).success); // already there: no change
        QCOMPARE(animationsOf(sequencer), (Tags{kToSword, kSwordCycle}));
    }

    void modifiersCombineAndSurviveNewMotions() {
        Assets assets;
        addMotionAssets(assets);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        manager.initializeState(sequencer);
        manager.perform(kWalk, 1, sequencer);

        const MotionResult result = manager.perform(kLean, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 0u);
        QCOMPARE(sequencer.velocity(), (Vec3{0, 3, 1}));
        QCOMPARE(animationsOf(sequencer), (Tags{kReadyToWalk, kWalkCycle})); // no animations
        QCOMPARE(manager.state().modifiers.size(), std::size_t(1));

        // A new substate overwrites the pair, and re_modify adds the modifier back on top.
        manager.perform(kRun, 1, sequencer);
        QCOMPARE(sequencer.velocity(), (Vec3{0, 6, 1}));
        QCOMPARE(manager.state().modifiers.size(), std::size_t(1));
    }

    void missingTableFails() {
        Assets assets;
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000100);
        QCOMPARE(manager.table(), nullptr);
        manager.initializeState(sequencer);
        QVERIFY(!manager.perform(kRecall, 1, sequencer).success);
        QVERIFY(sequencer.empty());
    }

    // oracle: R48
    void recallChainOnTheDemoDat() {
        auto dat = std::make_shared<const dat::DatFile>(
            dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT)));
        const Assets assets(dat);
        Sequencer sequencer(assets);
        MotionTableManager manager(assets, 0x09000001);
        QVERIFY(manager.table());
        manager.initializeState(sequencer);
        QCOMPARE(manager.state().style, 0x8000003Du);
        QCOMPARE(manager.state().substate, 0x41000003u);
        manager.checkForCompletedMotions();
        manager.takeCompleted();

        const MotionResult result = manager.perform(0x10000153, 1, sequencer);
        QVERIFY(result.success);
        QCOMPARE(result.numAnims, 1u);
        const std::vector<Sequencer::NodeInfo> nodes = sequencer.nodes();
        QCOMPARE(nodes.size(), std::size_t(2));
        QCOMPARE(nodes[0], (Sequencer::NodeInfo{0x030009BF, 0, 149, 9.96f}));
        QCOMPARE(nodes[1].animation, 0x03000001u); // the Ready cycle loops after it
        QCOMPARE(sequencer.firstCyclicIndex(), 1);

        struct Event {
            double time;
            std::uint32_t animation;
            std::int32_t frame;
            dat::HookType type;
        };
        std::vector<Event> events;
        std::vector<std::uint32_t> completed;
        const double quantum = 1.0 / 30.0;
        for (int n = 1; n <= 30 * 18; ++n) {
            std::vector<FiredHook> fired;
            sequencer.update(quantum, nullptr, fired);
            manager.handleHooks(fired);
            for (const FiredHook& each : fired) {
                events.push_back({n * quantum, each.animation, each.frame,
                                  each.hook ? each.hook->type() : dat::HookType::AnimationDone});
                if (each.hook && each.hook->type() == dat::HookType::CreateParticle) {
                    const auto& create = std::get<dat::hooks::CreateParticle>(each.hook->payload);
                    QCOMPARE(create.emitterInfoId, 0x3200078Eu);
                    QCOMPARE(create.partIndex, 0xFFFFFFFFu);
                    QCOMPARE(create.emitterId, 19u);
                    QCOMPARE(create.offset, dat::Frame{});
                }
            }
            for (const auto& done : manager.takeCompleted())
                completed.push_back(done.motion);
        }

        // Each hook fires in the first quantum at or after (k + 1)/9.96 s: when frame k is left.
        const auto leaves = [](int k) { return (k + 1) / double(9.96f); };
        const std::vector<std::pair<int, dat::HookType>> expected{
            {16, dat::HookType::CreateParticle}, {16, dat::HookType::SoundTweaked},
            {46, dat::HookType::SoundTweaked},   {76, dat::HookType::SoundTweaked},
            {116, dat::HookType::SoundTweaked},  {-1, dat::HookType::AnimationDone}};
        QCOMPARE(events.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const Event& event = events[i];
            QCOMPARE(event.animation, 0x030009BFu);
            QCOMPARE(event.frame, expected[i].first);
            QCOMPARE(event.type, expected[i].second);
            // The AnimationDone comes when frame 149 (the high frame, which never fires) is left.
            const double due = leaves(event.frame < 0 ? 149 : event.frame);
            QVERIFY2(
                event.time >= due - 1e-9 && event.time < due + quantum,
                qPrintable(
                    QStringLiteral("hook %1 at %2 s, due %3 s").arg(i).arg(event.time).arg(due)));
        }
        QCOMPARE(completed, (std::vector<std::uint32_t>{0x10000153}));
        QVERIFY(manager.state().actions.empty());

        // Ready loops on: the link is gone and the playhead keeps wrapping.
        QCOMPARE(animationsOf(sequencer), (Tags{0x03000001}));
        double previous = sequencer.frameNumber();
        bool wrapped = false;
        for (int n = 0; n < 45; ++n) {
            std::vector<FiredHook> fired;
            sequencer.update(quantum, nullptr, fired);
            QVERIFY(fired.empty());
            wrapped = wrapped || sequencer.frameNumber() < previous;
            previous = sequencer.frameNumber();
        }
        QVERIFY(wrapped);
        QCOMPARE(sequencer.currentAnimation(), 0x03000001u);
    }
};

QTEST_APPLESS_MAIN(TestAnimPlayback)
#include "datreader/records/animation.h"
#include "datreader/records/motion_table.h"
#include "tst_anim_playback.moc"
