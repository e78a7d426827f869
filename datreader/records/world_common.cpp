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

std::uint32_t readPad(ByteCursor& in, const char* field) {
    const std::size_t count = (4 - in.position() % 4) % 4;
    std::uint32_t pad = 0;
    const auto bytes = in.bytes(count, field);
    for (std::size_t i = 0; i < count; ++i)
        pad |= std::uint32_t(bytes[i]) << (8 * i);
    return pad;
}

void writePad(ByteWriter& out, std::uint32_t pad, const char* field) {
    const std::size_t count = (4 - out.size() % 4) % 4;
    if (count < 4 && (pad >> (8 * count)) != 0)
        throw DatError(field,
                       "alignment fill " + formatDid(pad) + " does not fit in the " +
                           std::to_string(count) + " bytes the alignment leaves",
                       0, OffsetKind::Entry);
    for (std::size_t i = 0; i < count; ++i)
        out.u8(std::uint8_t(pad >> (8 * i)));
}

std::vector<std::uint8_t> readTrailing(ByteCursor& in) {
    const auto bytes = in.bytes(in.remaining(), "trailing");
    return {bytes.begin(), bytes.end()};
}

QString hexJson(const std::vector<std::uint8_t>& bytes) {
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())).toHex());
}

std::vector<std::uint8_t> bytesFromJson(const JsonNode& node) {
    if (node.isMissing())
        return {};
    const QByteArray bytes = node.hexBytes();
    return {bytes.begin(), bytes.end()};
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
