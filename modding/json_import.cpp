#include "modding/json_import.h"

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "datreader/records/record.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <algorithm>
#include <cctype>
#include <string>

namespace portalkit::modding {
namespace {

using dat::DatError;
using dat::OffsetKind;

[[noreturn]] void fail(const char* field, const QString& source, const std::string& message,
                       std::uint64_t offset = 0, OffsetKind kind = OffsetKind::Source) {
    throw DatError(field, source.toStdString() + ": " + message, offset, kind);
}

QJsonObject parseObject(const QByteArray& text, const QString& source) {
    if (text.size() > kMaxRecordJsonBytes)
        fail("--json", source,
             std::to_string(text.size()) + " bytes is more than a record's JSON can be");
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        fail("--json", source, "not JSON: " + error.errorString().toStdString(),
             std::uint64_t(error.offset), OffsetKind::File);
    if (!document.isObject())
        fail("--json", source, "expected one JSON object, the record as show --json prints it");
    return document.object();
}

// show --json adds the type's name as "type", or as "recordType" when the record has a "type"
// field of its own (a Surface's flag word, a number or a hex string); older output may still
// carry the name in "type", so there only a registry type name is taken for show's label.
void takeTypeLabel(QJsonObject& object, dat::DatKind kind, std::uint32_t id,
                   const QString& source) {
    // A record with a "type" of its own gets show's label as "recordType" instead.
    const char* key = object.contains("recordType") ? "recordType" : "type";
    const QJsonValue label = object.value(key);
    if (!label.isString())
        return;
    const std::string name = label.toString().toStdString();
    const auto names = dat::typeNames(kind);
    if (std::find(names.begin(), names.end(), name) == names.end())
        return;
    const std::string_view actual = dat::typeName(kind, id);
    if (name != actual)
        throw DatError("type",
                       source.toStdString() + ": the JSON is a " + name + ", but " +
                           dat::formatDid(id) + " is " +
                           (actual.empty() ? std::string("no known type") : std::string(actual)),
                       0, OffsetKind::Source, id);
    object.remove(key);
}

std::uint32_t recordId(const QJsonObject& object, std::optional<std::uint32_t> as,
                       const QString& source) {
    if (as)
        return *as;
    if (!object.contains("id"))
        fail("id", source, "the JSON has no \"id\"; give one with --as");
    return dat::JsonNode(object.value("id"), "id").u32();
}

// "surfaceTexture": how paths in a record's JSON errors start, as in a DAT source's.
std::string rootPath(std::string_view type) {
    std::string path(type);
    if (!path.empty())
        path[0] = char(std::tolower(static_cast<unsigned char>(path[0])));
    return path;
}

} // namespace

ImportedEntry importRecordJson(dat::DatKind kind, const QByteArray& text, const QString& source,
                               std::optional<std::uint32_t> as) {
    QJsonObject object = parseObject(text, source);
    const std::uint32_t id = recordId(object, as, source);
    takeTypeLabel(object, kind, id, source);
    const std::string_view type = dat::typeName(kind, id);
    if (!dat::hasDecoder(type))
        throw DatError("id",
                       source.toStdString() + ": " + dat::formatDid(id) + " is " +
                           (type.empty() ? std::string("no known type")
                                         : "a " + std::string(type) + ", which has no JSON form") +
                           " in a " + std::string(dat::kindName(kind)) + " DAT",
                       0, OffsetKind::Source, id);
    object["id"] = dat::didJson(id); // --as: the copy names its own id
    try {
        const dat::JsonNode node(object, rootPath(type), id);
        const dat::Record record = dat::recordFromJson(kind, id, node);
        std::vector<std::uint8_t> bytes = dat::encodeRecord(record);
        // What goes into the DAT must read back: an encoder bug or a value the format cannot
        // carry fails here, before the patch.
        dat::decodeRecord(kind, id, bytes);
        return {
            id, std::move(bytes),
            QStringLiteral("%1 from %2").arg(QString::fromUtf8(type.data(), type.size()), source)};
    } catch (DatError& error) {
        error.withContext("reading " + source.toStdString());
        throw;
    }
}

} // namespace portalkit::modding
