#pragma once

// glTF files the glTF import suites make (tests/modding/tst_gltf_*.cpp): a cube and a sphere as
// a mesh (positions, normals, UVs, u16 indices) with one buffer, as .gltf JSON (data URI or an
// external file) or .glb, and what the import made of them.

#include "datreader/records/gfx_obj.h"
#include "modding/imported_entry.h"

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace portalkit::testing {

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline dat::GfxObj gfxObjOf(const std::vector<modding::ImportedEntry>& entries) {
    return dat::GfxObj::decode(entries.front().bytes, entries.front().id);
}

// A 2 m cube centred on the origin in glTF space: 24 vertices (4 per face, each face its own
// normal and UVs 0..1), 36 u16 indices wound counter-clockwise seen from outside.
struct Mesh {
    std::vector<float> positions, normals, uvs;
    std::vector<std::uint16_t> indices;
};

inline Mesh makeCube() {
    Mesh cube;
    for (int axis = 0; axis < 3; ++axis)
        for (const float sign : {1.0f, -1.0f}) {
            const int u = (axis + 1) % 3, v = (axis + 2) % 3;
            const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            const auto base = std::uint16_t(cube.positions.size() / 3);
            for (const auto& c : corners) {
                float p[3];
                p[axis] = sign;
                p[u] = c[0];
                p[v] = c[1];
                cube.positions.insert(cube.positions.end(), p, p + 3);
                float n[3] = {0, 0, 0};
                n[axis] = sign;
                cube.normals.insert(cube.normals.end(), n, n + 3);
                cube.uvs.push_back((c[0] + 1) / 2);
                cube.uvs.push_back((1 - c[1]) / 2);
            }
            // (u × v) is +axis: counter-clockwise about +axis; the negative face turns round.
            const std::uint16_t order[2][6] = {{0, 1, 2, 0, 2, 3}, {0, 2, 1, 0, 3, 2}};
            for (const std::uint16_t i : order[sign > 0 ? 0 : 1])
                cube.indices.push_back(std::uint16_t(base + i));
        }
    return cube;
}

template <typename T> void append(QByteArray& out, const std::vector<T>& values) {
    for (const T value : values) {
        char bytes[sizeof(T)];
        qToLittleEndian(value, bytes);
        out.append(bytes, sizeof(T));
    }
}

inline QByteArray meshBuffer(const Mesh& mesh) {
    QByteArray bin;
    append(bin, mesh.positions);
    append(bin, mesh.normals);
    append(bin, mesh.uvs);
    append(bin, mesh.indices);
    return bin;
}

// The JSON of `mesh` with meshBuffer's layout, the buffer named by `uri` (not a string: none,
// a GLB's BIN chunk), its byteLength `bufferLength` (-1: the real one).
inline QJsonObject meshJson(const Mesh& mesh, const QJsonValue& uri, qint64 bufferLength = -1) {
    const int vertices = int(mesh.positions.size() / 3);
    const int p = vertices * 12, n = vertices * 12, t = vertices * 8,
              i = int(mesh.indices.size()) * 2;
    QJsonObject buffer{{"byteLength", bufferLength >= 0 ? bufferLength : p + n + t + i}};
    if (uri.isString())
        buffer["uri"] = uri;
    const auto view = [](int offset, int length) {
        return QJsonObject{{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}};
    };
    const auto accessor = [](int view, int type, int count, const char* kind) {
        return QJsonObject{
            {"bufferView", view}, {"componentType", type}, {"count", count}, {"type", kind}};
    };
    return QJsonObject{
        {"asset", QJsonObject{{"version", "2.0"}}},
        {"scene", 0},
        {"scenes", QJsonArray{QJsonObject{{"nodes", QJsonArray{0}}}}},
        {"nodes", QJsonArray{QJsonObject{{"mesh", 0}}}},
        {"meshes",
         QJsonArray{QJsonObject{
             {"primitives",
              QJsonArray{QJsonObject{
                  {"attributes", QJsonObject{{"POSITION", 0}, {"NORMAL", 1}, {"TEXCOORD_0", 2}}},
                  {"indices", 3},
                  {"material", 0}}}}}}},
        {"materials", QJsonArray{QJsonObject{
                          {"name", "stone"},
                          {"pbrMetallicRoughness",
                           QJsonObject{{"baseColorFactor", QJsonArray{0.5, 0.25, 0.125, 1}}}}}}},
        {"buffers", QJsonArray{buffer}},
        {"bufferViews", QJsonArray{view(0, p), view(p, n), view(p + n, t), view(p + n + t, i)}},
        {"accessors",
         QJsonArray{accessor(0, 5126, vertices, "VEC3"), accessor(1, 5126, vertices, "VEC3"),
                    accessor(2, 5126, vertices, "VEC2"),
                    accessor(3, 5123, int(mesh.indices.size()), "SCALAR")}}};
}

// The cube's buffer: positions (288 bytes), normals (288), UVs (192), indices (72).
inline QByteArray cubeBuffer() {
    return meshBuffer(makeCube());
}

inline QJsonObject cubeJson(const QJsonValue& uri, qint64 bufferLength = -1) {
    return meshJson(makeCube(), uri, bufferLength);
}

// A sphere of `radius` around the origin: `rings` bands of `segments` quads, two triangles
// each, wound counter-clockwise seen from outside; normals point out.
inline Mesh makeSphere(float radius, int segments, int rings) {
    Mesh mesh;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s <= segments; ++s) {
            const double theta = std::numbers::pi * r / rings,
                         phi = 2 * std::numbers::pi * s / segments;
            const float n[3] = {float(std::sin(theta) * std::cos(phi)), float(std::cos(theta)),
                                float(-std::sin(theta) * std::sin(phi))};
            for (const float c : n) {
                mesh.positions.push_back(c * radius);
                mesh.normals.push_back(c);
            }
            mesh.uvs.push_back(float(s) / float(segments));
            mesh.uvs.push_back(float(r) / float(rings));
        }
    const auto at = [segments](int r, int s) { return std::uint16_t(r * (segments + 1) + s); };
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s)
            for (const std::uint16_t i : {at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s),
                                          at(r + 1, s + 1), at(r, s + 1)})
                mesh.indices.push_back(i);
    return mesh;
}

inline QByteArray dataUri(const QByteArray& bytes) {
    return "data:application/octet-stream;base64," + bytes.toBase64();
}

inline QByteArray cubeGltf() {
    return QJsonDocument(cubeJson(QString::fromLatin1(dataUri(cubeBuffer())))).toJson();
}

inline QByteArray glb(const QByteArray& jsonText, const QByteArray& bin) {
    QByteArray json = jsonText;
    while (json.size() % 4)
        json.append(' ');
    QByteArray out;
    const auto u32 = [&out](std::uint32_t v) {
        char b[4];
        qToLittleEndian(v, b);
        out.append(b, 4);
    };
    u32(0x46546C67);
    u32(2);
    u32(std::uint32_t(12 + 8 + json.size() + 8 + bin.size()));
    u32(std::uint32_t(json.size()));
    u32(0x4E4F534A);
    out.append(json);
    u32(std::uint32_t(bin.size()));
    u32(0x004E4942);
    out.append(bin);
    return out;
}

} // namespace portalkit::testing
