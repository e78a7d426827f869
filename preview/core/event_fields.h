#pragma once

// How event fields spell values: floats as the shortest decimal that reads back as the same
// float (0.8, not 0.800000011920929), non-finite reals as "nan", "inf", "-inf", vectors as
// [x, y, z] and frames as {origin, orientation [w, x, y, z]}.

#include "preview/core/math.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace portalkit::preview {

QJsonValue realField(float value);
QJsonArray vectorField(Vec3 value);
QJsonObject frameField(const Frame& frame);

} // namespace portalkit::preview
