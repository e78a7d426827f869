#include "values.h"

#include "records/common.h"

#include <QJsonArray>
#include <bit>
#include <cmath>

namespace portalkit::preview::wire {

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

QJsonObject frameJson(const Frame& frame) {
    QJsonObject out;
    putVec3(out, "origin", frame.origin);
    const Quat& q = frame.orientation;
    out["orientation"] =
        QJsonArray{dat::realJson(q.w), dat::realJson(q.x), dat::realJson(q.y), dat::realJson(q.z)};
    return out;
}

} // namespace portalkit::preview::wire
