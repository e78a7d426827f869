#include "preview/timeline/smartbox.h"

#include "datreader/records/common.h"
#include "preview/core/event_fields.h"

#include <QJsonObject>

namespace portalkit::preview {

namespace {

// set_description as far as the preview goes (R8, R9). The sound and PhysicsScript tables are
// released and replaced by the description's, so an absent one leaves none (R8); the
// acceleration is never installed, calc_acceleration recomputes it (R9).
OwnerDesc ownerDescOf(const wire::CreateObject& create, const WeenieFacts& facts) {
    const wire::PhysicsDesc& physics = create.physics;
    OwnerDesc desc;
    desc.setup = physics.setupId.value_or(0);
    desc.guid = create.guid;
    if (physics.position)
        desc.frame = physics.position->frame;
    desc.scale = physics.objScale.value_or(1.0f);
    desc.state = physics.state;
    desc.motionTable = physics.motionTableId;
    desc.soundTable = physics.soundTableId.value_or(0);
    desc.scriptTable = physics.physicsScriptTableId.value_or(0);
    desc.defaultScriptType = physics.defaultScriptType.value_or(0);
    desc.defaultScriptIntensity = physics.defaultScriptIntensity.value_or(0.0f);
    desc.translucency = physics.translucency.value_or(0.0f);
    desc.velocity = physics.velocity.value_or(Vec3{});
    desc.omega = physics.omega.value_or(Vec3{});
    desc.friction = physics.friction;
    desc.elasticity = physics.elasticity;
    // Retail finds contact by placing the object in its cell; the preview says an object
    // created at rest stands on the ground and one created moving is in the air.
    desc.grounded = desc.velocity == Vec3{};
    desc.creature = facts.creature;
    desc.targetId = facts.targetId;
    return desc;
}

} // namespace

std::uint32_t SmartBox::ownerOf(std::uint32_t guid) const {
    const auto found = m_objects.find(guid);
    return found == m_objects.end() ? 0 : found->second.owner;
}

void SmartBox::receive(const wire::Message& message, const WeenieFacts& facts) {
    std::visit(
        [&](const auto& value) {
            using T = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<T, wire::CreateObject>)
                createObject(value, facts);
            else if constexpr (std::is_same_v<T, wire::SetState>)
                setState(value);
            else if constexpr (std::is_same_v<T, wire::VectorUpdate>)
                vectorUpdate(value);
            else if constexpr (std::is_same_v<T, wire::UpdatePosition>)
                updatePosition(value);
            else if constexpr (std::is_same_v<T, wire::DeleteObject>)
                deleteObject(value);
            else if constexpr (std::is_same_v<T, wire::PlayScriptId>)
                playEffect(value.guid, DirectEffect{value.scriptId}, wire::opcode::PlayScriptId);
            else if constexpr (std::is_same_v<T, wire::PlayScriptType>)
                playEffect(value.guid, TypedEffect{value.scriptType, value.intensity()},
                           wire::opcode::PlayScriptType);
        },
        message);
}

void SmartBox::publishPacket(std::uint32_t opcode, std::uint32_t guid, bool accepted,
                             std::string_view gate, QJsonObject fields) {
    if (!m_scene.events().active())
        return;
    fields["opcode"] = dat::didJson(opcode);
    fields["message"] = QString::fromLatin1(wire::opcodeName(opcode).data());
    fields["guid"] = dat::didJson(guid);
    fields["accepted"] = accepted;
    fields["gate"] = QString::fromLatin1(gate.data(), qsizetype(gate.size()));
    m_scene.events().publish(m_scene.now(), ownerOf(guid), QStringLiteral("packet"), fields);
}

void SmartBox::createObject(const wire::CreateObject& create, const WeenieFacts& facts) {
    Object& object = m_objects[create.guid];
    const wire::CreateDecision decision = object.stamps.onCreateObject(create.physics.timestamps);
    const wire::Gate gate = decision.result.gate;
    if (gate == wire::Gate::SameInstance) {
        QJsonObject branches;
        for (const wire::Channel channel : wire::kCreateBranches)
            branches[QString::fromLatin1(wire::channelName(channel).data())] =
                decision.branchAccepted(channel);
        publishPacket(wire::opcode::CreateObject, create.guid, decision.result.accepted,
                      wire::gateName(gate), {{"branches", branches}});
        applyCreateBranches(object.owner, create.physics, decision);
        return;
    }
    publishPacket(wire::opcode::CreateObject, create.guid, decision.result.accepted,
                  wire::gateName(gate));
    if (!decision.result.accepted)
        return;
    // A newer Instance is a new object under the same guid: the old generation goes.
    if (object.owner)
        m_scene.removeOwner(object.owner);
    object.owner = m_scene.createOwner(ownerDescOf(create, facts));
}

void SmartBox::applyCreateBranches(std::uint32_t owner, const wire::PhysicsDesc& desc,
                                   const wire::CreateDecision& decision) {
    // The live generation again: each branch that earned its own stamp goes through its
    // ordinary handler. Movement and ObjDesc have none in the preview.
    if (!owner)
        return;
    if (decision.branchAccepted(wire::Channel::State))
        m_scene.setState(owner, desc.state);
    if (decision.branchAccepted(wire::Channel::Vector))
        m_scene.setVelocity(owner, desc.velocity.value_or(Vec3{}), desc.omega.value_or(Vec3{}));
    if (decision.branchAccepted(wire::Channel::Position) && desc.position)
        m_scene.setFrame(owner, desc.position->frame);
}

void SmartBox::setState(const wire::SetState& message) {
    Object& object = m_objects[message.guid];
    const wire::GateResult result = object.stamps.onChannelUpdate(
        wire::Channel::State, message.instanceStamp, message.stateStamp);
    publishPacket(wire::opcode::SetState, message.guid, result.accepted,
                  wire::gateName(result.gate), {{"state", dat::didJson(message.state)}});
    if (result.accepted && object.owner)
        m_scene.setState(object.owner, message.state);
}

void SmartBox::vectorUpdate(const wire::VectorUpdate& message) {
    Object& object = m_objects[message.guid];
    const wire::GateResult result = object.stamps.onChannelUpdate(
        wire::Channel::Vector, message.instanceStamp, message.vectorStamp);
    publishPacket(wire::opcode::VectorUpdate, message.guid, result.accepted,
                  wire::gateName(result.gate));
    if (result.accepted && object.owner)
        m_scene.setVelocity(object.owner, message.velocity, message.omega);
}

void SmartBox::updatePosition(const wire::UpdatePosition& message) {
    Object& object = m_objects[message.guid];
    const wire::PositionPack& pack = message.position;
    const wire::PositionDecision decision =
        object.stamps.onPosition(pack.instanceStamp, pack.positionStamp, pack.teleportStamp);
    // MoveOrTeleport (0x00516330) never reads the packet's velocity: Vector is the velocity
    // authority (docs/retail-behaviour.md#position-velocity). A newer Teleport places at once; an
    // airborne packet writes nothing; a grounded one is SetPositionSimple (far) or InterpolateTo
    // (near): the preview has no player to measure from and places it.
    const char* placement = !decision.result.accepted   ? "none"
                            : decision.teleportAdvanced ? "teleport"
                            : !pack.grounded()          ? "airborne"
                                                        : "set_position";
    publishPacket(wire::opcode::UpdatePosition, message.guid, decision.result.accepted,
                  wire::gateName(decision.result.gate), {{"placement", placement}});
    if (!decision.result.accepted || !object.owner)
        return;
    if (decision.teleportAdvanced || pack.grounded())
        m_scene.setFrame(object.owner, pack.frame);
}

void SmartBox::deleteObject(const wire::DeleteObject& message) {
    Object& object = m_objects[message.guid];
    const wire::GateResult result = object.stamps.onDelete(message.instanceStamp);
    publishPacket(wire::opcode::DeleteObject, message.guid, result.accepted,
                  wire::gateName(result.gate));
    if (!result.accepted)
        return;
    if (object.owner)
        m_scene.removeOwner(object.owner);
    object.owner = 0;
}

void SmartBox::playEffect(std::uint32_t guid, const Effect& effect, std::uint32_t opcode) {
    // No gate: an effect for an object not yet there waits for it, in order (R6).
    const bool live = ownerOf(guid) != 0;
    publishPacket(opcode, guid, true, live ? "target-live" : "target-absent", {{"queued", !live}});
    m_scene.deliver(guid, effect);
}

} // namespace portalkit::preview
