#include "modding/gltf_sources.h"

#include "datreader/io/dat_error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>
#include <QtEndian>
#include <cmath>
#include <limits>

namespace portalkit::modding::gltf {

namespace {

constexpr std::uint32_t kGlbMagic = 0x46546C67; // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;

[[noreturn]] void failAt(const char* field, const QString& message, qint64 offset) {
    throw dat::DatError(field, message.toStdString(), std::uint64_t(offset));
}

std::uint32_t u32At(const QByteArray& bytes, qint64 offset) {
    return qFromLittleEndian<std::uint32_t>(bytes.constData() + offset);
}

} // namespace

void fail(const Path& path, const QString& message) {
    throw dat::DatError(path.text().toStdString(), message.toStdString(), 0,
                        dat::OffsetKind::Source);
}

Sources::Sources(const QByteArray& file, const QString& baseDir) : m_baseDir(baseDir) {
    if (file.size() >= 4 && u32At(file, 0) == kGlbMagic)
        parseGlb(file);
    else
        parseJson(file, 0);
    const QString version = m_json["asset"].toObject()["version"].toString();
    if (!version.startsWith(QLatin1String("2.")))
        fail(Path("asset.version"), QStringLiteral("\"%1\" is not glTF 2.x").arg(version));
    // A required extension changes what the data means (compressed or quantized geometry,
    // other image formats): reading past it would import something else.
    const QJsonArray required = m_json["extensionsRequired"].toArray();
    if (!required.isEmpty())
        fail(Path("extensionsRequired").at(0),
             QStringLiteral("the file requires %1, which the import does not read")
                 .arg(required[0].toString()));
}

// GLB (glTF 2.0 §4.4): a 12-byte header, then the JSON chunk and an optional BIN chunk.
void Sources::parseGlb(const QByteArray& file) {
    if (file.size() < 20)
        failAt("glb header",
               QStringLiteral("the file has %1 bytes, fewer than a GLB header and "
                              "chunk header")
                   .arg(file.size()),
               0);
    if (u32At(file, 4) != 2)
        failAt("glb version", QStringLiteral("%1 is not 2").arg(u32At(file, 4)), 4);
    const qint64 length = u32At(file, 8);
    if (length > file.size())
        failAt("glb length",
               QStringLiteral("%1 is more than the file's %2 bytes").arg(length).arg(file.size()),
               8);
    qint64 at = 12;
    for (int chunk = 0; at + 8 <= length; ++chunk) {
        const qint64 chunkLength = u32At(file, at);
        const std::uint32_t type = u32At(file, at + 4);
        if (chunkLength > length - at - 8)
            failAt(
                "glb chunk length",
                QStringLiteral("chunk %1's %2 bytes run past the end").arg(chunk).arg(chunkLength),
                at);
        const QByteArray body = file.mid(at + 8, chunkLength);
        if (chunk == 0 && type != kChunkJson)
            failAt("glb chunk type", "the first chunk is not JSON", at + 4);
        if (chunk == 0)
            parseJson(body, at + 8);
        else if (chunk == 1 && type == kChunkBin) {
            m_bin = body;
            m_hasBin = true;
        }
        at += 8 + chunkLength;
    }
    if (m_json.isEmpty())
        failAt("glb", "has no JSON chunk", 12);
}

void Sources::parseJson(const QByteArray& text, qint64 offset) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        failAt("json", error.errorString(), offset + error.offset);
    if (!doc.isObject())
        failAt("json", "the document is not a JSON object", offset);
    m_json = doc.object();
}

QJsonObject Sources::item(const char* array, qint64 index, const Path& from) const {
    const QJsonArray items = m_json[QLatin1String(array)].toArray();
    if (index < 0 || index >= items.size())
        fail(from, QStringLiteral("names %1[%2], but there are %3")
                       .arg(QLatin1String(array))
                       .arg(index)
                       .arg(items.size()));
    return items[index].toObject();
}

qint64 Sources::reference(const QJsonValue& value, const char* array, const Path& path) const {
    const double d = value.toDouble(-1);
    if (!value.isDouble() || d < 0 || d != std::floor(d))
        fail(path, QStringLiteral("is not an index into %1").arg(QLatin1String(array)));
    const qint64 size = m_json[QLatin1String(array)].toArray().size();
    if (d >= double(size))
        fail(path, QStringLiteral("names %1[%2], but there are %3")
                       .arg(QLatin1String(array))
                       .arg(qint64(d))
                       .arg(size));
    return qint64(d);
}

qint64 Sources::integer(const QJsonObject& object, const char* key, const Path& path,
                        qint64 fallback) const {
    const QJsonValue value = object[QLatin1String(key)];
    if (value.isUndefined()) {
        if (fallback < 0)
            fail(path.key(key), "is missing");
        return fallback;
    }
    const double d = value.toDouble(-1);
    // Up to 2^53: exact in a double, and no sum of two overflows a qint64.
    if (!value.isDouble() || d < 0 || d != std::floor(d) || d > 9007199254740992.0)
        fail(path.key(key), "is not a whole number ≥ 0");
    return qint64(d);
}

std::vector<float> Sources::numbers(const QJsonObject& object, const char* key, qsizetype count,
                                    const Path& path) const {
    const QJsonArray values = object[QLatin1String(key)].toArray();
    if (values.size() != count)
        fail(path.key(key), QStringLiteral("has %1 numbers, not %2").arg(values.size()).arg(count));
    std::vector<float> out;
    for (qsizetype i = 0; i < count; ++i) {
        // Checked as a double first: converting one beyond float's range is undefined.
        const double d = values[i].toDouble(NAN);
        if (!values[i].isDouble() || !std::isfinite(d) ||
            std::abs(d) > double(std::numeric_limits<float>::max()))
            fail(path.key(key).at(i), "is not a finite number a float holds");
        out.push_back(float(d));
    }
    return out;
}

// data: URIs (base64) or, with a base directory, a file relative to it.
QByteArray Sources::uriBytes(const QJsonValue& value, const Path& path) const {
    const QString uri = value.toString();
    if (!value.isString() || uri.isEmpty())
        fail(path, "is not a URI");
    if (uri.startsWith(QLatin1String("data:"))) {
        const qsizetype comma = uri.indexOf(',');
        if (comma < 0 || !uri.left(comma).endsWith(QLatin1String(";base64")))
            fail(path, "is a data URI that is not base64");
        auto decoded = QByteArray::fromBase64Encoding(uri.mid(comma + 1).toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            fail(path, "has a data URI whose base64 does not decode");
        return *decoded;
    }
    if (m_baseDir.isEmpty())
        fail(path, "names an external file, which is not read here");
    const QString name = QUrl::fromPercentEncoding(uri.toUtf8());
    if (QFileInfo(name).isAbsolute() || name.contains(QLatin1String("://")))
        fail(path, QStringLiteral("\"%1\" is not a relative file name").arg(uri));
    QFile file(QDir(m_baseDir).filePath(name));
    if (!file.open(QIODevice::ReadOnly))
        fail(path, QStringLiteral("cannot open %1: %2").arg(file.fileName(), file.errorString()));
    if (file.size() > kMaxFileBytes)
        fail(path, QStringLiteral("%1 is larger than the importer reads").arg(file.fileName()));
    return file.readAll();
}

const QByteArray& Sources::buffer(qint64 index, const Path& from) {
    if (auto it = m_buffers.find(index); it != m_buffers.end())
        return it->second;
    const Path path = Path("buffers").at(index);
    const QJsonObject b = item("buffers", index, from);
    const qint64 length = integer(b, "byteLength", path, -1);
    QByteArray bytes;
    if (b.contains("uri"))
        bytes = uriBytes(b["uri"], path.key("uri"));
    else if (index == 0 && m_hasBin)
        bytes = m_bin;
    else
        fail(path.key("uri"), "is missing and the file has no GLB BIN chunk for it");
    if (bytes.size() < length)
        fail(path.key("byteLength"),
             QStringLiteral("is %1, but the data holds %2 bytes").arg(length).arg(bytes.size()));
    bytes.truncate(length);
    return m_buffers.emplace(index, std::move(bytes)).first->second;
}

View Sources::view(const QJsonValue& reference, const Path& from) {
    View out;
    out.index = this->reference(reference, "bufferViews", from);
    const Path path = Path("bufferViews").at(out.index);
    const QJsonObject v = item("bufferViews", out.index, from);
    const QByteArray& bytes =
        buffer(this->reference(v["buffer"], "buffers", path.key("buffer")), path.key("buffer"));
    const qint64 offset = integer(v, "byteOffset", path, 0);
    const qint64 length = integer(v, "byteLength", path, -1);
    if (offset > bytes.size() || length > bytes.size() - offset)
        fail(path, QStringLiteral("bytes %1..%2 are outside its buffer's %3")
                       .arg(offset)
                       .arg(offset + length)
                       .arg(bytes.size()));
    out.stride = integer(v, "byteStride", path, 0);
    if (v.contains("byteStride") && (out.stride < 4 || out.stride > 252 || out.stride % 4))
        fail(path.key("byteStride"), "must be a multiple of 4 from 4 to 252");
    out.data = bytes.constData() + offset;
    out.size = length;
    return out;
}

QImage Sources::image(qint64 index) {
    if (auto it = m_images.find(index); it != m_images.end())
        return it->second;
    const Path path = Path("images").at(index);
    const QJsonObject i = item("images", index, path);
    QByteArray bytes;
    if (i.contains("uri"))
        bytes = uriBytes(i["uri"], path.key("uri"));
    else if (i.contains("bufferView")) {
        const View v = view(i["bufferView"], path.key("bufferView"));
        bytes = QByteArray(v.data, v.size);
    } else
        fail(path, "has neither a uri nor a bufferView");
    QImage image = QImage::fromData(bytes);
    if (image.isNull())
        fail(path, "is not an image Qt can read (PNG or JPEG)");
    m_images.emplace(index, image);
    return image;
}

} // namespace portalkit::modding::gltf
