#include "modding/gltf_reader.h"

#include "datreader/io/dat_error.h"
#include "modding/gltf_sources.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMatrix4x4>
#include <QQuaternion>
#include <QtEndian>
#include <cmath>
#include <set>

namespace portalkit::modding {

namespace {

using gltf::fail;
using gltf::Path;

constexpr int kTriangles = 4;

// An accessor resolved to bytes that hold all its elements (checked when made).
struct Accessor {
    const std::uint8_t* data = nullptr;
    qint64 count = 0;
    qint64 stride = 0;
    int components = 0;
    int componentType = 0;
    bool normalized = false;
    Path path;
};

int componentSize(int type) {
    switch (type) {
    case 5120: // BYTE
    case 5121: // UNSIGNED_BYTE
        return 1;
    case 5122: // SHORT
    case 5123: // UNSIGNED_SHORT
        return 2;
    case 5125: // UNSIGNED_INT
    case 5126: // FLOAT
        return 4;
    default:
        return 0;
    }
}

int componentCount(const QString& type) {
    static const std::map<QString, int> counts{{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4},
                                               {"MAT2", 4},   {"MAT3", 9}, {"MAT4", 16}};
    const auto it = counts.find(type);
    return it == counts.end() ? 0 : it->second;
}

// Component `c` of element `i` as a float, normalized integers scaled as glTF §3.11 says.
float component(const Accessor& a, qint64 i, int c) {
    const std::uint8_t* p = a.data + i * a.stride + c * componentSize(a.componentType);
    switch (a.componentType) {
    case 5126:
        return qFromLittleEndian<float>(p);
    case 5121:
        return a.normalized ? float(*p) / 255.0f : float(*p);
    case 5123: {
        const auto v = qFromLittleEndian<std::uint16_t>(p);
        return a.normalized ? float(v) / 65535.0f : float(v);
    }
    case 5120: {
        const auto v = std::int8_t(*p);
        return a.normalized ? std::max(float(v) / 127.0f, -1.0f) : float(v);
    }
    case 5122: {
        const auto v = qFromLittleEndian<std::int16_t>(p);
        return a.normalized ? std::max(float(v) / 32767.0f, -1.0f) : float(v);
    }
    default:
        return float(qFromLittleEndian<std::uint32_t>(p));
    }
}

std::uint32_t index(const Accessor& a, qint64 i) {
    const std::uint8_t* p = a.data + i * a.stride;
    switch (a.componentType) {
    case 5121:
        return *p;
    case 5123:
        return qFromLittleEndian<std::uint16_t>(p);
    default:
        return qFromLittleEndian<std::uint32_t>(p);
    }
}

// glTF nodes store either a column-major matrix or translation, rotation (x, y, z, w), scale.
QMatrix4x4 localMatrix(const gltf::Sources& src, const QJsonObject& node, const Path& path) {
    QMatrix4x4 m;
    if (node.contains("matrix")) {
        const std::vector<float> v = src.numbers(node, "matrix", 16, path);
        for (int col = 0; col < 4; ++col)
            for (int row = 0; row < 4; ++row)
                m(row, col) = v[std::size_t(col * 4 + row)];
        return m;
    }
    if (node.contains("translation")) {
        const auto t = src.numbers(node, "translation", 3, path);
        m.translate(t[0], t[1], t[2]);
    }
    if (node.contains("rotation")) {
        const auto r = src.numbers(node, "rotation", 4, path);
        m.rotate(QQuaternion(r[3], r[0], r[1], r[2]).normalized());
    }
    if (node.contains("scale")) {
        const auto s = src.numbers(node, "scale", 3, path);
        m.scale(s[0], s[1], s[2]);
    }
    return m;
}

class ModelReader {
  public:
    explicit ModelReader(gltf::Sources& sources) : m_src(sources) {}

    GltfModel read() {
        readMaterials();
        for (const auto& [node, parent] : instances())
            addMesh(node, parent);
        if (m_model.primitives.empty())
            fail(Path("scenes"), "the scene draws no mesh with triangles");
        return std::move(m_model);
    }

  private:
    // The scene's nodes with a mesh, each with its world matrix; walked with an explicit stack
    // so a deep hierarchy cannot exhaust ours, and a node reached twice (a cycle) is refused.
    std::vector<std::pair<int, QMatrix4x4>> instances() {
        const QJsonObject& json = m_src.json();
        std::vector<std::pair<int, QMatrix4x4>> stack, out;
        const QJsonArray nodes = json["nodes"].toArray();
        if (json.contains("scenes")) {
            const qint64 scene = m_src.integer(json, "scene", Path(), 0);
            const Path scenePath = Path("scenes").at(scene);
            const QJsonObject s = m_src.item("scenes", scene, Path("scene"));
            const QJsonArray roots = s["nodes"].toArray();
            for (qsizetype i = roots.size(); i-- > 0;)
                stack.emplace_back(
                    int(m_src.reference(roots[i], "nodes", scenePath.key("nodes").at(i))),
                    QMatrix4x4());
        } else {
            // No scene: every node no other node names as a child is a root.
            std::set<qint64> children;
            for (const QJsonValue& n : nodes)
                for (const QJsonValue& c : n.toObject()["children"].toArray())
                    children.insert(c.toInteger(-1));
            for (qsizetype i = nodes.size(); i-- > 0;)
                if (!children.count(i))
                    stack.emplace_back(int(i), QMatrix4x4());
        }
        std::set<int> seen;
        while (!stack.empty()) {
            auto [index, parent] = stack.back();
            stack.pop_back();
            const Path path = Path("nodes").at(index);
            if (!seen.insert(index).second)
                fail(path, "is reached twice in the scene (a cycle or a shared child)");
            const QJsonObject node = nodes.at(index).toObject();
            const QMatrix4x4 world = parent * localMatrix(m_src, node, path);
            if (node.contains("mesh"))
                out.emplace_back(index, world);
            const QJsonArray children = node["children"].toArray();
            for (qsizetype i = children.size(); i-- > 0;)
                stack.emplace_back(
                    int(m_src.reference(children[i], "nodes", path.key("children").at(i))), world);
        }
        return out;
    }

    void addMesh(int nodeIndex, const QMatrix4x4& world) {
        const Path nodePath = Path("nodes").at(nodeIndex);
        const QJsonObject node = m_src.json()["nodes"].toArray().at(nodeIndex).toObject();
        const qint64 meshIndex = m_src.reference(node["mesh"], "meshes", nodePath.key("mesh"));
        const Path meshPath = Path("meshes").at(meshIndex);
        const QJsonObject mesh = m_src.item("meshes", meshIndex, nodePath.key("mesh"));
        const QJsonArray primitives = mesh["primitives"].toArray();
        for (qsizetype i = 0; i < primitives.size(); ++i)
            addPrimitive(primitives[i].toObject(), meshPath.key("primitives").at(i), world);
    }

    Accessor accessor(const QJsonValue& reference, const Path& from) {
        const qint64 i = m_src.reference(reference, "accessors", from);
        const Path path = Path("accessors").at(i);
        const QJsonObject a = m_src.item("accessors", i, from);
        if (a.contains("sparse"))
            fail(path.key("sparse"), "sparse accessors are not supported");
        if (!a.contains("bufferView"))
            fail(path.key("bufferView"), "is missing (accessors without data are not supported)");
        Accessor out;
        out.path = path;
        out.componentType = int(m_src.integer(a, "componentType", path, -1));
        const int size = componentSize(out.componentType);
        if (!size)
            fail(path.key("componentType"),
                 QStringLiteral("%1 is not a glTF component type").arg(out.componentType));
        out.components = componentCount(a["type"].toString());
        if (!out.components)
            fail(path.key("type"),
                 QStringLiteral("\"%1\" is not a glTF accessor type").arg(a["type"].toString()));
        out.normalized = a["normalized"].toBool(false);
        out.count = m_src.integer(a, "count", path, -1);
        if (out.count < 1)
            fail(path.key("count"), "must be at least 1");
        const qint64 offset = m_src.integer(a, "byteOffset", path, 0);
        const gltf::View view = m_src.view(a["bufferView"], path.key("bufferView"));
        const qint64 element = qint64(out.components) * size;
        out.stride = view.stride ? view.stride : element;
        if (out.stride < element)
            fail(Path("bufferViews").at(view.index).key("byteStride"),
                 QStringLiteral("%1 is less than the %2-byte elements of %3")
                     .arg(out.stride)
                     .arg(element)
                     .arg(path.text()));
        // count ≤ length first, so the products below cannot overflow.
        if (out.count > view.size || offset + out.stride * (out.count - 1) + element > view.size)
            fail(path.key("count"), QStringLiteral("%1 elements from byte %2 do not fit in the "
                                                   "%3 bytes of bufferViews[%4]")
                                        .arg(out.count)
                                        .arg(offset)
                                        .arg(view.size)
                                        .arg(view.index));
        out.data = reinterpret_cast<const std::uint8_t*>(view.data) + offset;
        return out;
    }

    // A vertex attribute: `components` numbers each, float or (UVs) normalized integers.
    Accessor attribute(const QJsonObject& attributes, const char* name, int components,
                       bool integers, const Path& path) {
        Accessor a = accessor(attributes[name], path.key("attributes").key(name));
        const bool ok =
            a.componentType == 5126 ||
            (integers && a.normalized && (a.componentType == 5121 || a.componentType == 5123));
        if (!ok || a.components != components)
            fail(a.path, QStringLiteral("is not a valid %1 accessor (type or component type)")
                             .arg(QLatin1String(name)));
        return a;
    }

    void addPrimitive(const QJsonObject& primitive, const Path& path, const QMatrix4x4& world) {
        const qint64 mode = m_src.integer(primitive, "mode", path, kTriangles);
        if (mode != kTriangles)
            fail(path.key("mode"), QStringLiteral("%1 is not triangles (4); only triangles are "
                                                  "imported")
                                       .arg(mode));
        const QJsonObject attributes = primitive["attributes"].toObject();
        if (!attributes.contains("POSITION"))
            fail(path.key("attributes"), "has no POSITION");
        const Accessor positions = attribute(attributes, "POSITION", 3, false, path);
        if (m_vertices + std::size_t(positions.count) > kMaxGltfVertices)
            fail(positions.path, QStringLiteral("the scene has more than %1 vertices, more than a "
                                                "GfxObj holds")
                                     .arg(kMaxGltfVertices));
        m_vertices += std::size_t(positions.count);
        GltfPrimitive out;
        out.material =
            primitive.contains("material")
                ? int(m_src.reference(primitive["material"], "materials", path.key("material")))
                : -1;
        out.vertices.resize(std::size_t(positions.count));
        const QMatrix3x3 normalMatrix = world.normalMatrix();
        for (qint64 i = 0; i < positions.count; ++i) {
            const QVector3D p =
                world.map(QVector3D(component(positions, i, 0), component(positions, i, 1),
                                    component(positions, i, 2)));
            // Far past any model (1,000 km), and keeps every sum of coordinates a float.
            const auto inRange = [](float c) { return std::isfinite(c) && std::abs(c) <= 1e6f; };
            if (!inRange(p.x()) || !inRange(p.y()) || !inRange(p.z()))
                fail(positions.path,
                     QStringLiteral("vertex %1 is not finite or lies more than 1,000 km out")
                         .arg(i));
            out.vertices[std::size_t(i)].position = {p.x(), p.y(), p.z()};
        }
        if (attributes.contains("NORMAL"))
            readNormals(attribute(attributes, "NORMAL", 3, false, path), normalMatrix, out);
        if (attributes.contains("TEXCOORD_0"))
            readUVs(attribute(attributes, "TEXCOORD_0", 2, true, path), out);
        readIndices(primitive, path, out);
        m_model.primitives.push_back(std::move(out));
    }

    static void requireCount(const Accessor& a, const GltfPrimitive& out) {
        if (std::size_t(a.count) != out.vertices.size())
            fail(a.path.key("count"), QStringLiteral("%1 is not the POSITION count %2")
                                          .arg(a.count)
                                          .arg(out.vertices.size()));
    }

    static void readNormals(const Accessor& a, const QMatrix3x3& m, GltfPrimitive& out) {
        requireCount(a, out);
        for (qint64 i = 0; i < a.count; ++i) {
            const float x = component(a, i, 0), y = component(a, i, 1), z = component(a, i, 2);
            QVector3D n(m(0, 0) * x + m(0, 1) * y + m(0, 2) * z,
                        m(1, 0) * x + m(1, 1) * y + m(1, 2) * z,
                        m(2, 0) * x + m(2, 1) * y + m(2, 2) * z);
            const float length = n.length();
            // Zero or broken normals stay 0: the importer uses the face's own.
            n = std::isfinite(length) && length > 1e-6f ? n / length : QVector3D();
            out.vertices[std::size_t(i)].normal = {n.x(), n.y(), n.z()};
        }
    }

    static void readUVs(const Accessor& a, GltfPrimitive& out) {
        requireCount(a, out);
        for (qint64 i = 0; i < a.count; ++i) {
            const float u = component(a, i, 0), v = component(a, i, 1);
            if (!std::isfinite(u) || !std::isfinite(v))
                fail(a.path, QStringLiteral("UV %1 is not finite").arg(i));
            out.vertices[std::size_t(i)].uv = {u, v};
        }
    }

    void readIndices(const QJsonObject& primitive, const Path& path, GltfPrimitive& out) {
        const std::size_t vertexCount = out.vertices.size();
        if (!primitive.contains("indices")) {
            for (std::size_t i = 0; i < vertexCount; ++i)
                out.indices.push_back(std::uint32_t(i));
        } else {
            const Accessor a = accessor(primitive["indices"], path.key("indices"));
            if (a.components != 1 ||
                (a.componentType != 5121 && a.componentType != 5123 && a.componentType != 5125))
                fail(a.path, "is not an index accessor (SCALAR of unsigned byte, short or int)");
            if (m_triangles + std::size_t(a.count) / 3 > kMaxGltfTriangles)
                fail(a.path, QStringLiteral("the scene has more than %1 triangles, more than a "
                                            "GfxObj holds")
                                 .arg(kMaxGltfTriangles));
            out.indices.reserve(std::size_t(a.count));
            for (qint64 i = 0; i < a.count; ++i) {
                const std::uint32_t v = index(a, i);
                if (v >= vertexCount)
                    fail(a.path, QStringLiteral("index %1 (element %2) is out of range: the "
                                                "primitive has %3 vertices")
                                     .arg(v)
                                     .arg(i)
                                     .arg(vertexCount));
                out.indices.push_back(v);
            }
        }
        if (out.indices.size() % 3)
            fail(path.key("indices"),
                 QStringLiteral("%1 indices do not make whole triangles").arg(out.indices.size()));
        m_triangles += out.indices.size() / 3;
        if (m_triangles > kMaxGltfTriangles)
            fail(path, QStringLiteral("the scene has more than %1 triangles, more than a GfxObj "
                                      "holds")
                           .arg(kMaxGltfTriangles));
    }

    void readMaterials() {
        const QJsonArray materials = m_src.json()["materials"].toArray();
        for (qsizetype i = 0; i < materials.size(); ++i) {
            const Path path = Path("materials").at(i);
            const QJsonObject m = materials[i].toObject();
            GltfMaterial out;
            out.name = m["name"].toString();
            const QString alpha = m["alphaMode"].toString("OPAQUE");
            out.blend = alpha == "BLEND";
            out.mask = alpha == "MASK";
            out.doubleSided = m["doubleSided"].toBool(false);
            const Path pbrPath = path.key("pbrMetallicRoughness");
            const QJsonObject pbr = m["pbrMetallicRoughness"].toObject();
            if (pbr.contains("baseColorFactor")) {
                const auto f = m_src.numbers(pbr, "baseColorFactor", 4, pbrPath);
                out.baseColor = {f[0], f[1], f[2], f[3]};
            }
            if (pbr.contains("baseColorTexture")) {
                const Path texPath = pbrPath.key("baseColorTexture");
                const qint64 t = m_src.reference(pbr["baseColorTexture"].toObject()["index"],
                                                 "textures", texPath.key("index"));
                const QJsonObject texture = m_src.item("textures", t, texPath.key("index"));
                const Path sourcePath = Path("textures").at(t).key("source");
                if (!texture.contains("source"))
                    fail(sourcePath, "is missing (no image for the base colour)");
                out.image = m_src.image(m_src.reference(texture["source"], "images", sourcePath));
            }
            m_model.materials.push_back(std::move(out));
        }
    }

    gltf::Sources& m_src;
    GltfModel m_model;
    std::size_t m_vertices = 0, m_triangles = 0;
};

} // namespace

GltfModel readGltf(const QByteArray& bytes, const QString& name, const QString& baseDir) {
    try {
        gltf::Sources sources(bytes, baseDir);
        return ModelReader(sources).read();
    } catch (dat::DatError& e) {
        throw e.withContext("reading " + name.toStdString());
    }
}

GltfModel readGltfFile(const QString& file) {
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw dat::DatError(
            "file", "cannot open " + file.toStdString() + ": " + in.errorString().toStdString(), 0);
    if (in.size() > gltf::kMaxFileBytes)
        throw dat::DatError("file", file.toStdString() + " is larger than the importer reads", 0);
    return readGltf(in.readAll(), file, QFileInfo(file).absolutePath());
}

} // namespace portalkit::modding
