// A dressed Setup as glTF (docs/export.md, docs/appearance.md) on the demo DAT: the clothing's
// part and texture swaps give the torso its own mesh and material whose embedded image is the
// swapped-in texture, recoloured by the template and shades pixel for pixel; a composed palette
// recolours the frost bolt's P8 texture; the other parts keep the plain meshes; the validator
// accepts both; and `portalkit export` with --clothing / --objdesc, including the errors that
// name the file or the DID.

#include "datreader/imaging/surface_image.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "export/model_export.h"
#include "gltf_test_support.h"
#include "preview/appearance/obj_desc.h"
#include "support/cli_run.h"
#include "support/demo_ids.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace portalkit;
using namespace portalkit::exports;
using namespace portalkit::testing;
using namespace portalkit::testing::demo_ids;
using namespace portalkit::preview::appearance;

namespace {

constexpr std::uint32_t kTunic = 0x10000C41;          // ClothingTable: the torso's skin → cloth
constexpr std::uint32_t kDressedTorso = 0x01000C41;   // the GfxObj the tunic puts on part 1
constexpr std::uint32_t kDressedSurface = 0x08000C41; // its Surface, on the tunic's palette
constexpr std::uint32_t kTunicPalette = 0x04000C42;
constexpr std::uint32_t kClothTex = 0x05000C41; // SurfaceTexture swapped in
constexpr std::uint32_t kFrost = 0x08000A03;    // the frost bolt's P8 Surface
constexpr std::uint32_t kFrostPalette = 0x04000A01;
constexpr std::uint32_t kBlueDark = 0x04000C44;

std::shared_ptr<preview::Assets> demoAssets() {
    return std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(
        dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT))));
}

ModelExportOptions dressing(std::optional<ObjDesc> desc) {
    ModelExportOptions options;
    options.objDesc = std::move(desc);
    return options;
}

GltfFile exported(const preview::Assets& assets, std::uint32_t id,
                  std::optional<ObjDesc> desc = std::nullopt) {
    return readGltf(exportModel(assets, id, dressing(std::move(desc))).bytes);
}

// The node of Setup part `part` (its extras name it).
QJsonObject partNode(const GltfFile& file, int part) {
    for (const QJsonValue& node : file.json["nodes"].toArray()) {
        const QJsonObject extras = node.toObject()["extras"].toObject();
        if (extras.contains("part") && extras["part"].toInt() == part)
            return node.toObject();
    }
    return {};
}

// Every material the mesh's primitives use.
QList<QJsonObject> meshMaterials(const GltfFile& file, int mesh) {
    QList<QJsonObject> out;
    for (const QJsonValue& p : file.item("meshes", mesh)["primitives"].toArray())
        out << file.item("materials", p.toObject()["material"].toInt());
    return out;
}

// A SurfaceTexture's first mip decoded with `palette`, from the records themselves.
QImage decoded(const preview::Assets& assets, std::uint32_t texture, const dat::Palette* palette) {
    const auto* t = assets.get<dat::SurfaceTexture>(texture);
    const auto* mip = assets.get<dat::RenderSurface>(t->renderSurfaceIds.front());
    return dat::renderSurfaceImage(*mip, palette).convertToFormat(QImage::Format_RGBA8888);
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAppearanceExport : public QObject {
    Q_OBJECT
    std::shared_ptr<preview::Assets> m_assets;
    QTemporaryDir m_dir;

  private slots:
    void initTestCase() {
        m_assets = demoAssets();
        QVERIFY(m_dir.isValid());
    }

    // The tunic puts the dressed torso on part 1 and swaps its skin texture for the P8 cloth:
    // the torso's mesh is the dressed one, its material embeds the cloth (template 0: with the
    // cloth's own palette), and every other part keeps the undressed mesh and material.
    void clothingSwapsTheTorso() {
        const ClothingResult tunic = fromClothing(*m_assets, kHuman, {kTunic, 0, {}, 0});
        QVERIFY2(tunic.fits && tunic.problems.isEmpty(), qPrintable(tunic.problems.join('\n')));
        const GltfFile bare = exported(*m_assets, kHuman);
        const GltfFile dressed = exported(*m_assets, kHuman, tunic.desc);
        QVERIFY2(dressed.error.isEmpty(), qPrintable(dressed.error));

        const int bareTorso = partNode(bare, 1)["mesh"].toInt(-1);
        const int torso = partNode(dressed, 1)["mesh"].toInt(-1);
        QVERIFY(bareTorso >= 0 && torso >= 0);
        for (int part : {0, 2, 3, 4, 5, 6})
            QCOMPARE(dressed.item("meshes", partNode(dressed, part)["mesh"].toInt())["name"],
                     bare.item("meshes", partNode(bare, part)["mesh"].toInt())["name"]);
        const QJsonObject extras = partNode(dressed, 1)["extras"].toObject();
        QCOMPARE(extras["gfxObj"].toString(), dat::didJson(kDressedTorso));
        QCOMPARE(extras["setupGfxObj"].toString(), QString("0x01000002"));
        QCOMPARE(dressed.item("meshes", torso)["name"].toString(),
                 QStringLiteral("GfxObj %1 (dressed)").arg(dat::didJson(kDressedTorso)));
        // The skin stays for the other parts; the torso's is a material of its own.
        QCOMPARE(bare.count("materials"), 1);
        QCOMPARE(dressed.count("materials"), 2);

        const QList<QJsonObject> materials = meshMaterials(dressed, torso);
        QVERIFY(!materials.isEmpty());
        const auto* rs = m_assets->get<dat::RenderSurface>(0x06000C41);
        QVERIFY(rs);
        const QImage cloth =
            decoded(*m_assets, kClothTex, m_assets->get<dat::Palette>(rs->defaultPaletteId));
        for (const QJsonObject& material : materials) {
            const QJsonObject extras = material["extras"].toObject();
            QCOMPARE(extras["surface"].toString(), dat::didJson(kDressedSurface));
            QCOMPARE(extras["surfaceTexture"].toString(), dat::didJson(kClothTex));
            QVERIFY(extras["textureSwapped"].toBool());
            QVERIFY(!extras["recoloured"].toBool()); // template 0 recolours nothing
            QCOMPARE(dressed.baseColorImage(material), cloth);
        }
        // The undressed torso still shows the skin.
        const QImage skin = bare.baseColorImage(meshMaterials(bare, bareTorso).front());
        QVERIFY(!skin.isNull());
        QVERIFY(skin != cloth);
        QCOMPARE(dressed.json["nodes"]
                     .toArray()
                     .at(0)
                     .toObject()["extras"]
                     .toObject()["objDesc"]
                     .toObject()["textureChanges"]
                     .toArray()
                     .size(),
                 1);
    }

    // Template 2 at shades (0, 1): colours 0..127 from the dark blue palette, 128..255 from the
    // light red one, laid over the dressed torso's palette index for index.
    void clothingRecoloursTheCloth() {
        const ClothingResult tunic =
            fromClothing(*m_assets, kHuman, {kTunic, 2, {0.0, 1.0, 1.0, 1.0}, 0});
        QVERIFY2(tunic.problems.isEmpty(), qPrintable(tunic.problems.join('\n')));
        const GltfFile dressed = exported(*m_assets, kHuman, tunic.desc);
        const auto* base = m_assets->get<dat::Palette>(kTunicPalette);
        const auto* blue = m_assets->get<dat::Palette>(kBlueDark);
        const auto* red = m_assets->get<dat::Palette>(0x04000C43);
        QVERIFY(base && blue && red);
        dat::Palette composed = *base;
        composed.colors.resize(std::max<std::size_t>(composed.colors.size(), 256), 0);
        for (std::size_t i = 0; i < 256; ++i) {
            const dat::Palette* from = i < 128 ? blue : red;
            if (i < from->colors.size())
                composed.colors[i] = from->colors[i];
        }
        const QImage expected = decoded(*m_assets, kClothTex, &composed);
        QVERIFY(expected != decoded(*m_assets, kClothTex, base));
        const QList<QJsonObject> materials =
            meshMaterials(dressed, partNode(dressed, 1)["mesh"].toInt(-1));
        QVERIFY(!materials.isEmpty());
        for (const QJsonObject& material : materials) {
            QVERIFY(material["extras"].toObject()["recoloured"].toBool());
            QCOMPARE(dressed.baseColorImage(material), expected);
        }
    }

    // Sub-palettes over the frost bolt's own palette recolour its P8 texture: colours 0..255
    // come from the dark blue tunic palette, index for index.
    void composedPaletteRecoloursTheTexture() {
        ObjDesc desc;
        desc.basePalette = kFrostPalette;
        QVERIFY(desc.addSubPalette({kBlueDark, 0, 256}));
        const GltfFile bare = exported(*m_assets, kFrostBolt);
        const GltfFile dressed = exported(*m_assets, kFrostBolt, desc);

        const auto* base = m_assets->get<dat::Palette>(kFrostPalette);
        const auto* blue = m_assets->get<dat::Palette>(kBlueDark);
        QVERIFY(base && blue);
        dat::Palette composed = *base;
        if (composed.colors.size() < 256)
            composed.colors.resize(256, 0);
        for (std::size_t i = 0; i < 256 && i < blue->colors.size(); ++i)
            composed.colors[i] = blue->colors[i];
        const auto* surface = m_assets->get<dat::Surface>(kFrost);
        QVERIFY(surface);
        const QImage expected = decoded(*m_assets, surface->origTextureId, &composed);
        const QImage plain = decoded(*m_assets, surface->origTextureId, base);
        QVERIFY(expected != plain);

        int recoloured = 0;
        for (const QJsonValue& value : dressed.json["materials"].toArray()) {
            const QJsonObject material = value.toObject();
            if (material["extras"].toObject()["surface"].toString() != dat::didJson(kFrost))
                continue;
            QVERIFY(material["extras"].toObject()["recoloured"].toBool());
            QCOMPARE(dressed.baseColorImage(material), expected);
            ++recoloured;
        }
        QVERIFY(recoloured > 0);
        for (const QJsonValue& value : bare.json["materials"].toArray())
            if (value.toObject()["extras"].toObject()["surface"].toString() == dat::didJson(kFrost))
                QCOMPARE(bare.baseColorImage(value.toObject()), plain);
    }

    // A part swapped to a GfxObj the DAT lacks keeps its own, as in the client, with a warning.
    void unreadableSwapKeepsThePartAndWarns() {
        ObjDesc desc;
        desc.addPartChange({1, 0x0100FFFF});
        ModelExportOptions options;
        options.objDesc = desc;
        const ModelExport out = exportModel(*m_assets, kHuman, options);
        QVERIFY(out.warnings.join('\n').contains("0x0100FFFF"));
        QCOMPARE(partNode(readGltf(out.bytes), 1)["extras"].toObject()["gfxObj"].toString(),
                 QString("0x01000002"));
        QVERIFY_THROWS_EXCEPTION(ExportError, exportModel(*m_assets, 0x01000002, options));
    }

    void validatorAcceptsDressedExports() {
        ObjDesc desc = fromClothing(*m_assets, kHuman, {kTunic, 2, {0.0, 1.0, 1.0, 1.0}, 0}).desc;
        PORTALKIT_VALIDATE_GLTF(human, exportModel(*m_assets, kHuman, dressing(desc)).bytes, "glb");
        PORTALKIT_EXPECT_VALID(human);
        ObjDesc frost;
        frost.basePalette = kFrostPalette;
        frost.addSubPalette({kBlueDark, 0, 256});
        PORTALKIT_VALIDATE_GLTF(bolt, exportModel(*m_assets, kFrostBolt, dressing(frost)).bytes,
                                "glb");
        PORTALKIT_EXPECT_VALID(bolt);
    }

    // --- the CLI ----------------------------------------------------------------------

    void cliClothingDressesTheExport() {
        const QString out = m_dir.filePath("tunic.glb");
        const CliRun run =
            runPortalkit({"export", PORTALKIT_DEMO_DAT, "0x02000001", "-o", out, "--clothing",
                          "0x10000C41", "--palette-template", "1", "--shade", "0.5"});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const GltfFile file = readGltf(readFile(out));
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        const QJsonObject objDesc = file.json["nodes"]
                                        .toArray()
                                        .at(0)
                                        .toObject()["extras"]
                                        .toObject()["objDesc"]
                                        .toObject();
        // Template 1 at shade 0.5: the red set's middle palette over the whole cloth.
        QCOMPARE(objDesc["subPalettes"].toArray().at(0).toObject()["palette"].toString(),
                 QString("0x04000C42"));
        const int torso = partNode(file, 1)["mesh"].toInt(-1);
        QVERIFY(torso >= 0);
        QVERIFY(meshMaterials(file, torso).front()["extras"].toObject()["textureSwapped"].toBool());
    }

    void cliObjDescFileDressesTheExport() {
        const QString json = m_dir.filePath("frost.json");
        QFile file(json);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"basePalette": "0x04000A01",
                       "subPalettes": [{"palette": "0x04000C44", "offset": 0, "numColors": 256}]})");
        file.close();
        const QString out = m_dir.filePath("frost.glb");
        const CliRun run = runPortalkit(
            {"export", PORTALKIT_DEMO_DAT, "0x020003F4", "-o", out, "--objdesc", json});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        bool recoloured = false;
        for (const QJsonValue& m : readGltf(readFile(out)).json["materials"].toArray())
            recoloured |= m.toObject()["extras"].toObject()["recoloured"].toBool();
        QVERIFY(recoloured);
    }

    void cliErrorsNameTheFileOrTheDid_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("named");
        QTest::newRow("missing ClothingTable")
            << QStringList{"0x02000001", "--clothing", "0x10000099"} << "0x10000099";
        QTest::newRow("not for this Setup")
            << QStringList{"0x020003F4", "--clothing", "0x10000C41"} << "0x020003F4";
        QTest::newRow("no such template")
            << QStringList{"0x02000001", "--clothing", "0x10000C41", "--palette-template", "9"}
            << "palette template 9";
        QTest::newRow("shade out of range")
            << QStringList{"0x02000001", "--clothing", "0x10000C41", "--palette-template",
                           "1",          "--shade",    "1.5"}
            << "--shade";
        QTest::newRow("shade without clothing")
            << QStringList{"0x02000001", "--shade", "0.5"} << "--clothing";
        QTest::newRow("GfxObj") << QStringList{"0x01000002", "--clothing", "0x10000C41"}
                                << "0x01000002";
        QTest::newRow("no such file")
            << QStringList{"0x02000001", "--objdesc", "/nonexistent/od.json"}
            << "/nonexistent/od.json";
    }
    void cliErrorsNameTheFileOrTheDid() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, named);
        const QString out = m_dir.filePath("error.glb");
        const CliRun run = runPortalkit(QStringList{"export", PORTALKIT_DEMO_DAT} + arguments +
                                        QStringList{"-o", out});
        QVERIFY2(run.exitCode != 0 && run.exitCode != -1, run.err.constData());
        QVERIFY2(run.err.contains(named.toUtf8()), run.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void cliBadJsonNamesFileAndField() {
        const QString json = m_dir.filePath("bad.json");
        QFile file(json);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"partChanges": [{"part": 1, "gfxObj": "0x05000001"}]})");
        file.close();
        const CliRun run = runPortalkit({"export", PORTALKIT_DEMO_DAT, "0x02000001", "-o",
                                         m_dir.filePath("bad.glb"), "--objdesc", json});
        QVERIFY(run.exitCode > 0);
        QVERIFY2(run.err.contains(json.toUtf8()), run.err.constData());
        QVERIFY2(run.err.contains("objDesc.partChanges[0].gfxObj"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestAppearanceExport)
#include "tst_appearance_export.moc"
