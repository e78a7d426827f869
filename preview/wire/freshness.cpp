#include "preview/wire/freshness.h"

namespace portalkit::preview::wire {

std::string_view channelName(Channel channel) {
    const auto index = std::size_t(channel);
    return index < kChannelCount ? kChannelNames[index] : "?";
}

// In Gate order; the last gate is the last name.
constexpr std::array<std::string_view, 9> kGateNames{
    "first-generation",  "newer-instance", "stale-instance", "same-instance",  "no-live-object",
    "instance-mismatch", "channel-stamp",  "instance-match", "stale-teleport",
};
static_assert(kGateNames.size() == std::size_t(Gate::StaleTeleport) + 1);

std::string_view gateName(Gate gate) {
    const auto index = std::size_t(gate);
    return index < kGateNames.size() ? kGateNames[index] : "?";
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
