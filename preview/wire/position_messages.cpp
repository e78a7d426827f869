#include "preview/wire/position_messages.h"

#include "datreader/io/dat_error.h"
#include "preview/wire/values.h"

#include <array>
#include <bit>
#include <string>
#include <string_view>

namespace portalkit::preview::wire {

namespace {

using dat::ByteCursor;
using dat::ByteWriter;

// The four PositionPack stamps, in wire order, with their JSON channel names.
struct PackStamp {
    std::string_view key;
    const char* field;
    std::uint16_t PositionPack::*member;
};
constexpr std::array<PackStamp, 4> kPackStamps{{
    {"Instance", "PositionPack.timestamps.Instance", &PositionPack::instanceStamp},
    {"Position", "PositionPack.timestamps.Position", &PositionPack::positionStamp},
    {"Teleport", "PositionPack.timestamps.Teleport", &PositionPack::teleportStamp},
    {"ForcePosition", "PositionPack.timestamps.ForcePosition", &PositionPack::forcePositionStamp},
}};
constexpr auto kPackStampKeys = [] {
    std::array<std::string_view, kPackStamps.size()> keys{};
    for (std::size_t i = 0; i < keys.size(); ++i)
        keys[i] = kPackStamps[i].key;
    return keys;
}();

// The orientation components in wire order, each with the bit that omits it.
struct QuatComponent {
    float Quat::*member;
    std::uint32_t omittedBy;
    const char* field;
};
constexpr std::array<QuatComponent, 4> kQuatComponents{{
    {&Quat::w, posflag::OrientationHasNoW, "PositionPack.orientation.w"},
    {&Quat::x, posflag::OrientationHasNoX, "PositionPack.orientation.x"},
    {&Quat::y, posflag::OrientationHasNoY, "PositionPack.orientation.y"},
    {&Quat::z, posflag::OrientationHasNoZ, "PositionPack.orientation.z"},
}};

[[noreturn]] void inconsistent(const char* field, const std::string& message) {
    throw dat::DatError(field, message, 0, dat::OffsetKind::Source);
}

} // namespace

PositionPack PositionPack::decode(ByteCursor& in) {
    PositionPack pack;
    pack.flags = in.u32("PositionPack.flags");
    pack.cellId = in.u32("PositionPack.cellId");
    pack.frame.origin = readVector(in, "PositionPack.origin");
    // Omitted components are zero (PositionPack::UnPack), not the identity's w = 1.
    pack.frame.orientation = Quat(0, 0, 0, 0);
    for (const QuatComponent& component : kQuatComponents)
        if ((pack.flags & component.omittedBy) == 0)
            pack.frame.orientation.*component.member = in.f32(component.field);
    if (pack.flags & posflag::HasVelocity)
        pack.velocity = readVector(in, "PositionPack.velocity");
    if (pack.flags & posflag::HasPlacementId)
        pack.placementId = in.u32("PositionPack.placementId");
    for (const PackStamp& stamp : kPackStamps)
        pack.*stamp.member = in.u16(stamp.field);
    return pack;
}

void PositionPack::encode(ByteWriter& out) const {
    if (((flags & posflag::HasVelocity) != 0) != velocity.has_value())
        inconsistent("PositionPack.velocity", "the HasVelocity bit and the field disagree");
    if (((flags & posflag::HasPlacementId) != 0) != placementId.has_value())
        inconsistent("PositionPack.placementId", "the HasPlacementID bit and the field disagree");
    for (const QuatComponent& component : kQuatComponents) {
        const float value = frame.orientation.*component.member;
        if ((flags & component.omittedBy) != 0 && std::bit_cast<std::uint32_t>(value) != 0)
            inconsistent(component.field, "omitted by its flag bit, so it must be +0, not " +
                                              QString::number(value, 'g', 9).toStdString());
    }
    out.u32(flags);
    out.u32(cellId);
    writeVector(out, frame.origin);
    for (const QuatComponent& component : kQuatComponents)
        if ((flags & component.omittedBy) == 0)
            out.f32(frame.orientation.*component.member);
    if (velocity)
        writeVector(out, *velocity);
    if (placementId)
        out.u32(*placementId);
    for (const PackStamp& stamp : kPackStamps)
        out.u16(this->*stamp.member);
}

void PositionPack::syncFlags() {
    flags = velocity ? flags | posflag::HasVelocity : flags & ~posflag::HasVelocity;
    flags = placementId ? flags | posflag::HasPlacementId : flags & ~posflag::HasPlacementId;
}

PositionPack PositionPack::fromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("expected a PositionPack object");
    PositionPack pack;
    pack.cellId = node["cellId"].u32();
    pack.frame = frameMembersFromJson(node);
    if (hasReal(node, "velocity"))
        pack.velocity = vec3MemberFromJson(node, "velocity");
    if (node.has("placementId"))
        pack.placementId = node["placementId"].u32();
    const dat::JsonNode stamps = node["timestamps"];
    requireOnlyKeys(stamps, kPackStampKeys);
    for (const PackStamp& stamp : kPackStamps)
        pack.*stamp.member = stamps[stamp.key].u16(0);
    if (node.has("flags")) {
        pack.flags = node["flags"].u32();
        if (node.has("grounded") && node["grounded"].boolean() != pack.grounded())
            node["grounded"].fail("disagrees with the IsGrounded bit of \"flags\"");
    } else {
        if (node["grounded"].boolean(false))
            pack.flags |= posflag::IsGrounded;
        pack.syncFlags();
    }
    return pack;
}

QJsonObject toJson(const PositionPack& pack) {
    QJsonObject out = frameJson(pack.frame);
    out["flags"] = hexJson(pack.flags);
    out["cellId"] = hexJson(pack.cellId);
    if (pack.velocity)
        putVec3(out, "velocity", *pack.velocity);
    if (pack.placementId)
        out["placementId"] = qint64(*pack.placementId);
    out["grounded"] = pack.grounded();
    QJsonObject stamps;
    for (const PackStamp& stamp : kPackStamps)
        stamps[QString::fromLatin1(stamp.key.data(), qsizetype(stamp.key.size()))] =
            pack.*stamp.member;
    out["timestamps"] = stamps;
    return out;
}

} // namespace portalkit::preview::wire
