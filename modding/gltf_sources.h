#pragma once

// The bytes behind a glTF document (gltf_reader.h): the GLB container or the JSON text, the
// buffers (GLB BIN chunk, data: URIs, files beside the .gltf), buffer views and images, each
// checked against what holds it; plus the JSON look-ups that name the path of what is wrong.
// Internal to modding/.

#include <QByteArray>
#include <QImage>
#include <QJsonObject>
#include <QString>
#include <map>
#include <vector>

namespace portalkit::modding::gltf {

// Larger files are refused before they are read (a GfxObj's geometry is far smaller).
constexpr qint64 kMaxFileBytes = qint64(512) << 20;

// A JSON path for errors: "meshes[0].primitives[1].indices".
class Path {
  public:
    Path() = default;
    explicit Path(const QString& root) : m_text(root) {}
    Path key(const QString& name) const {
        return Path(m_text.isEmpty() ? name : m_text + '.' + name);
    }
    Path at(qint64 index) const { return Path(m_text + QStringLiteral("[%1]").arg(index)); }
    const QString& text() const { return m_text; }

  private:
    QString m_text;
};

// Throws dat::DatError with the path as its field.
[[noreturn]] void fail(const Path& path, const QString& message);

// A buffer view's bytes (within its buffer) and stride (0 = tightly packed).
struct View {
    qint64 index = 0;
    const char* data = nullptr; // inside the buffer Sources holds (valid while it lives)
    qint64 size = 0;
    qint64 stride = 0;
};

class Sources {
  public:
    // Parses `file` as GLB or JSON; `baseDir` resolves relative URIs (refused when empty).
    Sources(const QByteArray& file, const QString& baseDir);

    const QJsonObject& json() const { return m_json; }

    // array[index] as an object, or an error naming `from` (where the reference was).
    QJsonObject item(const char* array, qint64 index, const Path& from) const;
    // A reference to array[i]: a whole number in range, else an error at `path`.
    qint64 reference(const QJsonValue& value, const char* array, const Path& path) const;
    // object[key] as a whole number ≥ 0; `fallback` when absent (-1 = required).
    qint64 integer(const QJsonObject& object, const char* key, const Path& path,
                   qint64 fallback) const;
    // object[key] as exactly `count` finite numbers.
    std::vector<float> numbers(const QJsonObject& object, const char* key, qsizetype count,
                               const Path& path) const;

    View view(const QJsonValue& reference, const Path& from);
    QImage image(qint64 index);

  private:
    void parseGlb(const QByteArray& file);
    void parseJson(const QByteArray& text, qint64 offset);
    const QByteArray& buffer(qint64 index, const Path& from);
    QByteArray uriBytes(const QJsonValue& uri, const Path& path) const;

    QJsonObject m_json;
    QByteArray m_bin;
    bool m_hasBin = false;
    QString m_baseDir;
    std::map<qint64, QByteArray> m_buffers;
    std::map<qint64, QImage> m_images; // decoded once however many materials use one
};

} // namespace portalkit::modding::gltf
