// The terrain mesh and atlas builder and the world block builder (docs/world.md#the-scene), on
// the demo DATs, headless: 81 vertices and 128 triangles split the client's way per cell, the UVs
// that make each merged cell texture span its own 24 m cell, where a cell's texture lands in the
// atlas, neighbouring blocks sharing their edge vertices, and statics and scenery placed.

#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "datreader/records/setup.h"
#include "world/scene/world_builder.h"
#include "world/coords.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTest>
#include <cstring>

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
const dat::Region& region() {
    return *portal().get<dat::Region>(kRegionId);
}
world::LandblockTerrain terrain(std::uint32_t block) {
    return world::LandblockTerrain(*cells().get<dat::LandBlock>(block), region().landDefs);
}

constexpr std::uint32_t kTown = 0xA9B4FFFF;

QVector3D position(const TerrainMeshData& mesh, int index) {
    const float* v = &mesh.vertices[std::size_t(index) * kVertexFloats];
    return {v[0], v[1], v[2]};
}
QVector2D uv(const TerrainMeshData& mesh, int index) {
    const float* v = &mesh.vertices[std::size_t(index) * kVertexFloats];
    return {v[6], v[7]};
}

} // namespace

class TestTerrainBuilder : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QVERIFY(portal().get<dat::Region>(kRegionId)); }

    // Cell c owns triangles 2c and 2c + 1, cut along the diagonal the client's hash chooses
    // (docs/world.md#terrain), counter-clockwise from above.
    void meshHasTheClientsTriangles() {
        const world::LandblockTerrain t = terrain(kTown);
        const TerrainMeshData mesh = buildTerrainMesh(t, {});
        QCOMPARE(mesh.vertexCount(), 81);
        QCOMPARE(mesh.triangleCount(), 128);
        int cuts[2] = {0, 0};
        for (int cx = 0; cx < 8; ++cx)
            for (int cy = 0; cy < 8; ++cy) {
                const auto vi = [](int x, int y) { return std::uint32_t(9 * x + y); };
                const std::uint32_t sw = vi(cx, cy), se = vi(cx + 1, cy), ne = vi(cx + 1, cy + 1),
                                    nw = vi(cx, cy + 1);
                const world::Split split =
                    world::splitDirection(std::uint32_t(8 * world::blockX(kTown) + cx),
                                          std::uint32_t(8 * world::blockY(kTown) + cy));
                ++cuts[int(split)];
                const std::vector<std::uint32_t> expected =
                    split == world::Split::SWtoNE
                        ? std::vector<std::uint32_t>{sw, se, ne, sw, ne, nw}
                        : std::vector<std::uint32_t>{sw, se, nw, ne, nw, se};
                const std::size_t c = std::size_t(8 * cx + cy);
                const std::vector<std::uint32_t> got(mesh.indices.begin() + long(6 * c),
                                                     mesh.indices.begin() + long(6 * c + 6));
                QCOMPARE(got, expected);
                for (int k = 0; k < 2; ++k) { // counter-clockwise: positive z of the cross
                    const QVector3D a = position(mesh, int(got[std::size_t(3 * k)])),
                                    b = position(mesh, int(got[std::size_t(3 * k + 1)])),
                                    d = position(mesh, int(got[std::size_t(3 * k + 2)]));
                    QVERIFY(QVector3D::crossProduct(b - a, d - a).z() > 0);
                }
            }
        QVERIFY(cuts[0] > 0 && cuts[1] > 0); // both diagonals occur in the block
    }

    // Vertex (x, y) sits at (24x, 24y, height) plus the offset, and its UV puts cell (cx, cy)'s
    // texture in atlas column cx, row 7 - cy: u east, v south, one texture per cell.
    void positionsAndUvs() {
        const world::LandblockTerrain t = terrain(kTown);
        const TerrainMeshData mesh = buildTerrainMesh(t, QVector3D(192, -384, 0));
        for (int x = 0; x < 9; ++x)
            for (int y = 0; y < 9; ++y) {
                const int i = 9 * x + y;
                QCOMPARE(position(mesh, i), QVector3D(192 + 24.0f * float(x),
                                                      -384 + 24.0f * float(y), t.vertex(x, y).z));
                QCOMPARE(uv(mesh, i), QVector2D(float(x) / 8, 1 - float(y) / 8));
                const float* n = &mesh.vertices[std::size_t(i) * kVertexFloats + 3];
                const QVector3D normal(n[0], n[1], n[2]);
                QVERIFY(std::abs(normal.length() - 1) < 1e-4f && normal.z() > 0);
            }
        // Cell (2, 5): its SW corner is the bottom-left of atlas cell (column 2, row 2).
        QCOMPARE(uv(mesh, 9 * 2 + 5), QVector2D(2.0f / 8, 3.0f / 8));
        QCOMPARE(uv(mesh, 9 * 3 + 6), QVector2D(3.0f / 8, 2.0f / 8)); // its NE corner, top-right
    }

    // A known cell's merged texture lands at its atlas position, north at the top.
    void atlasPlacesEachCell() {
        const world::LandblockTerrain t = terrain(kTown);
        TerrainTextures textures(portal(), region().terrain.texMerge);
        const int s = textures.cellSize();
        QCOMPARE(s, world::cellTextureSize(region().terrain.texMerge));
        const QImage atlas = textures.atlas(t);
        QCOMPARE(atlas.size(), QSize(8 * s, 8 * s));
        for (const auto [cx, cy] : {std::pair{0, 0}, std::pair{2, 5}, std::pair{7, 7}}) {
            const std::vector<std::uint8_t>& cell = textures.cell(cellPaletteCode(t, cx, cy));
            QCOMPARE(cell.size(), std::size_t(s * s * 4));
            for (int row = 0; row < s; ++row)
                QVERIFY(std::memcmp(atlas.constScanLine((7 - cy) * s + row) + cx * s * 4,
                                    cell.data() + std::size_t(row * s * 4),
                                    std::size_t(s * 4)) == 0);
        }
        // The town square is packed dirt and the demo's textures are all decodable: every merged
        // texture is opaque (nothing fell back to the client's transparent green).
        for (int y = 0; y < atlas.height(); y += 7)
            for (int x = 0; x < atlas.width(); x += 7)
                QCOMPARE(qAlpha(atlas.pixel(x, y)), 255);
    }

    // Blocks placed 192 m apart share their edge vertices exactly, so the terrain has no cracks.
    void neighboursStitch() {
        const std::uint32_t east = world::landblockId(0xAA, 0xB4),
                            north = world::landblockId(0xA9, 0xB5);
        const TerrainMeshData here = buildTerrainMesh(terrain(kTown), blockPosition(kTown, kTown));
        const TerrainMeshData e = buildTerrainMesh(terrain(east), blockPosition(east, kTown));
        const TerrainMeshData n = buildTerrainMesh(terrain(north), blockPosition(north, kTown));
        QCOMPARE(blockPosition(east, kTown), QVector3D(192, 0, 0));
        QCOMPARE(blockPosition(world::landblockId(0xA8, 0xB3), kTown), QVector3D(-192, -192, 0));
        for (int k = 0; k < 9; ++k) {
            QCOMPARE(position(here, 9 * 8 + k), position(e, k));     // east edge = west edge
            QCOMPARE(position(here, 9 * k + 8), position(n, 9 * k)); // north edge = south edge
        }
    }

    // The 3x3 demo blocks: statics from the LandBlockInfos, scenery from the Region, a Setup
    // expanded into its parts; and the build time per block (docs/world.md#the-scene).
    void worldBlocksCarryStaticsAndScenery() {
        const WorldSources sources{&portal(), &cells(), &region()};
        TerrainTextures textures(portal(), region().terrain.texMerge);
        QElapsedTimer clock;
        clock.start();
        int blocks = 0, statics = 0, scenery = 0, abandoned = 0;
        for (std::uint32_t id : blocksAround(kTown, 1)) {
            const auto block = buildWorldBlock(sources, id, kTown, textures);
            QVERIFY(block);
            ++blocks;
            statics += block->statics + block->buildings;
            scenery += block->scenery;
            abandoned += block->abandonedCells;
            QVERIFY(block->parts.size() >= std::size_t(block->statics + block->scenery));
        }
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        qInfo("9 demo landblocks built in %.1f ms (%.1f ms a block, %zu merged textures); "
              "%d statics and buildings, %d scenery objects",
              ms, ms / blocks, textures.mergedCount(), statics, scenery);
        QCOMPARE(blocks, 9);
        QVERIFY(statics > 0);
        QVERIFY(scenery > 0);
        QCOMPARE(abandoned, 0); // every demo cell's texture completes (docs/demo.md)
        QVERIFY(blocksAround(world::landblockId(0, 0), 1).size() == 4); // clipped at the edge

        const auto* tree = portal().get<dat::Setup>(0x02000C01);
        QVERIFY(tree);
        QMatrix4x4 at;
        at.translate(10, 20, 30);
        const auto parts = modelParts(portal(), 0x02000C01, at);
        QCOMPARE(parts.size(), tree->parts.size());
        QCOMPARE(modelParts(portal(), 0x01000C03, at).size(), std::size_t(1));
        QVERIFY(modelParts(portal(), 0x01FFFFF0, at).empty());
    }
};

QTEST_MAIN(TestTerrainBuilder)
#include "tst_terrain_builder.moc"
