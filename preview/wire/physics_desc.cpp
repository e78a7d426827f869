#include "preview/wire/physics_desc.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/values.h"

#include <QJsonArray>

namespace portalkit::preview::wire {

namespace {

using dat::ByteCursor;
using dat::ByteWriter;

bool has(std::uint32_t flags, std::uint32_t bit) {
    return (flags & bit) != 0;
}

// Exactly nine, in this order, whatever the flags say (R1).
constexpr std::array<const char*, kChannelCount> kStampFields{
    "PhysicsDesc.timestamps.Position",      "PhysicsDesc.timestamps.Movement",
    "PhysicsDesc.timestamps.State",         "PhysicsDesc.timestamps.Vector",
    "PhysicsDesc.timestamps.Teleport",      "PhysicsDesc.timestamps.ServerControlledMove",
    "PhysicsDesc.timestamps.ForcePosition", "PhysicsDesc.timestamps.ObjDesc",
    "PhysicsDesc.timestamps.Instance",
};

[[noreturn]] void inconsistent(const char* field, const char* message) {
    throw dat::DatError(field, message, 0, dat::OffsetKind::Source);
}

// A field is written exactly when its bit is set; anything else would not decode back.
template <typename T>
void requireGated(std::uint32_t flags, std::uint32_t bit, const std::optional<T>& field,
                  const char* name) {
    if (has(flags, bit) && !field)
        inconsistent(name, "its flag bit is set but the field is absent");
    if (!has(flags, bit) && field)
        inconsistent(name, "the field is present but its flag bit is clear");
}

// The JSON names of the nine stamps, in Timestamps order.
constexpr std::array<std::string_view, kChannelCount> kStampKeys{
    "Position",      "Movement", "State",    "Vector", "Teleport", "ServerControlledMove",
    "ForcePosition", "ObjDesc",  "Instance",
};

ChildLink linkFromJson(const dat::JsonNode& node) {
    return {node["guid"].u32(), node["locationId"].u32()};
}

template <typename T>
void setBit(std::uint32_t& flags, std::uint32_t bit, const std::optional<T>& field) {
    flags = field ? flags | bit : flags & ~bit;
}

} // namespace

PhysicsDesc PhysicsDesc::decode(ByteCursor& in) {
    PhysicsDesc desc;
    desc.flags = in.u32("PhysicsDesc.flags");
    desc.state = in.u32("PhysicsDesc.state");
    if (has(desc.flags, descflag::Movement)) {
        const std::uint32_t length = in.u32("PhysicsDesc.movement.length");
        const auto bytes = in.bytes(length, "PhysicsDesc.movement.bytes");
        desc.movement.emplace(bytes.begin(), bytes.end());
        if (length > 0)
            desc.autonomousMovement = in.u32("PhysicsDesc.autonomousMovement");
    } else if (has(desc.flags, descflag::AnimationFrame)) {
        desc.animationFrame = in.u32("PhysicsDesc.animationFrame");
    }
    if (has(desc.flags, descflag::Position)) {
        WirePosition position;
        position.cellId = in.u32("PhysicsDesc.position.cellId");
        position.frame.origin = readVector(in, "PhysicsDesc.position.origin");
        Quat& q = position.frame.orientation;
        q.w = in.f32("PhysicsDesc.position.orientation");
        q.x = in.f32("PhysicsDesc.position.orientation");
        q.y = in.f32("PhysicsDesc.position.orientation");
        q.z = in.f32("PhysicsDesc.position.orientation");
        desc.position = position;
    }
    if (has(desc.flags, descflag::MTable))
        desc.motionTableId = in.u32("PhysicsDesc.motionTableId");
    if (has(desc.flags, descflag::STable))
        desc.soundTableId = in.u32("PhysicsDesc.soundTableId");
    if (has(desc.flags, descflag::PeTable))
        desc.physicsScriptTableId = in.u32("PhysicsDesc.physicsScriptTableId");
    if (has(desc.flags, descflag::CSetup))
        desc.setupId = in.u32("PhysicsDesc.setupId");
    if (has(desc.flags, descflag::Parent)) {
        const std::uint32_t guid = in.u32("PhysicsDesc.parent.guid");
        desc.parent = ChildLink{guid, in.u32("PhysicsDesc.parent.locationId")};
    }
    if (has(desc.flags, descflag::Children)) {
        const std::uint32_t count = in.u32("PhysicsDesc.children.count");
        // Eight bytes a child: a count the bytes cannot hold fails before anything is reserved.
        if (count > in.remaining() / 8)
            in.fail("PhysicsDesc.children.count",
                    std::to_string(count) + " children need " + std::to_string(8ull * count) +
                        " bytes, only " + std::to_string(in.remaining()) + " left");
        std::vector<ChildLink> children;
        children.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t guid = in.u32("PhysicsDesc.children.guid");
            children.push_back({guid, in.u32("PhysicsDesc.children.locationId")});
        }
        desc.children = std::move(children);
    }
    if (has(desc.flags, descflag::ObjScale))
        desc.objScale = in.f32("PhysicsDesc.objScale");
    if (has(desc.flags, descflag::Friction))
        desc.friction = in.f32("PhysicsDesc.friction");
    if (has(desc.flags, descflag::Elasticity))
        desc.elasticity = in.f32("PhysicsDesc.elasticity");
    if (has(desc.flags, descflag::Translucency))
        desc.translucency = in.f32("PhysicsDesc.translucency");
    if (has(desc.flags, descflag::Velocity))
        desc.velocity = readVector(in, "PhysicsDesc.velocity");
    if (has(desc.flags, descflag::Acceleration))
        desc.acceleration = readVector(in, "PhysicsDesc.acceleration");
    if (has(desc.flags, descflag::Omega))
        desc.omega = readVector(in, "PhysicsDesc.omega");
    if (has(desc.flags, descflag::DefaultScript))
        desc.defaultScriptType = in.u32("PhysicsDesc.defaultScriptType");
    if (has(desc.flags, descflag::DefaultScriptIntensity))
        desc.defaultScriptIntensity = in.f32("PhysicsDesc.defaultScriptIntensity");
    for (std::size_t i = 0; i < kChannelCount; ++i)
        desc.timestamps[i] = in.u16(kStampFields[i]);
    const auto pad = in.bytes((4 - in.position() % 4) % 4, "PhysicsDesc.align");
    std::copy(pad.begin(), pad.end(), desc.alignPad.begin());
    return desc;
}

void PhysicsDesc::encode(ByteWriter& out) const {
    const bool hasMovement = has(flags, descflag::Movement);
    if (hasMovement != movement.has_value())
        inconsistent("PhysicsDesc.movement", "the Movement bit and the field disagree");
    if (autonomousMovement.has_value() != (movement && !movement->empty()))
        inconsistent("PhysicsDesc.autonomousMovement",
                     "present exactly when the movement bytes are non-empty");
    if (animationFrame.has_value() != (!hasMovement && has(flags, descflag::AnimationFrame)))
        inconsistent("PhysicsDesc.animationFrame",
                     "present exactly when AnimationFrame is set and Movement is clear");
    requireGated(flags, descflag::Position, position, "PhysicsDesc.position");
    requireGated(flags, descflag::MTable, motionTableId, "PhysicsDesc.motionTableId");
    requireGated(flags, descflag::STable, soundTableId, "PhysicsDesc.soundTableId");
    requireGated(flags, descflag::PeTable, physicsScriptTableId,
                 "PhysicsDesc.physicsScriptTableId");
    requireGated(flags, descflag::CSetup, setupId, "PhysicsDesc.setupId");
    requireGated(flags, descflag::Parent, parent, "PhysicsDesc.parent");
    requireGated(flags, descflag::Children, children, "PhysicsDesc.children");
    requireGated(flags, descflag::ObjScale, objScale, "PhysicsDesc.objScale");
    requireGated(flags, descflag::Friction, friction, "PhysicsDesc.friction");
    requireGated(flags, descflag::Elasticity, elasticity, "PhysicsDesc.elasticity");
    requireGated(flags, descflag::Translucency, translucency, "PhysicsDesc.translucency");
    requireGated(flags, descflag::Velocity, velocity, "PhysicsDesc.velocity");
    requireGated(flags, descflag::Acceleration, acceleration, "PhysicsDesc.acceleration");
    requireGated(flags, descflag::Omega, omega, "PhysicsDesc.omega");
    requireGated(flags, descflag::DefaultScript, defaultScriptType,
                 "PhysicsDesc.defaultScriptType");
    requireGated(flags, descflag::DefaultScriptIntensity, defaultScriptIntensity,
                 "PhysicsDesc.defaultScriptIntensity");

    out.u32(flags);
    out.u32(state);
    if (movement) {
        out.u32(std::uint32_t(movement->size()));
        out.bytes(*movement);
        if (autonomousMovement)
            out.u32(*autonomousMovement);
    }
    if (animationFrame)
        out.u32(*animationFrame);
    if (position) {
        out.u32(position->cellId);
        writeVector(out, position->frame.origin);
        const Quat& q = position->frame.orientation;
        out.f32(q.w);
        out.f32(q.x);
        out.f32(q.y);
        out.f32(q.z);
    }
    for (const auto& id : {motionTableId, soundTableId, physicsScriptTableId, setupId})
        if (id)
            out.u32(*id);
    if (parent) {
        out.u32(parent->guid);
        out.u32(parent->locationId);
    }
    if (children) {
        out.u32(std::uint32_t(children->size()));
        for (const ChildLink& child : *children) {
            out.u32(child.guid);
            out.u32(child.locationId);
        }
    }
    for (const auto& real : {objScale, friction, elasticity, translucency})
        if (real)
            out.f32(*real);
    for (const auto& vector : {velocity, acceleration, omega})
        if (vector)
            writeVector(out, *vector);
    if (defaultScriptType)
        out.u32(*defaultScriptType);
    if (defaultScriptIntensity)
        out.f32(*defaultScriptIntensity);
    for (std::uint16_t stamp : timestamps)
        out.u16(stamp);
    const std::size_t padCount = (4 - out.size() % 4) % 4;
    out.bytes(std::span(alignPad.data(), padCount));
}

void PhysicsDesc::syncFlags() {
    setBit(flags, descflag::Movement, movement);
    if (!movement)
        setBit(flags, descflag::AnimationFrame, animationFrame);
    setBit(flags, descflag::Position, position);
    setBit(flags, descflag::MTable, motionTableId);
    setBit(flags, descflag::STable, soundTableId);
    setBit(flags, descflag::PeTable, physicsScriptTableId);
    setBit(flags, descflag::CSetup, setupId);
    setBit(flags, descflag::Parent, parent);
    setBit(flags, descflag::Children, children);
    setBit(flags, descflag::ObjScale, objScale);
    setBit(flags, descflag::Friction, friction);
    setBit(flags, descflag::Elasticity, elasticity);
    setBit(flags, descflag::Translucency, translucency);
    setBit(flags, descflag::Velocity, velocity);
    setBit(flags, descflag::Acceleration, acceleration);
    setBit(flags, descflag::Omega, omega);
    setBit(flags, descflag::DefaultScript, defaultScriptType);
    setBit(flags, descflag::DefaultScriptIntensity, defaultScriptIntensity);
}

PhysicsDesc PhysicsDesc::fromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a PhysicsDesc object");
    PhysicsDesc desc;
    desc.state = node["state"].u32();
    if (node.has("movement")) {
        desc.movement = bytesFromJson(node["movement"]);
        // movementLength is what toJson reports, not a second source of truth.
        if (node.has("movementLength") &&
            node["movementLength"].u32() != std::uint32_t(desc.movement->size()))
            node["movementLength"].fail("does not match the " +
                                        std::to_string(desc.movement->size()) + " movement bytes");
        if (!desc.movement->empty())
            desc.autonomousMovement = node["autonomousMovement"].u32(0);
        else if (node.has("autonomousMovement"))
            node["autonomousMovement"].fail("is only sent after non-empty movement bytes");
    }
    if (node.has("animationFrame"))
        desc.animationFrame = node["animationFrame"].u32();
    if (node.has("position")) {
        const dat::JsonNode position = node["position"];
        desc.position = WirePosition{position["cellId"].u32(), frameMembersFromJson(position)};
    }
    const auto id = [&node](const char* key, std::optional<std::uint32_t>& field) {
        if (node.has(key))
            field = node[key].u32();
    };
    id("motionTableId", desc.motionTableId);
    id("soundTableId", desc.soundTableId);
    id("physicsScriptTableId", desc.physicsScriptTableId);
    id("setupId", desc.setupId);
    if (node.has("parent"))
        desc.parent = linkFromJson(node["parent"]);
    if (node.has("children")) {
        std::vector<ChildLink> children;
        for (const dat::JsonNode& child : node["children"].elements())
            children.push_back(linkFromJson(child));
        desc.children = std::move(children);
    }
    const auto real = [&node](const char* key, std::optional<float>& field) {
        if (hasReal(node, key))
            field = realFromJson(node, key);
    };
    real("objScale", desc.objScale);
    real("friction", desc.friction);
    real("elasticity", desc.elasticity);
    real("translucency", desc.translucency);
    const auto vector = [&node](const char* key, std::optional<Vec3>& field) {
        if (hasReal(node, key))
            field = vec3MemberFromJson(node, key);
    };
    vector("velocity", desc.velocity);
    vector("acceleration", desc.acceleration);
    vector("omega", desc.omega);
    id("defaultScriptType", desc.defaultScriptType);
    real("defaultScriptIntensity", desc.defaultScriptIntensity);

    const dat::JsonNode stamps = node["timestamps"];
    requireOnlyKeys(stamps, kStampKeys);
    for (std::size_t i = 0; i < kChannelCount; ++i)
        desc.timestamps[i] = stamps[kStampKeys[i]].u16(0);
    desc.alignPad = padFromJson<3>(node["alignPad"]);

    if (node.has("flags"))
        desc.flags = node["flags"].u32();
    else
        desc.syncFlags();
    return desc;
}

PhysicsDesc PhysicsDesc::fromJson(const QJsonObject& json) {
    return fromJson(dat::JsonNode(json, ""));
}

QJsonObject toJson(const PhysicsDesc& desc) {
    QJsonObject out;
    out["flags"] = hexJson(desc.flags);
    out["state"] = hexJson(desc.state);
    if (desc.movement) {
        out["movement"] = bytesJson(*desc.movement);
        out["movementLength"] = qint64(desc.movement->size());
    }
    if (desc.autonomousMovement)
        out["autonomousMovement"] = qint64(*desc.autonomousMovement);
    if (desc.animationFrame)
        out["animationFrame"] = qint64(*desc.animationFrame);
    if (desc.position) {
        QJsonObject position = frameJson(desc.position->frame);
        position["cellId"] = hexJson(desc.position->cellId);
        out["position"] = position;
    }
    if (desc.motionTableId)
        out["motionTableId"] = hexJson(*desc.motionTableId);
    if (desc.soundTableId)
        out["soundTableId"] = hexJson(*desc.soundTableId);
    if (desc.physicsScriptTableId)
        out["physicsScriptTableId"] = hexJson(*desc.physicsScriptTableId);
    if (desc.setupId)
        out["setupId"] = hexJson(*desc.setupId);
    const auto link = [](const ChildLink& child) {
        return QJsonObject{{"guid", hexJson(child.guid)}, {"locationId", qint64(child.locationId)}};
    };
    if (desc.parent)
        out["parent"] = link(*desc.parent);
    if (desc.children) {
        QJsonArray children;
        for (const ChildLink& child : *desc.children)
            children.append(link(child));
        out["children"] = children;
    }
    if (desc.objScale)
        putReal(out, "objScale", *desc.objScale);
    if (desc.friction)
        putReal(out, "friction", *desc.friction);
    if (desc.elasticity)
        putReal(out, "elasticity", *desc.elasticity);
    if (desc.translucency)
        putReal(out, "translucency", *desc.translucency);
    if (desc.velocity)
        putVec3(out, "velocity", *desc.velocity);
    if (desc.acceleration)
        putVec3(out, "acceleration", *desc.acceleration);
    if (desc.omega)
        putVec3(out, "omega", *desc.omega);
    if (desc.defaultScriptType)
        out["defaultScriptType"] = hexJson(*desc.defaultScriptType);
    if (desc.defaultScriptIntensity)
        putReal(out, "defaultScriptIntensity", *desc.defaultScriptIntensity);
    QJsonObject stamps;
    for (std::size_t i = 0; i < kChannelCount; ++i)
        stamps[QString::fromLatin1(kStampKeys[i].data(), qsizetype(kStampKeys[i].size()))] =
            desc.timestamps[i];
    out["timestamps"] = stamps;
    if (desc.alignPad != std::array<std::uint8_t, 3>{})
        out["alignPad"] = bytesJson(desc.alignPad);
    return out;
}

} // namespace portalkit::preview::wire
