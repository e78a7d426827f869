#include "datreader/records/codec_helpers.h"

#include <QByteArray>

namespace portalkit::dat {

QJsonArray didListToJson(const std::vector<std::uint32_t>& ids) {
    return listToJson(ids, didJson);
}

void checkGivenCount(const JsonNode& count, std::size_t actual, const char* what) {
    if (!count.isMissing() && count.u32() != actual)
        count.fail(std::to_string(count.u32()) + " disagrees with the " + std::to_string(actual) +
                   what);
}

std::string_view jsonKey(const char* field) {
    const std::string_view name(field);
    const std::size_t dot = name.rfind('.');
    return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

void FieldJsonWriter::put(const char* field, const QJsonValue& value) {
    const std::string_view key = jsonKey(field);
    object[QString::fromLatin1(key.data(), qsizetype(key.size()))] = value;
}

void FieldJsonReader::vec3(const char* field, Vec3& value) {
    const JsonNode element = at(field);
    value = element.isMissing() ? Vec3{} : vec3FromJson(element);
}

QJsonObject withKey(QJsonObject object, const QJsonValue& key) {
    object["key"] = key;
    return object;
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

void putPad(QJsonObject& object, const char* key, std::uint32_t pad) {
    if (pad != 0)
        object[key] = qint64(pad);
}

void putTrailing(QJsonObject& object, const std::vector<std::uint8_t>& trailing) {
    if (!trailing.empty())
        object["trailing"] = hexJson(trailing);
}

} // namespace portalkit::dat
