#pragma once

// What the wire messages share: vectors on the wire, and the JSON spellings (ids as "0x%08X",
// reals through dat::realJson, and for a NaN the raw bits beside it: a NaN payload is data, R5).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/core/math.h"

#include <QJsonObject>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace portalkit::preview::wire {

// A message's u32 opcode, which must be `expected` (the failure names offset 0, the opcode's).
void readOpcode(dat::ByteCursor& in, std::uint32_t expected);

// Three f32s, x y z, each read naming `field`.
Vec3 readVector(dat::ByteCursor& in, const char* field);
void writeVector(dat::ByteWriter& out, Vec3 value);

QString hexJson(std::uint32_t value);
// obj[key] = the real; when it is NaN, obj[key + "Bits"] = its raw bits as hex.
void putReal(QJsonObject& obj, const QString& key, float value);
void putRealBits(QJsonObject& obj, const QString& key, std::uint32_t bits);
// obj[key] = [x, y, z]; when any is NaN, obj[key + "Bits"] = the three raw bits as hex.
void putVec3(QJsonObject& obj, const QString& key, Vec3 value);
// obj[key] = [w, x, y, z]; when any is NaN, obj[key + "Bits"] = the four raw bits as hex.
void putQuat(QJsonObject& obj, const QString& key, Quat value);
// {"origin": ..., "orientation": ...} through putVec3 and putQuat.
QJsonObject frameJson(const Frame& frame);
// Raw bytes as lower-case hex, no separators.
QString bytesJson(std::span<const std::uint8_t> bytes);

// The inverses, reading member `key` of the object `obj`. Where the plain value is "nan" (or is
// left out), "<key>Bits" gives the exact bits, so a NaN payload comes back as it went out; any
// other plain value is exact as it is and is taken over the bits.
bool hasReal(const dat::JsonNode& obj, std::string_view key);
std::uint32_t realBitsFromJson(const dat::JsonNode& obj, std::string_view key);
float realFromJson(const dat::JsonNode& obj, std::string_view key);
Vec3 vec3MemberFromJson(const dat::JsonNode& obj, std::string_view key);
Quat quatMemberFromJson(const dat::JsonNode& obj, std::string_view key);
// The members "origin" and "orientation" of `obj` (named so ADL cannot confuse them with
// dat::vec3FromJson and friends); origin defaults to zero, orientation to the identity.
Frame frameMembersFromJson(const dat::JsonNode& obj);
// Hex digits, with any whitespace or '|' between them.
std::vector<std::uint8_t> bytesFromJson(const dat::JsonNode& node);
// Fails on the first member of `obj` not in `allowed`: for closed sets such as the stamps,
// where a misspelt channel would otherwise read as a silent zero.
void requireOnlyKeys(const dat::JsonNode& obj, std::span<const std::string_view> allowed);
// Pad bytes written by toJson as hex; a missing member is all zeros.
template <std::size_t N> std::array<std::uint8_t, N> padFromJson(const dat::JsonNode& node) {
    std::array<std::uint8_t, N> pad{};
    if (node.isMissing())
        return pad;
    const std::vector<std::uint8_t> bytes = bytesFromJson(node);
    if (bytes.size() != N)
        node.fail("expected " + std::to_string(N) + " pad bytes, got " +
                  std::to_string(bytes.size()));
    std::copy(bytes.begin(), bytes.end(), pad.begin());
    return pad;
}

} // namespace portalkit::preview::wire
