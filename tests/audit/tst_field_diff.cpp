// Field-by-field changes of the world's records in diffDats, on a small cell DAT and a small
// portal DAT built here, and the same through `portalkit diff`.

#include "audit/diff.h"
#include "audit/field_diff.h"
#include "datreader/container/dat_writer.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "datreader/records/scene.h"
#include "support/cli_run.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

using namespace portalkit;
using portalkit::testing::runPortalkit;

namespace {

constexpr std::uint32_t kLandBlock = 0xA9B4FFFF;
constexpr std::uint32_t kInfo = 0xA9B4FFFE;
constexpr std::uint32_t kCell = 0xA9B40100;
constexpr std::uint32_t kHillBlock = 0xAAB4FFFF;
constexpr std::uint32_t kEnvironment = 0x0D000007;
constexpr std::uint32_t kScene = 0x12000003;
constexpr std::uint32_t kRegion = 0x13000000;
constexpr std::uint32_t kRenderMaterial = 0x16000001; // a type without a decoder (no public layout)

// The records both DATs start from; each test edits one side.
struct CellRecords {
    dat::LandBlock block;
    dat::LandBlock hill;
    dat::LandBlockInfo info;
    dat::EnvCell cell;
};

struct PortalRecords {
    dat::Environment environment;
    dat::Scene scene;
    dat::Region region;
    std::vector<std::uint8_t> renderMaterial{1, 2, 3, 4}; // kept as bytes
};

CellRecords cellRecords() {
    CellRecords records;
    records.block.id = kLandBlock;
    records.block.hasObjects = 1;
    for (int i = 0; i < dat::LandBlock::kVertexCount; ++i) {
        records.block.terrain[i] = dat::LandBlock::terrainWord(0, 3, std::uint16_t(i % 4));
        records.block.heights[i] = std::uint8_t(10 + i / 9);
    }
    records.hill = records.block;
    records.hill.id = kHillBlock;

    records.info.id = kInfo;
    records.info.numCells = 1;
    dat::BuildingInfo building;
    building.modelId = 0x01000042;
    building.numLeaves = 2;
    building.portals.push_back({0x3, 0x0100, 0, {0x0100, 0x0101}, 0});
    records.info.buildings.push_back(building);

    records.cell.id = kCell;
    records.cell.cellId = kCell;
    records.cell.surfaces = {0x08000010, 0x08000011};
    records.cell.environmentId = kEnvironment;
    records.cell.cellStructure = 7;
    records.cell.portals = {{0x2, 0, 0x0101, 0}, {0x2, 1, 0x0102, 0}};
    records.cell.visibleCells = {0x0101, 0x0102};
    return records;
}

PortalRecords portalRecords() {
    PortalRecords records;
    records.environment.id = kEnvironment;
    dat::CellStruct structure; // the smallest that encodes: a leaf for each required tree
    structure.cellBsp.nodes.push_back(dat::BspNode{});
    structure.physicsBsp.nodes.push_back(dat::BspNode{});
    records.environment.cells.push_back({7, structure});
    records.scene.id = kScene;
    dat::SceneObject tree;
    tree.objectId = 0x01000050;
    tree.frequency = 0.25f;
    records.scene.objects.push_back(tree);
    records.region.id = kRegion;
    for (std::size_t i = 0; i < records.region.landDefs.landHeightTable.size(); ++i)
        records.region.landDefs.landHeightTable[i] = float(i) * 2;
    return records;
}

QByteArray asBytes(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

dat::DatFile buildDat(dat::DatKind kind,
                      const std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>>& all) {
    dat::DatWriter writer(kind);
    for (const auto& [id, bytes] : all) {
        dat::WriterEntry entry;
        entry.id = id;
        entry.data = asBytes(bytes);
        writer.put(std::move(entry));
    }
    return dat::DatFile::fromBytes(writer.build());
}

dat::DatFile cellDat(const CellRecords& r) {
    return buildDat(dat::DatKind::Cell, {{kLandBlock, r.block.encode()},
                                         {kHillBlock, r.hill.encode()},
                                         {kInfo, r.info.encode()},
                                         {kCell, r.cell.encode()}});
}

dat::DatFile portalDat(const PortalRecords& r) {
    return buildDat(dat::DatKind::Portal, {{kEnvironment, r.environment.encode()},
                                           {kScene, r.scene.encode()},
                                           {kRegion, r.region.encode()},
                                           {kRenderMaterial, r.renderMaterial}});
}

audit::DatDiff cellDiff(const std::function<void(CellRecords&)>& edit) {
    CellRecords b = cellRecords();
    edit(b);
    return audit::diffDats(cellDat(cellRecords()), cellDat(b));
}

audit::DatDiff portalDiff(const std::function<void(PortalRecords&)>& edit) {
    PortalRecords b = portalRecords();
    edit(b);
    return audit::diffDats(portalDat(portalRecords()), portalDat(b));
}

const audit::ChangedEntry& changeOf(const audit::DatDiff& diff, const std::string& type,
                                    std::uint32_t id) {
    for (const audit::ChangedEntry& change : diff.types.at(type).changed)
        if (change.id == id)
            return change;
    qFatal("no changed %s 0x%08X", type.c_str(), id);
}

QStringList described(const std::vector<audit::PropertyChange>& changes) {
    QStringList lines;
    for (const auto& change : changes)
        lines.append(change.property + ": " + change.a.text + " → " + change.b.text);
    return lines;
}

QStringList fieldsOf(const audit::DatDiff& diff, const std::string& type, std::uint32_t id) {
    return described(changeOf(diff, type, id).fields);
}

} // namespace

class TestFieldDiff : public QObject {
    Q_OBJECT
  private slots:
    void sameRecordsAreIdentical() {
        QVERIFY(audit::diffDats(cellDat(cellRecords()), cellDat(cellRecords())).identical());
        QVERIFY(
            audit::diffDats(portalDat(portalRecords()), portalDat(portalRecords())).identical());
    }

    void landBlockTerrainAndHeights() {
        const audit::DatDiff diff = cellDiff([](CellRecords& r) {
            r.block.terrain[40] = dat::LandBlock::terrainWord(0, 5, 0);
            r.block.heights[80] = 99;
        });
        QCOMPARE(diff.changed(), 1u);
        QCOMPARE(fieldsOf(diff, "LandBlock", kLandBlock),
                 (QStringList{"heights[80]: 18 → 99", "terrain[40].type: 3 → 5"}));
        const audit::ChangedEntry& change = changeOf(diff, "LandBlock", kLandBlock);
        QCOMPARE(change.fieldsNotListed, 0u);
        QVERIFY(!change.otherBytes);
        QVERIFY(change.decodeError.isEmpty());
    }

    void envCellPortalsAddedRemovedAndChanged() {
        const audit::DatDiff diff = cellDiff([](CellRecords& r) {
            r.cell.portals[1].otherCellId = 0x0105;
            r.cell.portals.push_back({0x1, 2, 0x0106, 1});
            r.cell.visibleCells.pop_back();
        });
        QCOMPARE(fieldsOf(diff, "EnvCell", kCell),
                 (QStringList{"portals[1].otherCellId: 258 → 261",
                              "portals[2]: none → "
                              "{\"flags\":1,\"otherCellId\":262,\"otherPortalId\":1,"
                              "\"polygonId\":2}",
                              "visibleCells[1]: 258 → none"}));
        // The element only B has is its whole JSON form on that side, null on the other.
        const QJsonObject json = audit::toJson(diff);
        const QJsonArray fields = json["types"]["EnvCell"]["changed"][0]["fields"].toArray();
        QCOMPARE(fields.size(), 3);
        QCOMPARE(fields[1]["path"].toString(), QStringLiteral("portals[2]"));
        QVERIFY(fields[1]["a"].isNull());
        QCOMPARE(fields[1]["b"]["otherCellId"].toInt(), 0x0106);
        QCOMPARE(fields[2]["b"], QJsonValue(QJsonValue::Null));
    }

    void landBlockInfoBuildingPortalStabs() {
        const audit::DatDiff diff = cellDiff([](CellRecords& r) {
            r.info.buildings[0].portals[0].stabs[1] = 0x0102;
            r.info.buildings[0].modelId = 0x01000043;
        });
        QCOMPARE(fieldsOf(diff, "LandBlockInfo", kInfo),
                 (QStringList{"buildings[0].modelId: 0x01000042 → 0x01000043",
                              "buildings[0].portals[0].stabs[1]: 257 → 258"}));
    }

    void manyChangesAreCappedWithACount() {
        const audit::DatDiff diff = cellDiff([](CellRecords& r) {
            for (auto& height : r.hill.heights)
                height = std::uint8_t(height + 1);
        });
        const audit::ChangedEntry& change = changeOf(diff, "LandBlock", kHillBlock);
        QCOMPARE(change.fields.size(), audit::kFieldLimit);
        QCOMPARE(change.fieldsNotListed, 81 - audit::kFieldLimit);
        QCOMPARE(change.fields.front().property, QStringLiteral("heights[0]"));
        QCOMPARE(change.fields.back().property,
                 QStringLiteral("heights[%1]").arg(audit::kFieldLimit - 1));
        const QString text = audit::toText(diff);
        QVERIFY2(text.contains(QStringLiteral("  heights[19]: 12 → 13\n  … %1 more\n")
                                   .arg(81 - audit::kFieldLimit)),
                 qPrintable(text));
        const QJsonObject json = audit::toJson(diff);
        const QJsonObject entry = json["types"]["LandBlock"]["changed"][0].toObject();
        QCOMPARE(entry["fields"].toArray().size(), qsizetype(audit::kFieldLimit));
        QCOMPARE(entry["fieldsNotListed"].toInt(), int(81 - audit::kFieldLimit));
    }

    void aSideThatDoesNotDecodeIsReported() {
        CellRecords b = cellRecords();
        std::vector<std::uint8_t> cut = b.block.encode();
        cut.resize(100);
        const dat::DatFile a = cellDat(cellRecords());
        const dat::DatFile bDat = buildDat(dat::DatKind::Cell, {{kLandBlock, cut},
                                                                {kHillBlock, b.hill.encode()},
                                                                {kInfo, b.info.encode()},
                                                                {kCell, b.cell.encode()}});
        const audit::DatDiff diff = audit::diffDats(a, bDat);
        const audit::ChangedEntry& change = changeOf(diff, "LandBlock", kLandBlock);
        QVERIFY(change.fields.empty());
        QVERIFY(!change.otherBytes);
        QVERIFY2(change.decodeError.startsWith("B: "), qPrintable(change.decodeError));
        QVERIFY(!change.decodeError.contains("A: "));
        QVERIFY(audit::toText(diff).contains("  does not decode: B: "));
        QCOMPARE(diff.changed(), 1u);
    }

    void environmentSceneAndRegion() {
        const audit::DatDiff diff = portalDiff([](PortalRecords& r) {
            r.environment.cells[0].key = 8;
            r.scene.objects[0].frequency = 0.5f;
            r.scene.objects.push_back(r.scene.objects[0]);
            r.region.landDefs.landHeightTable[5] = 12.5f;
        });
        QCOMPARE(diff.changed(), 3u);
        QCOMPARE(fieldsOf(diff, "Environment", kEnvironment), QStringList{"cells[0].key: 7 → 8"});
        const QStringList scene = fieldsOf(diff, "Scene", kScene);
        QCOMPARE(scene.size(), 2);
        QCOMPARE(scene[0], QStringLiteral("objects[0].frequency: 0.25 → 0.5"));
        QVERIFY2(scene[1].startsWith("objects[1]: none → {"), qPrintable(scene[1]));
        QCOMPARE(fieldsOf(diff, "Region", kRegion),
                 QStringList{"landDefs.landHeightTable[5]: 10 → 12.5"});
    }

    void aTypeWithoutDecoderKeepsLengthAndHashOnly() {
        const audit::DatDiff diff = portalDiff([](PortalRecords& r) {
            r.renderMaterial = {1, 2, 3, 5};
        });
        const audit::ChangedEntry& change = changeOf(diff, "RenderMaterial", kRenderMaterial);
        QVERIFY(!change.hasDetail());
        QVERIFY(!change.comparedFields);
        QVERIFY(!audit::toText(diff).contains("RenderMaterial 0x16000001"));
        const QJsonObject json = audit::toJson(diff);
        const QJsonObject entry =
            json["types"]["RenderMaterial"]["changed"].toArray().at(0).toObject();
        QVERIFY(entry.contains("sha256B"));
        QVERIFY(!entry.contains("fields"));
    }

    void longStringsAreCut() {
        const QString longA(300, 'A'), longB(300, 'B');
        const audit::FieldChanges changes =
            audit::diffFields(QJsonObject{{"pixels", longA}}, QJsonObject{{"pixels", longB}}, 5);
        QCOMPARE(changes.listed.size(), 1u);
        QCOMPARE(changes.listed[0].a.text, QString(48, 'A') + "… (300 characters)");
        QCOMPARE(changes.listed[0].b.json.toString(), QString(48, 'B') + "… (300 characters)");
    }

    void cliPrintsFieldsInTextAndJson() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        CellRecords b = cellRecords();
        b.cell.portals[1].otherCellId = 0x0105;
        const QString pathA = dir.filePath("a.dat"), pathB = dir.filePath("b.dat");
        auto save = [](const CellRecords& r, const QString& path) {
            dat::DatWriter writer = dat::DatWriter::fromDat(cellDat(r));
            writer.save(path);
        };
        save(cellRecords(), pathA);
        save(b, pathB);
        const auto text = runPortalkit({"diff", pathA, pathB});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("EnvCell 0xA9B40100 (") &&
                     text.out.contains("\n  portals[1].otherCellId: 258 → 261\n"),
                 text.out.constData());
        const auto json = runPortalkit({"diff", pathA, pathB, "--json"});
        QCOMPARE(json.exitCode, 1);
        const QJsonObject entry =
            QJsonDocument::fromJson(json.out)["types"]["EnvCell"]["changed"][0].toObject();
        QCOMPARE(entry["fields"][0]["path"].toString(), QStringLiteral("portals[1].otherCellId"));
        QCOMPARE(entry["fields"][0]["a"].toInt(), 0x0102);
        QCOMPARE(entry["fields"][0]["b"].toInt(), 0x0105);
        QCOMPARE(runPortalkit({"diff", pathA, pathA}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestFieldDiff)
#include "tst_field_diff.moc"
