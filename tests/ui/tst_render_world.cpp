// The world drawn by the Qt3D renderer (docs/render.md#the-world), under Xvfb: landblocks render
// with the terrain's colours where the demo records put them — the dungeon's sea block blue, the
// grass cells round the town green, the water cells of the shore blue — and `portalkit render
// --landblock` writes such a picture. A dungeon cell seen from inside shows its stone walls, and
// only the cells its stab list names are drawn. Expectations come from the merged cell textures
// and surfaces the demo records make, never from a stored image.

#include "datreader/records/env_cell.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/world_view.h"
#include "world/coords.h"
#include "world/scene/cell_builder.h"
#include "world/scene/world_builder.h"

#include <QApplication>
#include <QMatrix4x4>
#include <QObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace portalkit;
using namespace portalkit::render;
using namespace portalkit::world;

namespace {

std::shared_ptr<preview::Assets> open(const char* path) {
    auto dat = dat::DatFile::open(path);
    return std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(std::move(dat)));
}

constexpr std::uint32_t kTown = 0xA9B4FFFF;
constexpr std::uint32_t kSea = 0x01D9FFFF; // the dungeon's block: every vertex deep water

enum class Hue { Red, Green, Blue, None };
// Which channel clearly leads (by `margin`), if any.
Hue hueOf(int r, int g, int b, int margin) {
    if (g > r + margin && g > b + margin)
        return Hue::Green;
    if (b > r + margin && b > g + margin)
        return Hue::Blue;
    if (r > g + margin && r > b + margin)
        return Hue::Red;
    return Hue::None;
}

struct Camera {
    QMatrix4x4 viewProjection;
    QSize size;
    // The pixel a world point lands on (row 0 at the top), as OrbitCamera::apply sets Qt3D up.
    QPoint pixel(QVector3D p) const {
        const QVector3D ndc = viewProjection.map(p);
        return {int((ndc.x() + 1) / 2 * float(size.width())),
                int((1 - ndc.y()) / 2 * float(size.height()))};
    }
};

Camera cameraOf(const OrbitCamera& orbit, QSize size) {
    Camera out;
    out.size = size;
    QMatrix4x4 projection, view;
    projection.perspective(45.0f, float(size.width()) / float(size.height()),
                           std::max(0.01f, orbit.distance * 0.01f),
                           std::max(100.0f, orbit.distance * 20));
    view.lookAt(orbit.eye(), orbit.target, QVector3D(0, 0, 1));
    out.viewProjection = projection * view;
    return out;
}

} // namespace

class TestRenderWorld : public QObject {
    Q_OBJECT

    std::shared_ptr<preview::Assets> m_portal = open(PORTALKIT_DEMO_DAT);
    std::shared_ptr<preview::Assets> m_cells = open(PORTALKIT_DEMO_CELL_DAT);
    const dat::Region* m_region = nullptr;
    static constexpr QSize kSize{480, 480};

    struct Drawn {
        QImage image;
        Camera camera;
        std::vector<WorldBlock> blocks;
    };

    // The blocks round `centre` seen from straight above (pitch 89: +Z stays the up vector).
    Drawn draw(std::uint32_t centre, int radius) {
        OffscreenRenderer renderer(kSize);
        renderer.setAssets(m_portal);
        const WorldSources sources{m_portal.get(), m_cells.get(), m_region};
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        Drawn out;
        for (std::uint32_t id : blocksAround(centre, radius))
            if (auto block = buildWorldBlock(sources, id, centre, textures)) {
                block->cells.clear(); // the terrain alone: the dungeon would cover the sea
                out.blocks.push_back(std::move(*block));
            }
        renderer.scene().setWorld(out.blocks);
        const OrbitCamera orbit = OrbitCamera::framing(renderer.scene().world().bounds(), 0, 89);
        renderer.setCamera(orbit);
        out.image = renderer.render(preview::FrameSnapshot{}).convertToFormat(QImage::Format_RGB32);
        out.camera = cameraOf(orbit, kSize);
        return out;
    }

    // The demo dungeon (docs/demo.md#the-dungeon) drawn from inside `cellId`, as
    // `portalkit render --cell` places the camera.
    QImage drawInside(std::uint32_t cellId, OffscreenRenderer& renderer) {
        renderer.setAssets(m_portal);
        const WorldSources sources{m_portal.get(), m_cells.get(), m_region};
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        const std::vector<WorldBlock> blocks = buildWorldBlocks(sources, kSea, 0, textures);
        renderer.scene().setWorld(blocks);
        for (const WorldCell& cell : blocks.front().cells)
            if (cell.id == cellId)
                renderer.setCamera(cameraInside(cell));
        return renderer.render(preview::FrameSnapshot{}).convertToFormat(QImage::Format_RGB32);
    }

  private slots:
    void initTestCase() {
        QVERIFY2(renderEnvironmentProblem().isEmpty(), "no GL here");
        m_region = m_portal->get<dat::Region>(kRegionId);
        QVERIFY(m_region);
    }

    // Every cell of the sea block is deep water (#24507A / #163858): blue where it is drawn.
    void seaBlockIsBlue() {
        const Drawn d = draw(kSea, 0);
        QVERIFY(!d.image.isNull());
        int blue = 0, samples = 0;
        for (int cx = 0; cx < 8; ++cx)
            for (int cy = 0; cy < 8; ++cy) {
                const QPoint p =
                    d.camera.pixel(QVector3D(24.0f * float(cx) + 12, 24.0f * float(cy) + 12, 0));
                QVERIFY(d.image.rect().contains(p));
                const QRgb c = d.image.pixel(p);
                ++samples;
                blue += hueOf(qRed(c), qGreen(c), qBlue(c), 10) == Hue::Blue ? 1 : 0;
            }
        QCOMPARE(blue, samples);
    }

    // Round the town, each cell whose merged texture is clearly green or blue on average (grass
    // and forest, the sea) is drawn so at its centre, unless an object stands near it.
    void terrainColoursFollowTheCells() {
        const Drawn d = draw(kTown, 1);
        QVERIFY(!d.image.isNull());
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        int checked = 0, matched = 0, green = 0, blue = 0;
        for (const WorldBlock& block : d.blocks) {
            const world::LandblockTerrain terrain(*m_cells->get<dat::LandBlock>(block.id),
                                                  m_region->landDefs);
            const QVector3D offset = blockPosition(block.id, kTown);
            for (int cx = 0; cx < 8; ++cx)
                for (int cy = 0; cy < 8; ++cy) {
                    const auto& texels = textures.cell(cellPaletteCode(terrain, cx, cy));
                    long sum[3] = {0, 0, 0};
                    for (std::size_t i = 0; i < texels.size(); i += 4)
                        for (int c = 0; c < 3; ++c)
                            sum[c] += texels[i + std::size_t(c)];
                    const long n = long(texels.size() / 4);
                    const Hue expected =
                        hueOf(int(sum[0] / n), int(sum[1] / n), int(sum[2] / n), 25);
                    if (expected != Hue::Green && expected != Hue::Blue)
                        continue;
                    const float x = 24.0f * float(cx) + 12, y = 24.0f * float(cy) + 12;
                    const QVector3D centre = offset + QVector3D(x, y, *terrain.heightAt(x, y));
                    bool clear = true;
                    for (const WorldPart& part : block.parts) {
                        const QVector3D at = part.transform.map(QVector3D());
                        clear = clear && QVector2D(at - centre).length() > 15;
                    }
                    const QPoint p = d.camera.pixel(centre);
                    if (!clear || !d.image.rect().contains(p))
                        continue;
                    const QRgb c = d.image.pixel(p);
                    ++checked;
                    (expected == Hue::Green ? green : blue) += 1;
                    matched += hueOf(qRed(c), qGreen(c), qBlue(c), 5) == expected ? 1 : 0;
                }
        }
        qInfo("cells checked %d (green %d, blue %d), matching %d", checked, green, blue, matched);
        QVERIFY(green >= 20);
        QVERIFY(blue >= 5);
        QVERIFY2(matched >= checked * 95 / 100, qPrintable(QString::number(matched)));
    }

    // The trees east of the town (LandBlockInfo 0xAAB4FFFE) and the scenery change the picture:
    // the same view with the block's parts left out differs.
    void staticsAndSceneryAreDrawn() {
        const WorldSources sources{m_portal.get(), m_cells.get(), m_region};
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        const std::uint32_t east = world::landblockId(0xAA, 0xB4);
        auto block = buildWorldBlock(sources, east, east, textures);
        QVERIFY(block && block->statics > 0 && !block->parts.empty());
        OrbitCamera orbit;
        orbit.yaw = -135;
        orbit.pitch = 30;
        orbit.distance = 120;
        orbit.target = QVector3D(96, 96, block->minZ);
        const auto drawn = [&](const WorldBlock& b) {
            OffscreenRenderer renderer(QSize(320, 200));
            renderer.setAssets(m_portal);
            renderer.scene().setWorld({b});
            renderer.setCamera(orbit);
            return renderer.render(preview::FrameSnapshot{}).convertToFormat(QImage::Format_RGB32);
        };
        const QImage with = drawn(*block);
        WorldBlock bare = *block;
        bare.parts.clear();
        const QImage without = drawn(bare);
        int differing = 0;
        for (int y = 0; y < with.height(); ++y)
            for (int x = 0; x < with.width(); ++x)
                differing += with.pixel(x, y) != without.pixel(x, y) ? 1 : 0;
        QVERIFY2(differing > 100, qPrintable(QString::number(differing)));
    }

    // From inside the north room looking out of its door, every pixel is the dungeon's stone
    // (walls #6A6258/#4A443C noise, floor, ceiling #3A3631: red over blue, unlike the bluish
    // background), no background shows, and the walls' noise makes many distinct colours.
    void dungeonCellFromInsideShowsItsWalls() {
        OffscreenRenderer renderer(QSize(320, 240));
        const QImage image = drawInside(0x01D90102, renderer);
        QVERIFY(!image.isNull());
        QCOMPARE(renderer.scene().world().viewCell(), 0x01D90102u);
        const QRgb bg = backgroundColor().rgb();
        int stone = 0, background = 0;
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb c = image.pixel(x, y);
                stone += qRed(c) > qBlue(c) && qGreen(c) >= qBlue(c) ? 1 : 0;
                background += c == bg ? 1 : 0;
                if (y > image.height() / 3 && y < image.height() * 2 / 3)
                    colours.insert(c);
            }
        QVERIFY2(stone > image.width() * image.height() * 9 / 10,
                 qPrintable(QString::number(stone)));
        QCOMPARE(background, 0);
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
    }

    // The stab list decides what is drawn (PView draws what the viewer's cell can see): from the
    // east room only it, the east corridor and the hall. Looking west through the aligned
    // doorways, the west room (not in the list) is missing, so the background shows at the
    // centre; from the hall, which lists the west room, it is drawn there.
    void cellsOutsideTheStabListAreNotDrawn() {
        OffscreenRenderer renderer(QSize(320, 240));
        const QImage east = drawInside(0x01D90104, renderer);
        const WorldView& world = renderer.scene().world();
        QCOMPARE(world.viewCell(), 0x01D90104u);
        QCOMPARE(world.cellCount(), std::size_t(6));
        QCOMPARE(world.shownCellCount(), std::size_t(3));
        for (std::uint32_t id : {0x01D90104u, 0x01D90103u, 0x01D90100u})
            QVERIFY(world.cellShown(id));
        for (std::uint32_t id : {0x01D90101u, 0x01D90102u, 0x01D90105u})
            QVERIFY(!world.cellShown(id));
        const QRgb bg = backgroundColor().rgb();
        QCOMPARE(east.pixel(160, 120), bg);

        OffscreenRenderer fromHall(QSize(320, 240));
        drawInside(0x01D90100, fromHall);
        QCOMPARE(fromHall.scene().world().shownCellCount(), std::size_t(6));
        // Outdoors (far above), every cell is drawn again.
        fromHall.scene().world().setViewpoint(QVector3D(96, 60, 500));
        QCOMPARE(fromHall.scene().world().viewCell(), 0u);
        QCOMPARE(fromHall.scene().world().shownCellCount(), std::size_t(6));
    }

    // Moving one landblock west, from 0xAAB4 (whose 3x3 holds six demo blocks) to the town,
    // keeps the six blocks both sets share (moved by a transform, their atlas slots kept) and
    // waits with the three new ones until asked; once they are added the picture is the one a
    // fresh 3x3 round the town gives.
    void movingOneBlockKeepsTheSharedBlocks() {
        const WorldSources sources{m_portal.get(), m_cells.get(), m_region};
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        const std::uint32_t east = world::landblockId(0xAA, 0xB4);
        const auto start = buildWorldBlocks(sources, east, 1, textures);
        const auto moved = buildWorldBlocks(sources, kTown, 1, textures);
        std::size_t shared = 0;
        for (const WorldBlock& a : start)
            for (const WorldBlock& b : moved)
                shared += a.id == b.id ? 1 : 0;
        QCOMPARE(shared, std::size_t(6));
        QCOMPARE(moved.size(), std::size_t(9));

        OffscreenRenderer walked(QSize(320, 240)), fresh(QSize(320, 240));
        walked.setAssets(m_portal);
        fresh.setAssets(m_portal);
        walked.scene().setWorld(start);
        QVERIFY(!walked.render(preview::FrameSnapshot{}).isNull());
        walked.scene().setWorld(moved, WorldPace::OnRequest);
        WorldView& world = walked.scene().world();
        QCOMPARE(world.blockCount(), shared);
        QCOMPARE(world.pendingCount(), moved.size() - shared);
        // The bounds already hold the waiting blocks: the camera frames the whole set.
        fresh.scene().setWorld(moved);
        QCOMPARE(world.bounds().center, fresh.scene().world().bounds().center);
        QCOMPARE(world.bounds().radius, fresh.scene().world().bounds().radius);
        while (world.addPending()) {
        }
        QCOMPARE(world.blockCount(), moved.size());
        QCOMPARE(world.pendingCount(), std::size_t(0));
        QCOMPARE(world.partCount(), fresh.scene().world().partCount());

        const OrbitCamera orbit = OrbitCamera::framing(fresh.scene().world().bounds(), -135, 35);
        walked.setCamera(orbit);
        fresh.setCamera(orbit);
        walked.render(preview::FrameSnapshot{}); // the new atlas may miss the first frame
        fresh.render(preview::FrameSnapshot{});
        const QImage a =
            walked.render(preview::FrameSnapshot{}).convertToFormat(QImage::Format_RGB32);
        const QImage b =
            fresh.render(preview::FrameSnapshot{}).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!a.isNull() && a.size() == b.size());
        int differing = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x) {
                const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
                differing += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                                         std::abs(qBlue(p) - qBlue(q)) >
                                     24
                                 ? 1
                                 : 0;
            }
        // Kept blocks are drawn through a translation instead of vertices built in place, which
        // may round a few edge pixels the other way; a misplaced block or slot is thousands.
        QVERIFY2(differing < a.width() * a.height() / 200, qPrintable(QString::number(differing)));
    }

    // The house interior leads outside through its door: from inside it the landscape is drawn.
    void houseInteriorSeesOutside() {
        OffscreenRenderer renderer(QSize(64, 64));
        renderer.setAssets(m_portal);
        const WorldSources sources{m_portal.get(), m_cells.get(), m_region};
        TerrainTextures textures(*m_portal, m_region->terrain.texMerge);
        const std::vector<WorldBlock> blocks = buildWorldBlocks(sources, kTown, 0, textures);
        QCOMPARE(blocks.size(), std::size_t(1));
        QCOMPARE(blocks.front().cells.size(), std::size_t(1));
        WorldView& world = renderer.scene().world();
        world.setBlocks(blocks);
        world.setViewpoint(blocks.front().cells.front().centre);
        QCOMPARE(world.viewCell(), 0xA9B40100u);
        QVERIFY(world.outdoorsShown());
        QVERIFY(world.cellShown(0xA9B40100u));
    }

    // A made mesh (a cell's geometry) under a key that is also a GfxObj id neither replaces nor
    // is replaced by the GfxObj's mesh: EnvCell ids fall in the GfxObj range.
    void madeMeshesKeepTheirOwnKeys() {
        Qt3DCore::QNode owner;
        MeshCache cache(&owner);
        cache.setAssets(m_portal);
        constexpr std::uint32_t kShared = 0x01000C03; // a demo GfxObj (the dungeon's pillar)
        const Mesh* gfxObj = cache.get(kShared);
        QVERIFY(gfxObj);
        const auto* record = m_cells->get<dat::EnvCell>(0x01D90100);
        QVERIFY(record);
        const auto geometry = cellGeometry(*m_portal, *record);
        QVERIFY(geometry);
        const Mesh* made = cache.getMade(kShared, *geometry);
        QVERIFY(made && made != gfxObj);
        QVERIFY(made->max.x() - made->min.x() > gfxObj->max.x() - gfxObj->min.x()); // the hall
        QCOMPARE(cache.get(kShared), gfxObj);
        QCOMPARE(cache.getMade(kShared, *geometry), made);
        cache.clearMade();
        QCOMPARE(cache.get(kShared), gfxObj);
    }

    // portalkit render --cell stands in the cell and draws the dungeon; --landblock on the
    // dungeon's block draws its six cells from above.
    void cliRendersADungeon() {
        QTemporaryDir dir;
        QProcess inside;
        inside.start(PORTALKIT_CLI,
                     {"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT, "--cell", "0x01D90102",
                      "-o", dir.filePath("cell.png"), "--size", "320x240"});
        QVERIFY(inside.waitForFinished(120000));
        QVERIFY2(inside.exitCode() == 0, inside.readAllStandardError().constData());
        QVERIFY(inside.readAllStandardOutput().contains("6 cells"));
        const QImage image = QImage(dir.filePath("cell.png")).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(image.size(), QSize(320, 240));
        QVERIFY(image.pixel(160, 120) != backgroundColor().rgb());

        QProcess above;
        above.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, "--landblock", "0x01D9", "-o",
                                    dir.filePath("dungeon.png"), "--size", "320x240"});
        QVERIFY(above.waitForFinished(120000));
        QVERIFY2(above.exitCode() == 0, above.readAllStandardError().constData());
        QVERIFY(above.readAllStandardOutput().contains("1 landblocks, 0 parts, 6 cells"));

        QProcess bad; // not an EnvCell id
        bad.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, "--cell", "0x01D9FFFF", "-o",
                                  dir.filePath("x.png")});
        QVERIFY(bad.waitForFinished(120000));
        QCOMPARE(bad.exitCode(), 2);
    }

    // portalkit render finds client_cell_1.dat beside the demo portal DAT and draws the blocks.
    void cliRendersALandblock() {
        QTemporaryDir dir;
        QProcess process;
        process.start(PORTALKIT_CLI,
                      {"render", PORTALKIT_DEMO_DAT, "--landblock", "0xA9B4", "--radius", "1", "-o",
                       dir.filePath("town.png"), "--size", "320x240"});
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QVERIFY(process.readAllStandardOutput().contains("9 landblocks"));
        const QImage image = QImage(dir.filePath("town.png")).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(image.size(), QSize(320, 240));
        const QColor bg = backgroundColor();
        int drawn = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                drawn += image.pixel(x, y) != bg.rgb() ? 1 : 0;
        QVERIFY(drawn > image.width() * image.height() / 6); // the blocks fill a quarter or so

        QProcess missing; // the cell DAT named, a block it does not hold
        missing.start(PORTALKIT_CLI, {"render", PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT,
                                      "--landblock", "0x1010", "-o", dir.filePath("x.png")});
        QVERIFY(missing.waitForFinished(120000));
        QCOMPARE(missing.exitCode(), 2);
        QVERIFY(missing.readAllStandardError().contains("not in the cell DAT"));
    }
};

int main(int argc, char** argv) {
    prepareRenderEnvironment();
    QApplication app(argc, argv);
    TestRenderWorld test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_render_world.moc"
