#include "preview/wire/freshness.h"

namespace portalkit::preview::wire {

std::string_view channelName(Channel channel) {
    switch (channel) {
    case Channel::Position:
        return "Position";
    case Channel::Movement:
        return "Movement";
    case Channel::State:
        return "State";
    case Channel::Vector:
        return "Vector";
    case Channel::Teleport:
        return "Teleport";
    case Channel::ServerControlledMove:
        return "ServerControlledMove";
    case Channel::ForcePosition:
        return "ForcePosition";
    case Channel::ObjDesc:
        return "ObjDesc";
    case Channel::Instance:
        return "Instance";
    }
    return "?";
}

std::string_view gateName(Gate gate) {
    switch (gate) {
    case Gate::FirstGeneration:
        return "first-generation";
    case Gate::NewerInstance:
        return "newer-instance";
    case Gate::StaleInstance:
        return "stale-instance";
    case Gate::SameInstance:
        return "same-instance";
    case Gate::NoLiveObject:
        return "no-live-object";
    case Gate::InstanceMismatch:
        return "instance-mismatch";
    case Gate::ChannelStamp:
        return "channel-stamp";
    case Gate::InstanceMatch:
        return "instance-match";
    case Gate::StaleTeleport:
        return "stale-teleport";
    }
    return "?";
}

CreateDecision ObjectTimestamps::onCreateObject(const Timestamps& incoming) {
    CreateDecision decision;
    if (!m_live) {
        m_live = incoming;
        decision.result = {true, Gate::FirstGeneration};
        return decision;
    }
    const std::uint16_t incomingInstance = stamp(incoming, Channel::Instance);
    const std::uint16_t liveInstance = stamp(*m_live, Channel::Instance);
    if (isNewer(incomingInstance, liveInstance)) {
        m_live = incoming;
        decision.result = {true, Gate::NewerInstance};
        return decision;
    }
    if (isNewer(liveInstance, incomingInstance)) {
        decision.result = {false, Gate::StaleInstance};
        return decision;
    }
    // The same generation: no wholesale copy; each branch must earn its own stamp.
    bool any = false;
    for (Channel channel : kCreateBranches) {
        const GateResult branch =
            onChannelUpdate(channel, incomingInstance, stamp(incoming, channel));
        decision.branches[std::size_t(channel)] = branch;
        any = any || branch.accepted;
    }
    decision.result = {any, Gate::SameInstance};
    return decision;
}

GateResult ObjectTimestamps::onChannelUpdate(Channel channel, std::uint16_t instance,
                                             std::uint16_t incoming) {
    if (!m_live)
        return {false, Gate::NoLiveObject};
    if (instance != stamp(*m_live, Channel::Instance))
        return {false, Gate::InstanceMismatch};
    std::uint16_t& stored = stamp(*m_live, channel);
    if (!isNewer(incoming, stored))
        return {false, Gate::ChannelStamp};
    stored = incoming;
    return {true, Gate::ChannelStamp};
}

PositionDecision ObjectTimestamps::onPosition(std::uint16_t instance, std::uint16_t positionStamp,
                                              std::uint16_t teleportStamp) {
    if (!m_live)
        return {{false, Gate::NoLiveObject}};
    if (instance != stamp(*m_live, Channel::Instance))
        return {{false, Gate::InstanceMismatch}};
    std::uint16_t& storedPosition = stamp(*m_live, Channel::Position);
    if (!isNewer(positionStamp, storedPosition))
        return {{false, Gate::ChannelStamp}};
    // Retail advances Position tentatively and restores it here; not advancing is the same.
    std::uint16_t& storedTeleport = stamp(*m_live, Channel::Teleport);
    if (isNewer(storedTeleport, teleportStamp))
        return {{false, Gate::StaleTeleport}};
    storedPosition = positionStamp;
    const bool teleportAdvanced = isNewer(teleportStamp, storedTeleport);
    if (teleportAdvanced)
        storedTeleport = teleportStamp;
    return {{true, Gate::ChannelStamp}, teleportAdvanced};
}

GateResult ObjectTimestamps::onDelete(std::uint16_t instance) {
    if (!m_live)
        return {false, Gate::NoLiveObject};
    if (instance != stamp(*m_live, Channel::Instance))
        return {false, Gate::InstanceMismatch};
    m_live.reset();
    return {true, Gate::InstanceMatch};
}

} // namespace portalkit::preview::wire
