#include "preview/timeline/smartbox.h"

#include "preview/appearance/obj_desc.h"

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
    // With a world the scene places the object and takes its contact from what it finds
    // there; without one, an object created at rest stands and one created moving flies.
    desc.grounded = desc.velocity == Vec3{};
    // No position and no parent: the object is in no cell (R6).
    desc.placed = physics.position.has_value() || physics.parent.has_value();
    desc.creature = facts.creature;
    desc.targetId = facts.targetId;
    desc.player = facts.player;
    // The ModelData dresses the object (docs/appearance.md).
    if (auto objDesc = appearance::fromModelData(create.model); !objDesc.empty())
        desc.objDesc = std::make_shared<const appearance::ObjDesc>(std::move(objDesc));
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

PacketHandled SmartBox::packet(std::uint32_t opcode, std::uint32_t guid,
                               const wire::GateResult& result) {
    PacketHandled out;
    out.opcode = opcode;
    out.guid = guid;
    out.accepted = result.accepted;
    out.gate = result.gate;
    return out;
}

void SmartBox::publish(PacketHandled packet) const {
    if (m_scene.events().active())
        m_scene.events().publish(m_scene.now(), ownerOf(packet.guid), std::move(packet));
}

void SmartBox::createObject(const wire::CreateObject& create, const WeenieFacts& facts) {
    Object& object = m_objects[create.guid];
    const wire::CreateDecision decision = object.stamps.onCreateObject(create.physics.timestamps);
    const wire::Gate gate = decision.result.gate;
    PacketHandled verdict = packet(wire::opcode::CreateObject, create.guid, decision.result);
    if (gate == wire::Gate::SameInstance) {
        if (m_scene.events().active())
            for (const wire::Channel channel : wire::kCreateBranches)
                verdict.branches.push_back({channel, decision.branchAccepted(channel)});
        publish(std::move(verdict));
        applyCreateBranches(object.owner, create.physics, decision);
        return;
    }
    publish(std::move(verdict));
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
    PacketHandled verdict = packet(wire::opcode::SetState, message.guid, result);
    verdict.state = message.state;
    publish(std::move(verdict));
    if (result.accepted && object.owner)
        m_scene.setState(object.owner, message.state);
}

void SmartBox::vectorUpdate(const wire::VectorUpdate& message) {
    Object& object = m_objects[message.guid];
    const wire::GateResult result = object.stamps.onChannelUpdate(
        wire::Channel::Vector, message.instanceStamp, message.vectorStamp);
    publish(packet(wire::opcode::VectorUpdate, message.guid, result));
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
    PacketHandled verdict = packet(wire::opcode::UpdatePosition, message.guid, decision.result);
    verdict.placement = !decision.result.accepted   ? Placement::None
                        : decision.teleportAdvanced ? Placement::Teleport
                        : !pack.grounded()          ? Placement::Airborne
                                                    : Placement::SetPosition;
    publish(std::move(verdict));
    if (!decision.result.accepted || !object.owner)
        return;
    if (decision.teleportAdvanced || pack.grounded())
        m_scene.setFrame(object.owner, pack.frame);
}

void SmartBox::deleteObject(const wire::DeleteObject& message) {
    Object& object = m_objects[message.guid];
    const wire::GateResult result = object.stamps.onDelete(message.instanceStamp);
    publish(packet(wire::opcode::DeleteObject, message.guid, result));
    if (!result.accepted)
        return;
    if (object.owner)
        m_scene.removeOwner(object.owner);
    object.owner = 0;
}

void SmartBox::playEffect(std::uint32_t guid, const Effect& effect, std::uint32_t opcode) {
    // No gate: an effect for an object not yet there waits for it, in order (R6).
    const bool live = ownerOf(guid) != 0;
    PacketHandled verdict;
    verdict.opcode = opcode;
    verdict.guid = guid;
    verdict.accepted = true;
    verdict.queued = !live;
    publish(std::move(verdict));
    m_scene.deliver(guid, effect);
}

} // namespace portalkit::preview
