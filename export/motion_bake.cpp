#include "export/motion_bake.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/hooks.h"
#include "datreader/records/motion_table.h"
#include "datreader/records/setup.h"
#include "preview/anim/motion_table_manager.h"

#include <algorithm>
#include <cmath>

namespace portalkit::exports {

namespace {

// The sequencer's own "no framerate" threshold (F_EPSILON): such a node never advances.
constexpr double kStillFramerate = 0.00019999999;

dat::DatError motionError(std::uint32_t did, const char* field, const QString& message) {
    return dat::DatError(field, message.toStdString(), 0, dat::OffsetKind::Entry, did);
}

double frameLength(const preview::Sequencer::NodeInfo& node) {
    return 1.0 / std::fabs(double(node.framerate));
}

bool plays(const preview::Sequencer::NodeInfo& node) {
    return std::isfinite(node.framerate) && std::fabs(double(node.framerate)) > kStillFramerate;
}

} // namespace

std::vector<preview::Frame> restPose(const dat::Setup& setup) {
    const dat::AnimationFrame* placement = nullptr;
    for (const auto& [key, frame] : setup.placementFrames)
        if (key == 0) {
            placement = &frame;
            break;
        }
    if (!placement && !setup.placementFrames.empty())
        placement = &setup.placementFrames.front().second;
    std::vector<preview::Frame> pose(setup.parts.size());
    if (placement)
        for (std::size_t i = 0; i < pose.size() && i < placement->parts.size(); ++i)
            pose[i] = preview::Frame(placement->parts[i]);
    return pose;
}

BakedMotion bakeMotion(const preview::Assets& assets, const dat::Setup& setup,
                       const MotionRequest& request) {
    BakedMotion out;
    out.motionTable = setup.defaultMotionTable;
    if (!out.motionTable)
        throw motionError(setup.id, "setup.defaultMotionTable",
                          QStringLiteral("has no MotionTable, so motion %1 cannot play")
                              .arg(dat::didJson(request.motion)));
    if (!assets.get<dat::MotionTable>(out.motionTable))
        throw motionError(
            out.motionTable, "motionTable",
            QStringLiteral("the MotionTable of Setup %1 cannot be read: %2")
                .arg(dat::didJson(setup.id), assets.whyMissing<dat::MotionTable>(out.motionTable)));

    // The object as the effect runtime creates it (PreviewScene::createOwner): the Default
    // placement, the Setup's default animation, then the table's default state.
    preview::Sequencer sequencer(assets);
    for (const auto& [key, frame] : setup.placementFrames)
        if (key == 0)
            sequencer.setPlacementFrame(&frame);
    if (setup.defaultAnimation) {
        sequencer.clear();
        sequencer.appendAnimation(dat::AnimData{setup.defaultAnimation, 0, -1, 30.0f});
    }
    preview::MotionTableManager manager(assets, out.motionTable);
    manager.initializeState(sequencer);
    const auto perform = [&](std::uint32_t motion, float speed, const char* what) {
        const preview::MotionState before = manager.state();
        if (!manager.perform(motion, speed, sequencer).success)
            throw motionError(out.motionTable, what,
                              QStringLiteral("%1 does not resolve in this MotionTable from style "
                                             "%2, substate %3")
                                  .arg(dat::didJson(motion), dat::didJson(before.style),
                                       dat::didJson(before.substate)));
    };
    if (request.style)
        perform(*request.style, 1, "style");
    perform(request.motion, request.speed, "motion");

    const std::vector<preview::Sequencer::NodeInfo> nodes = sequencer.nodes();
    const int current = sequencer.currentIndex();
    if (current < 0)
        throw motionError(out.motionTable, "motion",
                          QStringLiteral("%1 leaves no animation to play (its Animations are "
                                         "missing)")
                              .arg(dat::didJson(request.motion)));
    // The playhead starts at the head after a fresh perform; anything before it never plays.
    out.chain.assign(nodes.begin() + current, nodes.end());
    const int firstCyclic = sequencer.firstCyclicIndex() - current;

    // Sample times: the middle of every frame, so the pose read is the frame's (the sequencer
    // shows floor(frame_number)) however the doubles round at the boundaries.
    struct Sample {
        double key;
        double at;
    };
    std::vector<Sample> samples;
    double start = 0;
    std::size_t played = 0;
    for (; played < out.chain.size(); ++played) {
        const auto& node = out.chain[played];
        if (!plays(node)) {
            out.notes.push_back(QStringLiteral("Animation %1 has framerate %2 and would play "
                                               "forever; the baked chain ends before it")
                                    .arg(dat::didJson(node.animation))
                                    .arg(double(node.framerate)));
            break;
        }
        const double length = frameLength(node);
        const std::int64_t frames =
            std::max<std::int64_t>(std::int64_t(node.highFrame) - node.lowFrame + 1, 1);
        for (std::int64_t i = 0; i < frames; ++i)
            samples.push_back({start + double(i) * length, start + (double(i) + 0.5) * length});
        start += double(frames) * length;
    }
    out.duration = start;
    if (samples.empty())
        throw motionError(out.motionTable, "motion",
                          QStringLiteral("%1 starts with an animation that never advances")
                              .arg(dat::didJson(request.motion)));
    // One more key at the end: the frame playback continues with (the loop's first, or the
    // still frame that cut the chain short).
    const std::size_t next =
        played < out.chain.size() ? played : std::size_t(std::max(firstCyclic, 0));
    const double nextLength = next < out.chain.size() && plays(out.chain[next])
                                  ? frameLength(out.chain[next])
                                  : frameLength(out.chain[played - 1]);
    samples.push_back({start, start + 0.5 * nextLength});

    const std::vector<preview::Frame> rest = restPose(setup);
    preview::Frame root;
    double now = 0;
    for (const Sample& sample : samples) {
        std::vector<preview::FiredHook> fired;
        sequencer.update(sample.at - now, &root, fired);
        now = sample.at;
        for (const preview::FiredHook& each : fired)
            if (each.hook) // the sequencer's own AnimationDone is bookkeeping, not data
                out.hooks.push_back(
                    {sample.key, each.animation, each.frame, dat::hookToJson(*each.hook)});
        std::vector<preview::Frame> pose = rest;
        if (const dat::AnimationFrame* shown = sequencer.currentPose())
            for (std::size_t i = 0; i < pose.size() && i < shown->parts.size(); ++i)
                pose[i] = preview::Frame(shown->parts[i]);
        out.times.push_back(sample.key);
        out.poses.push_back(std::move(pose));
        out.root.push_back(root);
        out.rootMoves = out.rootMoves || !(root == preview::Frame());
    }
    return out;
}

} // namespace portalkit::exports
