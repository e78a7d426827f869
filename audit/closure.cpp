#include "audit/closure.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/animation.h"
#include "datreader/records/motion_table.h"

#include <QJsonArray>
#include <string>

namespace portalkit::audit {
namespace {

using dat::formatDid;
using dat::MotionData;
using dat::MotionTable;

// Command id class bits (docs/retail-behaviour.md#motion-commands).
constexpr std::uint32_t kStyleClass = 0x80000000;
constexpr std::uint32_t kSubStateClass = 0x40000000;
constexpr std::uint32_t kModifierClass = 0x20000000;
constexpr std::uint32_t kActionClass = 0x10000000;

// Closure faults have no byte offset: the field is a path in the record's form, as for sources.
[[noreturn]] void fail(std::uint32_t did, std::string field, std::string message) {
    throw dat::DatError(std::move(field), std::move(message), 0, dat::OffsetKind::Source, did);
}

// Where the object idles: a style and one of its substates, both at speed 1.
struct IdleState {
    std::uint32_t style = 0;
    std::uint32_t substate = 0;
    std::uint32_t styleDefault = 0;
};

// The MotionData GetObjectSequence appends, in order; a null is a link the table lacks, which
// appends nothing (add_motion ignores it).
using Route = std::vector<const MotionData*>;

std::optional<Route> styleRoute(const MotionTable& table, const IdleState& from,
                                std::uint32_t style) {
    if (style == from.style)
        return Route{};
    const std::optional<std::uint32_t> newDefault = table.defaultSubstate(style);
    const MotionData* newCycle = newDefault ? table.cycle(style, *newDefault) : nullptr;
    if (!newCycle)
        return std::nullopt;
    const MotionData* backToDefault = from.substate != from.styleDefault
                                          ? table.link(from.style, from.substate, from.styleDefault)
                                          : nullptr;
    const MotionData* toStyle = table.link(from.style, from.styleDefault, style);
    const MotionData* fromDefaultStyle = nullptr;
    if (!toStyle) {
        toStyle = table.link(from.style, from.styleDefault, table.defaultStyle);
        // Retail keeps the current substate when the default style has no default of its own.
        const std::uint32_t defaultStyleSubstate =
            table.defaultSubstate(table.defaultStyle).value_or(from.substate);
        fromDefaultStyle = table.link(table.defaultStyle, defaultStyleSubstate, style);
    }
    return Route{backToDefault, toStyle, fromDefaultStyle, newCycle};
}

std::optional<Route> substateRoute(const MotionTable& table, const IdleState& from,
                                   std::uint32_t substate) {
    const MotionData* cycle = table.cycle(from.style, substate);
    if (!cycle)
        cycle = table.cycle(table.defaultStyle, substate);
    const bool allowed = cycle && (!(cycle->bitfield & MotionData::kOnlyFromStyleDefault) ||
                                   substate == from.substate || from.substate == from.styleDefault);
    if (!allowed)
        return std::nullopt;
    if (substate == from.substate)
        return Route{};
    const MotionData* link = table.link(from.style, from.substate, substate);
    const MotionData* fromStyleDefault = nullptr;
    if (!link) {
        link = table.link(from.style, from.substate, from.styleDefault);
        fromStyleDefault = table.link(from.style, from.styleDefault, substate);
    }
    return Route{link, fromStyleDefault, cycle};
}

std::optional<Route> actionRoute(const MotionTable& table, const IdleState& from,
                                 std::uint32_t action) {
    if (const MotionData* link = table.link(from.style, from.substate, action))
        return Route{link};
    const MotionData* toDefault = table.link(from.style, from.substate, from.styleDefault);
    const MotionData* act = table.link(from.style, from.styleDefault, action);
    if (!toDefault || !act)
        return std::nullopt;
    return Route{toDefault, act, table.link(from.style, from.styleDefault, from.substate)};
}

Route routeFor(const MotionTable& table, const IdleState& from, std::uint32_t command) {
    std::optional<Route> route;
    if (command & kStyleClass)
        route = styleRoute(table, from, command);
    if (!route && (command & kSubStateClass))
        route = substateRoute(table, from, command);
    if (!route && (command & kActionClass))
        route = actionRoute(table, from, command);
    if (route)
        return *route;
    std::string message = "no route plays " + formatDid(command) + " from style " +
                          formatDid(from.style) + ", substate " + formatDid(from.substate);
    if (command & kModifierClass)
        message += " (a modifier adds velocity and omega, never animations)";
    fail(table.id, "motionTable.links", message);
}

template <typename Record> Record loadRecord(const dat::DatFile& dat, std::uint32_t did) {
    const std::string type(Record::kTypeName);
    if (!dat.find(did))
        fail(did, "id", "no " + type + " " + formatDid(did) + " in this DAT");
    if (dat::typeName(dat.kind(), did) != Record::kTypeName)
        fail(did, "id", formatDid(did) + " is not a " + type);
    return Record::decode(dat.read(did), did);
}

// The hooks on frames lowFrame..highFrame. The audit refuses ranges retail would clamp into
// something else (low past the end plays the last frame, high past the end stops there).
void collectHooks(const dat::Animation& animation, const ClosureAnim& anim,
                  std::vector<ClosureHook>& hooks) {
    const auto frameCount = std::int64_t(animation.partFrames.size());
    const std::int64_t high = anim.highFrame < 0 ? frameCount - 1 : anim.highFrame;
    const std::string range =
        "frames " + std::to_string(anim.lowFrame) + ".." + std::to_string(anim.highFrame);
    if (anim.lowFrame < 0 || anim.lowFrame >= frameCount || high >= frameCount)
        fail(animation.id, "animation.partFrames",
             range + " run outside the " + std::to_string(frameCount) + " frames it has");
    if (anim.lowFrame > high)
        fail(animation.id, "animation.partFrames", range + " are reversed");
    for (std::int64_t frame = anim.lowFrame; frame <= high; ++frame)
        for (const dat::AnimationHook& hook : animation.partFrames[std::size_t(frame)].hooks)
            hooks.push_back({animation.id, std::uint32_t(frame), hook});
}

} // namespace

MotionClosure resolveMotionClosure(const dat::DatFile& dat, std::uint32_t motionTable,
                                   std::uint32_t style, std::uint32_t command,
                                   std::optional<std::uint32_t> fromSubstate) {
    const std::string resolving = "resolving the closure of " + formatDid(command) + " in style " +
                                  formatDid(style) + " of MotionTable " + formatDid(motionTable);
    try {
        const auto table = loadRecord<MotionTable>(dat, motionTable);
        const std::optional<std::uint32_t> styleDefault = table.defaultSubstate(style);
        if (!styleDefault)
            fail(motionTable, "motionTable.styleDefaults",
                 "style " + formatDid(style) + " has no default substate");
        const IdleState from{style, fromSubstate.value_or(*styleDefault), *styleDefault};
        // An object can only idle in a substate whose cycle it plays.
        if (!table.cycle(style, from.substate))
            fail(motionTable, "motionTable.cycles",
                 std::string(fromSubstate ? "substate " : "the default substate ") +
                     formatDid(from.substate) + " of style " + formatDid(style) + " has no cycle");

        MotionClosure closure;
        for (const MotionData* motion : routeFor(table, from, command))
            if (motion)
                for (const dat::AnimData& anim : motion->anims)
                    closure.chain.push_back(
                        {anim.animId, anim.lowFrame, anim.highFrame, anim.framerate});
        for (const ClosureAnim& anim : closure.chain)
            collectHooks(loadRecord<dat::Animation>(dat, anim.animation), anim, closure.hooks);
        return closure;
    } catch (dat::DatError& error) {
        error.withContext(resolving);
        throw;
    }
}

QJsonArray chainJson(const std::vector<ClosureAnim>& chain) {
    QJsonArray out;
    for (const ClosureAnim& anim : chain)
        out.append(QJsonObject{{"animation", dat::didJson(anim.animation)},
                               {"lowFrame", anim.lowFrame},
                               {"highFrame", anim.highFrame},
                               {"framerate", dat::realJson(anim.framerate)}});
    return out;
}

QJsonObject toJson(const MotionClosure& closure) {
    QJsonArray hooks;
    for (const ClosureHook& hook : closure.hooks)
        hooks.append(QJsonObject{{"animation", dat::didJson(hook.animation)},
                                 {"frame", qint64(hook.frame)},
                                 {"hook", dat::hookToJson(hook.hook)}});
    return {{"chain", chainJson(closure.chain)}, {"hooks", hooks}};
}

MotionClosure motionClosureFromJson(const dat::JsonNode& node) {
    MotionClosure closure;
    for (const dat::JsonNode& anim : node["chain"].elements())
        closure.chain.push_back({anim["animation"].u32(), anim["lowFrame"].i32(0),
                                 anim["highFrame"].i32(-1), anim["framerate"].f32(30)});
    for (const dat::JsonNode& hook : node["hooks"].elements())
        closure.hooks.push_back(
            {hook["animation"].u32(), hook["frame"].u32(), dat::hookFromJson(hook["hook"])});
    return closure;
}

} // namespace portalkit::audit
