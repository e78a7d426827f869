#pragma once

// The motion closure: which animations a motion command plays on an idle object, and every hook
// stored on their frames (docs/retail-behaviour.md#recall). The audit pins it, so a DAT that
// drops recall's link or moves its hooks fails by name instead of playing wrong.

#include "datreader/container/dat_file.h"
#include "datreader/io/json_node.h"
#include "datreader/records/hooks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::audit {

// One AnimData of the chain as the sequence appends it; at speed 1 its framerate is the stored one.
struct ClosureAnim {
    std::uint32_t animation = 0;
    std::int32_t lowFrame = 0;
    std::int32_t highFrame = -1; // negative: the last frame
    float framerate = 30;
    bool operator==(const ClosureAnim&) const = default;
};

// A hook stored on `frame` of `animation`, whatever its direction: which hooks fire, and when,
// is the runtime's question (a forward-only hook in a reversed anim, one on the last frame).
struct ClosureHook {
    std::uint32_t animation = 0;
    std::uint32_t frame = 0;
    dat::AnimationHook hook;
    bool operator==(const ClosureHook&) const = default;
};

// A chain as the closure JSON and the manifest's closure pins spell it.
QJsonArray chainJson(const std::vector<ClosureAnim>& chain);

struct MotionClosure {
    std::vector<ClosureAnim> chain;
    std::vector<ClosureHook> hooks;
    bool operator==(const MotionClosure&) const = default;
};

// The animations `command` adds when played at speed 1 by an object idle in `style` (in its
// default substate unless `fromSubstate` names another), before the sequence returns to its
// cycle, and every hook stored on the frames lowFrame..highFrame of those animations, in chain
// order, then frame order, then stored order. The routes follow GetObjectSequence
// (docs/retail-behaviour.md#motion-sequence):
//  - Style: a link back to the current style's default substate (only from another substate),
//    the link to the new style (else through the table's default style), then the new style's
//    default cycle. Commanding the current style adds nothing.
//  - SubState: the link to it (else via the style's default substate), then its cycle, looked
//    up in the style and then in the table's default style. Commanding the current substate
//    adds nothing (retail only rescales the running cycle).
//  - Action: the link to it (with the style's "from any substate" row), else toDefault →
//    action → back to the substate. From the default substate the second route is never taken:
//    its "action" link is the lookup that just failed.
// A command with several class bits tries them in that order, as retail does. Left to the
// runtime: modifiers (velocity and omega only, no animations), speeds other than 1 (framerate
// scaling, reversed links), links still queued from earlier commands, and the cycle's re-entry.
// Throws DatError naming the DID and what is missing: the MotionTable, the style's default
// substate, the starting substate's cycle, a route for the command, or an Animation of the chain
// or frames of its range.
MotionClosure resolveMotionClosure(const dat::DatFile& dat, std::uint32_t motionTable,
                                   std::uint32_t style, std::uint32_t command,
                                   std::optional<std::uint32_t> fromSubstate = std::nullopt);

// {"chain": [{"animation": "0x…", "lowFrame", "highFrame", "framerate"}],
//  "hooks": [{"animation": "0x…", "frame", "hook": hookToJson(…)}]}
QJsonObject toJson(const MotionClosure& closure);
// The inverse of toJson. "chain" and "hooks" default to empty, and an anim's lowFrame, highFrame
// and framerate to 0, -1 and 30 as AnimData's do; "animation", "frame" and "hook" are required.
MotionClosure motionClosureFromJson(const dat::JsonNode& node);

} // namespace portalkit::audit
