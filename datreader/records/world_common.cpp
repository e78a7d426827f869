#include "datreader/records/world_common.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {
constexpr std::size_t kStabBytes = 4 + 28; // id, frame
}

Stab readStab(ByteCursor& in, const char* field) {
    Stab stab;
    stab.id = in.u32(field);
    stab.frame = readFrame(in, field);
    return stab;
}

void write(ByteWriter& out, const Stab& stab) {
    out.u32(stab.id);
    write(out, stab.frame);
}

QJsonObject toJson(const Stab& stab) {
    return {{"id", didJson(stab.id)}, {"frame", toJson(stab.frame)}};
}

Stab stabFromJson(const JsonNode& node) {
    Stab stab;
    stab.id = node["id"].u32();
    if (node.has("frame"))
        stab.frame = frameFromJson(node["frame"]);
    return stab;
}

std::vector<Stab> readStabList(ByteCursor& in, const char* field) {
    const std::uint32_t count = readCount(in, field, kStabBytes);
    std::vector<Stab> stabs;
    stabs.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i)
        stabs.push_back(readStab(in, field));
    return stabs;
}

void writeStabList(ByteWriter& out, const std::vector<Stab>& stabs) {
    out.u32(std::uint32_t(stabs.size()));
    for (const Stab& stab : stabs)
        write(out, stab);
}

QJsonArray stabListToJson(const std::vector<Stab>& stabs) {
    QJsonArray array;
    for (const Stab& stab : stabs)
        array.append(toJson(stab));
    return array;
}

std::vector<Stab> stabListFromJson(const JsonNode& node) {
    std::vector<Stab> stabs;
    for (const JsonNode& element : node.elements())
        stabs.push_back(stabFromJson(element));
    return stabs;
}

QJsonArray u16ListToJson(const std::vector<std::uint16_t>& values) {
    QJsonArray array;
    for (std::uint16_t value : values)
        array.append(value);
    return array;
}

std::vector<std::uint16_t> u16ListFromJson(const JsonNode& node) {
    std::vector<std::uint16_t> values;
    for (const JsonNode& element : node.elements())
        values.push_back(element.u16());
    return values;
}

} // namespace portalkit::dat
