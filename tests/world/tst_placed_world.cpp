// A scenario's place as drawable blocks (world/scene/placed_world.h): everything drawn moves by
// the same vector, and the place's origin lands on the scene's (0, 0, 0) — on the town's ground
// (its flat square at 40.25 m, docs/demo.md), on a dungeon cell's floor, or where the file says.

#include "datreader/records/region.h"
#include "support/demo_assets.h"
#include "world/coords.h"
#include "world/scene/placed_world.h"
#include "world/scene/world_pick.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::world;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;

WorldSources sources() {
    const auto& portal = testing::demoPortalAssets();
    return {&portal, &testing::demoCellAssets(), portal.get<dat::Region>(kRegionId)};
}

const WorldBlock* blockOf(const PlacedWorld& placed, std::uint32_t id) {
    for (const WorldBlock& block : placed.blocks)
        if (block.id == id)
            return &block;
    return nullptr;
}

// The terrain vertex nearest (x, y) in the block's mesh, as drawn.
QVector3D nearestVertex(const WorldBlock& block, float x, float y) {
    QVector3D best;
    float bestDistance = 1e30f;
    for (std::size_t i = 0; i + kVertexFloats <= block.mesh.vertices.size(); i += kVertexFloats) {
        const QVector3D v(block.mesh.vertices[i], block.mesh.vertices[i + 1],
                          block.mesh.vertices[i + 2]);
        const float d = std::hypot(v.x() - x, v.y() - y);
        if (d < bestDistance) {
            bestDistance = d;
            best = v;
        }
    }
    return best;
}

} // namespace

class TestPlacedWorld : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY(sources().region); }

    void translateMovesEverythingDrawnByTheSameVector() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        const std::vector<WorldBlock> before = buildWorldBlocks(sources(), kTown, 0, textures);
        QCOMPARE(before.size(), std::size_t(1));
        QVERIFY(!before.front().parts.empty() && !before.front().cells.empty());
        std::vector<WorldBlock> after = before;
        const QVector3D by(-96, -96, -40.25f);
        translateBlocks(after, by);
        const WorldBlock &a = before.front(), &b = after.front();
        QCOMPARE(b.offset, a.offset + by);
        QCOMPARE(b.mesh.vertices[0], a.mesh.vertices[0] + by.x());
        QCOMPARE(b.mesh.vertices[1], a.mesh.vertices[1] + by.y());
        QCOMPARE(b.mesh.vertices[2], a.mesh.vertices[2] + by.z());
        QCOMPARE(b.mesh.vertices[6], a.mesh.vertices[6]); // UVs stay
        const QVector3D part = a.parts.front().transform.map(QVector3D(1, 2, 3));
        QVERIFY(qFuzzyCompare(b.parts.front().transform.map(QVector3D(1, 2, 3)), part + by));
        const WorldCell &ca = a.cells.front(), &cb = b.cells.front();
        QCOMPARE(cb.centre, ca.centre + by);
        QCOMPARE(cb.floorZ, ca.floorZ + by.z());
        QVERIFY(qFuzzyCompare(cb.transform.map(QVector3D()), ca.transform.map(QVector3D()) + by));
        QCOMPARE(b.minZ, a.minZ + by.z());
    }

    // A landblock without an origin: its middle on the ground, the town square at 40.25 m.
    void aLandblockStandsOnItsMiddle() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        preview::ScenarioPlace place;
        place.cellId = kTown;
        place.origin = preview::Vec3{96, 96, 0};
        place.radius = 1;
        const auto placed = buildPlacedWorld(sources(), place, textures);
        QVERIFY(placed);
        QCOMPARE(placed->blocks.size(), std::size_t(9));
        QCOMPARE(placed->block, kTown);
        QCOMPARE(placed->origin.x, 96.0f);
        QCOMPARE(placed->origin.y, 96.0f);
        QVERIFY(std::abs(placed->origin.z - 40.25f) < 0.01f);
        const WorldBlock* town = blockOf(*placed, kTown);
        QVERIFY(town);
        QCOMPARE(town->offset, QVector3D(-96, -96, -placed->origin.z));
        // The terrain vertex at the block's middle is now the scene's origin.
        const QVector3D middle = nearestVertex(*town, 0, 0);
        QVERIFY(middle.length() < 0.01f);
        // The east neighbour starts 96 m east of the origin.
        const WorldBlock* east = blockOf(*placed, landblockId(0xAA, 0xB4));
        QVERIFY(east);
        QCOMPARE(east->offset.x(), 96.0f);
    }

    // An origin in the file is kept as given, z included (no ground lookup).
    void aGivenOriginIsKept() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        preview::ScenarioPlace place;
        place.cellId = 0xA9B40019;
        place.origin = preview::Vec3{80, 60, 12};
        place.originGiven = true;
        place.radius = 0;
        const auto placed = buildPlacedWorld(sources(), place, textures);
        QVERIFY(placed);
        QCOMPARE(placed->origin, (Vec3{80, 60, 12}));
        QCOMPARE(placed->blocks.front().offset, QVector3D(-80, -60, -12));
    }

    // An EnvCell: its dungeon alone, its floor's centre at the origin.
    void anEnvCellStandsOnItsFloor() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        preview::ScenarioPlace place;
        place.cellId = 0x01D90105;
        const auto placed = buildPlacedWorld(sources(), place, textures);
        QVERIFY(placed);
        QCOMPARE(placed->envCell, 0x01D90105u);
        QCOMPARE(placed->blocks.size(), std::size_t(1));
        const WorldCell* cell = nullptr;
        for (const WorldCell& c : placed->blocks.front().cells)
            if (c.id == 0x01D90105u)
                cell = &c;
        QVERIFY(cell);
        QVERIFY(std::abs(cell->floorZ) < 1e-4f);
        QVERIFY(std::hypot(cell->centre.x(), cell->centre.y()) < 1e-4f);
    }

    // A click's ray lands on the terrain as drawn (the town square at 40.25 m), on a cell's floor
    // from inside it, on nothing when it meets a wall first or only the sky.
    void aRayPicksTheGroundOrAFloor() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        const auto town = buildWorldBlocks(sources(), kTown, 1, textures);
        const auto down = pickGround(town, QVector3D(70, 70, 500), QVector3D(0, 0, -1));
        QVERIFY(down);
        QVERIFY((*down - QVector3D(70, 70, 40.25f)).length() < 0.01f);
        // Slanting: the same point from a camera up and to the south-west.
        const QVector3D eye(20, 20, 90);
        const auto slant = pickGround(town, eye, QVector3D(70, 70, 40.25f) - eye);
        QVERIFY(slant && (*slant - QVector3D(70, 70, 40.25f)).length() < 0.01f);
        QVERIFY(!pickGround(town, QVector3D(70, 70, 100), QVector3D(0, 1, 1)));

        const auto dungeon = buildWorldBlocks(sources(), 0x01D9FFFF, 0, textures);
        const WorldCell* cell = nullptr;
        for (const WorldCell& c : dungeon.front().cells)
            if (c.id == 0x01D90105u)
                cell = &c;
        QVERIFY(cell && cell->geometry);
        const QVector3D inside(cell->centre.x(), cell->centre.y(), cell->floorZ + 1.5f);
        const auto floor = pickGround(dungeon, inside, QVector3D(0.2f, 0.1f, -1));
        QVERIFY(floor);
        QVERIFY(std::abs(floor->z() - cell->floorZ) < 0.01f);
        // Level, the ray meets a wall (or a doorway's far wall) and nothing is picked.
        QVERIFY(!pickGround(dungeon, inside, QVector3D(1, 0, 0)));
    }

    void aPlaceOutsideTheCellDatSaysWhich() {
        TerrainTextures textures(*sources().portal, sources().region->terrain.texMerge);
        preview::ScenarioPlace place;
        place.cellId = 0x1234FFFF;
        place.radius = 0;
        QString why;
        QVERIFY(!buildPlacedWorld(sources(), place, textures, &why));
        QVERIFY2(why.contains("1234"), qPrintable(why));
        place.cellId = 0x01D901FF; // the dungeon's block, no such cell
        QVERIFY(!buildPlacedWorld(sources(), place, textures, &why));
        QVERIFY2(why.contains("01d901ff", Qt::CaseInsensitive), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestPlacedWorld)
#include "tst_placed_world.moc"
