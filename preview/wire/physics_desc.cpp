#include "preview/wire/physics_desc.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/fields.h"
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

// The fields their flag bits gate, after the movement and the animation frame, in wire order:
// one list for decode, encode, syncFlags and both JSON directions. `visit` gets the bit, the
// field's name in errors ("PhysicsDesc.setupId", whose last part is its JSON key) and the field.
template <typename Desc, typename Visit> void forEachGated(Desc& desc, Visit&& visit) {
    visit(descflag::Position, "PhysicsDesc.position", desc.position);
    visit(descflag::MTable, "PhysicsDesc.motionTableId", desc.motionTableId);
    visit(descflag::STable, "PhysicsDesc.soundTableId", desc.soundTableId);
    visit(descflag::PeTable, "PhysicsDesc.physicsScriptTableId", desc.physicsScriptTableId);
    visit(descflag::CSetup, "PhysicsDesc.setupId", desc.setupId);
    visit(descflag::Parent, "PhysicsDesc.parent", desc.parent);
    visit(descflag::Children, "PhysicsDesc.children", desc.children);
    visit(descflag::ObjScale, "PhysicsDesc.objScale", desc.objScale);
    visit(descflag::Friction, "PhysicsDesc.friction", desc.friction);
    visit(descflag::Elasticity, "PhysicsDesc.elasticity", desc.elasticity);
    visit(descflag::Translucency, "PhysicsDesc.translucency", desc.translucency);
    visit(descflag::Velocity, "PhysicsDesc.velocity", desc.velocity);
    visit(descflag::Acceleration, "PhysicsDesc.acceleration", desc.acceleration);
    visit(descflag::Omega, "PhysicsDesc.omega", desc.omega);
    visit(descflag::DefaultScript, "PhysicsDesc.defaultScriptType", desc.defaultScriptType);
    visit(descflag::DefaultScriptIntensity, "PhysicsDesc.defaultScriptIntensity",
          desc.defaultScriptIntensity);
}

// Each kind of gated field on the wire and in JSON. Ids are u32s shown as "0x%08X".
void read(ByteCursor& in, const char* field, std::uint32_t& value) {
    value = in.u32(field);
}
void read(ByteCursor& in, const char* field, float& value) {
    value = in.f32(field);
}
void read(ByteCursor& in, const char* field, Vec3& value) {
    value = readVector(in, field);
}
void read(ByteCursor& in, const char*, WirePosition& position) {
    position.cellId = in.u32("PhysicsDesc.position.cellId");
    position.frame.origin = readVector(in, "PhysicsDesc.position.origin");
    Quat& q = position.frame.orientation;
    for (float* component : {&q.w, &q.x, &q.y, &q.z})
        *component = in.f32("PhysicsDesc.position.orientation");
}
void read(ByteCursor& in, const char*, ChildLink& parent) {
    parent.guid = in.u32("PhysicsDesc.parent.guid");
    parent.locationId = in.u32("PhysicsDesc.parent.locationId");
}
void read(ByteCursor& in, const char*, std::vector<ChildLink>& children) {
    const std::uint32_t count = in.u32("PhysicsDesc.children.count");
    // Eight bytes a child: a count the bytes cannot hold fails before anything is reserved.
    if (count > in.remaining() / 8)
        in.fail("PhysicsDesc.children.count", std::to_string(count) + " children need " +
                                                  std::to_string(8ull * count) + " bytes, only " +
                                                  std::to_string(in.remaining()) + " left");
    children.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::uint32_t guid = in.u32("PhysicsDesc.children.guid");
        children.push_back({guid, in.u32("PhysicsDesc.children.locationId")});
    }
}

void write(ByteWriter& out, std::uint32_t value) {
    out.u32(value);
}
void write(ByteWriter& out, float value) {
    out.f32(value);
}
void write(ByteWriter& out, Vec3 value) {
    writeVector(out, value);
}
void write(ByteWriter& out, const WirePosition& position) {
    out.u32(position.cellId);
    writeVector(out, position.frame.origin);
    const Quat& q = position.frame.orientation;
    for (float component : {q.w, q.x, q.y, q.z})
        out.f32(component);
}
void write(ByteWriter& out, const ChildLink& link) {
    out.u32(link.guid);
    out.u32(link.locationId);
}
void write(ByteWriter& out, const std::vector<ChildLink>& children) {
    out.u32(std::uint32_t(children.size()));
    for (const ChildLink& child : children)
        write(out, child);
}

ChildLink linkFromJson(const dat::JsonNode& node) {
    return {node["guid"].u32(), node["locationId"].u32()};
}
QJsonObject linkJson(const ChildLink& link) {
    return QJsonObject{{"guid", hexJson(link.guid)}, {"locationId", qint64(link.locationId)}};
}

void putJson(QJsonObject& out, const char* key, std::uint32_t value) {
    out[key] = hexJson(value);
}
void putJson(QJsonObject& out, const char* key, float value) {
    putReal(out, key, value);
}
void putJson(QJsonObject& out, const char* key, Vec3 value) {
    putVec3(out, key, value);
}
void putJson(QJsonObject& out, const char* key, const WirePosition& value) {
    QJsonObject position = frameJson(value.frame);
    position["cellId"] = hexJson(value.cellId);
    out[key] = position;
}
void putJson(QJsonObject& out, const char* key, const ChildLink& value) {
    out[key] = linkJson(value);
}
void putJson(QJsonObject& out, const char* key, const std::vector<ChildLink>& value) {
    QJsonArray children;
    for (const ChildLink& child : value)
        children.append(linkJson(child));
    out[key] = children;
}

// Reals and vectors are present when hasReal says so (a NaN may stand only as its bits).
void readJson(const dat::JsonNode& node, const char* key, std::optional<std::uint32_t>& field) {
    if (node.has(key))
        field = node[key].u32();
}
void readJson(const dat::JsonNode& node, const char* key, std::optional<float>& field) {
    if (hasReal(node, key))
        field = realFromJson(node, key);
}
void readJson(const dat::JsonNode& node, const char* key, std::optional<Vec3>& field) {
    if (hasReal(node, key))
        field = vec3MemberFromJson(node, key);
}
void readJson(const dat::JsonNode& node, const char* key, std::optional<WirePosition>& field) {
    if (!node.has(key))
        return;
    const dat::JsonNode position = node[key];
    field = WirePosition{position["cellId"].u32(), frameMembersFromJson(position)};
}
void readJson(const dat::JsonNode& node, const char* key, std::optional<ChildLink>& field) {
    if (node.has(key))
        field = linkFromJson(node[key]);
}
void readJson(const dat::JsonNode& node, const char* key,
              std::optional<std::vector<ChildLink>>& field) {
    if (!node.has(key))
        return;
    std::vector<ChildLink> children;
    for (const dat::JsonNode& child : node[key].elements())
        children.push_back(linkFromJson(child));
    field = std::move(children);
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
    forEachGated(desc, [&in, &desc](std::uint32_t bit, const char* field, auto& value) {
        if (has(desc.flags, bit))
            read(in, field, value.emplace());
    });
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
    forEachGated(*this, [this](std::uint32_t bit, const char* field, const auto& value) {
        requireGated(flags, bit, value, field);
    });
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
    forEachGated(*this, [&out](std::uint32_t, const char*, const auto& value) {
        if (value)
            write(out, *value);
    });
    for (std::uint16_t stamp : timestamps)
        out.u16(stamp);
    const std::size_t padCount = (4 - out.size() % 4) % 4;
    out.bytes(std::span(alignPad.data(), padCount));
}

void PhysicsDesc::syncFlags() {
    setBit(flags, descflag::Movement, movement);
    if (!movement)
        setBit(flags, descflag::AnimationFrame, animationFrame);
    forEachGated(*this, [this](std::uint32_t bit, const char*, const auto& value) {
        setBit(flags, bit, value);
    });
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
    forEachGated(desc, [&node](std::uint32_t, const char* field, auto& value) {
        readJson(node, jsonKey(field), value);
    });

    const dat::JsonNode stamps = node["timestamps"];
    requireOnlyKeys(stamps, kChannelNames);
    for (std::size_t i = 0; i < kChannelCount; ++i)
        desc.timestamps[i] = stamps[kChannelNames[i]].u16(0);
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
    forEachGated(desc, [&out](std::uint32_t, const char* field, const auto& value) {
        if (value)
            putJson(out, jsonKey(field), *value);
    });
    QJsonObject stamps;
    for (std::size_t i = 0; i < kChannelCount; ++i)
        stamps[QString::fromLatin1(kChannelNames[i].data(), qsizetype(kChannelNames[i].size()))] =
            desc.timestamps[i];
    out["timestamps"] = stamps;
    if (desc.alignPad != std::array<std::uint8_t, 3>{})
        out["alignPad"] = bytesJson(desc.alignPad);
    return out;
}

} // namespace portalkit::preview::wire
