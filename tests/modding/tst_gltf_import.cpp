// glTF → GfxObj (modding/gltf_import.h, docs/modding.md#importing-models-gltf): demo GfxObjs
// exported to glTF and imported back export again to the same vertices, UVs and triangles; a
// hand-written cube imports to a GfxObj whose physics BSP stops a missile at its face under the
// retail transition; broken files give errors naming the JSON path, never a crash.

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/record.h"
#include "datreader/records/region.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "export/model_export.h"
#include "gltf_test_support.h"
#include "modding/gltf_import.h"
#include "modding/gltf_reader.h"
#include "preview/physics/bsp_collision.h"
#include "preview/physics/object_info.h"
#include "preview/physics/terrain_transition.h"
#include "support/bsp_checks.h"
#include "support/demo_dats.h"
#include "world/coords.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <cmath>
#include <set>

using namespace portalkit;

namespace {

constexpr std::uint32_t kImported = 0x0100F001;
constexpr std::uint32_t kTown = 0xA9B4FFFF;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// The imported records added to `assets` as the export will look them up.
void addEntries(preview::Assets& assets, const std::vector<modding::ImportedEntry>& entries) {
    for (const modding::ImportedEntry& entry : entries) {
        const auto record = dat::decodeRecord(dat::DatKind::Portal, entry.id, entry.bytes);
        if (!record)
            qFatal("entry %s does not decode", dat::formatDid(entry.id).c_str());
        std::visit(
            [&](const auto& r) {
                using T = std::decay_t<decltype(r)>;
                if constexpr (std::is_same_v<T, dat::GfxObj> || std::is_same_v<T, dat::Surface> ||
                              std::is_same_v<T, dat::SurfaceTexture> ||
                              std::is_same_v<T, dat::RenderSurface>)
                    assets.add(r);
                else
                    qFatal("unexpected record type %s", T::kTypeName.data());
            },
            *record);
    }
}

// Mean absolute difference per channel (0-255) of two RGBA8888 images of one size.
double meanDifference(const QImage& a, const QImage& b) {
    double sum = 0;
    for (int y = 0; y < a.height(); ++y) {
        const uchar* p = a.constScanLine(y);
        const uchar* q = b.constScanLine(y);
        for (int x = 0; x < a.width() * 4; ++x)
            sum += std::abs(int(p[x]) - int(q[x]));
    }
    return sum / (double(a.width()) * a.height() * 4);
}

dat::GfxObj gfxObjOf(const std::vector<modding::ImportedEntry>& entries) {
    return dat::GfxObj::decode(entries.front().bytes, entries.front().id);
}

// A 2 m cube centred on the origin in glTF space: 24 vertices (4 per face, each face its own
// normal and UVs 0..1), 36 u16 indices wound counter-clockwise seen from outside.
struct Mesh {
    std::vector<float> positions, normals, uvs;
    std::vector<std::uint16_t> indices;
};

Mesh makeCube() {
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

QByteArray meshBuffer(const Mesh& mesh) {
    QByteArray bin;
    append(bin, mesh.positions);
    append(bin, mesh.normals);
    append(bin, mesh.uvs);
    append(bin, mesh.indices);
    return bin;
}

// The JSON of `mesh` with meshBuffer's layout, the buffer named by `uri` (not a string: none,
// a GLB's BIN chunk), its byteLength `bufferLength` (-1: the real one).
QJsonObject meshJson(const Mesh& mesh, const QJsonValue& uri, qint64 bufferLength = -1) {
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
QByteArray cubeBuffer() {
    return meshBuffer(makeCube());
}

QJsonObject cubeJson(const QJsonValue& uri, qint64 bufferLength = -1) {
    return meshJson(makeCube(), uri, bufferLength);
}

// A sphere of `radius` around the origin: `rings` bands of `segments` quads, two triangles
// each, wound counter-clockwise seen from outside; normals point out.
Mesh makeSphere(float radius, int segments, int rings) {
    Mesh mesh;
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s <= segments; ++s) {
            const double theta = M_PI * r / rings, phi = 2 * M_PI * s / segments;
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

QByteArray dataUri(const QByteArray& bytes) {
    return "data:application/octet-stream;base64," + bytes.toBase64();
}

QByteArray cubeGltf() {
    return QJsonDocument(cubeJson(QString::fromLatin1(dataUri(cubeBuffer())))).toJson();
}

QByteArray glb(const QByteArray& jsonText, const QByteArray& bin) {
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

// The error reading `bytes` gives, or empty when it reads.
QString readError(const QByteArray& bytes) {
    try {
        modding::readGltf(bytes, "bad.gltf", QString());
        return {};
    } catch (const dat::DatError& e) {
        return QString::fromStdString(e.what());
    }
}

QByteArray withChange(const std::function<void(QJsonObject&)>& change) {
    QJsonObject json = cubeJson(QString::fromLatin1(dataUri(cubeBuffer())));
    change(json);
    return QJsonDocument(json).toJson();
}

// Sets json[array][index][key] = value.
void setIn(QJsonObject& json, const char* array, int index, const char* key,
           const QJsonValue& value) {
    QJsonArray items = json[array].toArray();
    QJsonObject item = items[index].toObject();
    item[key] = value;
    items[index] = item;
    json[array] = items;
}

preview::TerrainWorld townWith(const dat::GfxObj& gfxObj, preview::Vec3 at) {
    preview::TerrainWorld out;
    const auto region = testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000);
    out.blocks.emplace(kTown, world::LandblockTerrain(testing::demoRecord<dat::LandBlock>(
                                                          testing::demoCellDat(), kTown),
                                                      region.landDefs));
    preview::Frame frame;
    frame.origin = at;
    out.statics.push_back(preview::makeStaticObject(
        kTown, frame, 1.0f,
        std::make_shared<preview::PhysicsGeometry>(preview::PhysicsGeometry::fromGfxObj(gfxObj))));
    return out;
}

// A missile of radius 0.1 flown from `begin` to `end` in the town block.
preview::TerrainTransition fly(const preview::TerrainWorld& world, preview::Vec3 begin,
                               preview::Vec3 end) {
    preview::MoverDescription bolt;
    bolt.physicsState = 0x40; // Missile
    preview::TerrainMove move;
    move.beginCell = *world::cellAt(kTown, begin.x, begin.y);
    move.begin = begin;
    move.end = end;
    move.spheres[0] = {{0, 0, 0}, 0.1f};
    return preview::terrainTransition(world, preview::makeObjectInfo(bolt), move);
}

} // namespace

class TestGltfImport : public QObject {
    Q_OBJECT

    std::shared_ptr<preview::Assets> m_assets;
    QTemporaryDir m_dir;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_assets = std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(
            dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT))));
    }

    void exportImportExportKeepsVerticesAndUVs_data() {
        QTest::addColumn<std::uint32_t>("id");
        QTest::newRow("house (two textured surfaces, physics)") << 0x01000D01u;
        QTest::newRow("dressed torso (P8 texture)") << 0x01000C41u;
        QTest::newRow("human part") << 0x01000001u;
        QTest::newRow("rock (base colour)") << 0x01000C03u;
    }

    // import(export(x)) exports to the same primitives: vertex for vertex the same positions
    // and UVs, the same triangles, and a texture where the first had one.
    void exportImportExportKeepsVerticesAndUVs() {
        QFETCH(std::uint32_t, id);
        const QByteArray first = exports::exportModel(*m_assets, id, {}).bytes;
        const QString path = writeFile(m_dir, QStringLiteral("%1.glb").arg(id, 0, 16), first);
        const auto entries = modding::importGltf(path, kImported, {});
        preview::Assets assets(*m_assets);
        addEntries(assets, entries);
        const QByteArray second = exports::exportModel(assets, kImported, {}).bytes;

        const testing::GltfFile a = testing::readGltf(first), b = testing::readGltf(second);
        QVERIFY(a.error.isEmpty() && b.error.isEmpty());
        const QJsonArray pa = a.item("meshes", 0)["primitives"].toArray();
        const QJsonArray pb = b.item("meshes", 0)["primitives"].toArray();
        QCOMPARE(pb.size(), pa.size());
        std::size_t vertices = 0;
        bool someUV = false;
        for (qsizetype p = 0; p < pa.size(); ++p) {
            const QJsonObject x = pa[p].toObject(), y = pb[p].toObject();
            const auto attr = [](const QJsonObject& prim, const char* name) {
                return prim["attributes"].toObject()[name].toInt();
            };
            const std::vector<float> posA = a.floats(attr(x, "POSITION"));
            const std::vector<float> posB = b.floats(attr(y, "POSITION"));
            const std::vector<float> uvA = a.floats(attr(x, "TEXCOORD_0"));
            const std::vector<float> uvB = b.floats(attr(y, "TEXCOORD_0"));
            QCOMPARE(posB.size(), posA.size());
            QCOMPARE(uvB.size(), uvA.size());
            for (std::size_t i = 0; i < posA.size(); ++i)
                QVERIFY2(std::abs(posA[i] - posB[i]) < 1e-5f,
                         qPrintable(QStringLiteral("primitive %1 position %2: %3 vs %4")
                                        .arg(p)
                                        .arg(i)
                                        .arg(posA[i])
                                        .arg(posB[i])));
            for (std::size_t i = 0; i < uvA.size(); ++i) {
                QCOMPARE(uvB[i], uvA[i]);
                someUV = someUV || uvA[i] != 0;
            }
            QCOMPARE(b.indices(y["indices"].toInt()), a.indices(x["indices"].toInt()));
            const QJsonObject ma = a.item("materials", x["material"].toInt());
            const QJsonObject mb = b.item("materials", y["material"].toInt());
            const auto factor = [](const QJsonObject& m) {
                return m["pbrMetallicRoughness"].toObject()["baseColorFactor"].toArray();
            };
            for (qsizetype c = 0; c < 4; ++c)
                QVERIFY(std::abs(factor(ma)[c].toDouble() - factor(mb)[c].toDouble()) < 1e-3);
            const QImage ta = a.baseColorImage(ma);
            const QImage tb = b.baseColorImage(mb);
            QCOMPARE(tb.isNull(), ta.isNull());
            if (!ta.isNull()) {
                // The texture comes back as DXT1/DXT5 of the same size: within block
                // compression's error on average.
                QCOMPARE(tb.size(), ta.size());
                QVERIFY2(meanDifference(ta, tb) < 6.0,
                         qPrintable(QString::number(meanDifference(ta, tb))));
            }
            vertices += posA.size() / 3;
        }
        QVERIFY(vertices > 0);
        if (id != 0x01000C03u)
            QVERIFY(someUV);
        // glTF → GfxObj keeps the vertex count too: one GfxObj vertex per glTF vertex.
        QCOMPARE(gfxObjOf(entries).vertices.size(), vertices);
    }

    // The entries: the GfxObj, one Surface per material with its colour, ids derived from the
    // GfxObj's, used ids skipped unless overwriting.
    void entriesAndIds() {
        const QString path = writeFile(m_dir, "cube.gltf", cubeGltf());
        auto entries = modding::importGltf(path, kImported, {});
        QCOMPARE(entries.size(), std::size_t(2));
        QCOMPARE(entries[0].id, kImported);
        QCOMPARE(entries[1].id, 0x0800F001u);
        const dat::GfxObj g = gfxObjOf(entries);
        QCOMPARE(g.vertices.size(), std::size_t(24));
        QCOMPARE(g.polygons.size(), std::size_t(12));
        QCOMPARE(g.physicsPolygons.size(), std::size_t(12));
        QCOMPARE(g.surfaces, std::vector<std::uint32_t>{0x0800F001u});
        const dat::Surface s = dat::Surface::decode(entries[1].bytes, entries[1].id);
        QCOMPARE(s.type, dat::Surface::kBase1Solid);
        // Linear 0.5, 0.25, 0.125 as sRGB bytes (the export linearises them back).
        QCOMPARE(s.colorValue, 0xFFBC8963u);

        modding::GltfImportOptions options;
        options.usedIds = {0x0800F001, 0x0800F002};
        QCOMPARE(modding::importGltf(path, kImported, options)[1].id, 0x0800F003u);
        options.overwrite = true;
        QCOMPARE(modding::importGltf(path, kImported, options)[1].id, 0x0800F001u);
        options.firstSurfaceId = 0x0800F0F0;
        QCOMPARE(modding::importGltf(path, kImported, options)[1].id, 0x0800F0F0u);
        QVERIFY_THROWS_EXCEPTION(dat::DatError, modding::importGltf(path, 0x02000001, {}));
    }

    // Two materials on one image: two Surfaces (an image one and, for MASK, a clip map) over
    // one SurfaceTexture whose RenderSurfaces are its mip levels, the image's pixels within
    // DXT1 error.
    void texturedMaterialsShareTheirImage() {
        QImage image(8, 8, QImage::Format_RGBA8888);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 8; ++x)
                image.setPixelColor(x, y, x < 4 ? QColor(200, 40, 40) : QColor(40, 40, 200));
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "PNG");
        QJsonObject json = cubeJson(QString::fromLatin1(dataUri(cubeBuffer())));
        QJsonObject mesh = json["meshes"].toArray()[0].toObject();
        QJsonObject second = mesh["primitives"].toArray()[0].toObject();
        second["material"] = 1;
        mesh["primitives"] = QJsonArray{mesh["primitives"].toArray()[0], second};
        json["meshes"] = QJsonArray{mesh};
        const QJsonObject textured{
            {"pbrMetallicRoughness", QJsonObject{{"baseColorTexture", QJsonObject{{"index", 0}}}}}};
        QJsonObject masked = textured;
        masked["alphaMode"] = "MASK";
        json["materials"] = QJsonArray{textured, masked};
        json["textures"] = QJsonArray{QJsonObject{{"source", 0}}};
        json["images"] = QJsonArray{
            QJsonObject{{"uri", QString::fromLatin1("data:image/png;base64," + png.toBase64())}}};
        const auto entries = modding::importGltf(
            writeFile(m_dir, "textured.gltf", QJsonDocument(json).toJson()), kImported, {});
        std::vector<dat::Surface> surfaces;
        std::vector<dat::SurfaceTexture> textures;
        std::map<std::uint32_t, dat::RenderSurface> levels;
        for (const modding::ImportedEntry& e : entries) {
            if ((e.id >> 24) == 0x08)
                surfaces.push_back(dat::Surface::decode(e.bytes, e.id));
            else if ((e.id >> 24) == 0x05)
                textures.push_back(dat::SurfaceTexture::decode(e.bytes, e.id));
            else if ((e.id >> 24) == 0x06)
                levels.emplace(e.id, dat::RenderSurface::decode(e.bytes, e.id));
        }
        QCOMPARE(surfaces.size(), std::size_t(2));
        QCOMPARE(textures.size(), std::size_t(1));
        QCOMPARE(surfaces[0].type, dat::Surface::kBase1Image);
        QCOMPARE(surfaces[1].type, dat::Surface::kBase1ClipMap);
        QCOMPARE(surfaces[0].origTextureId, textures[0].id);
        QCOMPARE(surfaces[1].origTextureId, textures[0].id);
        QCOMPARE(gfxObjOf(entries).surfaces,
                 (std::vector<std::uint32_t>{surfaces[0].id, surfaces[1].id}));
        QCOMPARE(textures[0].renderSurfaceIds.size(), std::size_t(2)); // 8×8 and 4×4 DXT1
        const dat::RenderSurface& top = levels.at(textures[0].renderSurfaceIds[0]);
        QCOMPARE(top.width, 8);
        QCOMPARE(top.pixelFormat, std::uint32_t(dat::PixelFormat::Dxt1));
        const QImage back =
            dat::renderSurfaceImage(top, nullptr).convertToFormat(QImage::Format_RGBA8888);
        QVERIFY(meanDifference(image, back) < 6.0);
    }

    // glTF's +Y up becomes AC's +Z up: the cube's +Y face (glTF) is its top (AC), its normals
    // turned with it, winding counter-clockwise about them.
    void axesAreACs() {
        const QString path = writeFile(m_dir, "axes.gltf", cubeGltf());
        const dat::GfxObj g = gfxObjOf(modding::importGltf(path, kImported, {}));
        int top = 0;
        for (const dat::GfxObj::Polygon& polygon : g.polygons) {
            const auto& v0 = g.vertices[std::size_t(polygon.vertexIds[0])];
            const auto& v1 = g.vertices[std::size_t(polygon.vertexIds[1])];
            const auto& v2 = g.vertices[std::size_t(polygon.vertexIds[2])];
            const dat::Vec3 e1{v1.origin.x - v0.origin.x, v1.origin.y - v0.origin.y,
                               v1.origin.z - v0.origin.z};
            const dat::Vec3 e2{v2.origin.x - v0.origin.x, v2.origin.y - v0.origin.y,
                               v2.origin.z - v0.origin.z};
            const float nz = e1.x * e2.y - e1.y * e2.x;
            const float ny = e1.z * e2.x - e1.x * e2.z;
            const float nx = e1.y * e2.z - e1.z * e2.y;
            // The face normal agrees with the stored vertex normal (outward).
            QVERIFY(nx * v0.normal.x + ny * v0.normal.y + nz * v0.normal.z > 0);
            if (v0.normal.z > 0.99f) {
                ++top;
                QCOMPARE(v0.origin.z, 1.0f);
            }
        }
        QCOMPARE(top, 2);
    }

    // The same cube as .glb (BIN chunk) and as .gltf with its buffer in a .bin file beside it
    // imports to the same GfxObj as with a data URI.
    void glbAndExternalBufferReadAlike() {
        const std::vector<std::uint8_t> reference =
            modding::importGltf(writeFile(m_dir, "ref.gltf", cubeGltf()), kImported, {})[0].bytes;
        const QByteArray bin = cubeBuffer();
        const QString glbPath =
            writeFile(m_dir, "cube.glb", glb(QJsonDocument(cubeJson({})).toJson(), bin));
        QCOMPARE(modding::importGltf(glbPath, kImported, {})[0].bytes, reference);
        writeFile(m_dir, "cube data.bin", bin);
        const QString external = writeFile(
            m_dir, "external.gltf", QJsonDocument(cubeJson(QString("cube%20data.bin"))).toJson());
        QCOMPARE(modding::importGltf(external, kImported, {})[0].bytes, reference);
    }

    // A missile flown at the imported cube stops at its west face (x = 59 for a cube centred
    // at x = 60) with the face's normal; the same cube imported without physics lets it
    // through, so it is the built BSP that stops it.
    void theImportedPhysicsBspStopsAMissile() {
        const QString path = writeFile(m_dir, "wall.gltf", cubeGltf());
        const dat::GfxObj solid = gfxObjOf(modding::importGltf(path, kImported, {}));
        QVERIFY(solid.hasPhysics());
        const std::string problem =
            testing::physicsTreeProblem(solid.physicsBsp, solid.vertices, solid.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());

        const world::LandblockTerrain terrain(
            testing::demoRecord<dat::LandBlock>(testing::demoCellDat(), kTown),
            testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000).landDefs);
        const float ground = *terrain.heightAt(60, 88);
        const float z = ground + 1.5f;
        const preview::TerrainWorld world = townWith(solid, {60, 88, ground + 1});
        const auto t = fly(world, {50, 88, z}, {62, 88, z});
        QVERIFY(t.ok);
        QVERIFY(t.stepsTaken < t.stepsPlanned);
        QCOMPARE(t.hitStatic, 0);
        QVERIFY(world.statics[0].geometry->polygon(t.hitPolygon));
        QVERIFY(t.collision.collisionNormalValid);
        QVERIFY(t.collision.collisionNormal.x < -0.999f);
        QVERIFY2(t.origin.x <= 59 - 0.1f + 1e-3f && t.origin.x > 59 - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
        QVERIFY(!t.bspTooDeep);

        modding::GltfImportOptions drawingOnly;
        drawingOnly.physics = false;
        const dat::GfxObj ghost = gfxObjOf(modding::importGltf(path, kImported, drawingOnly));
        QVERIFY(!ghost.hasPhysics());
        const auto through = fly(townWith(ghost, {60, 88, ground + 1}), {50, 88, z}, {62, 88, z});
        QVERIFY(through.ok);
        QCOMPARE(through.hitStatic, -1);
        QVERIFY(std::abs(through.origin.x - 62) < 1e-3f);
    }

    // A sphere of 1,000 triangles gets a tree deep enough for small leaves (a walk tests a
    // few polygons, not all), sound by the checks the demo's trees pass; its pole triangles
    // have no area and are drawn but left out of physics. A missile stops on its surface.
    void aDenseMeshGetsASplitTree() {
        const Mesh sphere = makeSphere(2, 32, 16);
        const QByteArray gltf =
            QJsonDocument(meshJson(sphere, QString::fromLatin1(dataUri(meshBuffer(sphere)))))
                .toJson();
        const dat::GfxObj g =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "sphere.gltf", gltf), kImported, {}));
        QCOMPARE(g.polygons.size(), sphere.indices.size() / 3);
        QCOMPARE(g.physicsPolygons.size(), g.polygons.size() - 2 * 32); // 32 per pole
        const std::string problem =
            testing::physicsTreeProblem(g.physicsBsp, g.vertices, g.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        std::size_t leaves = 0, largest = 0;
        for (const dat::BspNode& node : g.physicsBsp.nodes)
            if (node.tag == dat::bsp_tag::Leaf) {
                ++leaves;
                largest = std::max(largest, node.polygons.size());
            }
        QVERIFY2(leaves >= 64, qPrintable(QString::number(leaves)));
        QVERIFY2(largest <= 64, qPrintable(QString::number(largest)));

        const world::LandblockTerrain terrain(
            testing::demoRecord<dat::LandBlock>(testing::demoCellDat(), kTown),
            testing::demoRecord<dat::Region>(testing::demoPortalDat(), 0x13000000).landDefs);
        const float centre = *terrain.heightAt(60, 88) + 2.5f;
        const auto t = fly(townWith(g, {60, 88, centre}), {50, 88, centre}, {62, 88, centre});
        QCOMPARE(t.hitStatic, 0);
        // The facets lie inside the true sphere by at most r(1 − cos(π/32)) ≈ 1 cm.
        QVERIFY2(t.origin.x <= 58 - 0.1f + 1e-3f && t.origin.x > 58 - 0.35f,
                 qPrintable(QString::number(t.origin.x)));
    }

    // A closed convex body gets the exact tree: a chain of its six face planes over a solid
    // leaf, so the collision walk's solid test finds a sphere wholly inside the box (placement
    // in it fails), which no polygon test would. Two boxes in one mesh are closed but not
    // convex, and get the spatial tree, whose leaves are never solid.
    void aClosedConvexBodyHasASolidLeaf() {
        const dat::GfxObj box =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "box.gltf", cubeGltf()), kImported, {}));
        QCOMPARE(box.physicsBsp.nodes.size(), std::size_t(7));
        QVERIFY(box.physicsBsp.nodes.back().solid);
        const std::string problem =
            testing::physicsTreeProblem(box.physicsBsp, box.vertices, box.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        const preview::PhysicsGeometry geometry = preview::PhysicsGeometry::fromGfxObj(box);
        const auto solidAt = [&](preview::Vec3 centre, bool centerCheck) {
            preview::BspWalk walk;
            return preview::sphereIntersectsSolid(geometry, {centre, 0.2f}, centerCheck, walk);
        };
        QVERIFY(solidAt({0.1f, -0.2f, 0.3f}, true));   // inside, touching no face
        QVERIFY(!solidAt({0.1f, -0.2f, 0.3f}, false)); // no polygon reached
        QVERIFY(!solidAt({0, 0, 1.5f}, true));         // above the box
        QVERIFY(solidAt({0, 0, 1.1f}, true));          // reaching its top face

        Mesh twoBoxes = makeCube();
        const Mesh other = makeCube();
        const auto base = std::uint16_t(twoBoxes.positions.size() / 3);
        for (std::size_t i = 0; i < other.positions.size(); ++i)
            twoBoxes.positions.push_back(other.positions[i] + (i % 3 == 0 ? 5.0f : 0.0f));
        twoBoxes.normals.insert(twoBoxes.normals.end(), other.normals.begin(), other.normals.end());
        twoBoxes.uvs.insert(twoBoxes.uvs.end(), other.uvs.begin(), other.uvs.end());
        for (const std::uint16_t i : other.indices)
            twoBoxes.indices.push_back(std::uint16_t(base + i));
        const QByteArray gltf =
            QJsonDocument(meshJson(twoBoxes, QString::fromLatin1(dataUri(meshBuffer(twoBoxes)))))
                .toJson();
        const dat::GfxObj pair =
            gfxObjOf(modding::importGltf(writeFile(m_dir, "pair.gltf", gltf), kImported, {}));
        QCOMPARE(pair.physicsPolygons.size(), std::size_t(24));
        for (const dat::BspNode& node : pair.physicsBsp.nodes)
            QVERIFY(!node.solid);
        const std::string pairProblem =
            testing::physicsTreeProblem(pair.physicsBsp, pair.vertices, pair.physicsPolygons);
        QVERIFY2(pairProblem.empty(), pairProblem.c_str());
    }

    void badFilesGiveErrors_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected"); // part of the message: the path at fault
        const QByteArray bin = cubeBuffer();
        QTest::newRow("truncated buffer")
            << QJsonDocument(cubeJson(QString::fromLatin1(dataUri(bin.left(500))))).toJson()
            << "buffers[0].byteLength";
        QTest::newRow("view past its buffer")
            << withChange([](QJsonObject& j) { setIn(j, "bufferViews", 3, "byteOffset", 800); })
            << "bufferViews[3]";
        QByteArray badIndex = bin;
        qToLittleEndian<std::uint16_t>(99, badIndex.data() + 768 + 10);
        QTest::newRow("index out of range")
            << QJsonDocument(cubeJson(QString::fromLatin1(dataUri(badIndex)))).toJson()
            << "index 99 (element 5) is out of range";
        QTest::newRow("accessor count past its view")
            << withChange([](QJsonObject& j) { setIn(j, "accessors", 0, "count", 25); })
            << "accessors[0].count";
        QTest::newRow("accessor count overflowing") << withChange([](QJsonObject& j) {
            setIn(j, "accessors", 0, "count", 9007199254740992.0);
        }) << "accessors[0].count";
        QTest::newRow("accessor offset overflowing") << withChange([](QJsonObject& j) {
            setIn(j, "accessors", 2, "byteOffset", 9007199254740000.0);
        }) << "accessors[2].count";
        QTest::newRow("mesh out of range")
            << withChange([](QJsonObject& j) { setIn(j, "nodes", 0, "mesh", 3); })
            << "nodes[0].mesh";
        QTest::newRow("lines") << withChange([](QJsonObject& j) {
            QJsonObject mesh = j["meshes"].toArray()[0].toObject();
            QJsonObject prim = mesh["primitives"].toArray()[0].toObject();
            prim["mode"] = 1;
            mesh["primitives"] = QJsonArray{prim};
            j["meshes"] = QJsonArray{mesh};
        }) << "meshes[0].primitives[0].mode";
        QTest::newRow("node cycle")
            << withChange([](QJsonObject& j) { setIn(j, "nodes", 0, "children", QJsonArray{0}); })
            << "nodes[0]";
        QTest::newRow("external file in memory")
            << QJsonDocument(cubeJson(QString("cube.bin"))).toJson() << "buffers[0].uri";
        QTest::newRow("not JSON") << QByteArray("{\"asset\": ") << "json";
        QTest::newRow("glTF 1") << withChange([](QJsonObject& j) {
            j["asset"] = QJsonObject{{"version", "1.0"}};
        }) << "asset.version";
        const QByteArray good = glb(QJsonDocument(cubeJson({})).toJson(), bin);
        QTest::newRow("glb cut short") << good.left(good.size() - 100) << "glb length";
        QByteArray longChunk = good;
        qToLittleEndian<std::uint32_t>(0x7FFFFFF0, longChunk.data() + 12);
        QTest::newRow("glb chunk too long") << longChunk << "glb chunk length";
        QTest::newRow("glb header only") << good.left(12) << "glb header";
        QTest::newRow("glb without BIN")
            << glb(QJsonDocument(cubeJson({})).toJson(), {}) << "buffers[0].byteLength";
    }

    void badFilesGiveErrors() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const QString error = readError(bytes);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains("bad.gltf"), qPrintable(error));
    }

    void aMissingFileIsAnError() {
        try {
            modding::importGltf(m_dir.filePath("none.gltf"), kImported, {});
            QFAIL("no error");
        } catch (const dat::DatError& e) {
            QVERIFY(QString::fromStdString(e.what()).contains("none.gltf"));
        }
    }

    void theCubeItselfReads() {
        QVERIFY2(readError(cubeGltf()).isEmpty(), qPrintable(readError(cubeGltf())));
    }
};

QTEST_GUILESS_MAIN(TestGltfImport)
#include "tst_gltf_import.moc"
