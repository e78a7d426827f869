// The terrain texture merge: palette codes, the terrain and road codes a cell asks for, the alpha
// map picked by the code's hash and turned to fit, and the integer compositing, on textures a
// few texels wide built in the test (docs/world.md#terrain-textures).

#include "datreader/records/land_block.h"
#include "world/tex_merge.h"

#include <QObject>
#include <QTest>
#include <map>

using namespace portalkit;
using namespace portalkit::world;

namespace {

using Corners = std::array<std::uint16_t, 4>; // SW, SE, NE, NW

Corners typed(int sw, int se, int ne, int nw) {
    return {dat::LandBlock::terrainWord(0, std::uint16_t(sw), 0),
            dat::LandBlock::terrainWord(0, std::uint16_t(se), 0),
            dat::LandBlock::terrainWord(0, std::uint16_t(ne), 0),
            dat::LandBlock::terrainWord(0, std::uint16_t(nw), 0)};
}

DecodedTexture solid(int size, std::array<std::uint8_t, 4> c) {
    DecodedTexture t{size, size, 4, {}};
    for (int i = 0; i < size * size; ++i)
        t.bytes.insert(t.bytes.end(), c.begin(), c.end());
    return t;
}

DecodedTexture alphaMap(int w, int h, std::vector<std::uint8_t> bytes) {
    return DecodedTexture{w, h, 1, std::move(bytes)};
}

std::array<std::uint8_t, 4> texelAt(const CellTexture& t, int i, int j) {
    const std::size_t at = (std::size_t(j) * std::size_t(t.size) + std::size_t(i)) * 4;
    return {t.rgba[at], t.rgba[at + 1], t.rgba[at + 2], t.rgba[at + 3]};
}

constexpr std::array<std::uint8_t, 4> kRed{200, 0, 0, 255}, kBlue{0, 0, 200, 255},
    kGrey{90, 90, 90, 255};

// Types 1 (red), 2 (blue) and the road (grey); one corner map (code 1) whose SW texel is the
// overlay, one side map (code 3), one road map (code 1) like the corner map.
struct Fixture {
    dat::TexMerge merge;
    std::map<std::uint32_t, DecodedTexture> textures;
    TextureLookup lookup() const {
        return [this](std::uint32_t id) -> const DecodedTexture* {
            const auto it = textures.find(id);
            return it == textures.end() ? nullptr : &it->second;
        };
    }
    Fixture() {
        merge.baseTexSize = 2;
        merge.terrainTextures = {{1, 0x05000001}, {2, 0x05000002}, {0x20, 0x05000020}};
        merge.cornerMaps = {{1, 0x05000101}};
        merge.sideMaps = {{3, 0x05000103}};
        merge.roadMaps = {{1, 0x05000201}};
        textures[0x05000001] = solid(2, kRed);
        textures[0x05000002] = solid(2, kBlue);
        textures[0x05000020] = solid(2, kGrey);
        // rows from the north: the SW texel (row 1, column 0) is 0 = all overlay
        textures[0x05000101] = alphaMap(2, 2, {255, 255, 0, 255});
        textures[0x05000103] = alphaMap(2, 2, {255, 255, 0, 0}); // the south side
        textures[0x05000201] = alphaMap(2, 2, {255, 255, 0, 255});
    }
};

} // namespace

class TestWorldTexMerge : public QObject {
    Q_OBJECT

  private slots:
    void paletteCodePacking() {
        // SW road 1 type 2, SE type 5, NE road 3 type 31, NW type 0, size 1:
        // 1<<28 | 1<<26 | 3<<22 | 2<<15 | 5<<10 | 31<<5
        const Corners c{dat::LandBlock::terrainWord(1, 2, 9), dat::LandBlock::terrainWord(0, 5, 0),
                        dat::LandBlock::terrainWord(3, 31, 0),
                        dat::LandBlock::terrainWord(0, 0, 0)};
        QCOMPARE(paletteCode(c),
                 0x10000000u | 0x04000000u | 0x00C00000u | 0x00010000u | 0x00001400u | 0x000003E0u);
        QCOMPARE(paletteCode(c, 4) >> 28, 4u);
    }

    void singleTexture_data() {
        QTest::addColumn<quint32>("pcode");
        QTest::addColumn<bool>("single");
        QTest::newRow("one type, no road") << paletteCode(typed(3, 3, 3, 3)) << true;
        QTest::newRow("two types") << paletteCode(typed(3, 3, 4, 3)) << false;
        const auto road = [](int type) {
            return dat::LandBlock::terrainWord(1, std::uint16_t(type), 0);
        };
        QTest::newRow("all road, mixed types")
            << paletteCode({road(3), road(4), road(5), road(6)}) << true;
        QTest::newRow("road at SW only") << paletteCode({road(3), 3 << 2, 3 << 2, 3 << 2}) << false;
    }
    void singleTexture() {
        QFETCH(quint32, pcode);
        QFETCH(bool, single);
        QCOMPARE(singleTextureCell(pcode), single);
    }

    void rotations_data() {
        QTest::addColumn<quint32>("code");
        QTest::addColumn<quint32>("turned");
        QTest::newRow("SW to SE") << 1u << 2u;
        QTest::newRow("SE to NE") << 2u << 4u;
        QTest::newRow("NE to NW") << 4u << 8u;
        QTest::newRow("NW to SW") << 8u << 1u;
        QTest::newRow("south side to east") << 3u << 6u;
        QTest::newRow("east side to north") << 6u << 12u;
        QTest::newRow("north side to west") << 12u << 9u;
        QTest::newRow("west side to south") << 9u << 3u;
    }
    void rotations() {
        QFETCH(quint32, code);
        QFETCH(quint32, turned);
        QCOMPARE(rotateCode(code), turned);
    }

    // Corner types SW, SE, NE, NW -> base, overlays and their codes (SW 1, SE 2, NE 4, NW 8).
    void terrainChoice_data() {
        QTest::addColumn<QList<int>>("types");
        QTest::addColumn<int>("base");
        QTest::addColumn<QList<int>>("overlays");
        QTest::addColumn<QList<int>>("codes");
        QTest::newRow("one type") << QList<int>{5, 5, 5, 5} << 5 << QList<int>{} << QList<int>{};
        QTest::newRow("SE corner") << QList<int>{5, 6, 5, 5} << 5 << QList<int>{6} << QList<int>{2};
        QTest::newRow("SW corner, base repeats later")
            << QList<int>{6, 5, 5, 5} << 5 << QList<int>{6} << QList<int>{1};
        QTest::newRow("east side") << QList<int>{5, 6, 6, 5} << 5 << QList<int>{6} << QList<int>{6};
        QTest::newRow("north side")
            << QList<int>{5, 5, 6, 6} << 5 << QList<int>{6} << QList<int>{12};
        QTest::newRow("base is the first repeated")
            << QList<int>{6, 6, 5, 5} << 6 << QList<int>{5} << QList<int>{12};
        QTest::newRow("two corners, same overlay")
            << QList<int>{5, 6, 5, 6} << 5 << QList<int>{6, 6} << QList<int>{2, 8};
        QTest::newRow("three types")
            << QList<int>{5, 5, 6, 7} << 5 << QList<int>{6, 7} << QList<int>{4, 8};
        QTest::newRow("four types: SW base")
            << QList<int>{5, 6, 7, 8} << 5 << QList<int>{6, 7, 8} << QList<int>{2, 4, 8};
    }
    void terrainChoice() {
        QFETCH(QList<int>, types);
        QFETCH(int, base);
        QFETCH(QList<int>, overlays);
        QFETCH(QList<int>, codes);
        const TerrainChoice choice =
            chooseTerrain(paletteCode(typed(types[0], types[1], types[2], types[3])));
        QCOMPARE(int(choice.baseType), base);
        for (std::size_t i = 0; i < 3; ++i) {
            const int expected = i < std::size_t(codes.size()) ? codes[qsizetype(i)] : 0;
            QCOMPARE(int(choice.codes[i]), expected);
            if (expected)
                QCOMPARE(int(choice.overlayTypes[i]), overlays[qsizetype(i)]);
        }
    }

    // Road corners as a mask SW 1, SE 2, NE 4, NW 8 -> GetRoadCode's table.
    void roadCodeTable_data() {
        QTest::addColumn<int>("mask");
        QTest::addColumn<bool>("fill");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("second");
        QTest::newRow("none") << 0 << false << 0 << 0;
        QTest::newRow("all: fill") << 15 << true << 0 << 0;
        QTest::newRow("14") << 14 << false << 6 << 12;
        QTest::newRow("13") << 13 << false << 9 << 12;
        QTest::newRow("11") << 11 << false << 9 << 3;
        QTest::newRow("7") << 7 << false << 3 << 6;
        for (int mask : {1, 2, 3, 4, 5, 6, 8, 9, 10, 12})
            QTest::newRow(qPrintable(QString("%1 as is").arg(mask))) << mask << false << mask << 0;
    }
    void roadCodeTable() {
        QFETCH(int, mask);
        QFETCH(bool, fill);
        QFETCH(int, first);
        QFETCH(int, second);
        Corners c = typed(1, 1, 1, 1);
        for (int k = 0; k < 4; ++k) // road values 1-3 all count
            if (mask & (1 << k))
                c[std::size_t(k)] = dat::LandBlock::terrainWord(std::uint16_t(1 + k % 3), 1, 0);
        const RoadCodes codes = roadCodes(paletteCode(c));
        QCOMPARE(codes.fill, fill);
        QCOMPARE(int(codes.codes[0]), first);
        QCOMPARE(int(codes.codes[1]), second);
    }

    // pcode 0x10008821 (types 1, 2, 1, 1): u32(1379576222*pcode - 1372186442) / 2^32 = 0.31985,
    // so the hashed map is 0 of 3, 1 of 4 and 3 of 10.
    void alphaPickByHash() {
        const std::uint32_t pcode = paletteCode(typed(1, 2, 1, 1));
        QCOMPARE(pcode, 0x10008821u);
        QVERIFY(std::fabs(alphaHash(pcode) - 0.31985318) < 1e-6);
        dat::TexMerge merge;
        merge.cornerMaps = {{8, 1}, {1, 2}, {2, 3}, {4, 4}};
        // map 1 has code 1 (SW): SE (2) is one turn away
        QCOMPARE(findTerrainAlpha(merge, pcode, 2)->index, std::size_t(1));
        QCOMPARE(findTerrainAlpha(merge, pcode, 2)->rotation, 1);
        QCOMPARE(findTerrainAlpha(merge, pcode, 8)->rotation, 3);
        QCOMPARE(findTerrainAlpha(merge, pcode, 1)->rotation, 0);
        // Terrain uses that one map only: a side code cannot come from a corner map, and an
        // empty side list fails.
        QVERIFY(!findTerrainAlpha(merge, pcode, 6));
        merge.sideMaps = {{3, 9}};
        QCOMPARE(findTerrainAlpha(merge, pcode, 12)->rotation, 2);
    }

    void terrainUsesOneMapRoadsSearchAll() {
        const std::uint32_t pcode = 0x10008821u; // hashed index 1 of 4
        dat::TexMerge merge;
        merge.cornerMaps = {{1, 1}, {3, 2}, {1, 3}, {1, 4}}; // the hashed one is a side code
        QVERIFY(!findTerrainAlpha(merge, pcode, 1));
        merge.roadMaps = merge.cornerMaps;
        // Roads start at the hashed map and go on: map 1 fails for code 4, map 2 fits.
        const auto road = findRoadAlpha(merge, pcode, 4);
        QVERIFY(road);
        QCOMPARE(road->index, std::size_t(2));
        QCOMPARE(road->rotation, 2);
        // code 6 fits the side map 1 itself, one turn on
        QCOMPARE(findRoadAlpha(merge, pcode, 6)->index, std::size_t(1));
        merge.roadMaps = {{3, 1}};
        QVERIFY(!findRoadAlpha(merge, pcode, 5)); // 5 is no turn of 3
    }

    void blendArithmetic_data() {
        QTest::addColumn<int>("alpha");
        QTest::addColumn<int>("result");
        // (a*dst + (256-a)*src) >> 8 with dst 100, src 200, a = A+1 above 128
        QTest::newRow("A=1") << 1 << (1 * 100 + 255 * 200) / 256;                 // 199
        QTest::newRow("A=128 stays 128") << 128 << (128 * 100 + 128 * 200) / 256; // 150
        QTest::newRow("A=129 -> 130") << 129 << (130 * 100 + 126 * 200) / 256;    // 149
        QTest::newRow("A=200 -> 201") << 200 << (201 * 100 + 55 * 200) / 256;     // 121
        QTest::newRow("A=254 -> 255") << 254 << (255 * 100 + 1 * 200) / 256;      // 100
    }
    void blendArithmetic() {
        QFETCH(int, alpha);
        QFETCH(int, result);
        QCOMPARE(int(blendByte(100, 200, std::uint8_t(alpha))), result);
    }

    // One texel: A=0 takes the overlay whole (its alpha byte too), A=255 keeps what is there,
    // A=200 blends the colour bytes and keeps the destination's alpha.
    void singleTexelMerge_data() {
        QTest::addColumn<int>("alpha");
        QTest::addColumn<QList<int>>("texel");
        QTest::newRow("A=0") << 0 << QList<int>{200, 40, 0, 77};
        QTest::newRow("A=255") << 255 << QList<int>{100, 10, 250, 255};
        QTest::newRow("A=200") << 200
                               << QList<int>{(201 * 100 + 55 * 200) >> 8, (201 * 10 + 55 * 40) >> 8,
                                             (201 * 250) >> 8, 255};
    }
    void singleTexelMerge() {
        QFETCH(int, alpha);
        QFETCH(QList<int>, texel);
        std::vector<std::uint8_t> buffer{100, 10, 250, 255};
        mergeTexture(buffer, 1, solid(1, {200, 40, 0, 77}), alphaMap(1, 1, {std::uint8_t(alpha)}),
                     0);
        QCOMPARE((QList<int>{buffer[0], buffer[1], buffer[2], buffer[3]}), texel);
    }

    // A 3x3 alpha map with nine different weights, rows from the north:
    //   10 20 30 / 40 50 60 / 70 80 90
    // A quarter turn carries the SW texel (70) to SE, as code 1 turns into code 2.
    void alphaRotation_data() {
        QTest::addColumn<int>("rotation");
        QTest::addColumn<QList<int>>("grid"); // the weight under each destination texel
        QTest::newRow("0") << 0 << QList<int>{10, 20, 30, 40, 50, 60, 70, 80, 90};
        QTest::newRow("1") << 1 << QList<int>{30, 60, 90, 20, 50, 80, 10, 40, 70};
        QTest::newRow("2") << 2 << QList<int>{90, 80, 70, 60, 50, 40, 30, 20, 10};
        QTest::newRow("3") << 3 << QList<int>{70, 40, 10, 80, 50, 20, 90, 60, 30};
    }
    void alphaRotation() {
        QFETCH(int, rotation);
        QFETCH(QList<int>, grid);
        std::vector<std::uint8_t> buffer(9 * 4, 0);
        mergeTexture(buffer, 3, solid(3, {255, 255, 255, 255}),
                     alphaMap(3, 3, {10, 20, 30, 40, 50, 60, 70, 80, 90}), rotation);
        for (int t = 0; t < 9; ++t) {
            const int expected = ((256 - grid[t]) * 255) >> 8; // dst 0, src 255
            QCOMPARE(int(buffer[std::size_t(t) * 4]), expected);
        }
    }

    // SE is type 2 on a type-1 cell: the corner map (code 1) turned once puts blue at SE.
    void buildsCornerOverlay() {
        const Fixture f;
        const CellTexture t =
            buildCellTexture(f.merge, paletteCode(typed(1, 2, 1, 1)), 2, f.lookup());
        QVERIFY(t.complete);
        QCOMPARE(t.layers.size(), std::size_t(2));
        QCOMPARE(t.layers[0].kind, TexLayer::Kind::Base);
        QCOMPARE(t.layers[0].textureId, 0x05000001u);
        QCOMPARE(t.layers[1].kind, TexLayer::Kind::Terrain);
        QCOMPARE(t.layers[1].terrainType, 2u);
        QCOMPARE(t.layers[1].code, 2u);
        QCOMPARE(t.layers[1].alphaTextureId, 0x05000101u);
        QCOMPARE(t.layers[1].rotation, 1);
        QCOMPARE(texelAt(t, 1, 1), kBlue); // SE: column 1, row 1 (south)
        QCOMPARE(texelAt(t, 0, 1), kRed);
        QCOMPARE(texelAt(t, 0, 0), kRed);
        QCOMPARE(texelAt(t, 1, 0), kRed);
    }

    // The north side (12) from the south side map (3) turned twice; then a road at SW.
    void buildsSideAndRoad() {
        const Fixture f;
        Corners c = typed(1, 1, 2, 2);
        c[0] = dat::LandBlock::terrainWord(1, 1, 0);
        const CellTexture t = buildCellTexture(f.merge, paletteCode(c), 2, f.lookup());
        QVERIFY(t.complete);
        QCOMPARE(t.layers.size(), std::size_t(3));
        QCOMPARE(t.layers[1].code, 12u);
        QCOMPARE(t.layers[1].rotation, 2);
        QCOMPARE(t.layers[2].kind, TexLayer::Kind::Road);
        QCOMPARE(t.layers[2].code, 1u);
        QCOMPARE(texelAt(t, 0, 0), kBlue); // north row
        QCOMPARE(texelAt(t, 1, 0), kBlue);
        QCOMPARE(texelAt(t, 0, 1), kGrey); // SW: road
        QCOMPARE(texelAt(t, 1, 1), kRed);
    }

    void roadFill() {
        const Fixture f;
        const auto road = dat::LandBlock::terrainWord(2, 1, 0);
        const CellTexture t =
            buildCellTexture(f.merge, paletteCode({road, road, road, road}), 2, f.lookup());
        QCOMPARE(t.layers.size(), std::size_t(1));
        QCOMPARE(t.layers[0].kind, TexLayer::Kind::RoadFill);
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i)
                QCOMPARE(texelAt(t, i, j), kGrey);
    }

    // The base repeats across a larger buffer; a missing base fills with 0x0000FF00.
    void tilingAndMissingBase() {
        Fixture f;
        f.textures[0x05000001] = DecodedTexture{2, 1, 4, {1, 2, 3, 4, 5, 6, 7, 8}};
        CellTexture t = buildCellTexture(f.merge, paletteCode(typed(1, 1, 1, 1)), 4, f.lookup());
        QCOMPARE(texelAt(t, 2, 3), (std::array<std::uint8_t, 4>{1, 2, 3, 4}));
        QCOMPARE(texelAt(t, 3, 1), (std::array<std::uint8_t, 4>{5, 6, 7, 8}));
        f.textures.erase(0x05000001);
        t = buildCellTexture(f.merge, paletteCode(typed(1, 1, 1, 1)), 2, f.lookup());
        QVERIFY(t.layers[0].textureMissing);
        QCOMPARE(texelAt(t, 1, 1), (std::array<std::uint8_t, 4>{0, 255, 0, 0}));
    }

    void missingAlphaMapAbortsTheCell() {
        Fixture f;
        f.merge.cornerMaps.clear();
        const CellTexture t =
            buildCellTexture(f.merge, paletteCode(typed(1, 2, 1, 1)), 2, f.lookup());
        QVERIFY(!t.complete);
        QCOMPARE(t.layers.size(), std::size_t(1));
    }

    void unknownTypeUsesTheFirstTexture() {
        const Fixture f;
        QCOMPARE(terrainTexture(f.merge, 2)->textureId, 0x05000002u);
        QCOMPARE(terrainTexture(f.merge, 17)->textureId, 0x05000001u);
        QVERIFY(!terrainTexture(dat::TexMerge{}, 1));
    }

    void textureSize() {
        dat::TexMerge merge;
        merge.baseTexSize = 512;
        QCOMPARE(cellTextureSize(merge), 512);
        QCOMPARE(cellTextureSize(merge, 2), 128);
        QCOMPARE(cellTextureSize(merge, 0, 4), 128);
        QCOMPARE(cellTextureSize(merge, 7), 8); // never below 8
    }
};

QTEST_APPLESS_MAIN(TestWorldTexMerge)
#include "tst_world_tex_merge.moc"
