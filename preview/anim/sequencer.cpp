#include "preview/anim/sequencer.h"

#include "datreader/records/animation.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

namespace portalkit::preview {

namespace {
// F_EPSILON as the sequence code compares it: a double literal, not the float kEpsilon.
constexpr double kFrameEpsilon = 0.00019999999;
// Guard, not retail: node changes one update may make. A framerate in the millions on a short
// loop would otherwise wrap it millions of times per quantum; real data wraps a handful.
constexpr int kMaxNodeChangesPerUpdate = 1000;
} // namespace

double Sequencer::Node::startingFrame() const {
    // get_starting_frame 0x00525C80: reverse play starts just below high + 1.
    return framerate < 0 ? double(high + 1) - kFrameEpsilon : double(low);
}

double Sequencer::Node::endingFrame() const {
    // get_ending_frame 0x00525CB0.
    return framerate < 0 ? double(low) : double(high + 1) - kFrameEpsilon;
}

const dat::Frame* Sequencer::Node::posFrame(std::int64_t frame) const {
    if (!animation || frame < 0 || std::uint64_t(frame) >= animation->posFrames.size())
        return nullptr;
    return &animation->posFrames[std::size_t(frame)];
}

const dat::AnimationFrame* Sequencer::Node::partFrame(std::int64_t frame) const {
    if (!animation || frame < 0 || std::uint64_t(frame) >= animation->partFrames.size())
        return nullptr;
    return &animation->partFrames[std::size_t(frame)];
}

Sequencer::Sequencer(const Assets& assets)
    : m_assets(&assets), m_current(m_nodes.end()), m_firstCyclic(m_nodes.end()) {}

Sequencer::Sequencer(const Sequencer& other) : m_assets(other.m_assets) {
    *this = other;
}

Sequencer::Sequencer(Sequencer&& other) noexcept : m_assets(other.m_assets) {
    *this = std::move(other);
}

Sequencer& Sequencer::operator=(const Sequencer& other) {
    if (this != &other) {
        m_nodes = other.m_nodes;
        takeState(other, other.currentIndex(), other.firstCyclicIndex());
    }
    return *this;
}

Sequencer& Sequencer::operator=(Sequencer&& other) noexcept {
    if (this != &other) {
        const int current = other.currentIndex();
        const int firstCyclic = other.firstCyclicIndex();
        m_nodes = std::move(other.m_nodes);
        takeState(other, current, firstCyclic);
        other.clear();
    }
    return *this;
}

void Sequencer::takeState(const Sequencer& other, int current, int firstCyclic) {
    m_assets = other.m_assets;
    m_current = nodeAt(current);
    m_firstCyclic = nodeAt(firstCyclic);
    m_frameNumber = other.m_frameNumber;
    m_velocity = other.m_velocity;
    m_omega = other.m_omega;
    m_placementFrame = other.m_placementFrame;
}

Sequencer::NodeIt Sequencer::nodeAt(int index) {
    return index < 0 ? m_nodes.end() : std::next(m_nodes.begin(), index);
}

void Sequencer::clear() {
    clearAnimations();
    clearPhysics();
    m_placementFrame = nullptr;
}

void Sequencer::clearAnimations() {
    m_nodes.clear();
    m_current = m_nodes.end();
    m_firstCyclic = m_nodes.end();
    m_frameNumber = 0;
}

bool Sequencer::appendAnimation(const dat::AnimData& data) {
    Node node;
    node.animationId = data.animId;
    node.animation = data.animId ? m_assets->get<dat::Animation>(data.animId) : nullptr;
    if (!node.animation)
        return false;
    node.low = data.lowFrame;
    node.high = data.highFrame;
    node.framerate = data.framerate;

    // set_animation_id 0x00525D60. The client compares low and high against the unsigned frame
    // count, so a negative low also lands on the last frame.
    const auto numFrames = std::uint32_t(node.animation->partFrames.size());
    if (node.high < 0)
        node.high = std::int32_t(numFrames) - 1;
    if (std::uint32_t(node.low) >= numFrames)
        node.low = std::int32_t(numFrames) - 1;
    if (std::uint32_t(node.high) >= numFrames)
        node.high = std::int32_t(numFrames) - 1;
    if (node.low > node.high)
        node.high = node.low;

    m_nodes.push_back(node);
    m_firstCyclic = std::prev(m_nodes.end());
    if (m_current == m_nodes.end()) {
        m_current = m_nodes.begin();
        m_frameNumber = m_current->startingFrame();
    }
    return true;
}

void Sequencer::removeCyclicAnims() {
    // remove_cyclic_anims 0x00524E40: a playhead inside the removed cycle falls back to the end
    // of the node before it.
    for (NodeIt it = m_firstCyclic; it != m_nodes.end();) {
        if (m_current == it) {
            if (it == m_nodes.begin()) {
                m_current = m_nodes.end();
                m_frameNumber = 0;
            } else {
                m_current = std::prev(it);
                m_frameNumber = m_current->endingFrame();
            }
        }
        it = m_nodes.erase(it);
    }
    m_firstCyclic = m_nodes.empty() ? m_nodes.end() : std::prev(m_nodes.end());
}

void Sequencer::multiplyCyclicFramerate(float factor) {
    for (NodeIt it = m_firstCyclic; it != m_nodes.end(); ++it) {
        if (factor < 0)
            std::swap(it->low, it->high);
        it->framerate *= factor;
    }
}

void Sequencer::setPlacementFrame(const dat::AnimationFrame* frame) {
    m_placementFrame = frame;
}

void Sequencer::clearPhysics() {
    m_velocity = {};
    m_omega = {};
}

void Sequencer::setVelocity(Vec3 velocity) {
    m_velocity = velocity;
}

void Sequencer::setOmega(Vec3 omega) {
    m_omega = omega;
}

void Sequencer::combinePhysics(Vec3 velocity, Vec3 omega) {
    m_velocity += velocity;
    m_omega += omega;
}

void Sequencer::subtractPhysics(Vec3 velocity, Vec3 omega) {
    m_velocity -= velocity;
    m_omega -= omega;
}

void Sequencer::update(double q, Frame* rootOffset, std::vector<FiredHook>& fired) {
    // CSequence::update 0x00525B80: with no animation the pair still moves the object.
    if (m_nodes.empty()) {
        if (rootOffset)
            applyPhysics(*rootOffset, q, q);
        return;
    }
    updateInternal(q, rootOffset, fired);
    apricot();
}

void Sequencer::updateInternal(double q, Frame* offset, std::vector<FiredHook>& fired) {
    // update_internal 0x005255D0. Every integer boundary crossed leaves a frame: its hooks fire
    // and one frame's worth of root motion is applied. The end frame is never left in its own
    // direction, so its hooks never fire; time past the end carries into the next node.
    for (int nodeChanges = 0; nodeChanges < kMaxNodeChangesPerUpdate; ++nodeChanges) {
        Node& node = *m_current;
        const double framerate = node.framerate;
        const double frameStep = framerate * q;
        auto last = std::int64_t(std::floor(m_frameNumber));
        m_frameNumber += frameStep;
        double timeLeft = 0;
        bool finished = false;

        if (frameStep > 0) {
            if (std::floor(m_frameNumber) > double(node.high)) {
                const double over = std::max(0.0, m_frameNumber - double(node.high) - 1.0);
                timeLeft = std::fabs(framerate) > kFrameEpsilon ? over / framerate : 0.0;
                finished = true;
                m_frameNumber = double(node.high);
            }
            for (; std::floor(m_frameNumber) > double(last); ++last) {
                if (offset) {
                    if (const dat::Frame* pos = node.posFrame(last))
                        *offset = compose(*offset, Frame(*pos));
                    if (std::fabs(framerate) > kFrameEpsilon)
                        applyPhysics(*offset, 1.0 / framerate, q);
                }
                executeHooks(node, last, 1, fired);
            }
        } else if (frameStep < 0) {
            if (std::floor(m_frameNumber) < double(node.low)) {
                const double over = std::min(0.0, m_frameNumber - double(node.low));
                timeLeft = std::fabs(framerate) > kFrameEpsilon ? over / framerate : 0.0;
                finished = true;
                m_frameNumber = double(node.low);
            }
            for (; std::floor(m_frameNumber) < double(last); --last) {
                if (offset) {
                    if (const dat::Frame* pos = node.posFrame(last))
                        *offset = uncompose(*offset, Frame(*pos));
                    if (std::fabs(framerate) > kFrameEpsilon)
                        applyPhysics(*offset, 1.0 / framerate, q);
                }
                executeHooks(node, last, -1, fired);
            }
        } else {
            // A zero step (framerate 0, or no time) still moves the object by the pair.
            if (offset && std::fabs(q) > kFrameEpsilon)
                applyPhysics(*offset, q, q);
            return;
        }

        if (!finished)
            return;
        // The AnimationDone the MotionTableManager counts: only while links are queued ahead
        // of the cycle. apricot has not run yet, so the link that just ended still heads the list.
        if (m_nodes.begin() != m_firstCyclic)
            fired.push_back(FiredHook{nullptr, node.animationId, -1});
        advanceToNextAnimation(q, offset);
        // Guard, not retail: a node whose low/high were swapped by a negative
        // multiplyCyclicFramerate can hand back more time than it took, and would spin forever.
        if (std::fabs(timeLeft) >= std::fabs(q))
            return;
        q = timeLeft;
    }
}

void Sequencer::advanceToNextAnimation(double q, Frame* offset) {
    // advance_to_next_animation 0x005252B0. Entering a node in its play direction applies its
    // starting pos frame at once; the loop applies it again when that frame is left. This double
    // application is decompile-literal (and identical in ACE).
    const auto applyFrame = [&](const Node& node, bool reverse) {
        if (const dat::Frame* pos = node.posFrame(std::int64_t(std::floor(m_frameNumber))))
            *offset = reverse ? uncompose(*offset, Frame(*pos)) : compose(*offset, Frame(*pos));
        if (std::fabs(double(node.framerate)) > kFrameEpsilon)
            applyPhysics(*offset, 1.0 / double(node.framerate), q);
    };

    if (q >= 0) {
        if (m_current->framerate < 0 && offset)
            applyFrame(*m_current, true);
        const NodeIt next = std::next(m_current);
        m_current = next != m_nodes.end() ? next : m_firstCyclic;
        m_frameNumber = m_current->startingFrame();
        if (m_current->framerate > 0 && offset)
            applyFrame(*m_current, false);
    } else {
        if (m_current->framerate >= 0 && offset)
            applyFrame(*m_current, true);
        m_current = m_current != m_nodes.begin() ? std::prev(m_current) : std::prev(m_nodes.end());
        m_frameNumber = m_current->endingFrame();
        if (m_current->framerate < 0 && offset)
            applyFrame(*m_current, false);
    }
}

void Sequencer::applyPhysics(Frame& frame, double dt, double sign) const {
    // apply_physics 0x00524AB0: |dt| carrying the sign of `sign`.
    const double d = sign < 0 ? -std::fabs(dt) : std::fabs(dt);
    frame.origin += Vec3(float(d * m_velocity.x), float(d * m_velocity.y), float(d * m_velocity.z));
    rotateLocal(frame, Vec3(float(d * m_omega.x), float(d * m_omega.y), float(d * m_omega.z)));
}

void Sequencer::executeHooks(const Node& node, std::int64_t frame, std::int32_t direction,
                             std::vector<FiredHook>& fired) const {
    // execute_hooks 0x00524830: direction 0 fires both ways, otherwise it must match.
    const dat::AnimationFrame* partFrame = node.partFrame(frame);
    if (!partFrame)
        return;
    for (const dat::AnimationHook& hook : partFrame->hooks)
        if (hook.direction == 0 || hook.direction == direction)
            fired.push_back(FiredHook{&hook, node.animationId, std::int32_t(frame)});
}

void Sequencer::apricot() {
    // apricot 0x00524B40: drop finished nodes from the head, up to the playhead or the loop.
    while (!m_nodes.empty() && m_nodes.begin() != m_current && m_nodes.begin() != m_firstCyclic)
        m_nodes.pop_front();
}

const dat::AnimationFrame* Sequencer::currentPose() const {
    // get_curr_animframe 0x00524970: no interpolation, the integer frame is shown.
    if (m_current == m_nodes.end())
        return m_placementFrame;
    return m_current->partFrame(std::int64_t(std::floor(m_frameNumber)));
}

std::uint32_t Sequencer::currentAnimation() const {
    return m_current == m_nodes.end() ? 0 : m_current->animationId;
}

std::vector<Sequencer::NodeInfo> Sequencer::nodes() const {
    std::vector<NodeInfo> out;
    out.reserve(m_nodes.size());
    for (const Node& node : m_nodes)
        out.push_back({node.animationId, node.low, node.high, node.framerate});
    return out;
}

int Sequencer::indexOf(ConstNodeIt it) const {
    if (it == m_nodes.end())
        return -1;
    return int(std::distance(m_nodes.begin(), it));
}

int Sequencer::currentIndex() const {
    return indexOf(m_current);
}

int Sequencer::firstCyclicIndex() const {
    return indexOf(m_firstCyclic);
}

} // namespace portalkit::preview
