#pragma once

// The u16 update stamps of a live object and the gates that decide whether a message is fresh
// (is_newer, generations; docs/retail-behaviour.md#r16, R17, R18).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace portalkit::preview::wire {

// Retail's wrap-safe comparison (SmartBox::DoSetState 0x004520D0, DoVectorUpdate 0x004521C0).
// Equal is stale; up to a distance of 0x7FFF the numerically higher stamp wins, from exactly
// 0x8000 on the numerically lower one does. A half-range subtraction helper gets 0x8000 wrong.
constexpr bool isNewer(std::uint16_t incoming, std::uint16_t stored) {
    const int distance =
        int(incoming) > int(stored) ? int(incoming) - int(stored) : int(stored) - int(incoming);
    if (distance > 0x7FFF)
        return incoming < stored;
    return stored < incoming;
}

// The nine stamps in PhysicsDesc order (R1), also the index into Timestamps.
enum class Channel : std::size_t {
    Position,
    Movement,
    State,
    Vector,
    Teleport,
    ServerControlledMove,
    ForcePosition,
    ObjDesc,
    Instance,
};
constexpr std::size_t kChannelCount = 9;
// Their names, in Channel order: channelName, and the keys of a PhysicsDesc's "timestamps".
constexpr std::array<std::string_view, kChannelCount> kChannelNames{
    "Position",      "Movement", "State",    "Vector", "Teleport", "ServerControlledMove",
    "ForcePosition", "ObjDesc",  "Instance",
};
using Timestamps = std::array<std::uint16_t, kChannelCount>;

constexpr std::uint16_t& stamp(Timestamps& stamps, Channel channel) {
    return stamps[std::size_t(channel)];
}
constexpr std::uint16_t stamp(const Timestamps& stamps, Channel channel) {
    return stamps[std::size_t(channel)];
}
std::string_view channelName(Channel channel);

// Which gate decided a message's fate; the name goes into the `packet` trace event.
enum class Gate {
    FirstGeneration,  // CreateObject with no live generation: all nine stamps taken
    NewerInstance,    // CreateObject with a newer Instance: a new generation replaces all nine
    StaleInstance,    // CreateObject whose Instance is older than the live one: rejected
    SameInstance,     // CreateObject of the live generation: each branch through its own gate
    NoLiveObject,     // an update for an object with no live generation
    InstanceMismatch, // an update whose Instance is not exactly the live one
    ChannelStamp,     // the channel's own stamp: accepted only when strictly newer
    InstanceMatch,    // DeleteObject: the exact live Instance removes the generation
    StaleTeleport,    // Position: the stored Teleport stamp is newer than the packet's: rejected
};
std::string_view gateName(Gate gate);

struct GateResult {
    bool accepted = false;
    Gate gate = Gate::NoLiveObject;

    bool operator==(const GateResult&) const = default;
};

// The CreateObject branches that have their own channel handler, routed one by one when a
// CreateObject repeats the live generation (R17: not the whole snapshot at once).
constexpr std::array<Channel, 5> kCreateBranches{Channel::Position, Channel::Movement,
                                                 Channel::State, Channel::Vector, Channel::ObjDesc};

struct CreateDecision {
    GateResult result; // accepted when any part of the CreateObject is applied
    // For SameInstance: each kCreateBranches channel's own verdict (the caller applies only the
    // accepted branches). For the other gates every channel shares `result`.
    std::array<std::optional<GateResult>, kChannelCount> branches{};

    bool branchAccepted(Channel channel) const {
        const auto& branch = branches[std::size_t(channel)];
        return branch ? branch->accepted : result.accepted;
    }
};

struct PositionDecision {
    // Accepted with ChannelStamp on the normal path.
    GateResult result;
    // The packet's Teleport stamp was newer and is now stored: the position is a teleport.
    bool teleportAdvanced = false;

    bool operator==(const PositionDecision&) const = default;
};

// One object's stamps across its generations (SmartBox's per-object update-time array).
class ObjectTimestamps {
  public:
    // HandleCreateObject's generations (R17).
    CreateDecision onCreateObject(const Timestamps& incoming);
    // State, Vector, Movement and ObjDesc messages (R18): the exact live Instance, then a
    // strictly newer stamp on `channel`; the stamp is stored only when both gates pass.
    GateResult onChannelUpdate(Channel channel, std::uint16_t instance, std::uint16_t incoming);
    // F748 Position of a remote object (SmartBox::HandleReceivedPosition 0x00453FD0, R18):
    // the exact live Instance, a strictly newer Position stamp, then a Teleport stamp no
    // older than the stored one (otherwise StaleTeleport, and the Position stamp is left as it
    // was); a newer Teleport is stored too. ForcePosition and the equal-Teleport blip are the
    // local player's path, which the preview does not have.
    PositionDecision onPosition(std::uint16_t instance, std::uint16_t positionStamp,
                                std::uint16_t teleportStamp);
    // DeleteObject (SmartBox::HandleDeleteObject 0x00451EA0): the exact live Instance ends the
    // generation. The local-player refusal is the caller's; the preview has no local player.
    GateResult onDelete(std::uint16_t instance);

    bool live() const { return m_live.has_value(); }
    const std::optional<Timestamps>& stamps() const { return m_live; }

  private:
    std::optional<Timestamps> m_live;
};

} // namespace portalkit::preview::wire
