// The world library on the demo DATs the build makes (docs/demo.md): every landblock of the demo
// cell DAT builds its terrain, neighbours stitch along their shared edges, the alpha maps look
// like their codes, every cell's merged texture completes (its alpha and road maps are found),
// and the scenery pass places objects, the same ones run after run, each inside its block and on
// the ground.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"
#include "support/demo_dats.h"
#include "world/scenery.h"
#include "world/tex_merge.h"

#include <QObject>
#include <QTest>
#include <algorithm>
#include <map>
#include <stdexcept>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::world;

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

const Region& region() {
    static const Region value = record<Region>(portal(), 0x13000000);
    return value;
}

std::map<std::uint32_t, LandblockTerrain> terrains() {
    std::map<std::uint32_t, LandblockTerrain> out;
    for (const EntryInfo& entry : cells().entries())
        if (typeName(cells().kind(), entry.id) == LandBlock::kTypeName)
            out.emplace(entry.id,
                        LandblockTerrain(record<LandBlock>(cells(), entry.id), region().landDefs));
    return out;
}

std::vector<SceneryObject> scenery(const LandblockTerrain& terrain) {
    std::map<std::uint32_t, Scene> scenes;
    SceneryInputs in;
    in.region = &region();
    std::optional<LandBlockInfo> info;
    const std::uint32_t infoId = terrain.id() - 1;
    if (cells().find(infoId))
        info = record<LandBlockInfo>(cells(), infoId);
    in.info = info ? &*info : nullptr;
    in.scenes = [&scenes](std::uint32_t id) -> const Scene* {
        if (!scenes.count(id)) {
            if (!portal().find(id))
                return nullptr;
            scenes.emplace(id, record<Scene>(portal(), id));
        }
        return &scenes.at(id);
    };
    return placeScenery(terrain, in);
}

} // namespace

class TestWorldDemo : public QObject {
    Q_OBJECT

  private slots:
    void everyLandblockBuilds() {
        const auto all = terrains();
        QVERIFY(all.size() >= 9); // the 3x3 round the town, and the dungeon's block
        for (const auto& [id, terrain] : all)
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const auto h = terrain.heightAt(24.0f * float(cx) + 12, 24.0f * float(cy) + 12);
                    QVERIFY(h && std::isfinite(*h));
                }
        QCOMPARE(all.at(0x01D9FFFF).blockWater(), WaterClass::Entire); // the dungeon's sea
    }

    void neighboursStitch() {
        const auto all = terrains();
        int edges = 0;
        for (const auto& [id, terrain] : all)
            for (const bool east : {true, false}) {
                const std::uint32_t next = east ? landblockId(blockX(id) + 1, blockY(id))
                                                : landblockId(blockX(id), blockY(id) + 1);
                if (!all.count(next))
                    continue;
                ++edges;
                for (float s = 0; s <= 192.0f; s += 3.0f) {
                    const auto a = east ? terrain.heightAt(192, s) : terrain.heightAt(s, 192);
                    const auto b = east ? all.at(next).heightAt(0, s) : all.at(next).heightAt(s, 0);
                    QVERIFY(a && b);
                    QVERIFY2(std::fabs(*a - *b) < 1e-3f,
                             qPrintable(QString("%1 %2 at %3").arg(id, 0, 16).arg(*a).arg(*b)));
                }
            }
        QCOMPARE(edges, 12); // a 3x3 grid has 6 east and 6 north edges inside it
    }

    // An alpha byte is the weight of what is already there (docs/world.md#terrain-textures), so
    // each corner a map's code names (SW 1, SE 2, NE 4, NW 8) takes the overlay (a low byte) and
    // every other corner keeps the base (a high byte). Row 0 is north, so SW is bottom-left.
    void alphaMapsMatchTheirCodes() {
        const TexMerge& merge = region().terrain.texMerge;
        std::vector<TerrainAlphaMap> maps = merge.cornerMaps;
        maps.insert(maps.end(), merge.sideMaps.begin(), merge.sideMaps.end());
        maps.insert(maps.end(), merge.roadMaps.begin(), merge.roadMaps.end());
        QCOMPARE(maps.size(), std::size_t(7));
        for (const TerrainAlphaMap& map : maps) {
            const auto texture = record<SurfaceTexture>(portal(), map.textureId);
            const auto image = record<RenderSurface>(portal(), texture.renderSurfaceIds.at(0));
            const int w = image.width, h = image.height;
            QCOMPARE(image.sourceData.size(), std::size_t(w * h)); // one byte per texel
            const std::array<std::pair<int, int>, 4> corners{
                {{0, h - 1}, {w - 1, h - 1}, {w - 1, 0}, {0, 0}}}; // SW, SE, NE, NW
            for (int k = 0; k < 4; ++k) {
                const auto [x, y] = corners[std::size_t(k)];
                const int alpha = image.sourceData[std::size_t(y * w + x)];
                const bool overlay = (map.code >> k) & 1u;
                QVERIFY2(overlay ? alpha < 32 : alpha > 224,
                         qPrintable(QString("%1 code %2 corner %3: %4")
                                        .arg(map.textureId, 0, 16)
                                        .arg(map.code)
                                        .arg(k)
                                        .arg(alpha)));
            }
        }
    }

    // Every demo cell's texture completes (docs/demo.md): each terrain overlay finds its one
    // hashed alpha map under some quarter turn (corner maps for corners, side maps for sides), and
    // each road code finds a road map. Corner and side cells both occur, so both lists are used.
    void everyCellTextureCompletes() {
        const TexMerge& merge = region().terrain.texMerge;
        const TextureLookup none = [](std::uint32_t) -> const DecodedTexture* { return nullptr; };
        int sideCells = 0, cornerCells = 0, roadCells = 0;
        for (const auto& [id, t] : terrains())
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const std::array<std::uint16_t, 4> corners{
                        t.terrainWord(cx, cy), t.terrainWord(cx + 1, cy),
                        t.terrainWord(cx + 1, cy + 1), t.terrainWord(cx, cy + 1)};
                    const std::uint32_t pcode = paletteCode(corners);
                    const QString where =
                        QString("landblock %1 cell %2,%3").arg(id, 0, 16).arg(cx).arg(cy);
                    const CellTexture tex = buildCellTexture(merge, pcode, 8, none);
                    QVERIFY2(tex.complete, qPrintable(where));
                    const TerrainChoice choice = chooseTerrain(pcode);
                    const bool side = std::any_of(choice.codes.begin(), choice.codes.end(),
                                                  [](std::uint32_t c) { return c % 3 == 0 && c; });
                    (side ? sideCells : cornerCells) += choice.codes[0] ? 1 : 0;
                    const RoadCodes roads = roadCodes(pcode);
                    if (roads.fill)
                        continue;
                    for (const std::uint32_t code : roads.codes)
                        if (code) {
                            QVERIFY2(findRoadAlpha(merge, pcode, code),
                                     qPrintable(where + QString(" road code %1").arg(code)));
                            ++roadCells;
                        }
                }
        qInfo("demo cells with corner overlays: %d, with a side: %d, road layers: %d", cornerCells,
              sideCells, roadCells);
        QVERIFY(cornerCells > 0);
        QVERIFY(sideCells > 0);
        QVERIFY(roadCells > 0);
    }

    void sceneryIsDeterministicAndGrounded() {
        std::size_t total = 0;
        for (const auto& [id, terrain] : terrains()) {
            const auto first = scenery(terrain), second = scenery(terrain);
            QCOMPARE(first.size(), second.size());
            for (std::size_t i = 0; i < first.size(); ++i) {
                const SceneryObject& s = first[i];
                QCOMPARE(s.origin, second[i].origin);
                QCOMPARE(s.orientation, second[i].orientation);
                QCOMPARE(s.objectId, second[i].objectId);
                QCOMPARE(cellAt(id, s.origin.x, s.origin.y),
                         std::optional<std::uint32_t>(s.cellId));
                QVERIFY(std::fabs(*terrain.heightAt(s.origin.x, s.origin.y) - s.origin.z) < 1e-3f);
                QVERIFY(!onRoad(terrain, s.origin.x, s.origin.y));
            }
            total += first.size();
        }
        qInfo("demo scenery objects: %zu", total);
        QVERIFY(total > 0);
    }
};

QTEST_APPLESS_MAIN(TestWorldDemo)
#include "tst_world_demo.moc"
