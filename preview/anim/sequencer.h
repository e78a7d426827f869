#pragma once

// The client's CSequence (docs/retail-behaviour.md#animation-playback): a list of animation nodes
// played back to back, the last appended one looping, with one velocity/omega pair for the whole
// list. Playback is decompile-literal (RE PORTAL/canim/CSequence.c, CSeqPrim.c): no interpolation,
// hooks fire when the playhead leaves their frame, root motion is applied in whole-frame lumps.

#include "datreader/records/animation.h"
#include "preview/core/assets.h"
#include "preview/core/math.h"

#include <cstdint>
#include <list>
#include <vector>

namespace portalkit::preview {

struct FiredHook {
    // Null: the sequencer's own AnimationDone (a node finished while links were queued).
    const dat::AnimationHook* hook = nullptr;
    std::uint32_t animation = 0; // Animation DID the hook is stored in (the finished one for null)
    std::int32_t frame = -1; // frame index it is stored on; -1 for the synthesised AnimationDone

    bool isAnimationDone() const { return !hook || hook->type() == dat::HookType::AnimationDone; }
};

class Sequencer {
  public:
    // One node as it plays, after the AnimSequenceNode fix-ups
    // (docs/retail-behaviour.md#animation-nodes).
    struct NodeInfo {
        std::uint32_t animation = 0;
        std::int32_t lowFrame = 0;
        std::int32_t highFrame = 0;
        float framerate = 0;
        bool operator==(const NodeInfo&) const = default;
    };

    explicit Sequencer(const Assets& assets);
    // The playhead and loop point are list iterators: copies and moves re-point them at their
    // own list.
    Sequencer(const Sequencer& other);
    Sequencer(Sequencer&& other) noexcept;
    Sequencer& operator=(const Sequencer& other);
    Sequencer& operator=(Sequencer&& other) noexcept;

    // CSequence::clear: animations, physics and the placement frame.
    void clear();
    // CSequence::clear_animations: the list only; physics and placement stay.
    void clearAnimations();
    // False when the Animation is missing: the node is dropped (append_animation 0x00525510).
    bool appendAnimation(const dat::AnimData& data);
    void removeCyclicAnims();
    // multiply_cyclic_animation_fr: rescales every node from first_cyclic on (a running cycle's
    // speed change); a negative factor also swaps low and high (multiply_framerate 0x00525BE0).
    void multiplyCyclicFramerate(float factor);
    void setPlacementFrame(const dat::AnimationFrame* frame);

    void clearPhysics();
    void setVelocity(Vec3 velocity);
    void setOmega(Vec3 omega);
    void combinePhysics(Vec3 velocity, Vec3 omega);
    void subtractPhysics(Vec3 velocity, Vec3 omega);

    // Advance q seconds; append every hook that fires, in firing order. rootOffset null = no root
    // motion (static objects). Finished link nodes are removed afterwards (apricot).
    void update(double q, Frame* rootOffset, std::vector<FiredHook>& fired);

    // The AnimationFrame to pose parts with: the current node's floor(frame_number), else the
    // placement frame; null if neither (or the frame is out of the animation's range).
    const dat::AnimationFrame* currentPose() const;
    bool empty() const { return m_nodes.empty(); }
    std::uint32_t currentAnimation() const; // 0 when none
    double frameNumber() const { return m_frameNumber; }
    Vec3 velocity() const { return m_velocity; }
    Vec3 omega() const { return m_omega; }

    // The list as it stands, head first, and where the playhead and the loop point are in it
    // (-1 when there is none).
    std::vector<NodeInfo> nodes() const;
    int currentIndex() const;
    int firstCyclicIndex() const;

  private:
    struct Node {
        const dat::Animation* animation = nullptr;
        std::uint32_t animationId = 0;
        std::int32_t low = 0;
        std::int32_t high = 0;
        float framerate = 0;

        double startingFrame() const;
        double endingFrame() const;
        const dat::Frame* posFrame(std::int64_t frame) const;
        const dat::AnimationFrame* partFrame(std::int64_t frame) const;
    };
    using NodeIt = std::list<Node>::iterator;
    using ConstNodeIt = std::list<Node>::const_iterator;

    void updateInternal(double q, Frame* offset, std::vector<FiredHook>& fired);
    void advanceToNextAnimation(double q, Frame* offset);
    void applyPhysics(Frame& frame, double dt, double sign) const;
    void executeHooks(const Node& node, std::int64_t frame, std::int32_t direction,
                      std::vector<FiredHook>& fired) const;
    void apricot();
    int indexOf(ConstNodeIt it) const;
    NodeIt nodeAt(int index);
    void takeState(const Sequencer& other, int current, int firstCyclic);

    const Assets* m_assets;
    std::list<Node> m_nodes;
    NodeIt m_current;     // m_nodes.end() when nothing plays
    NodeIt m_firstCyclic; // m_nodes.end() when the list is empty
    double m_frameNumber = 0;
    Vec3 m_velocity;
    Vec3 m_omega;
    const dat::AnimationFrame* m_placementFrame = nullptr;
};

} // namespace portalkit::preview
