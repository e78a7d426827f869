// The demo cell DAT as the build makes it: every entry decodes and re-encodes to its bytes, the
// container verifies clean, the sources build to the same bytes every time, every id a cell
// record names exists in the demo portal DAT, and the terrain holds what docs/demo.md promises
// (a flat town in 0xA9B4, a slope too steep to walk, a shore onto water, a flat dungeon block).
// The checks walk whatever the DAT holds, so interiors and dungeons added later are covered too.

#include "datreader/authoring/dat_sources.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/verifier.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"
#include "support/land_triangles.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QObject>
#include <QString>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::dat;
using testing::kFloorZ;
using testing::landTriangles;

namespace {

const DatFile& cells() {
    return testing::demoCellDat();
}
const DatFile& portal() {
    return testing::demoPortalDat();
}
template <typename T> T record(const DatFile& dat, std::uint32_t did) {
    return testing::demoRecord<T>(dat, did);
}

template <typename T> std::vector<T> all() {
    std::vector<T> records;
    for (const EntryInfo& entry : cells().entries())
        if (typeName(cells().kind(), entry.id) == T::kTypeName)
            records.push_back(record<T>(cells(), entry.id));
    return records;
}

const Region& region() {
    static const Region value = record<Region>(portal(), 0x13000000);
    return value;
}

// The id must be a portal entry of one of `types`; the message names who refers to it.
void checkReference(std::uint32_t id, std::initializer_list<std::string_view> types,
                    const std::string& from) {
    const std::string_view type = typeName(DatKind::Portal, id);
    const bool typed = std::find(types.begin(), types.end(), type) != types.end();
    QVERIFY2(typed && portal().find(id),
             qPrintable(QString::fromStdString(from + " names " + formatDid(id) +
                                               ", which the demo portal DAT lacks")));
}

// Water the way the retail client decides it, from the type number alone (16-20); the demo
// Region must also call those types water, or the two readings would disagree.
bool isWater(std::uint16_t type) {
    const bool retailWater = type >= 16 && type <= 20;
    const auto& types = region().terrain.terrainTypes;
    const bool named =
        type < types.size() &&
        QString::fromStdString(types[type].name.text).contains("water", Qt::CaseInsensitive);
    if (retailWater != named)
        throw std::runtime_error("terrain type " + std::to_string(type) +
                                 (named ? " is named water but is not water to the client"
                                        : " is water to the client but not named so"));
    return retailWater;
}

} // namespace

class TestDemoCellDat : public QObject {
    Q_OBJECT
  private slots:
    void isACellDatThatVerifiesClean() {
        QCOMPARE(cells().kind(), DatKind::Cell);
        QCOMPARE(cells().header().blockSize, 256u);
        const VerifyReport report = verifyDat(cells());
        for (const VerifyProblem& problem : report.problems)
            qWarning("%s", problem.describe().c_str());
        QVERIFY(report.ok(true));
    }

    void everyEntryDecodesAndReencodesToItsBytes() {
        QVERIFY(cells().entries().size() >= 10);
        for (const EntryInfo& entry : cells().entries()) {
            if (entry.id == kIterationDid)
                continue; // the container's own record
            const std::vector<std::uint8_t> bytes = cells().read(entry.id);
            const auto decoded = decodeRecord(DatKind::Cell, entry.id, bytes);
            QVERIFY2(decoded, qPrintable(QString::fromStdString(formatDid(entry.id))));
            QVERIFY2(encodeRecord(*decoded) == bytes,
                     qPrintable(QString::fromStdString(formatDid(entry.id))));
        }
    }

    void theSourcesBuildToTheSameBytesEveryTime() {
        const QByteArray first =
            authoring::writerFor(authoring::buildSources(PORTALKIT_DEMO_CELL_SOURCES)).build();
        const QByteArray second =
            authoring::writerFor(authoring::buildSources(PORTALKIT_DEMO_CELL_SOURCES)).build();
        QCOMPARE(first, second);
        QFile built(PORTALKIT_DEMO_CELL_DAT);
        QVERIFY(built.open(QIODevice::ReadOnly));
        QCOMPARE(built.readAll(), first);
    }

    void everyIdACellRecordNamesIsInThePortalDat() {
        for (const LandBlockInfo& info : all<LandBlockInfo>()) {
            const std::string from = formatDid(info.id);
            for (const Stab& object : info.objects)
                checkReference(object.id, {"GfxObj", "Setup"}, from + " objects");
            for (const BuildingInfo& building : info.buildings)
                checkReference(building.modelId, {"GfxObj", "Setup"}, from + " buildings");
        }
        for (const EnvCell& cell : all<EnvCell>()) {
            const std::string from = formatDid(cell.id);
            checkReference(cell.environmentId, {"Environment"}, from + " environment");
            if (portal().find(cell.environmentId)) {
                const auto environment = record<Environment>(portal(), cell.environmentId);
                QVERIFY2(std::any_of(environment.cells.begin(), environment.cells.end(),
                                     [&](const auto& c) { return c.key == cell.cellStructure; }),
                         qPrintable(QString::fromStdString(from + ": no CellStruct " +
                                                           std::to_string(cell.cellStructure))));
            }
            for (std::uint32_t surface : cell.surfaces)
                checkReference(surface, {"Surface"}, from + " surfaces");
            for (const Stab& object : cell.statics)
                checkReference(object.id, {"GfxObj", "Setup"}, from + " statics");
        }
    }

    void landBlocksAndTheirInfosMatch() {
        for (const LandBlock& block : all<LandBlock>())
            QCOMPARE(block.hasObjects != 0, cells().find(block.id - 1) != nullptr);
        for (const LandBlockInfo& info : all<LandBlockInfo>())
            QVERIFY(cells().find(info.id + 1));
        // The heights index a table of 256 and the types the Region's terrain types.
        for (const LandBlock& block : all<LandBlock>())
            for (std::uint16_t word : block.terrain) {
                const std::uint16_t type = LandBlock::terrainType(word);
                QVERIFY(type < region().terrain.terrainTypes.size());
                const std::size_t sceneTypes =
                    region().terrain.terrainTypes[type].sceneTypes.size();
                QVERIFY(LandBlock::scenery(word) < std::max<std::size_t>(sceneTypes, 1));
            }
    }

    void theTownIsFlatAndTheNorthTooSteepToWalk() {
        for (std::uint32_t x = 0xA8; x <= 0xAA; ++x)
            for (std::uint32_t y = 0xB3; y <= 0xB5; ++y)
                QVERIFY(cells().find(x << 24 | y << 16 | 0xFFFF));
        const auto table = region().landDefs.landHeightTable;
        const LandBlock town = record<LandBlock>(cells(), 0xA9B4FFFF);
        // The four cells round the block's centre are level.
        for (const auto& triangle : landTriangles(town, table))
            if (triangle.cellX >= 3 && triangle.cellX <= 4 && triangle.cellY >= 3 &&
                triangle.cellY <= 4)
                QCOMPARE(triangle.normalZ, 1.0);
        double steepest = 1;
        for (const auto& triangle : landTriangles(record<LandBlock>(cells(), 0xA9B5FFFF), table))
            steepest = std::min(steepest, triangle.normalZ);
        QVERIFY2(steepest < kFloorZ, qPrintable(QString::number(steepest)));
    }

    void theWestRunsDownToWater() {
        const auto table = region().landDefs.landHeightTable;
        double highestWater = -1e9, lowestLand = 1e9;
        int water = 0;
        for (std::uint32_t y = 0xB3; y <= 0xB5; ++y) {
            const LandBlock block = record<LandBlock>(cells(), 0xA8000000 | y << 16 | 0xFFFF);
            for (int i = 0; i < LandBlock::kVertexCount; ++i) {
                const double metres = table[block.heights[std::size_t(i)]];
                if (isWater(LandBlock::terrainType(block.terrain[std::size_t(i)])))
                    highestWater = std::max(highestWater, metres), ++water;
                else
                    lowestLand = std::min(lowestLand, metres);
            }
        }
        QVERIFY(water > 0);
        QVERIFY2(highestWater < lowestLand, "water lies below every land vertex of the shore");
    }

    // A building, and the interior cells behind its doors, stand on level ground at the ground's
    // height: the four vertices round the frame's origin are one height, and the frame's z is it.
    // (The terrain and the town are separate sources, so this is what keeps them in step.)
    void buildingsStandOnLevelGround() {
        const auto table = region().landDefs.landHeightTable;
        int checked = 0;
        const auto onLevelGround = [&](std::uint32_t blockId, const Frame& frame,
                                       const std::string& what) {
            const LandBlock block = record<LandBlock>(cells(), blockId | 0xFFFF);
            const int cx = int(frame.origin.x / 24), cy = int(frame.origin.y / 24);
            const double ground = testing::vertexHeight(block, table, cx, cy);
            for (int dx = 0; dx <= 1; ++dx)
                for (int dy = 0; dy <= 1; ++dy)
                    QVERIFY2(testing::vertexHeight(block, table, cx + dx, cy + dy) == ground,
                             qPrintable(QString::fromStdString(what + " is not on level ground")));
            QVERIFY2(
                std::abs(frame.origin.z - ground) < 1e-4,
                qPrintable(
                    QString::fromStdString(what) +
                    QString(" stands at z %1, the ground at %2").arg(frame.origin.z).arg(ground)));
            ++checked;
        };
        for (const LandBlockInfo& info : all<LandBlockInfo>())
            for (const BuildingInfo& building : info.buildings) {
                onLevelGround(info.id & 0xFFFF0000, building.frame,
                              "the building in " + formatDid(info.id));
                for (const BuildingPortal& door : building.portals) {
                    const std::uint32_t cellId = (info.id & 0xFFFF0000) | door.otherCellId;
                    onLevelGround(info.id & 0xFFFF0000, record<EnvCell>(cells(), cellId).position,
                                  "the interior " + formatDid(cellId));
                }
            }
        QVERIFY(checked >= 2);
    }

    void theDungeonBlockIsFlat() {
        const LandBlock dungeon = record<LandBlock>(cells(), 0x01D9FFFF);
        for (std::uint8_t height : dungeon.heights)
            QCOMPARE(height, std::uint8_t(0));
        for (std::uint16_t word : dungeon.terrain)
            QVERIFY(isWater(LandBlock::terrainType(word)) && LandBlock::road(word) == 0);
    }
};

QTEST_GUILESS_MAIN(TestDemoCellDat)
#include "tst_demo_cell_dat.moc"
