// The world map (docs/world.md#world-map): on the demo DATs, every cell of every demo landblock
// shows the map colour the test works out from the LandBlock and Region records, and everything
// else the background; on small DATs built here, north is up and east is right, the hillshade
// keeps level ground exact and lights slopes facing the north-west, roads show, --cell-pixels
// scales, threads agree, a broken LandBlock is named, and the summary counts what the DAT holds.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"
#include "world/map.h"

#include <QObject>
#include <QTest>
#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::world;

namespace {

const Region& demoRegion() {
    static const Region value = [] {
        const DatFile portal = DatFile::open(PORTALKIT_DEMO_DAT);
        return Region::decode(portal.read(0x13000000), 0x13000000);
    }();
    return value;
}

std::vector<LandBlock> demoBlocks() {
    std::vector<LandBlock> out;
    for (const EntryInfo& entry : testing::demoCellDat().entries())
        if ((entry.id & 0xFFFF) == 0xFFFF)
            out.push_back(LandBlock::decode(testing::demoCellDat().read(entry), entry.id));
    return out;
}

// The expectation, worked out here from the terrain words: the most frequent corner type, a
// tie to the first in SW, SE, NE, NW order; road when two or more corners have road bits.
std::uint32_t expectedColor(const LandBlock& block, const Region& region, int cx, int cy,
                            std::uint32_t road) {
    const std::array<std::uint16_t, 4> words{
        block.terrain[std::size_t(LandBlock::vertexIndex(cx, cy))],
        block.terrain[std::size_t(LandBlock::vertexIndex(cx + 1, cy))],
        block.terrain[std::size_t(LandBlock::vertexIndex(cx + 1, cy + 1))],
        block.terrain[std::size_t(LandBlock::vertexIndex(cx, cy + 1))]};
    int roads = 0;
    std::map<int, int> counts;
    for (std::uint16_t word : words) {
        roads += LandBlock::road(word) != 0;
        ++counts[LandBlock::terrainType(word)];
    }
    if (roads >= 2)
        return road | 0xFF000000u;
    int best = LandBlock::terrainType(words[0]);
    for (std::uint16_t word : words)
        if (counts[LandBlock::terrainType(word)] > counts[best])
            best = LandBlock::terrainType(word);
    return region.terrain.terrainTypes.at(std::size_t(best)).color | 0xFF000000u;
}

Region testRegion() {
    Region region;
    region.id = 0x13000000;
    for (std::size_t i = 0; i < region.landDefs.landHeightTable.size(); ++i)
        region.landDefs.landHeightTable[i] = float(i);
    for (std::uint32_t color : {0xFF102030u, 0xFF405060u, 0xFF708090u, 0xFFA0B0C0u}) {
        TerrainType type;
        type.color = color;
        region.terrain.terrainTypes.push_back(type);
    }
    return region;
}

LandBlock flatBlock(std::uint16_t xy, std::uint16_t type) {
    LandBlock block;
    block.id = std::uint32_t(xy) << 16 | 0xFFFF;
    block.terrain.fill(LandBlock::terrainWord(0, type, 0));
    block.heights.fill(10);
    return block;
}

DatFile cellDat(const std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>>& entries) {
    DatWriter writer(DatKind::Cell, 256);
    for (const auto& [id, bytes] : entries) {
        WriterEntry entry;
        entry.id = id;
        entry.data =
            QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
        writer.put(entry);
    }
    return DatFile::fromBytes(writer.build());
}

DatFile blocksDat(const std::vector<LandBlock>& blocks) {
    std::vector<std::pair<std::uint32_t, std::vector<std::uint8_t>>> entries;
    for (const LandBlock& block : blocks)
        entries.emplace_back(block.id, block.encode());
    return cellDat(entries);
}

} // namespace

class TestWorldMap : public QObject {
    Q_OBJECT

  private slots:
    void demoCellsShowTheirTerrainColours() {
        MapOptions options;
        options.hillshade = false;
        const MapImage image = drawWorldMap(testing::demoCellDat(), demoRegion(), options);
        QCOMPARE(image.width, 2040);
        QCOMPARE(image.height, 2040);
        std::set<std::pair<int, int>> drawn;
        const auto blocks = demoBlocks();
        QCOMPARE(blocks.size(), std::size_t(10)); // 3x3 round the town and the dungeon's block
        for (const LandBlock& block : blocks)
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const int gx = 8 * blockX(block.id) + cx, gy = 8 * blockY(block.id) + cy;
                    drawn.emplace(gx, gy);
                    QCOMPARE(image.pixel(gx, 2039 - gy),
                             expectedColor(block, demoRegion(), cx, cy, options.road));
                }
        // Everything else is background: every cell of a ring of blocks round the town, and a
        // coarse grid over the world.
        auto background = [&](int gx, int gy) {
            if (!drawn.count({gx, gy}))
                QCOMPARE(image.pixel(gx, 2039 - gy), options.background);
        };
        for (int gx = 8 * 0xA7; gx < 8 * 0xAC; ++gx)
            for (int gy = 8 * 0xB2; gy < 8 * 0xB7; ++gy)
                background(gx, gy);
        for (int gx = 0; gx < 2040; gx += 7)
            for (int gy = 0; gy < 2040; gy += 7)
                background(gx, gy);
    }

    void demoRoadsAndHillshadeShow() {
        const MapImage image = drawWorldMap(testing::demoCellDat(), demoRegion(), {});
        const MapOptions defaults;
        int roads = 0, lit = 0, shaded = 0;
        for (const LandBlock& block : demoBlocks())
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const auto at =
                        image.pixelOf({8 * blockX(block.id) + cx, 8 * blockY(block.id) + cy});
                    const std::uint32_t flat =
                        expectedColor(block, demoRegion(), cx, cy, defaults.road);
                    const std::uint32_t got = image.pixel(at->first, at->second);
                    roads += flat == (defaults.road | 0xFF000000u);
                    lit += (got & 0xFF) > (flat & 0xFF);
                    shaded += (got & 0xFF) < (flat & 0xFF);
                }
        QVERIFY(roads >= 20); // two roads, each several cells long
        QVERIFY(lit > 0);
        QVERIFY(shaded > 0);
    }

    void northIsUpAndEastIsRight() {
        // 0x1010 type 0, its north neighbour 0x1011 type 1, its east neighbour 0x1110 type 2.
        const DatFile dat =
            blocksDat({flatBlock(0x1010, 0), flatBlock(0x1011, 1), flatBlock(0x1110, 2)});
        MapOptions options;
        options.area = {0x10, 0x10, 0x11, 0x11};
        const MapImage image = drawWorldMap(dat, testRegion(), options);
        QCOMPARE(image.width, 16);
        QCOMPARE(image.height, 16);
        QCOMPARE(image.pixel(0, 15), 0xFF102030u);        // south-west: 0x1010
        QCOMPARE(image.pixel(0, 0), 0xFF405060u);         // north-west: 0x1011, higher up
        QCOMPARE(image.pixel(15, 15), 0xFF708090u);       // south-east: 0x1110
        QCOMPARE(image.pixel(15, 0), options.background); // 0x1111 is not in the DAT
        QCOMPARE(image.lcoordAt(0, 0), (Lcoord{0x80, 0x8F}));
        QCOMPARE(image.pixelOf({0x80, 0x8F}), (std::pair{0, 0}));
        QVERIFY(!image.pixelOf({0x7F, 0x8F}));
    }

    void fullWorldRowIsNorthCount() {
        const DatFile dat = blocksDat({flatBlock(0x00FE, 3)});
        const MapImage image = drawWorldMap(dat, testRegion(), {});
        QCOMPARE(image.pixel(0, 0), 0xFFA0B0C0u); // gy 2039: the north-west corner
        QCOMPARE(image.pixel(0, 2039 - 2032), 0xFFA0B0C0u);
        QCOMPARE(image.pixel(0, 2039 - 2031), MapOptions{}.background);
    }

    void hillshadeLightsTheNorthWest() {
        QCOMPARE(hillshadeFactor({0, 0, 1}), 1.0f);
        QVERIFY(hillshadeFactor({-0.6f, 0.0f, 0.8f}) > 1.0f); // faces west
        QVERIFY(hillshadeFactor({0.6f, 0.0f, 0.8f}) < 1.0f);  // faces east
        QCOMPARE(shadeColor(0x00406080, 1.0f), 0xFF406080u);
        QCOMPARE(shadeColor(0xFF406080, 0.5f), 0xFF203040u);
        // Land rising to the east faces west: brighter than level ground.
        LandBlock rising = flatBlock(0x2020, 0);
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y)
                rising.heights[std::size_t(LandBlock::vertexIndex(x, y))] = std::uint8_t(10 * x);
        const MapImage image =
            drawWorldMap(blocksDat({rising}), testRegion(), {.area = {0x20, 0x20, 0x20, 0x20}});
        QVERIFY((image.pixel(3, 3) & 0xFF) > 0x30);
    }

    void roadsFollowTheCornerRuleAndThePoint() {
        LandBlock block = flatBlock(0x3030, 0);
        for (int y = 0; y < 9; ++y) // a road up vertex column x = 4
            block.terrain[std::size_t(LandBlock::vertexIndex(4, y))] =
                LandBlock::terrainWord(1, 0, 0);
        const DatFile dat = blocksDat({block});
        const std::uint32_t road = MapOptions{}.road;
        const MapImage one = drawWorldMap(dat, testRegion(), {.area = {0x30, 0x30, 0x30, 0x30}});
        for (int column = 0; column < 8; ++column) // cells 3 and 4 touch the road with two corners
            QCOMPARE(one.pixel(column, 4) == road, column == 3 || column == 4);
        const MapImage eight =
            drawWorldMap(dat, testRegion(),
                         {.cellPixels = 8, .area = {0x30, 0x30, 0x30, 0x30}, .hillshade = false});
        // From 4 pixels on the point decides: within 5 m of x = 96 m, two 3 m pixels each side.
        for (int column = 24; column < 40; ++column)
            QCOMPARE(eight.pixel(column, 20) == road, column >= 30 && column <= 33);
    }

    void cellPixelsScale() {
        MapOptions one;
        one.area = {0xA8, 0xB3, 0xAA, 0xB5};
        MapOptions three = one;
        three.cellPixels = 3; // below 4: the same road rule, so an exact 3x enlargement
        const MapImage a = drawWorldMap(testing::demoCellDat(), demoRegion(), one);
        const MapImage b = drawWorldMap(testing::demoCellDat(), demoRegion(), three);
        QCOMPARE(b.width, 3 * a.width);
        QCOMPARE(b.height, 3 * a.height);
        for (int y = 0; y < b.height; ++y)
            for (int x = 0; x < b.width; ++x)
                QCOMPARE(b.pixel(x, y), a.pixel(x / 3, y / 3));
    }

    void threadsAgree() {
        MapOptions single, many;
        single.threads = 1;
        many.threads = 3;
        QVERIFY(drawWorldMap(testing::demoCellDat(), demoRegion(), single).rgba ==
                drawWorldMap(testing::demoCellDat(), demoRegion(), many).rgba);
    }

    void badOptionsAreRefused() {
        QVERIFY(mapOptionsError({.cellPixels = 0}));
        QVERIFY(mapOptionsError({.cellPixels = 9}));
        QVERIFY(mapOptionsError({.cellPixels = 8})); // 16320² pixels
        QVERIFY(!mapOptionsError({.cellPixels = 4}));
        QVERIFY(mapOptionsError({.area = {5, 5, 4, 5}}));
        QVERIFY(mapOptionsError({.area = {0, 0, 255, 0}}));
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            drawWorldMap(testing::demoCellDat(), demoRegion(), {.cellPixels = 9}));
    }

    void aBrokenLandBlockIsNamed() {
        const DatFile dat = cellDat({{0x4040FFFF, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}});
        try {
            drawWorldMap(dat, testRegion(), {});
            QFAIL("a 10-byte LandBlock drew");
        } catch (const DatError& error) {
            QVERIFY(error.did() && *error.did() == 0x4040FFFF);
            QVERIFY2(QString(error.what()).contains("0x4040FFFF"), error.what());
        }
    }

    void onlyTheListedLandblocksAreDrawn() {
        MapOptions options;
        options.only = {0xA9B4FFFF, 0xAAB5FFFF};
        options.area = areaOf(options.only);
        QCOMPARE(options.area, (BlockArea{0xA9, 0xB4, 0xAA, 0xB5}));
        MapStats stats;
        const MapImage image = drawWorldMap(testing::demoCellDat(), demoRegion(), options, &stats);
        QCOMPARE(stats.landblocks, std::uint64_t(2));
        QCOMPARE(image.pixel(0, 0), options.background);   // 0xA9B5: in the area, not listed
        QVERIFY(image.pixel(0, 15) != options.background); // 0xA9B4
        QVERIFY(image.pixel(15, 0) != options.background); // 0xAAB5
    }

    void summaryCountsWhatTheDatHolds() {
        const auto summary = summarizeLandblocks(testing::demoCellDat(), {}, {}, true);
        QCOMPARE(summary.size(), std::size_t(10));
        for (const LandblockSummary& block : summary) {
            const std::uint32_t base = block.id & 0xFFFF0000u;
            std::uint32_t envCells = 0;
            for (const EntryInfo& entry : testing::demoCellDat().entries())
                envCells += (entry.id & 0xFFFF0000u) == base && (entry.id & 0xFFFF) >= 0x100 &&
                            (entry.id & 0xFFFF) <= 0xFFFD;
            QCOMPARE(block.envCells, envCells);
            QCOMPARE(block.hasInfo, testing::demoCellDat().find(base | 0xFFFE) != nullptr);
            const LandBlock terrain =
                LandBlock::decode(testing::demoCellDat().read(block.id), block.id);
            QCOMPARE(block.flagsInfo, terrain.hasObjects != 0);
            if (block.hasInfo) {
                const auto info = LandBlockInfo::decode(testing::demoCellDat().read(base | 0xFFFE),
                                                        base | 0xFFFE);
                QCOMPARE(block.infoCells, std::optional(info.numCells));
                QCOMPARE(info.numCells, envCells); // the demo's infos count the cells it holds
            } else {
                QVERIFY(!block.infoCells);
            }
        }
        const auto dungeon = std::find_if(summary.begin(), summary.end(),
                                          [](const auto& b) { return b.id == 0x01D9FFFF; });
        QVERIFY(dungeon != summary.end());
        QCOMPARE(dungeon->envCells, 6u);
        QCOMPARE(
            summarizeLandblocks(testing::demoCellDat(), {0xA8, 0xB3, 0xAA, 0xB5}, {}, false).size(),
            std::size_t(9));
    }
};

QTEST_GUILESS_MAIN(TestWorldMap)
#include "tst_world_map.moc"
