#pragma once

// What the wire messages share: vectors on the wire, and the JSON spellings (ids as "0x%08X",
// reals through dat::realJson, and for a NaN the raw bits beside it: a NaN payload is data, R5).

#include "core/math.h"
#include "io/byte_cursor.h"
#include "io/byte_writer.h"

#include <QJsonObject>
#include <cstdint>

namespace portalkit::preview::wire {

// Three f32s, x y z, each read naming `field`.
Vec3 readVector(dat::ByteCursor& in, const char* field);
void writeVector(dat::ByteWriter& out, Vec3 value);

QString hexJson(std::uint32_t value);
// obj[key] = the real; when it is NaN, obj[key + "Bits"] = its raw bits as hex.
void putReal(QJsonObject& obj, const QString& key, float value);
void putRealBits(QJsonObject& obj, const QString& key, std::uint32_t bits);
// obj[key] = [x, y, z]; when any is NaN, obj[key + "Bits"] = the three raw bits as hex.
void putVec3(QJsonObject& obj, const QString& key, Vec3 value);
QJsonObject frameJson(const Frame& frame);

} // namespace portalkit::preview::wire
