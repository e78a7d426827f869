// The terrain generator on its own: landblocks that agree on their shared edges, a flat that is
// flat, a ramp steeper than retail's walkable limit through the Region's height table, water
// below the water level, roads, scenery bits the Region allows, statics on the ground, the same
// bytes every time, and bad specs failing at their path.

#include "datreader/authoring/terrain_generator.h"
#include "generator_test_support.h"
#include "support/land_triangles.h"

#include <QJsonArray>
#include <map>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;
using authoring::TerrainSpec;

namespace {

constexpr std::uint32_t kSouthWest = 0x1010FFFF; // the area is 0x1010..0x1111
constexpr double kWaterLevel = 20;
constexpr double kFlatHeight = 31.2;
enum : std::uint16_t { kRock, kGrass, kForest, kDirt, kSand, kSnow, kShallow, kDeep };

// A Region of eight terrain types with a height table of 2 m steps; forest has two scene types,
// the water types none.
Region testRegion() {
    Region region;
    for (std::size_t i = 0; i < region.landDefs.landHeightTable.size(); ++i)
        region.landDefs.landHeightTable[i] = float(2 * i);
    const std::vector<std::size_t> sceneTypes{1, 1, 2, 1, 1, 1, 0, 0};
    for (std::size_t count : sceneTypes) {
        TerrainType type;
        type.sceneTypes.assign(count, 0);
        region.terrain.terrainTypes.push_back(type);
    }
    return region;
}

// Positions are metres from the south-west corner of 0x1010: the flat sits on the corner the
// four landblocks share, the ramp climbs 96 m over 48 m in the north row, the land sinks into
// water towards the west edge, and a road runs east along y = 96.
constexpr const char* kSpec = R"({
  "generate": "terrain",
  "blocks": {"from": "0x1010", "to": "0x1111"},
  "types": {"rock": 0, "grass": 1, "forest": 2, "dirt": 3, "sand": 4, "snow": 5,
            "shallowWater": 6, "deepWater": 7},
  "base": 34,
  "hills": {"amplitude": 5, "wavelength": 100, "seed": 3},
  "ramps": [{"axis": "y", "from": 300, "to": 348, "rise": 96},
            {"axis": "x", "from": 100, "to": 20, "rise": -30}],
  "flats": [{"centre": [192, 192], "radius": 40, "blend": 30, "height": 31.2, "type": "dirt"}],
  "water": {"level": 20, "shallowDepth": 4, "beach": 2},
  "rockBelow": 0.8,
  "forest": {"wavelength": 96, "above": 0.5},
  "roads": [{"width": 10, "points": [[0, 96], [384, 96]]}],
  "statics": [{"landblock": "0x1010", "model": "0x02000C01", "at": [48, 72]},
              {"landblock": "0x1010", "model": "0x01000C03", "at": [50, 80], "heading": 90}]
})";

TerrainSpec terrain(const char* json = kSpec, std::uint32_t did = kSouthWest) {
    static const Region region = testRegion();
    return TerrainSpec(spec(json, "terrain", did), region);
}

std::map<std::uint32_t, LandBlock> blocksOf(const TerrainSpec& spec) {
    std::map<std::uint32_t, LandBlock> blocks;
    for (std::uint32_t x : {0x10u, 0x11u})
        for (std::uint32_t y : {0x10u, 0x11u}) {
            const std::uint32_t id = x << 24 | y << 16 | 0xFFFF;
            blocks.emplace(id, spec.landBlock(id));
        }
    return blocks;
}

const std::array<float, 256>& table() {
    static const Region region = testRegion();
    return region.landDefs.landHeightTable;
}

std::uint16_t word(const LandBlock& block, int x, int y) {
    return block.terrain[std::size_t(LandBlock::vertexIndex(x, y))];
}

std::uint8_t height(const LandBlock& block, int x, int y) {
    return block.heights[std::size_t(LandBlock::vertexIndex(x, y))];
}

// World metres of a vertex, relative to the area's south-west corner.
double localX(const LandBlock& block, int x) {
    return 192.0 * ((block.id >> 24) - 0x10) + 24.0 * x;
}
double localY(const LandBlock& block, int y) {
    return 192.0 * (((block.id >> 16) & 0xFF) - 0x10) + 24.0 * y;
}

} // namespace

class TestTerrainGenerator : public QObject {
    Q_OBJECT
  private slots:
    void aSpecYieldsItsLandBlocksAndTheInfosOfItsStatics() {
        const auto ids = TerrainSpec::recordIds(spec(kSpec, "terrain", kSouthWest));
        const std::vector<std::uint32_t> expected{0x1010FFFE, 0x1010FFFF, 0x1011FFFF, 0x1110FFFF,
                                                  0x1111FFFF};
        QCOMPARE(ids, expected);
    }

    void neighboursAgreeOnTheirSharedEdges() {
        const auto blocks = blocksOf(terrain());
        int compared = 0;
        for (const auto& [id, block] : blocks) {
            if (const auto east = blocks.find(id + 0x01000000); east != blocks.end())
                for (int y = 0; y < 9; ++y, ++compared) {
                    QCOMPARE(height(block, 8, y), height(east->second, 0, y));
                    QCOMPARE(word(block, 8, y), word(east->second, 0, y));
                }
            if (const auto north = blocks.find(id + 0x00010000); north != blocks.end())
                for (int x = 0; x < 9; ++x, ++compared) {
                    QCOMPARE(height(block, x, 8), height(north->second, x, 0));
                    QCOMPARE(word(block, x, 8), word(north->second, x, 0));
                }
        }
        QCOMPARE(compared, 4 * 9);
        // The edges are not trivially equal: the terrain varies along them.
        QVERIFY(height(blocks.at(0x1010FFFF), 8, 0) != height(blocks.at(0x1010FFFF), 8, 8));
    }

    void theFlatIsFlatAtTheNearestTableHeight() {
        std::size_t nearest = 0;
        for (std::size_t i = 0; i < table().size(); ++i)
            if (std::abs(table()[i] - kFlatHeight) < std::abs(table()[nearest] - kFlatHeight))
                nearest = i;
        int inside = 0;
        for (const auto& [id, block] : blocksOf(terrain()))
            for (int x = 0; x < 9; ++x)
                for (int y = 0; y < 9; ++y) {
                    const double dx = localX(block, x) - 192, dy = localY(block, y) - 192;
                    if (dx * dx + dy * dy > 40.0 * 40.0)
                        continue;
                    ++inside;
                    QCOMPARE(std::size_t(height(block, x, y)), nearest);
                    QCOMPARE(LandBlock::terrainType(word(block, x, y)), std::uint16_t(kDirt));
                }
        QVERIFY(inside >= 4 * 4); // the flat covers a corner of each of the four blocks
    }

    void theRampIsSteeperThanWalkable() {
        double steepest = 1;
        for (const auto& [id, block] : blocksOf(terrain()))
            for (const LandTriangle& triangle : landTriangles(block, table()))
                steepest = std::min(steepest, triangle.normalZ);
        QVERIFY2(steepest < kFloorZ, qPrintable(QString::number(steepest)));
        // And the flat is walkable: its cells are level.
        const LandBlock corner = terrain().landBlock(0x1111FFFF);
        for (const LandTriangle& triangle : landTriangles(corner, table()))
            if (triangle.cellX == 0 && triangle.cellY == 0)
                QCOMPARE(triangle.normalZ, 1.0);
    }

    void waterIsExactlyTheVerticesBelowTheWaterLevel() {
        int water = 0, land = 0;
        for (const auto& [id, block] : blocksOf(terrain()))
            for (int i = 0; i < LandBlock::kVertexCount; ++i) {
                const std::uint16_t type = LandBlock::terrainType(block.terrain[std::size_t(i)]);
                const double metres = table()[block.heights[std::size_t(i)]];
                const bool isWater = type == kShallow || type == kDeep;
                QCOMPARE(isWater, metres < kWaterLevel);
                if (isWater)
                    QCOMPARE(type, std::uint16_t(metres < kWaterLevel - 4 ? kDeep : kShallow));
                (isWater ? water : land)++;
            }
        QVERIFY(water > 0);
        QVERIFY(land > water);
    }

    void roadsAndSceneryBits() {
        for (const auto& [id, block] : blocksOf(terrain()))
            for (int x = 0; x < 9; ++x)
                for (int y = 0; y < 9; ++y) {
                    const std::uint16_t w = word(block, x, y);
                    QCOMPARE(LandBlock::road(w) != 0, localY(block, y) == 96);
                    const std::size_t sceneTypes =
                        testRegion()
                            .terrain.terrainTypes[LandBlock::terrainType(w)]
                            .sceneTypes.size();
                    QVERIFY(LandBlock::scenery(w) < std::max<std::size_t>(sceneTypes, 1));
                    QCOMPARE(LandBlock::unusedBits(w), std::uint16_t(0));
                }
    }

    void staticsStandOnTheGround() {
        const TerrainSpec spec = terrain();
        const LandBlock block = spec.landBlock(0x1010FFFF);
        const LandBlockInfo info = spec.landBlockInfo(0x1010FFFE);
        QCOMPARE(info.objects.size(), std::size_t(2));
        // On a vertex the ground is the vertex's height.
        QCOMPARE(info.objects[0].id, 0x02000C01u);
        QCOMPARE(double(info.objects[0].frame.origin.z), vertexHeight(block, table(), 2, 3));
        QCOMPARE(info.objects[0].frame.orientation, Quat{});
        // Inside a cell it lies between the corners' heights.
        const Frame& frame = info.objects[1].frame;
        std::vector<double> corners;
        for (int x : {2, 3})
            for (int y : {3, 4})
                corners.push_back(vertexHeight(block, table(), x, y));
        QVERIFY(frame.origin.z >= *std::min_element(corners.begin(), corners.end()));
        QVERIFY(frame.origin.z <= *std::max_element(corners.begin(), corners.end()));
        // Heading 90 turns the model's forward (+y) to the east (+x).
        const Quat& q = frame.orientation;
        QVERIFY(std::abs(q.x) < 1e-7 && std::abs(q.y) < 1e-7);
        const double forwardX = -2 * q.w * q.z, forwardY = q.w * q.w - q.z * q.z;
        QVERIFY(std::abs(forwardX - 1) < 1e-6 && std::abs(forwardY) < 1e-6);
        // The LandBlock itself knows nothing of them: hasObjects is the sources' business.
        QCOMPARE(block.hasObjects, 0u);
    }

    void theSameSpecGivesTheSameBytes() {
        const auto first = blocksOf(terrain());
        const auto second = blocksOf(terrain());
        for (const auto& [id, block] : first)
            QCOMPARE(block.encode(), second.at(id).encode());
        QCOMPARE(terrain().landBlockInfo(0x1010FFFE).encode(),
                 terrain().landBlockInfo(0x1010FFFE).encode());
    }

    void badSpecsFailAtTheirPath_data() {
        addBadSpecColumns();
        const auto row = [](const char* name, const char* json, const char* path) {
            QTest::newRow(name) << QString(json) << QString(path);
        };
        row("landblock past 0xFE", R"({"blocks": {"from": "0x10FF"}})", "terrain.blocks.from");
        row("to before from", R"({"blocks": {"from": "0x1111", "to": "0x1010"}})",
            "terrain.blocks.to");
        row("too large", R"({"blocks": {"from": "0x1010", "to": "0x3030"}})", "terrain.blocks.to");
        row("unknown role", R"({"blocks": {"from": "0x1010"}, "types": {"lava": 1}})",
            "terrain.types.lava");
        row("type the Region lacks", R"({"blocks": {"from": "0x1010"}, "types": {"grass": 8}})",
            "terrain.types.grass");
        row("a type the terrain needs", R"({"blocks": {"from": "0x1010"}})", "terrain.types.grass");
        row("empty ramp", R"({"blocks": {"from": "0x1010"}, "ramps": [{"axis": "y", "from": 5,
            "to": 5, "rise": 9}]})",
            "terrain.ramps[0].to");
        row("ramp axis", R"({"blocks": {"from": "0x1010"}, "ramps": [{"axis": "z", "from": 5,
            "to": 9, "rise": 9}]})",
            "terrain.ramps[0].axis");
        row("hill wavelength", R"({"blocks": {"from": "0x1010"}, "hills": {"wavelength": 1}})",
            "terrain.hills.wavelength");
        row("one road point", R"({"blocks": {"from": "0x1010"}, "roads": [{"points": [[0, 0]]}]})",
            "terrain.roads[0].points");
        row("static elsewhere", R"({"blocks": {"from": "0x1010"}, "statics": [{"landblock":
            "0x1012", "model": "0x01000C03", "at": [1, 1]}]})",
            "terrain.statics[0].landblock");
        row("static model", R"({"blocks": {"from": "0x1010"}, "statics": [{"landblock": "0x1010",
            "model": "0x08000C03", "at": [1, 1]}]})",
            "terrain.statics[0].model");
        row("static on the east edge", R"({"blocks": {"from": "0x1010"}, "statics": [{"landblock":
            "0x1010", "model": "0x01000C03", "at": [192, 1]}]})",
            "terrain.statics[0].at[0]");
    }
    void badSpecsFailAtTheirPath() {
        badSpecFailsAt(
            [](const char* json) {
                const TerrainSpec spec = terrain(json);
                spec.landBlock(kSouthWest);
                spec.landBlockInfo(0x1010FFFE);
            },
            kSouthWest);
    }
};

QTEST_APPLESS_MAIN(TestTerrainGenerator)
#include "tst_terrain_generator.moc"
