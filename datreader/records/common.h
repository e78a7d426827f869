#pragma once

// The small structures many records share (docs/formats.md), each with its read, write and JSON
// form, so every record spells them the same way.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>

namespace portalkit::dat {

struct Vec3 {
    float x = 0, y = 0, z = 0;
    bool operator==(const Vec3&) const = default;
};

// Stored w, x, y, z.
struct Quat {
    float w = 1, x = 0, y = 0, z = 0;
    bool operator==(const Quat&) const = default;
};

struct Frame {
    Vec3 origin;
    Quat orientation;
    bool operator==(const Frame&) const = default;
};

struct Sphere {
    Vec3 center;
    float radius = 0;
    bool operator==(const Sphere&) const = default;
};

struct CylSphere {
    Vec3 lowPoint;
    float radius = 0;
    float height = 0;
    bool operator==(const CylSphere&) const = default;
};

struct Plane {
    Vec3 normal;
    float d = 0;
    bool operator==(const Plane&) const = default;
};

struct LocationType {
    std::int32_t partIndex = 0;
    Frame frame;
    bool operator==(const LocationType&) const = default;
};

struct LightInfo {
    Frame viewSpaceLocation;
    std::uint32_t color = 0; // ColorARGB as a LE u32 0xAARRGGBB
    float intensity = 0;
    float falloff = 0;
    float coneAngle = 0; // often 0xCDCDCDCD junk in retail data; kept bit for bit
    bool operator==(const LightInfo&) const = default;
};

struct AnimData {
    std::uint32_t animId = 0;
    std::int32_t lowFrame = 0;
    std::int32_t highFrame = -1; // -1: the last frame
    float framerate = 30;        // negative plays backwards
    bool operator==(const AnimData&) const = default;
};

struct AttackCone {
    std::uint32_t partIndex = 0;
    float leftX = 0, leftY = 0, rightX = 0, rightY = 0;
    float radius = 0, height = 0;
    bool operator==(const AttackCone&) const = default;
};

Vec3 readVec3(ByteCursor& in, const char* field);
Quat readQuat(ByteCursor& in, const char* field);
Frame readFrame(ByteCursor& in, const char* field);
Sphere readSphere(ByteCursor& in, const char* field);
CylSphere readCylSphere(ByteCursor& in, const char* field);
Plane readPlane(ByteCursor& in, const char* field);
LocationType readLocationType(ByteCursor& in, const char* field);
LightInfo readLightInfo(ByteCursor& in, const char* field);
AnimData readAnimData(ByteCursor& in, const char* field);
AttackCone readAttackCone(ByteCursor& in, const char* field);

void write(ByteWriter& out, const Vec3& value);
void write(ByteWriter& out, const Quat& value);
void write(ByteWriter& out, const Frame& value);
void write(ByteWriter& out, const Sphere& value);
void write(ByteWriter& out, const CylSphere& value);
void write(ByteWriter& out, const Plane& value);
void write(ByteWriter& out, const LocationType& value);
void write(ByteWriter& out, const LightInfo& value);
void write(ByteWriter& out, const AnimData& value);
void write(ByteWriter& out, const AttackCone& value);

// JSON forms: vectors as [x, y, z], quaternions as [w, x, y, z], ids as "0x%08X", and reals as
// numbers except NaN, the infinities and negative zero, which JSON cannot carry: "nan", "inf",
// "-inf", "-0".
QString didJson(std::uint32_t did);
// What people type for an id: "0x02000124", "02000124" or "2000124" (always hex); nothing when
// it is not hex or has more than 8 digits.
std::optional<std::uint32_t> parseDid(const QString& text);
QJsonValue realJson(double value);
// The record codecs' reals: realJson, except that a NaN other than the default quiet NaN keeps
// its bits as "nan(0x7FC01234)" (a float) or "nan(0x7FF8000000000001)" (a double), which
// JsonNode::f32 and f64 read back bit for bit. Retail data holds such payloads.
QJsonValue exactJson(float value);
QJsonValue exactJson(double value);
QJsonArray toJson(const Vec3& value);
QJsonArray toJson(const Quat& value);
QJsonObject toJson(const Frame& value);
QJsonObject toJson(const Sphere& value);
QJsonObject toJson(const CylSphere& value);
QJsonObject toJson(const Plane& value);
QJsonObject toJson(const LocationType& value);
QJsonObject toJson(const LightInfo& value);
QJsonObject toJson(const AnimData& value);
QJsonObject toJson(const AttackCone& value);

// A bool32 as true/false when it is 0 or 1; any other raw value stays a number, so it survives a
// trip through JSON. bool32FromJson takes either spelling.
QJsonValue bool32Json(std::uint32_t value);
std::uint32_t bool32FromJson(const JsonNode& node);

// The inverse of the JSON forms above, for sources written by hand or by `show --json`. Keys
// that toJson always writes are required unless noted; a Frame's orientation defaults to the
// identity and its origin to zero, so hand-written sources stay short.
Vec3 vec3FromJson(const JsonNode& node);
Quat quatFromJson(const JsonNode& node);
Frame frameFromJson(const JsonNode& node);
Sphere sphereFromJson(const JsonNode& node);
CylSphere cylSphereFromJson(const JsonNode& node);
Plane planeFromJson(const JsonNode& node);
LocationType locationTypeFromJson(const JsonNode& node);
LightInfo lightInfoFromJson(const JsonNode& node);
AnimData animDataFromJson(const JsonNode& node);
AttackCone attackConeFromJson(const JsonNode& node);

// The record's "id" when the source gives one; it must then name `did`.
std::uint32_t ownIdFromJson(const JsonNode& node, std::uint32_t did);

// A count read from the data, checked against what the remaining bytes could hold (each item
// needs at least `minItemBytes`), so a corrupt count fails at once instead of reserving memory.
std::uint32_t readCount(ByteCursor& in, const char* field, std::size_t minItemBytes);

// Reads the leading u32 id every record but Surface starts with and checks it names `did`.
std::uint32_t readOwnId(ByteCursor& in, std::uint32_t did);

} // namespace portalkit::dat
