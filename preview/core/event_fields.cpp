#include "preview/core/event_fields.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace portalkit::preview {

QJsonValue realField(float value) {
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::strtod(std::string(text, end).c_str(), nullptr);
}

QJsonArray vectorField(Vec3 value) {
    return {realField(value.x), realField(value.y), realField(value.z)};
}

QJsonObject frameField(const Frame& frame) {
    const Quat& q = frame.orientation;
    return {{"origin", vectorField(frame.origin)},
            {"orientation",
             QJsonArray{realField(q.w), realField(q.x), realField(q.y), realField(q.z)}}};
}

} // namespace portalkit::preview
