#include "datreader/records/field_table.h"

namespace portalkit::dat {

QJsonArray u32ListToJson(const std::vector<std::uint32_t>& values) {
    return listToJson(values, [](std::uint32_t v) { return QJsonValue(qint64(v)); });
}

std::vector<std::uint32_t> u32ListFromJson(const JsonNode& node) {
    return listFromJson(node, [](const JsonNode& element) { return element.u32(); });
}

} // namespace portalkit::dat
