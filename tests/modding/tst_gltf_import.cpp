// glTF → GfxObj (modding/gltf_import.h, docs/modding.md#importing-models-gltf): demo GfxObjs
// exported to glTF and imported back export again to the same vertices, UVs, triangles, colours
// and textures; the entries and their ids; glTF's +Y up turned to AC's +Z up; .glb, data URIs
// and external buffers read alike.

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/record.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "export/model_export.h"
#include "gltf_samples.h"
#include "gltf_test_support.h"
#include "modding/gltf_import.h"

#include <QBuffer>
#include <QImage>
#include <QObject>
#include <QTest>
#include <map>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kImported = 0x0100F001;

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

    void gltfToGfxObjToGltfKeepsVerticesAndUVs_data() {
        QTest::addColumn<int>("segments"); // 0: the cube
        QTest::newRow("cube") << 0;
        QTest::newRow("sphere (pole triangles without area)") << 16;
    }

    // The other way round: a hand-written glTF imported and exported again has its vertices,
    // in order, with their positions and UVs, and its triangles.
    void gltfToGfxObjToGltfKeepsVerticesAndUVs() {
        QFETCH(int, segments);
        const Mesh mesh = segments ? makeSphere(2, segments, segments / 2) : makeCube();
        const QByteArray gltf =
            QJsonDocument(meshJson(mesh, QString::fromLatin1(dataUri(meshBuffer(mesh))))).toJson();
        const auto entries = modding::importGltf(
            writeFile(m_dir, QStringLiteral("mesh%1.gltf").arg(segments), gltf), kImported, {});
        preview::Assets assets(*m_assets);
        addEntries(assets, entries);
        const testing::GltfFile out =
            testing::readGltf(exports::exportModel(assets, kImported, {}).bytes);
        QVERIFY(out.error.isEmpty());
        const QJsonArray primitives = out.item("meshes", 0)["primitives"].toArray();
        QCOMPARE(primitives.size(), 1);
        const QJsonObject p = primitives[0].toObject();
        const QJsonObject attributes = p["attributes"].toObject();
        const std::vector<float> positions = out.floats(attributes["POSITION"].toInt());
        const std::vector<float> uvs = out.floats(attributes["TEXCOORD_0"].toInt());
        // The export numbers vertices by first use, so corners are compared through the
        // triangles: the same count of vertices, the same triangles, corner for corner.
        QCOMPARE(positions.size(), mesh.positions.size());
        const std::vector<std::uint32_t> indices = out.indices(p["indices"].toInt());
        QCOMPARE(indices.size(), mesh.indices.size());
        for (std::size_t c = 0; c < indices.size(); ++c) {
            const std::size_t a = indices[c], b = mesh.indices[c];
            for (std::size_t k = 0; k < 3; ++k)
                QVERIFY(std::abs(positions[3 * a + k] - mesh.positions[3 * b + k]) < 1e-6f);
            QCOMPARE(uvs[2 * a], mesh.uvs[2 * b]);
            QCOMPARE(uvs[2 * a + 1], mesh.uvs[2 * b + 1]);
        }
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
};

QTEST_GUILESS_MAIN(TestGltfImport)
#include "tst_gltf_import.moc"
