#include "preview/wire/values.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QJsonArray>
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>

namespace portalkit::preview::wire {

void readOpcode(dat::ByteCursor& in, std::uint32_t expected) {
    const std::uint32_t opcode = in.u32("opcode");
    if (opcode != expected)
        in.failAt(0, "opcode", "expected " + dat::formatDid(expected));
}

Vec3 readVector(dat::ByteCursor& in, const char* field) {
    const float x = in.f32(field);
    const float y = in.f32(field);
    const float z = in.f32(field);
    return {x, y, z};
}

void writeVector(dat::ByteWriter& out, Vec3 value) {
    out.f32(value.x);
    out.f32(value.y);
    out.f32(value.z);
}

QString hexJson(std::uint32_t value) {
    return dat::didJson(value);
}

void putRealBits(QJsonObject& obj, const QString& key, std::uint32_t bits) {
    const float value = std::bit_cast<float>(bits);
    obj[key] = dat::realJson(value);
    if (std::isnan(value))
        obj[key + "Bits"] = hexJson(bits);
}

void putReal(QJsonObject& obj, const QString& key, float value) {
    putRealBits(obj, key, std::bit_cast<std::uint32_t>(value));
}

void putVec3(QJsonObject& obj, const QString& key, Vec3 value) {
    obj[key] = QJsonArray{dat::realJson(value.x), dat::realJson(value.y), dat::realJson(value.z)};
    if (std::isnan(value.x) || std::isnan(value.y) || std::isnan(value.z))
        obj[key + "Bits"] = QJsonArray{hexJson(std::bit_cast<std::uint32_t>(value.x)),
                                       hexJson(std::bit_cast<std::uint32_t>(value.y)),
                                       hexJson(std::bit_cast<std::uint32_t>(value.z))};
}

void putQuat(QJsonObject& obj, const QString& key, Quat value) {
    obj[key] = QJsonArray{dat::realJson(value.w), dat::realJson(value.x), dat::realJson(value.y),
                          dat::realJson(value.z)};
    if (std::isnan(value.w) || std::isnan(value.x) || std::isnan(value.y) || std::isnan(value.z))
        obj[key + "Bits"] = QJsonArray{hexJson(std::bit_cast<std::uint32_t>(value.w)),
                                       hexJson(std::bit_cast<std::uint32_t>(value.x)),
                                       hexJson(std::bit_cast<std::uint32_t>(value.y)),
                                       hexJson(std::bit_cast<std::uint32_t>(value.z))};
}

QJsonObject frameJson(const Frame& frame) {
    QJsonObject out;
    putVec3(out, "origin", frame.origin);
    putQuat(out, "orientation", frame.orientation);
    return out;
}

QString bytesJson(std::span<const std::uint8_t> bytes) {
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())).toHex());
}

namespace {

std::string bitsKey(std::string_view key) {
    return std::string(key) + "Bits";
}

// One real: the plain value, unless it is "nan" (or left out) and the exact bits are given. A
// finite value, an infinity or -0 is exact as it is, so a plain number wins over stale bits
// (such as a default "intensityBits" merged under an authored "intensity").
float realOrBits(const dat::JsonNode& plain, const dat::JsonNode& bits) {
    if (plain.isMissing())
        return std::bit_cast<float>(bits.u32());
    const float value = plain.f32();
    if (!std::isnan(value) || bits.isMissing())
        return value;
    const std::uint32_t raw = bits.u32();
    if (!std::isnan(std::bit_cast<float>(raw)))
        bits.fail("is not a NaN, but the value it stands for is \"nan\"");
    return std::bit_cast<float>(raw);
}

// N reals from obj[key], each NaN among them taking its exact bits from obj[key + "Bits"].
template <std::size_t N>
std::array<float, N> realsFromJson(const dat::JsonNode& obj, std::string_view key,
                                   const char* shape) {
    const dat::JsonNode plain = obj[key];
    const dat::JsonNode bits = obj[bitsKey(key)];
    const auto requireShape = [shape](const dat::JsonNode& node) {
        if (!node.isArray() || node.value().toArray().size() != qsizetype(N))
            node.fail(std::string("expected ") + shape);
    };
    if (!bits.isMissing())
        requireShape(bits);
    if (!plain.isMissing() || bits.isMissing())
        requireShape(plain);
    // A missing array stays missing element by element.
    const auto element = [](const dat::JsonNode& array, std::size_t i) {
        return array.isMissing() ? array : array[qsizetype(i)];
    };
    std::array<float, N> values{};
    for (std::size_t i = 0; i < N; ++i)
        values[i] = realOrBits(element(plain, i), element(bits, i));
    return values;
}

} // namespace

bool hasReal(const dat::JsonNode& obj, std::string_view key) {
    return obj.has(key) || obj.has(bitsKey(key));
}

std::uint32_t realBitsFromJson(const dat::JsonNode& obj, std::string_view key) {
    const dat::JsonNode plain = obj[key];
    const dat::JsonNode bits = obj[bitsKey(key)];
    if (bits.isMissing())
        return std::bit_cast<std::uint32_t>(plain.f32()); // fails naming `key` when missing
    return std::bit_cast<std::uint32_t>(realOrBits(plain, bits));
}

float realFromJson(const dat::JsonNode& obj, std::string_view key) {
    return std::bit_cast<float>(realBitsFromJson(obj, key));
}

Vec3 vec3MemberFromJson(const dat::JsonNode& obj, std::string_view key) {
    const auto v = realsFromJson<3>(obj, key, "[x, y, z]");
    return {v[0], v[1], v[2]};
}

Quat quatMemberFromJson(const dat::JsonNode& obj, std::string_view key) {
    const auto q = realsFromJson<4>(obj, key, "[w, x, y, z]");
    return {q[0], q[1], q[2], q[3]};
}

Frame frameMembersFromJson(const dat::JsonNode& obj) {
    Frame frame;
    if (hasReal(obj, "origin"))
        frame.origin = vec3MemberFromJson(obj, "origin");
    if (hasReal(obj, "orientation"))
        frame.orientation = quatMemberFromJson(obj, "orientation");
    return frame;
}

std::vector<std::uint8_t> bytesFromJson(const dat::JsonNode& node) {
    // Whitespace and '|' may separate the digits, so the R5 fixtures paste as they are.
    QByteArray digits;
    for (const QChar c : node.string()) {
        if (c.isSpace() || c == '|')
            continue;
        if (c.unicode() > 0x7F || !std::isxdigit(static_cast<unsigned char>(c.toLatin1())))
            node.fail("expected hex digits (spaces and '|' allowed), found '" +
                      QString(c).toStdString() + "'");
        digits.append(c.toLatin1());
    }
    if (digits.size() % 2 != 0)
        node.fail("expected hex digits in pairs, got " + std::to_string(digits.size()));
    const QByteArray bytes = QByteArray::fromHex(digits);
    return std::vector<std::uint8_t>(bytes.begin(), bytes.end());
}

void requireOnlyKeys(const dat::JsonNode& obj, std::span<const std::string_view> allowed) {
    if (obj.isMissing())
        return;
    for (const std::string& key : obj.keys())
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            std::string names;
            for (std::string_view name : allowed)
                names += (names.empty() ? "" : ", ") + std::string(name);
            obj[key].fail("not one of " + names);
        }
}

} // namespace portalkit::preview::wire
