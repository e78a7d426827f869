#include "export/gltf_writer.h"

#include <QJsonDocument>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <limits>

namespace portalkit::exports {

namespace {

// GLB header and chunk magics (glTF 2.0 §4.4): "glTF", "JSON", "BIN\0" read little-endian.
constexpr std::uint32_t kGlbMagic = 0x46546C67;
constexpr std::uint32_t kGlbVersion = 2;
constexpr std::uint32_t kChunkJson = 0x4E4F534A;
constexpr std::uint32_t kChunkBin = 0x004E4942;
// Indices at or above this need UNSIGNED_INT: 65535 is the primitive restart value.
constexpr std::uint32_t kMaxShortIndex = 65534;

const char* vectorType(int components) {
    switch (components) {
    case 1:
        return "SCALAR";
    case 2:
        return "VEC2";
    case 3:
        return "VEC3";
    default:
        return "VEC4";
    }
}

void padTo4(QByteArray& bytes, char fill) {
    while (bytes.size() % 4)
        bytes.append(fill);
}

void appendU32(QByteArray& out, std::uint32_t value) {
    char bytes[4];
    qToLittleEndian(value, bytes);
    out.append(bytes, 4);
}

} // namespace

GltfDocument::GltfDocument(const QString& generator)
    : m_asset{{"version", "2.0"}, {"generator", generator}} {}

int GltfDocument::addBufferView(QByteArrayView bytes, BufferTarget target) {
    QJsonObject view{{"buffer", 0},
                     {"byteOffset", qint64(m_buffer.size())},
                     {"byteLength", qint64(bytes.size())}};
    if (target != BufferTarget::None)
        view["target"] = int(target);
    m_buffer.append(bytes.data(), bytes.size());
    padTo4(m_buffer, '\0');
    return add("bufferViews", view);
}

int GltfDocument::addFloatAccessor(std::span<const float> values, int components,
                                   BufferTarget target, bool withBounds) {
    const auto count = qint64(values.size() / std::size_t(components));
    const int view = addBufferView(
        QByteArrayView(reinterpret_cast<const char*>(values.data()),
                       qsizetype(std::size_t(count) * std::size_t(components) * sizeof(float))),
        target);
    QJsonObject accessor{{"bufferView", view},
                         {"componentType", int(ComponentType::Float)},
                         {"count", count},
                         {"type", vectorType(components)}};
    if (withBounds && count > 0) {
        std::vector<float> lo(std::size_t(components), std::numeric_limits<float>::max());
        std::vector<float> hi(std::size_t(components), std::numeric_limits<float>::lowest());
        for (qint64 i = 0; i < count; ++i)
            for (int c = 0; c < components; ++c) {
                const float v = values[std::size_t(i * components + c)];
                lo[std::size_t(c)] = std::min(lo[std::size_t(c)], v);
                hi[std::size_t(c)] = std::max(hi[std::size_t(c)], v);
            }
        QJsonArray min, max;
        for (int c = 0; c < components; ++c) {
            min.append(double(lo[std::size_t(c)]));
            max.append(double(hi[std::size_t(c)]));
        }
        accessor["min"] = min;
        accessor["max"] = max;
    }
    return add("accessors", accessor);
}

int GltfDocument::addIndexAccessor(std::span<const std::uint32_t> indices) {
    const std::uint32_t largest =
        indices.empty() ? 0 : *std::max_element(indices.begin(), indices.end());
    int view;
    ComponentType type;
    if (largest <= kMaxShortIndex) {
        std::vector<std::uint16_t> shorts(indices.begin(), indices.end());
        view = addBufferView(QByteArrayView(reinterpret_cast<const char*>(shorts.data()),
                                            qsizetype(shorts.size() * sizeof(std::uint16_t))),
                             BufferTarget::ElementArrayBuffer);
        type = ComponentType::UnsignedShort;
    } else {
        view = addBufferView(QByteArrayView(reinterpret_cast<const char*>(indices.data()),
                                            qsizetype(indices.size() * sizeof(std::uint32_t))),
                             BufferTarget::ElementArrayBuffer);
        type = ComponentType::UnsignedInt;
    }
    return add("accessors", QJsonObject{{"bufferView", view},
                                        {"componentType", int(type)},
                                        {"count", qint64(indices.size())},
                                        {"type", "SCALAR"}});
}

int GltfDocument::addPngImage(const QByteArray& png, const QString& name) {
    const int view = addBufferView(png, BufferTarget::None);
    return add("images",
               QJsonObject{{"bufferView", view}, {"mimeType", "image/png"}, {"name", name}});
}

int GltfDocument::add(const QString& array, const QJsonObject& object) {
    std::vector<QJsonObject>& items = m_arrays[array];
    items.push_back(object);
    return int(items.size() - 1);
}

void GltfDocument::replace(const QString& array, int index, const QJsonObject& object) {
    m_arrays.at(array).at(std::size_t(index)) = object;
}

int GltfDocument::count(const QString& array) const {
    const auto it = m_arrays.find(array);
    return it == m_arrays.end() ? 0 : int(it->second.size());
}

const QJsonObject& GltfDocument::at(const QString& array, int index) const {
    return m_arrays.at(array).at(std::size_t(index));
}

void GltfDocument::setScene(const QJsonObject& scene) {
    m_arrays["scenes"] = {scene};
}

void GltfDocument::setExtras(const QJsonObject& extras) {
    m_extras = extras;
}

QJsonObject GltfDocument::json(Container container) const {
    QJsonObject root{{"asset", m_asset}};
    for (const auto& [name, items] : m_arrays) {
        if (items.empty())
            continue;
        QJsonArray array;
        for (const QJsonObject& item : items)
            array.append(item);
        root[name] = array;
    }
    if (count("scenes"))
        root["scene"] = 0;
    if (!m_extras.isEmpty())
        root["extras"] = m_extras;
    if (!m_buffer.isEmpty()) {
        QJsonObject buffer{{"byteLength", qint64(m_buffer.size())}};
        if (container == Container::Gltf)
            buffer["uri"] =
                QString::fromLatin1("data:application/octet-stream;base64," + m_buffer.toBase64());
        root["buffers"] = QJsonArray{buffer};
    }
    return root;
}

QByteArray GltfDocument::toGltf() const {
    return QJsonDocument(json(Container::Gltf)).toJson(QJsonDocument::Indented);
}

QByteArray GltfDocument::toGlb() const {
    QByteArray text = QJsonDocument(json(Container::Glb)).toJson(QJsonDocument::Compact);
    padTo4(text, ' '); // the JSON chunk pads with spaces, the BIN chunk with zeros (§4.4.3)
    const qsizetype total = 12 + 8 + text.size() + (m_buffer.isEmpty() ? 0 : 8 + m_buffer.size());
    QByteArray out;
    out.reserve(total);
    appendU32(out, kGlbMagic);
    appendU32(out, kGlbVersion);
    appendU32(out, std::uint32_t(total));
    appendU32(out, std::uint32_t(text.size()));
    appendU32(out, kChunkJson);
    out.append(text);
    if (!m_buffer.isEmpty()) {
        appendU32(out, std::uint32_t(m_buffer.size())); // already 4-aligned
        appendU32(out, kChunkBin);
        out.append(m_buffer);
    }
    return out;
}

} // namespace portalkit::exports
