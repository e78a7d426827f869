// Cell membership (world/cells.h) as the client decides it: a point is in an EnvCell when the cell
// has portals and the point, moved into the cell's space by its frame, is in front of (or within
// F_EPSILON of) every plane on the cell BSP's positive chain. A hand-built box checks the walk and
// the frame; the demo dungeon (docs/demo.md#the-dungeon) checks real records.

#include "datreader/container/dat_file.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/environment.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"
#include "world/cells.h"

#include <QObject>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::world;

namespace {

// A cell BSP chaining the six inward planes of the box [-hx, hx] × [-hy, hy] × [0, h], as a cell
// BSP stores a convex room: each node's positive child is the next plane, the last a leaf.
dat::BspTree boxCellBsp(float hx, float hy, float h, bool endInLeaf = true) {
    const dat::Plane planes[] = {
        {{1, 0, 0}, hx},  // west wall, facing +X: x + hx ≥ 0
        {{-1, 0, 0}, hx}, // east wall
        {{0, 1, 0}, hy},  // south wall
        {{0, -1, 0}, hy}, // north wall
        {{0, 0, 1}, 0},   // floor
        {{0, 0, -1}, h},  // ceiling
    };
    dat::BspTree tree;
    for (const dat::Plane& plane : planes) {
        dat::BspNode node;
        node.tag = dat::bsp_tag::BPIn;
        node.splittingPlane = plane;
        node.posChild = std::int32_t(tree.nodes.size() + 1);
        tree.nodes.push_back(node);
    }
    if (endInLeaf) {
        dat::BspNode leaf;
        leaf.tag = dat::bsp_tag::Leaf;
        tree.nodes.push_back(leaf);
    } else {
        tree.nodes.back().posChild = -1;
    }
    return tree;
}

CellVolume boxCell(std::uint32_t id, dat::Frame frame) {
    CellVolume cell;
    cell.id = id;
    cell.frame = frame;
    cell.bsp = boxCellBsp(2, 3, 4);
    cell.hasPortals = true;
    return cell;
}

const dat::DatFile& cellDat() {
    return testing::demoCellDat();
}
const dat::DatFile& portalDat() {
    return testing::demoPortalDat();
}

// The demo dungeon's cells with their volumes and landblock-local centres (the middle of the
// CellStruct's vertex box, placed by the cell's frame).
struct DemoCell {
    CellVolume volume;
    Vec3 centre;
};

std::vector<DemoCell> demoDungeon() {
    const auto info = testing::demoRecord<dat::LandBlockInfo>(cellDat(), 0x01D9FFFE);
    std::vector<DemoCell> out;
    for (std::uint32_t i = 0; i < info.numCells; ++i) {
        const auto cell = testing::demoRecord<dat::EnvCell>(cellDat(), 0x01D90100 + i);
        const auto environment =
            testing::demoRecord<dat::Environment>(portalDat(), cell.environmentId);
        const dat::CellStruct* shape = findCellStruct(environment, cell.cellStructure);
        if (!shape)
            throw std::runtime_error("the demo cell names a missing CellStruct");
        Vec3 lo{1e9f, 1e9f, 1e9f}, hi{-1e9f, -1e9f, -1e9f};
        for (const dat::MeshVertex& v : shape->vertices) {
            lo = {std::min(lo.x, v.origin.x), std::min(lo.y, v.origin.y),
                  std::min(lo.z, v.origin.z)};
            hi = {std::max(hi.x, v.origin.x), std::max(hi.y, v.origin.y),
                  std::max(hi.z, v.origin.z)};
        }
        out.push_back({cellVolume(cell, *shape), localToGlobal(cell.position, (lo + hi) * 0.5f)});
    }
    return out;
}

} // namespace

class TestWorldCells : public QObject {
    Q_OBJECT

  private slots:
    // BSPNODE::point_inside_cell_bsp: in front of every plane on the positive chain is inside.
    void insideAndOutsideTheBox() {
        const dat::BspTree tree = boxCellBsp(2, 3, 4);
        QVERIFY(pointInsideCellBsp(tree, {0, 0, 1}));
        QVERIFY(pointInsideCellBsp(tree, {1.9f, -2.9f, 3.9f}));
        QVERIFY(!pointInsideCellBsp(tree, {2.5f, 0, 1}));  // east of the east wall
        QVERIFY(!pointInsideCellBsp(tree, {0, 0, -0.5f})); // under the floor
        QVERIFY(!pointInsideCellBsp(tree, {0, 3.5f, 1}));  // behind the last plane but one
        QVERIFY(!pointInsideCellBsp(tree, {0, 0, 4.5f}));  // behind the last plane only
    }

    // BSPNODE::point_inside_cell_bsp compares against -F_EPSILON: a point on a wall, or less than
    // F_EPSILON behind it, is inside; further behind is outside.
    void planesCountWithinEpsilon() {
        const dat::BspTree tree = boxCellBsp(2, 3, 4);
        QVERIFY(pointInsideCellBsp(tree, {2, 0, 1}));
        QVERIFY(pointInsideCellBsp(tree, {2 + kEpsilon * 0.5f, 0, 1}));
        QVERIFY(!pointInsideCellBsp(tree, {2 + kEpsilon * 4, 0, 1}));
        QVERIFY(pointInsideCellBsp(tree, {0, 0, -kEpsilon * 0.5f}));
        QVERIFY(!pointInsideCellBsp(tree, {0, 0, -kEpsilon * 4}));
    }

    // A chain ends at a leaf or at a node without a positive child; both mean inside.
    void chainWithoutLeaf() {
        const dat::BspTree tree = boxCellBsp(2, 3, 4, false);
        QVERIFY(pointInsideCellBsp(tree, {0, 0, 1}));
        QVERIFY(!pointInsideCellBsp(tree, {0, 0, 5}));
    }

    // Damaged trees never hang or read out of range: an empty tree holds nothing, a loop ends.
    void damagedTrees() {
        QVERIFY(!pointInsideCellBsp({}, {0, 0, 0}));
        dat::BspTree loop = boxCellBsp(2, 3, 4, false);
        loop.nodes.back().posChild = 0;
        QVERIFY(!pointInsideCellBsp(loop, {0, 0, 1}));
        dat::BspTree outOfRange = boxCellBsp(2, 3, 4, false);
        outOfRange.nodes.back().posChild = 99;
        QVERIFY(pointInsideCellBsp(outOfRange, {0, 0, 1}));
    }

    // CEnvCell::point_in_cell: the point is moved into the cell by Frame::globaltolocal, and a
    // cell without portals holds nothing.
    void framesAndPortals() {
        dat::Frame frame;
        frame.origin = {10, 20, 5};
        // A quarter turn about Z: the box's long local Y axis lies along landblock X.
        const float h = std::sqrt(0.5f);
        frame.orientation = {h, 0, 0, h};
        const CellVolume cell = boxCell(0x01D90100, frame);
        QVERIFY(cell.contains({10, 20, 6}));
        QVERIFY(cell.contains({12.5f, 20, 6}));  // local y = -2.5 (half length 3)
        QVERIFY(!cell.contains({10, 22.5f, 6})); // local x = 2.5 (half width 2)
        QVERIFY(!cell.contains({10, 20, 4}));    // under the floor at z = 5
        CellVolume sealed = cell;
        sealed.hasPortals = false;
        QVERIFY(!sealed.contains({10, 20, 6}));
    }

    void framesRoundTrip() {
        dat::Frame frame;
        frame.origin = {1, 2, 3};
        frame.orientation = {0.8f, 0.0f, 0.6f, 0.0f};
        const Vec3 p{4, -5, 6};
        const Vec3 back = globalToLocal(frame, localToGlobal(frame, p));
        QVERIFY(length(back - p) < 1e-5f);
        // A zero quaternion is no rotation, not a collapse to the origin.
        frame.orientation = {0, 0, 0, 0};
        const Vec3 moved = localToGlobal(frame, p);
        QVERIFY(length(moved - Vec3{5, -3, 9}) < 1e-5f);
    }

    // CEnvCell::find_visible_child_cell: the previous cell first, then its stab list, then all.
    void findCellPrefersThePreviousCell() {
        dat::Frame a, b;
        b.origin = {3, 0, 0}; // overlaps a between x = 1 and x = 2
        std::vector<CellVolume> cells{boxCell(0x01D90100, a), boxCell(0x01D90101, b)};
        cells[0].visibleCells = {0x01D90101};
        QCOMPARE(findCell(cells, {0, 0, 1}).value_or(0), 0x01D90100u);
        QCOMPARE(findCell(cells, {4, 0, 1}).value_or(0), 0x01D90101u);
        QCOMPARE(findCell(cells, {1.5f, 0, 1}).value_or(0), 0x01D90100u);
        QCOMPARE(findCell(cells, {1.5f, 0, 1}, 0x01D90101).value_or(0), 0x01D90101u);
        QCOMPARE(findCell(cells, {4, 0, 1}, 0x01D90100).value_or(0), 0x01D90101u);
        QVERIFY(!findCell(cells, {9, 0, 1}));
        QVERIFY(!findCell(cells, {9, 0, 1}, 0x01D90100));
    }

    // CEnvCell::point_in_cell on the demo dungeon's records: each cell's centre is in that cell
    // and no other, and a point beside the dungeon is in none.
    void demoDungeonCentres() {
        const std::vector<DemoCell> dungeon = demoDungeon();
        QCOMPARE(dungeon.size(), std::size_t(6));
        std::vector<CellVolume> volumes;
        for (const DemoCell& cell : dungeon)
            volumes.push_back(cell.volume);
        for (const DemoCell& cell : dungeon) {
            for (const DemoCell& other : dungeon)
                QCOMPARE(other.volume.contains(cell.centre), other.volume.id == cell.volume.id);
            QCOMPARE(findCell(volumes, cell.centre).value_or(0), cell.volume.id);
        }
        QVERIFY(!findCell(volumes, {20, 20, 1}));
        QVERIFY(!findCell(volumes, {96, 60, -1})); // under the hall's floor
    }
};

QTEST_APPLESS_MAIN(TestWorldCells)
#include "tst_world_cells.moc"
