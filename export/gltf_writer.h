#pragma once

// A glTF 2.0 document under construction (the JSON as QJsonObjects, every binary payload in one
// buffer) and its two containers: the binary .glb (JSON chunk + BIN chunk) and the text .gltf
// with the buffer embedded as a base64 data URI, so either is one self-contained file.
// Knows glTF, not AC: model_export.h fills it.

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace portalkit::exports {

// Accessor component types and buffer view targets (glTF 2.0 §5.1.2, §5.11.4).
enum class ComponentType : int { UnsignedShort = 5123, UnsignedInt = 5125, Float = 5126 };
enum class BufferTarget : int { None = 0, ArrayBuffer = 34962, ElementArrayBuffer = 34963 };

enum class Container { Glb, Gltf };

class GltfDocument {
  public:
    // `generator` goes into asset.generator.
    explicit GltfDocument(const QString& generator);

    // Appends `bytes` to the buffer (each view starts 4-aligned) and returns the view's index.
    int addBufferView(QByteArrayView bytes, BufferTarget target);
    // Floats as `components`-wide vectors ("SCALAR", "VEC2", "VEC3", "VEC4"); `withBounds` adds
    // min and max, which POSITION and animation inputs need.
    int addFloatAccessor(std::span<const float> values, int components, BufferTarget target,
                         bool withBounds);
    // Triangle indices as UNSIGNED_SHORT when every index fits below 65535 (the primitive
    // restart value), else UNSIGNED_INT.
    int addIndexAccessor(std::span<const std::uint32_t> indices);
    // A PNG stored in the buffer; returns the image's index.
    int addPngImage(const QByteArray& png, const QString& name);

    // Appends an object to a top-level array ("nodes", "meshes", "materials", ...) and returns
    // its index; replace() overwrites one (a node's children are known only later).
    int add(const QString& array, const QJsonObject& object);
    void replace(const QString& array, int index, const QJsonObject& object);
    int count(const QString& array) const;
    const QJsonObject& at(const QString& array, int index) const;

    void setScene(const QJsonObject& scene); // the one scene, made the default
    void setExtras(const QJsonObject& extras);

    QByteArray toGlb() const;
    QByteArray toGltf() const;
    QByteArray write(Container container) const {
        return container == Container::Glb ? toGlb() : toGltf();
    }
    // The JSON with buffers[0] as given (no URI for .glb, a data URI for .gltf).
    QJsonObject json(Container container) const;

  private:
    QJsonObject m_asset;
    QJsonObject m_extras;
    std::map<QString, std::vector<QJsonObject>> m_arrays;
    QByteArray m_buffer;
};

} // namespace portalkit::exports
