#pragma once

// A motion command baked into keyframes for export (docs/export.md, "Animation"). The chain is
// what the effect runtime plays: a MotionTableManager in the table's default state performs the
// style (when given) and then the motion, as `portalkit simulate --style S --motion CMD` does,
// and the Sequencer is sampled once per animation frame. Nothing here re-derives the motion
// rules; only the frame timing (one frame lasts 1/|framerate| s) places the samples.

#include "datreader/records/setup.h"
#include "preview/anim/sequencer.h"
#include "preview/core/assets.h"
#include "preview/core/math.h"

#include <QJsonObject>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::exports {

struct MotionRequest {
    std::uint32_t motion = 0;
    std::optional<std::uint32_t> style; // performed first, as simulate --style does
    float speed = 1;
};

struct BakedHook {
    double time = 0; // when the sequencer fired it: as its frame was left
    std::uint32_t animation = 0;
    std::int32_t frame = 0;
    QJsonObject hook; // dat::hookToJson
};

// Every node of the chain once, head first: the links, the action, and one pass of the cycle
// the object settles into. Keys sit at the start of each frame, plus one at `duration` showing
// the frame playback wraps to, so the last frame lasts as long as the others.
struct BakedMotion {
    std::uint32_t motionTable = 0;
    std::vector<preview::Sequencer::NodeInfo> chain;
    double duration = 0; // Σ (high − low + 1) / |framerate| over the chain
    std::vector<double> times;
    // poses[k][part]: the part's frame in object space at times[k] (Setup part count; parts the
    // animation does not cover keep `restPose`).
    std::vector<std::vector<preview::Frame>> poses;
    std::vector<preview::Frame> root; // root motion at times[k], from the identity
    bool rootMoves = false;
    std::vector<BakedHook> hooks; // the Animation hooks that fired, in order
    // What was cut short: a node with framerate 0 plays forever, so the chain ends before it.
    std::vector<QString> notes;
};

// The frames each part has with no animation: the Setup's Default placement (key 0), else its
// first placement, else the identity.
std::vector<preview::Frame> restPose(const dat::Setup& setup);

// Throws dat::DatError (DID = the Setup's or the MotionTable's) when the Setup has no
// MotionTable, the table is missing, or the style or motion does not resolve in it.
BakedMotion bakeMotion(const preview::Assets& assets, const dat::Setup& setup,
                       const MotionRequest& request);

} // namespace portalkit::exports
