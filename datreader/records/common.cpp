#include "datreader/records/common.h"

#include "datreader/io/dat_error.h"

#include <bit>
#include <cmath>
#include <limits>

namespace portalkit::dat {

Vec3 readVec3(ByteCursor& in, const char* field) {
    Vec3 v;
    v.x = in.f32(field);
    v.y = in.f32(field);
    v.z = in.f32(field);
    return v;
}

Quat readQuat(ByteCursor& in, const char* field) {
    Quat q;
    q.w = in.f32(field);
    q.x = in.f32(field);
    q.y = in.f32(field);
    q.z = in.f32(field);
    return q;
}

Frame readFrame(ByteCursor& in, const char* field) {
    Frame f;
    f.origin = readVec3(in, field);
    f.orientation = readQuat(in, field);
    return f;
}

Sphere readSphere(ByteCursor& in, const char* field) {
    Sphere s;
    s.center = readVec3(in, field);
    s.radius = in.f32(field);
    return s;
}

CylSphere readCylSphere(ByteCursor& in, const char* field) {
    CylSphere c;
    c.lowPoint = readVec3(in, field);
    c.radius = in.f32(field);
    c.height = in.f32(field);
    return c;
}

Plane readPlane(ByteCursor& in, const char* field) {
    Plane p;
    p.normal = readVec3(in, field);
    p.d = in.f32(field);
    return p;
}

LocationType readLocationType(ByteCursor& in, const char* field) {
    LocationType l;
    l.partIndex = in.i32(field);
    l.frame = readFrame(in, field);
    return l;
}

LightInfo readLightInfo(ByteCursor& in, const char* field) {
    LightInfo l;
    l.viewSpaceLocation = readFrame(in, field);
    l.color = in.u32(field);
    l.intensity = in.f32(field);
    l.falloff = in.f32(field);
    l.coneAngle = in.f32(field);
    return l;
}

AnimData readAnimData(ByteCursor& in, const char* field) {
    AnimData a;
    a.animId = in.u32(field);
    a.lowFrame = in.i32(field);
    a.highFrame = in.i32(field);
    a.framerate = in.f32(field);
    return a;
}

AttackCone readAttackCone(ByteCursor& in, const char* field) {
    AttackCone c;
    c.partIndex = in.u32(field);
    c.leftX = in.f32(field);
    c.leftY = in.f32(field);
    c.rightX = in.f32(field);
    c.rightY = in.f32(field);
    c.radius = in.f32(field);
    c.height = in.f32(field);
    return c;
}

void write(ByteWriter& out, const Vec3& v) {
    out.f32(v.x);
    out.f32(v.y);
    out.f32(v.z);
}

void write(ByteWriter& out, const Quat& q) {
    out.f32(q.w);
    out.f32(q.x);
    out.f32(q.y);
    out.f32(q.z);
}

void write(ByteWriter& out, const Frame& f) {
    write(out, f.origin);
    write(out, f.orientation);
}

void write(ByteWriter& out, const Sphere& s) {
    write(out, s.center);
    out.f32(s.radius);
}

void write(ByteWriter& out, const CylSphere& c) {
    write(out, c.lowPoint);
    out.f32(c.radius);
    out.f32(c.height);
}

void write(ByteWriter& out, const Plane& p) {
    write(out, p.normal);
    out.f32(p.d);
}

void write(ByteWriter& out, const LocationType& l) {
    out.i32(l.partIndex);
    write(out, l.frame);
}

void write(ByteWriter& out, const LightInfo& l) {
    write(out, l.viewSpaceLocation);
    out.u32(l.color);
    out.f32(l.intensity);
    out.f32(l.falloff);
    out.f32(l.coneAngle);
}

void write(ByteWriter& out, const AnimData& a) {
    out.u32(a.animId);
    out.i32(a.lowFrame);
    out.i32(a.highFrame);
    out.f32(a.framerate);
}

void write(ByteWriter& out, const AttackCone& c) {
    out.u32(c.partIndex);
    for (float value : {c.leftX, c.leftY, c.rightX, c.rightY, c.radius, c.height})
        out.f32(value);
}

QString didJson(std::uint32_t did) {
    return QString::fromStdString(formatDid(did));
}

std::optional<std::uint32_t> parseDid(const QString& text) {
    QString digits = text.trimmed();
    if (digits.startsWith("0x", Qt::CaseInsensitive))
        digits = digits.mid(2);
    if (digits.isEmpty() || digits.size() > 8)
        return std::nullopt;
    bool ok = false;
    const std::uint32_t did = digits.toUInt(&ok, 16);
    return ok ? std::optional(did) : std::nullopt;
}

QJsonValue realJson(double value) {
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == 0 && std::signbit(value))
        return "-0"; // a JSON number -0 reads back as +0, and retail frames hold -0.0
    return value;
}

QJsonValue exactJson(float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    if (std::isnan(value) &&
        bits != std::bit_cast<std::uint32_t>(std::numeric_limits<float>::quiet_NaN()))
        return QString::asprintf("nan(0x%08X)", bits);
    return realJson(value);
}

QJsonValue exactJson(double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    if (std::isnan(value) &&
        bits != std::bit_cast<std::uint64_t>(std::numeric_limits<double>::quiet_NaN()))
        return QString::asprintf("nan(0x%016llX)", static_cast<unsigned long long>(bits));
    return realJson(value);
}

QJsonArray toJson(const Vec3& v) {
    return {exactJson(v.x), exactJson(v.y), exactJson(v.z)};
}

QJsonArray toJson(const Quat& q) {
    return {exactJson(q.w), exactJson(q.x), exactJson(q.y), exactJson(q.z)};
}

QJsonObject toJson(const Frame& f) {
    return {{"origin", toJson(f.origin)}, {"orientation", toJson(f.orientation)}};
}

QJsonObject toJson(const Sphere& s) {
    return {{"center", toJson(s.center)}, {"radius", exactJson(s.radius)}};
}

QJsonObject toJson(const CylSphere& c) {
    return {{"lowPoint", toJson(c.lowPoint)},
            {"radius", exactJson(c.radius)},
            {"height", exactJson(c.height)}};
}

QJsonObject toJson(const Plane& p) {
    return {{"normal", toJson(p.normal)}, {"d", exactJson(p.d)}};
}

QJsonObject toJson(const LocationType& l) {
    return {{"partIndex", l.partIndex}, {"frame", toJson(l.frame)}};
}

QJsonObject toJson(const LightInfo& l) {
    return {{"viewSpaceLocation", toJson(l.viewSpaceLocation)},
            {"color", didJson(l.color)},
            {"intensity", exactJson(l.intensity)},
            {"falloff", exactJson(l.falloff)},
            {"coneAngle", exactJson(l.coneAngle)}};
}

QJsonObject toJson(const AnimData& a) {
    return {{"animId", didJson(a.animId)},
            {"lowFrame", a.lowFrame},
            {"highFrame", a.highFrame},
            {"framerate", exactJson(a.framerate)}};
}

QJsonObject toJson(const AttackCone& c) {
    return {{"partIndex", qint64(c.partIndex)}, {"leftX", exactJson(c.leftX)},
            {"leftY", exactJson(c.leftY)},      {"rightX", exactJson(c.rightX)},
            {"rightY", exactJson(c.rightY)},    {"radius", exactJson(c.radius)},
            {"height", exactJson(c.height)}};
}

QJsonValue bool32Json(std::uint32_t value) {
    return value <= 1 ? QJsonValue(value == 1) : QJsonValue(qint64(value));
}

std::uint32_t bool32FromJson(const JsonNode& node) {
    return node.value().isBool() ? std::uint32_t(node.boolean()) : node.u32();
}

Vec3 vec3FromJson(const JsonNode& node) {
    if (node.isArray() && node.value().toArray().size() != 3)
        node.fail("expected [x, y, z]");
    return {node[0].f32(), node[1].f32(), node[2].f32()};
}

Quat quatFromJson(const JsonNode& node) {
    if (node.isArray() && node.value().toArray().size() != 4)
        node.fail("expected [w, x, y, z]");
    return {node[0].f32(), node[1].f32(), node[2].f32(), node[3].f32()};
}

Frame frameFromJson(const JsonNode& node) {
    Frame frame;
    if (!node["origin"].isMissing())
        frame.origin = vec3FromJson(node["origin"]);
    if (!node["orientation"].isMissing())
        frame.orientation = quatFromJson(node["orientation"]);
    return frame;
}

Sphere sphereFromJson(const JsonNode& node) {
    return {vec3FromJson(node["center"]), node["radius"].f32()};
}

CylSphere cylSphereFromJson(const JsonNode& node) {
    return {vec3FromJson(node["lowPoint"]), node["radius"].f32(), node["height"].f32()};
}

Plane planeFromJson(const JsonNode& node) {
    return {vec3FromJson(node["normal"]), node["d"].f32()};
}

LocationType locationTypeFromJson(const JsonNode& node) {
    return {node["partIndex"].i32(), frameFromJson(node["frame"])};
}

LightInfo lightInfoFromJson(const JsonNode& node) {
    return {frameFromJson(node["viewSpaceLocation"]), node["color"].u32(), node["intensity"].f32(),
            node["falloff"].f32(), node["coneAngle"].f32(0)};
}

AnimData animDataFromJson(const JsonNode& node) {
    return {node["animId"].u32(), node["lowFrame"].i32(0), node["highFrame"].i32(-1),
            node["framerate"].f32(30)};
}

AttackCone attackConeFromJson(const JsonNode& node) {
    return {node["partIndex"].u32(), node["leftX"].f32(),  node["leftY"].f32(),
            node["rightX"].f32(),    node["rightY"].f32(), node["radius"].f32(),
            node["height"].f32()};
}

std::uint32_t ownIdFromJson(const JsonNode& node, std::uint32_t did) {
    const std::uint32_t id = node["id"].u32(did);
    if (id != did)
        node["id"].fail("record says " + formatDid(id) + ", its entry is " + formatDid(did));
    return id;
}

std::uint32_t readCount(ByteCursor& in, const char* field, std::size_t minItemBytes) {
    const std::uint32_t count = in.u32(field);
    if (minItemBytes > 0 && count > in.remaining() / minItemBytes)
        in.failAt(in.position() - 4, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

std::uint32_t readOwnId(ByteCursor& in, std::uint32_t did) {
    const std::uint32_t id = in.u32("id");
    if (id != did)
        in.failAt(0, "id", "record says " + formatDid(id) + ", its entry is " + formatDid(did));
    return id;
}

} // namespace portalkit::dat
