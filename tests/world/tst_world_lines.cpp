// The world's overlay lines (world/scene/world_lines.h, docs/render.md#world-overlays) on the
// demo DATs: the landblock outline and the cell lines lie on the terrain's own vertices, each
// cell shows exactly the diagonal the client's split chose, portals close their polygons and the
// physics lines outline the placed GfxObjs' physics polygons.

#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "support/demo_assets.h"
#include "world/coords.h"
#include "world/scene/world_lines.h"

#include <QObject>
#include <QTest>
#include <set>

using namespace portalkit;
using namespace portalkit::world;
using testing::demoCellAssets;
using testing::demoPortalAssets;

namespace {

constexpr std::uint32_t kTown = 0xA9B4FFFF;

const dat::Region& region() {
    return *demoPortalAssets().get<dat::Region>(kRegionId);
}

std::vector<WorldBlock> town(int radius) {
    const WorldSources sources{&demoPortalAssets(), &demoCellAssets(), &region()};
    TerrainTextures textures(demoPortalAssets(), region().terrain.texMerge);
    return buildWorldBlocks(sources, kTown, radius, textures);
}

using Point = std::tuple<float, float, float>;
using Segment = std::pair<Point, Point>;

// Segments with their ends in a fixed order, so a line drawn either way compares equal.
std::set<Segment> segments(const LineList& lines) {
    std::set<Segment> out;
    for (std::size_t i = 0; i + 5 < lines.size(); i += 6) {
        Point a{lines[i], lines[i + 1], lines[i + 2]}, b{lines[i + 3], lines[i + 4], lines[i + 5]};
        out.insert(a < b ? Segment{a, b} : Segment{b, a});
    }
    return out;
}

Point lifted(const Vec3& v) {
    return {v.x, v.y, v.z + kTerrainLineLift};
}
Segment segment(Point a, Point b) {
    return a < b ? Segment{a, b} : Segment{b, a};
}

} // namespace

class TestWorldLines : public QObject {
    Q_OBJECT

  private slots:
    // One block: its outline is 4 × 8 segments and its cell lines are the 2 × 8 × 9 grid edges
    // plus one diagonal per cell, the one LandblockTerrain::split gives.
    void cellLinesFollowTheClientsSplit() {
        const std::vector<WorldBlock> blocks = town(0);
        QCOMPARE(blocks.size(), std::size_t(1));
        const WorldLines lines = buildWorldLines(blocks, demoPortalAssets());
        QCOMPARE(segments(lines.landblocks).size(), std::size_t(32));
        const std::set<Segment> cells = segments(lines.cells);
        QCOMPARE(cells.size(), std::size_t(2 * 8 * 9 + 64));

        const LandblockTerrain terrain(*demoCellAssets().get<dat::LandBlock>(kTown),
                                       region().landDefs);
        for (int cx = 0; cx < kCellsPerBlock; ++cx)
            for (int cy = 0; cy < kCellsPerBlock; ++cy) {
                const Point sw = lifted(terrain.vertex(cx, cy)),
                            se = lifted(terrain.vertex(cx + 1, cy)),
                            ne = lifted(terrain.vertex(cx + 1, cy + 1)),
                            nw = lifted(terrain.vertex(cx, cy + 1));
                const bool swToNe = terrain.split(cx, cy) == Split::SWtoNE;
                QVERIFY(cells.count(segment(sw, se)) && cells.count(segment(sw, nw)));
                QCOMPARE(cells.count(segment(sw, ne)) == 1, swToNe);
                QCOMPARE(cells.count(segment(se, nw)) == 1, !swToNe);
            }
        // The outline runs along the block's edge: every end has x or y at 0 or 192.
        for (const Segment& s : segments(lines.landblocks))
            for (const Point& p : {s.first, s.second}) {
                const float x = std::get<0>(p), y = std::get<1>(p);
                QVERIFY(x == 0 || x == kBlockLength || y == 0 || y == kBlockLength);
            }
    }

    // Nine blocks: nine outlines, shifted by each block's position.
    void everyBlockHasItsOutline() {
        const std::vector<WorldBlock> blocks = town(1);
        QCOMPARE(blocks.size(), std::size_t(9));
        const WorldLines lines = buildWorldLines(blocks, demoPortalAssets());
        QCOMPARE(lines.landblocks.size(), std::size_t(9 * 32 * 6));
        float lo = 1e9f, hi = -1e9f;
        for (std::size_t i = 0; i < lines.landblocks.size(); i += 3) {
            lo = std::min(lo, lines.landblocks[i]);
            hi = std::max(hi, lines.landblocks[i]);
        }
        QCOMPARE(lo, -kBlockLength);
        QCOMPARE(hi, 2 * kBlockLength);
    }

    // The house interior's doorway: one closed loop of as many segments as it has corners.
    void portalsCloseTheirPolygons() {
        const std::vector<WorldBlock> blocks = town(0);
        const WorldLines lines = buildWorldLines(blocks, demoPortalAssets());
        std::size_t corners = 0;
        for (const WorldCell& cell : blocks.front().cells)
            for (const CellPortalView& portal : cell.portals)
                corners += portal.polygon.size();
        QVERIFY(corners >= 3);
        QCOMPARE(lines.portals.size(), corners * 6);
    }

    // Every physics polygon of every part placed is outlined, one segment per corner.
    void physicsLinesOutlineEveryPlacedPolygon() {
        const std::vector<WorldBlock> blocks = town(0);
        std::size_t corners = 0;
        for (const WorldPart& part : blocks.front().parts)
            if (const auto* gfx = demoPortalAssets().get<dat::GfxObj>(part.gfxObj))
                for (const dat::MeshPolygon& polygon : gfx->physicsPolygons)
                    corners += polygon.vertexIds.size();
        QVERIFY2(corners > 0, "the demo town's objects have physics polygons");
        const WorldLines lines = buildWorldLines(blocks, demoPortalAssets());
        QVERIFY(lines.physics.size() >= corners * 6); // cell statics may add more
    }

    // A dungeon has no terrain: no outline or cell lines, but its portals.
    void dungeonHasPortalsOnly() {
        const WorldSources sources{&demoPortalAssets(), &demoCellAssets(), &region()};
        const auto dungeon = buildDungeon(sources, 0x01D9FFFF, 0x01D9FFFF);
        QVERIFY(dungeon);
        const WorldLines lines = buildWorldLines({*dungeon}, demoPortalAssets());
        QVERIFY(lines.landblocks.empty());
        QVERIFY(lines.cells.empty());
        QVERIFY(!lines.portals.empty());
    }
};

QTEST_GUILESS_MAIN(TestWorldLines)
#include "tst_world_lines.moc"
