// The world as glTF (export/world_export.h, docs/export.md#the-world) on the demo DATs: terrain
// meshes per block with their atlases embedded, one node per placed part sharing one mesh per
// GfxObj, EnvCells keyed apart from GfxObjs, positions in glTF axes, TRS for mirrored matrices,
// the Khronos validator's verdict, and `portalkit export --landblock/--dungeon` end to end.

#include "datreader/records/env_cell.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "export/gltf_axes.h"
#include "export/gltf_json.h"
#include "export/gltf_trs.h"
#include "export/world_export.h"
#include "gltf_test_support.h"
#include "support/cli_run.h"
#include "world/coords.h"
#include "world/scene/cell_builder.h"

#include <QFile>
#include <QMatrix4x4>
#include <QObject>
#include <QQuaternion>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;
constexpr std::uint32_t kDungeon = 0x01D9FFFF;

std::shared_ptr<preview::Assets> open(const char* path) {
    auto dat = dat::DatFile::open(path);
    return std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(std::move(dat)));
}
const preview::Assets& portal() {
    static const auto assets = open(PORTALKIT_DEMO_DAT);
    return *assets;
}
const preview::Assets& cells() {
    static const auto assets = open(PORTALKIT_DEMO_CELL_DAT);
    return *assets;
}
world::WorldSources sources() {
    return {&portal(), &cells(), portal().get<dat::Region>(world::kRegionId)};
}

exports::WorldContent town(int radius) {
    return exports::buildWorld(sources(), {exports::WorldRequest::Kind::Landblock, kTown, radius});
}

GltfFile exported(const exports::WorldContent& content,
                  exports::Container container = exports::Container::Glb) {
    return readGltf(exports::exportWorld(sources(), content, container).bytes);
}

// Nodes by their extras key: "gfxObj" for placed parts, "envCell" for cells.
QList<QJsonObject> nodesWith(const GltfFile& file, const char* key) {
    QList<QJsonObject> out;
    for (int i = 0; i < file.count("nodes"); ++i)
        if (file.item("nodes", i)["extras"].toObject().contains(key))
            out << file.item("nodes", i);
    return out;
}
QList<QJsonObject> meshesWith(const GltfFile& file, const char* key) {
    QList<QJsonObject> out;
    for (int i = 0; i < file.count("meshes"); ++i)
        if (file.item("meshes", i)["extras"].toObject().contains(key))
            out << file.item("meshes", i);
    return out;
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-4 * std::max(1.0, std::abs(b));
}

// glTF's T·R·S of a node as a matrix (column vectors).
QMatrix4x4 trsMatrix(const exports::GltfTrs& trs) {
    QMatrix4x4 m;
    m.translate(trs.translation[0], trs.translation[1], trs.translation[2]);
    m.rotate(QQuaternion(trs.rotation[3], trs.rotation[0], trs.rotation[1], trs.rotation[2]));
    m.scale(trs.scale[0], trs.scale[1], trs.scale[2]);
    return m;
}

// AC → glTF axes as a matrix: (x, y, z) → (x, z, -y).
QMatrix4x4 axes() {
    return QMatrix4x4(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);
}

} // namespace

class TestWorldExport : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY(sources().region); }

    // One terrain mesh of 81 vertices and 128 triangles per block, vertices in glTF axes.
    void terrainMeshPerBlock_data() {
        QTest::addColumn<int>("radius");
        QTest::newRow("the town") << 0;
        QTest::newRow("3x3") << 1;
    }
    void terrainMeshPerBlock() {
        QFETCH(int, radius);
        const exports::WorldContent content = town(radius);
        const GltfFile file = exported(content);
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        const QList<QJsonObject> terrains = meshesWith(file, "landblock");
        QCOMPARE(terrains.size(), int(content.blocks.size()));
        QCOMPARE(terrains.size(), radius == 0 ? 1 : 9); // the demo holds the whole 3x3
        for (std::size_t b = 0; b < content.blocks.size(); ++b) {
            const QJsonObject primitive = terrains[int(b)]["primitives"][0].toObject();
            const std::vector<float> positions =
                file.floats(primitive["attributes"]["POSITION"].toInt());
            QCOMPARE(positions.size(), std::size_t(81 * 3));
            QCOMPARE(file.indices(primitive["indices"].toInt()).size(), std::size_t(128 * 3));
            // Vertex 40 (the block's middle), converted (x, y, z) → (x, z, -y).
            const float* v = &content.blocks[b].mesh.vertices[40 * world::kVertexFloats];
            QCOMPARE(positions[40 * 3 + 0], v[0]);
            QCOMPARE(positions[40 * 3 + 1], v[2]);
            QCOMPARE(positions[40 * 3 + 2], -v[1]);
        }
    }

    // A node per part buildWorldBlock places (and per cell static), each GfxObj one mesh.
    void partsAreInstancedNodes() {
        std::size_t parts = 0;
        QSet<QString> distinct;
        world::TerrainTextures textures(portal(), sources().region->terrain.texMerge);
        for (std::uint32_t id : world::blocksAround(kTown, 1)) {
            const auto block = world::buildWorldBlock(sources(), id, kTown, textures);
            QVERIFY(block);
            for (const world::WorldPart& part : block->parts)
                distinct << exports::hex(part.gfxObj);
            parts += block->parts.size();
            for (const world::WorldCell& cell : block->cells) {
                for (const world::WorldPart& part : cell.statics)
                    distinct << exports::hex(part.gfxObj);
                parts += cell.statics.size();
            }
        }
        QVERIFY(parts > distinct.size()); // the demo places some GfxObj more than once
        const GltfFile file = exported(town(1));
        const QList<QJsonObject> nodes = nodesWith(file, "gfxObj");
        QCOMPARE(std::size_t(nodes.size()), parts);
        QCOMPARE(meshesWith(file, "gfxObj").size(), distinct.size());
        for (const QJsonObject& node : nodes) {
            const QJsonObject mesh = file.item("meshes", node["mesh"].toInt(-1));
            QCOMPARE(mesh["extras"]["gfxObj"].toString(), node["extras"]["gfxObj"].toString());
        }
    }

    // A LandBlockInfo static's node: named for it, at its DAT frame in glTF axes.
    void staticAtItsFrame() {
        const auto* info = cells().get<dat::LandBlockInfo>(kTown - 1);
        QVERIFY(info);
        std::size_t index = info->objects.size();
        for (std::size_t i = 0; i < info->objects.size() && index == info->objects.size(); ++i)
            if (info->objects[i].id >> 24 == 0x01) // a GfxObj: its node is the object's frame
                index = i;
        QVERIFY2(index < info->objects.size(), "the demo town has a GfxObj static");
        const dat::Stab& stab = info->objects[index];
        const QString name = QStringLiteral("%1 @ static %2").arg(exports::hex(stab.id)).arg(index);
        const GltfFile file = exported(town(0));
        QJsonObject node;
        for (const QJsonObject& n : nodesWith(file, "gfxObj"))
            if (n["name"].toString() == name)
                node = n;
        QVERIFY2(!node.isEmpty(), qPrintable(name));
        const auto expected = exports::gltfVector(preview::Vec3(stab.frame.origin));
        for (int k = 0; k < 3; ++k)
            QVERIFY(near(node["translation"][k].toDouble(), expected[std::size_t(k)]));
        const auto q =
            exports::gltfQuaternion(exports::unitOrIdentity(preview::Quat(stab.frame.orientation)));
        double dot = 0;
        for (int k = 0; k < 4; ++k)
            dot += node["rotation"][k].toDouble() * q[std::size_t(k)];
        QVERIFY(near(std::abs(dot), 1.0)); // q and -q are one rotation
    }

    // Every image is a PNG in the buffer; each terrain atlas decodes to the block's own atlas
    // through a clamped sampler.
    void imagesEmbedded() {
        const exports::WorldContent content = town(1);
        const GltfFile file = exported(content, exports::Container::Gltf);
        QVERIFY(file.count("images") >= int(content.blocks.size()));
        for (int i = 0; i < file.count("images"); ++i) {
            QCOMPARE(file.item("images", i)["mimeType"].toString(), QString("image/png"));
            QVERIFY(!file.item("images", i).contains("uri"));
            QVERIFY2(!file.image(i).isNull(), qPrintable(QString::number(i)));
        }
        const QList<QJsonObject> terrains = meshesWith(file, "landblock");
        for (std::size_t b = 0; b < content.blocks.size(); ++b) {
            const int material = terrains[int(b)]["primitives"][0]["material"].toInt();
            const QJsonObject pbr =
                file.item("materials", material)["pbrMetallicRoughness"].toObject();
            const int texture = pbr["baseColorTexture"].toObject()["index"].toInt(-1);
            const QJsonObject t = file.item("textures", texture);
            QCOMPARE(file.item("samplers", t["sampler"].toInt())["wrapS"].toInt(), 33071);
            const QImage atlas = content.blocks[b].atlas.convertToFormat(QImage::Format_RGBA8888);
            QCOMPARE(file.image(t["source"].toInt()).convertToFormat(QImage::Format_RGBA8888),
                     atlas);
        }
    }

    // The dungeon: its six EnvCells, each its own mesh, no terrain.
    void dungeonCells() {
        const exports::WorldContent content =
            exports::buildWorld(sources(), {exports::WorldRequest::Kind::Dungeon, kDungeon, 0});
        const GltfFile file = exported(content);
        QCOMPARE(meshesWith(file, "envCell").size(), 6);
        QCOMPARE(meshesWith(file, "landblock").size(), 0);
        const QList<QJsonObject> cellNodes = nodesWith(file, "envCell");
        QCOMPARE(cellNodes.size(), 6);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(cellNodes[i]["name"].toString(),
                     QStringLiteral("cell %1").arg(exports::hex(0x01D90100 + i)));
        std::size_t statics = 0;
        for (const world::WorldCell& cell : content.cells)
            statics += cell.statics.size();
        QCOMPARE(std::size_t(nodesWith(file, "gfxObj").size()), statics);
    }

    // A GfxObj whose id equals an EnvCell's is another mesh, not the cell's.
    void cellIdsDoNotCollideWithGfxObjs() {
        preview::Assets assets(
            std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
        const auto* cell = cells().get<dat::EnvCell>(0x01D90102);
        QVERIFY(cell);
        dat::GfxObj clash = *portal().get<dat::GfxObj>(0x01000C03);
        clash.id = cell->id;
        assets.add(clash);
        exports::WorldContent content;
        content.origin = kDungeon;
        content.cells.push_back(world::buildWorldCell(assets, *cell, kDungeon));
        content.cells[0].statics = {{cell->id, QMatrix4x4()}};
        const world::WorldSources own{&assets, &cells(), nullptr};
        const GltfFile file = readGltf(exports::exportWorld(own, content, {}).bytes);
        QCOMPARE(meshesWith(file, "envCell").size(), 1);
        QCOMPARE(meshesWith(file, "gfxObj").size(), 1);
    }

    // Mirrored and non-uniformly scaled matrices become a TRS whose product is the matrix in
    // glTF axes.
    void mirroredMatricesAsTrs_data() {
        QTest::addColumn<QVector3D>("scale");
        QTest::newRow("uniform") << QVector3D(2, 2, 2);
        QTest::newRow("non-uniform") << QVector3D(0.5f, 2, 3);
        QTest::newRow("mirrored x") << QVector3D(-1, 1, 1);
        QTest::newRow("mirrored z, scaled") << QVector3D(1.5f, 0.25f, -4);
    }
    void mirroredMatricesAsTrs() {
        QFETCH(QVector3D, scale);
        QMatrix4x4 ac;
        ac.translate(150, -20, 35);
        ac.rotate(37, QVector3D(0.3f, -0.5f, 0.8f).normalized());
        ac.scale(scale);
        const exports::GltfTrs trs = exports::gltfTrs(ac);
        QVERIFY(!trs.approximate);
        const QMatrix4x4 expected = axes() * ac * axes().inverted();
        const QMatrix4x4 got = trsMatrix(trs);
        for (int i = 0; i < 16; ++i)
            QVERIFY2(near(got.constData()[i], expected.constData()[i]),
                     qPrintable(QString::number(i)));
    }

    void shearIsApproximated() {
        QMatrix4x4 sheared;
        sheared(0, 1) = 0.5f; // x += 0.5 y
        QVERIFY(exports::gltfTrs(sheared).approximate);
        QMatrix4x4 nan;
        nan(1, 1) = NAN;
        const exports::GltfTrs trs = exports::gltfTrs(nan);
        QVERIFY(trs.approximate);
        for (float f : trs.rotation)
            QVERIFY(std::isfinite(f));
    }

    void validatorAcceptsTheWorld_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("suffix");
        QTest::newRow("3x3 .glb") << int(exports::WorldRequest::Kind::Landblock) << "glb";
        QTest::newRow("dungeon .gltf") << int(exports::WorldRequest::Kind::Dungeon) << "gltf";
    }
    void validatorAcceptsTheWorld() {
        QFETCH(int, kind);
        QFETCH(QString, suffix);
        const auto k = exports::WorldRequest::Kind(kind);
        const exports::WorldContent content = exports::buildWorld(
            sources(), {k, k == exports::WorldRequest::Kind::Dungeon ? kDungeon : kTown, 1});
        const QByteArray bytes = exports::exportWorld(sources(), content,
                                                      suffix == "glb" ? exports::Container::Glb
                                                                      : exports::Container::Gltf)
                                     .bytes;
        PORTALKIT_VALIDATE_GLTF(validated, bytes, suffix);
        PORTALKIT_EXPECT_VALID(validated);
    }

    // A mirrored static written by the exporter is valid glTF too.
    void validatorAcceptsMirroredNodes() {
        exports::WorldContent content = town(0);
        QMatrix4x4 mirror;
        mirror.translate(10, 20, 30);
        mirror.scale(-1, 1, 2);
        content.blocks[0].parts.push_back({0x01000C03, mirror});
        const QByteArray bytes = exports::exportWorld(sources(), content, {}).bytes;
        PORTALKIT_VALIDATE_GLTF(validated, bytes, "glb");
        PORTALKIT_EXPECT_VALID(validated);
    }

    void ids() {
        QCOMPARE(exports::landblockFromId(0xA9B4), std::optional<std::uint32_t>(kTown));
        QCOMPARE(exports::landblockFromId(0x01D90103), std::optional<std::uint32_t>(kDungeon));
        QCOMPARE(exports::landblockFromId(0xA9B4FFFE), std::optional<std::uint32_t>(kTown));
        QCOMPARE(exports::landblockFromId(0xFF00), std::nullopt);
    }

    void missingLandblockThrows() {
        QVERIFY_THROWS_EXCEPTION(
            exports::ExportError,
            exports::buildWorld(sources(),
                                {exports::WorldRequest::Kind::Landblock, 0x1234FFFF, 0}));
        QVERIFY_THROWS_EXCEPTION(
            exports::ExportError,
            exports::buildWorld(sources(), {exports::WorldRequest::Kind::Dungeon, 0x1234FFFF, 0}));
    }
};

// `portalkit export` with --landblock and --dungeon, as a user runs it.
class TestWorldExportCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    const QString m_portal = QStringLiteral(PORTALKIT_DEMO_DAT);
    const QString m_cells = QStringLiteral(PORTALKIT_DEMO_CELL_DAT);

    QString path(const QString& name) const { return m_dir.filePath(name); }
    static QByteArray read(const QString& file) {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

  private slots:
    void townAndDungeon() {
        CliRun run = runPortalkit({"export", m_portal, m_cells, "--landblock", "0xA9B4", "--radius",
                                   "1", "-o", path("town.glb")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(meshesWith(readGltf(read(path("town.glb"))), "landblock").size(), 9);
        // A full landblock id and an EnvCell id both name the dungeon's block.
        for (const char* id : {"0x01D9FFFF", "0x01D90103"}) {
            run = runPortalkit(
                {"export", m_portal, m_cells, "--dungeon", id, "-o", path("dungeon.gltf")});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            QCOMPARE(meshesWith(readGltf(read(path("dungeon.gltf"))), "envCell").size(), 6);
        }
    }

    void unknownLandblock() {
        const CliRun run = runPortalkit(
            {"export", m_portal, m_cells, "--landblock", "0x1234", "-o", path("none.glb")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("0x1234") && run.err.contains("not in the cell DAT"),
                 run.err.constData());
        QVERIFY(!QFile::exists(path("none.glb")));
    }

    void missingCellDat() {
        // The portal DAT alone in a folder: no client_cell_1.dat beside it to fall back on.
        QTemporaryDir alone;
        const QString copy = alone.filePath("client_portal.dat");
        QVERIFY(QFile::copy(m_portal, copy));
        CliRun run = runPortalkit({"export", copy, "--landblock", "0xA9B4", "-o", path("x.glb")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("cell DAT"), run.err.constData());
        run = runPortalkit({"export", m_portal, alone.filePath("client_cell_1.dat"), "--landblock",
                            "0xA9B4", "-o", path("x.glb")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("client_cell_1.dat"), run.err.constData());
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("says");
        QTest::newRow("both") << QStringList{"--landblock", "0xA9B4", "--dungeon", "0x01D9"}
                              << QByteArray("not both");
        QTest::newRow("radius on a dungeon")
            << QStringList{"--dungeon", "0x01D9", "--radius", "1"} << QByteArray("--radius");
        QTest::newRow("radius too large")
            << QStringList{"--landblock", "0xA9B4", "--radius", "9"} << QByteArray("--radius");
        QTest::newRow("motion") << QStringList{"--landblock", "0xA9B4", "--motion", "0x10000153"}
                                << QByteArray("--motion");
        QTest::newRow("bad id") << QStringList{"--landblock", "town"} << QByteArray("0xA9B4");
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, says);
        const CliRun run =
            runPortalkit(QStringList{"export", m_portal, m_cells, "-o", path("u.glb")} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(says), run.err.constData());
    }
};

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    TestWorldExport library;
    TestWorldExportCli cli;
    return QTest::qExec(&library, argc, argv) | QTest::qExec(&cli, argc, argv);
}

#include "tst_world_export.moc"
