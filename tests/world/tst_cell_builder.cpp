// EnvCells as drawable data (world/scene/cell_builder.h) on the demo DATs (docs/demo.md): the
// dungeon's six cells get a drawing mesh of their CellStruct's surfaces (portal openings left
// open), their stab lists and portals as the records say, the house interior in the town block
// leads outside, and a dungeon block builds without terrain. A cell naming a missing Environment
// is not drawn and does not crash.

#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_triangles.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "world/cells.h"
#include "world/coords.h"
#include "world/scene/cell_builder.h"
#include "world/scene/world_builder.h"

#include <QObject>
#include <QTest>
#include <algorithm>
#include <set>

using namespace portalkit;
using namespace portalkit::world;

namespace {

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
WorldSources sources() {
    return {&portal(), &cells(), portal().get<dat::Region>(kRegionId)};
}

constexpr std::uint32_t kDungeon = 0x01D9FFFF;
constexpr std::uint32_t kTown = 0xA9B4FFFF;

const dat::CellStruct& shapeOf(const dat::EnvCell& cell) {
    const auto* environment = portal().get<dat::Environment>(cell.environmentId);
    const dat::CellStruct* shape =
        environment ? findCellStruct(*environment, cell.cellStructure) : nullptr;
    if (!shape)
        throw std::runtime_error("demo cell without its CellStruct");
    return *shape;
}

// Triangles a fan of the struct's drawn polygons makes: n - 2 per polygon that is not a portal.
std::size_t expectedTriangles(const dat::CellStruct& shape) {
    std::size_t n = 0;
    for (const dat::MeshPolygon& polygon : shape.polygons)
        if (std::find(shape.portals.begin(), shape.portals.end(), polygon.id) ==
                shape.portals.end() &&
            polygon.vertexIds.size() >= 3)
            n += polygon.vertexIds.size() - 2;
    return n;
}

std::size_t triangles(const dat::GfxObj& gfx) {
    std::size_t n = 0;
    for (const dat::SurfaceTriangles& group :
         dat::triangulateDrawing(gfx, dat::PolygonSides::PositiveOnly).groups)
        n += group.corners.size() / 3;
    return n;
}

} // namespace

class TestCellBuilder : public QObject {
    Q_OBJECT

  private slots:
    // CEnvCell::UnPack builds the drawing mesh from the CellStruct's polygons and the cell's own
    // surfaces; the portal polygons are openings, so the mesh has every other polygon.
    void dungeonCellsHaveTheirGeometry() {
        const std::vector<WorldCell> built = buildBlockCells(sources(), kDungeon, kDungeon);
        QCOMPARE(built.size(), std::size_t(6));
        for (const WorldCell& cell : built) {
            const auto* record = cells().get<dat::EnvCell>(cell.id);
            QVERIFY(record);
            const dat::CellStruct& shape = shapeOf(*record);
            QVERIFY(cell.geometry);
            QCOMPARE(cell.geometry->id, cell.id);
            QCOMPARE(cell.geometry->surfaces, record->surfaces);
            QVERIFY(!shape.portals.empty());
            QCOMPARE(cell.geometry->polygons.size(), shape.polygons.size() - shape.portals.size());
            QCOMPARE(triangles(*cell.geometry), expectedTriangles(shape));
            QVERIFY(triangles(*cell.geometry) > 0);
        }
    }

    // The stab list and portals come from the record, each id completed with the block's half.
    void visibleCellsAndPortalsAsRecorded() {
        for (const WorldCell& cell : buildBlockCells(sources(), kDungeon, kDungeon)) {
            const auto* record = cells().get<dat::EnvCell>(cell.id);
            QCOMPARE(cell.visibleCells.size(), record->visibleCells.size());
            for (std::size_t i = 0; i < cell.visibleCells.size(); ++i)
                QCOMPARE(cell.visibleCells[i], 0x01D90000u | record->visibleCells[i]);
            QCOMPARE(cell.volume.visibleCells, cell.visibleCells);
            QCOMPARE(cell.portals.size(), record->portals.size());
            for (std::size_t i = 0; i < cell.portals.size(); ++i) {
                QVERIFY(cell.portals[i].polygon.size() >= 3);
                QCOMPARE(cell.portals[i].otherCell, 0x01D90000u | record->portals[i].otherCellId);
            }
            QVERIFY(!cell.seesOutside());
        }
        // docs/demo.md#the-dungeon: the east room sees only the corridor to it and the hall.
        const std::vector<WorldCell> built = buildBlockCells(sources(), kDungeon, kDungeon);
        const auto east = std::find_if(built.begin(), built.end(),
                                       [](const WorldCell& c) { return c.id == 0x01D90104; });
        QVERIFY(east != built.end());
        QCOMPARE(std::set<std::uint32_t>(east->visibleCells.begin(), east->visibleCells.end()),
                 (std::set<std::uint32_t>{0x01D90103, 0x01D90100}));
    }

    // A portal polygon's corners lie on the doorway both cells share: each dungeon portal has a
    // portal in the other cell back to it with the same corners.
    void portalsMeetTheirNeighbours() {
        const std::vector<WorldCell> built = buildBlockCells(sources(), kDungeon, kDungeon);
        for (const WorldCell& cell : built)
            for (const CellPortalView& portal : cell.portals) {
                const auto other =
                    std::find_if(built.begin(), built.end(),
                                 [&](const WorldCell& c) { return c.id == portal.otherCell; });
                QVERIFY(other != built.end());
                const auto back =
                    std::find_if(other->portals.begin(), other->portals.end(),
                                 [&](const CellPortalView& p) { return p.otherCell == cell.id; });
                QVERIFY(back != other->portals.end());
                for (const QVector3D& corner : portal.polygon)
                    QVERIFY(std::any_of(
                        back->polygon.begin(), back->polygon.end(),
                        [&](const QVector3D& c) { return (c - corner).length() < 1e-3f; }));
            }
    }

    // The house interior: in the town block's cells, its doorway leads outside, and its centre is
    // in it (CEnvCell::point_in_cell) once moved back into the block.
    void houseInteriorLeadsOutside() {
        TerrainTextures textures(portal(), sources().region->terrain.texMerge);
        const auto block = buildWorldBlock(sources(), kTown, kTown, textures);
        QVERIFY(block);
        QCOMPARE(block->cells.size(), std::size_t(1));
        const WorldCell& house = block->cells.front();
        QCOMPARE(house.id, 0xA9B40100u);
        QVERIFY(house.geometry);
        QCOMPARE(house.portals.size(), std::size_t(1));
        QVERIFY(house.portals.front().outside());
        QVERIFY(house.portals.front().polygon.size() >= 3);
        QVERIFY(house.seesOutside());
        const QVector3D c = house.centre - block->offset;
        QVERIFY(house.volume.contains({c.x(), c.y(), c.z()}));
        QVERIFY(!isDungeon(cells(), kTown));
    }

    // A landblock whose cells are no building's interior is a dungeon: drawn alone, no terrain.
    void dungeonBlockHasNoTerrain() {
        QVERIFY(isDungeon(cells(), kDungeon));
        TerrainTextures textures(portal(), sources().region->terrain.texMerge);
        const std::vector<WorldBlock> blocks = buildWorldBlocks(sources(), kDungeon, 1, textures);
        QCOMPARE(blocks.size(), std::size_t(1));
        const WorldBlock& dungeon = blocks.front();
        QCOMPARE(dungeon.id, kDungeon);
        QVERIFY(dungeon.mesh.vertices.empty());
        QCOMPARE(dungeon.cells.size(), std::size_t(6));
        QVERIFY(dungeon.maxZ > dungeon.minZ);
        for (const WorldCell& cell : dungeon.cells) {
            QVERIFY(cell.floorZ >= dungeon.minZ);
            QVERIFY(cell.centre.z() > cell.floorZ);
        }
        // A block without a LandBlockInfo has no dungeon (0x0101: not in the demo cell DAT).
        QVERIFY(!cells().get<dat::LandBlockInfo>(0x0101FFFE));
        QVERIFY(!buildDungeon(sources(), 0x0101FFFF, 0x0101FFFF));
    }

    // Bad input is not drawn: a cell naming a missing Environment has no geometry and no volume.
    void missingEnvironmentIsNotDrawn() {
        dat::EnvCell cell;
        cell.id = 0x01D90150;
        cell.environmentId = 0x0D00FFF0;
        cell.portals.push_back({3, 0, 0x0100, 0});
        const WorldCell built = buildWorldCell(portal(), cell, kDungeon);
        QVERIFY(!built.geometry);
        QVERIFY(built.portals.empty());
        QVERIFY(!built.volume.contains({0, 0, 0}));
        cell.environmentId = 0x0D000D01;
        cell.cellStructure = 0x7777; // no such CellStruct
        QVERIFY(!buildWorldCell(portal(), cell, kDungeon).geometry);
    }
};

QTEST_APPLESS_MAIN(TestCellBuilder)
#include "tst_cell_builder.moc"
