#include "render_world.h"

#include "command.h"
#include "datreader/records/region.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/world_view.h"
#include "world/coords.h"
#include "world/scene/world_builder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

namespace portalkit::cli {

std::optional<std::uint32_t> parseLandblock(const QString& text) {
    const auto id = dat::parseDid(text);
    if (!id)
        return std::nullopt;
    const std::uint32_t block = *id <= 0xFFFF ? (*id << 16) | 0xFFFF : world::landblockOf(*id);
    if (world::blockX(block) >= world::kBlocksPerSide ||
        world::blockY(block) >= world::kBlocksPerSide)
        return std::nullopt;
    return block;
}

std::optional<std::uint32_t> parseEnvCell(const QString& text) {
    const auto id = dat::parseDid(text);
    if (!id || !world::isEnvCell(*id) || !parseLandblock(text))
        return std::nullopt;
    return *id;
}

namespace {

// The cell the camera stands in, searched in the built blocks.
const world::WorldCell* findWorldCell(const std::vector<world::WorldBlock>& blocks,
                                      std::uint32_t id) {
    for (const world::WorldBlock& block : blocks)
        for (const world::WorldCell& cell : block.cells)
            if (cell.id == id)
                return &cell;
    return nullptr;
}

// Inside the cell for --cell; else an oblique view from the south-west unless --camera says
// otherwise.
std::optional<render::OrbitCamera> worldCamera(const WorldRenderJob& job,
                                               const std::vector<world::WorldBlock>& blocks,
                                               const render::BoundingSphere& bounds) {
    if (job.cell) {
        const world::WorldCell* cell = findWorldCell(blocks, job.cell);
        if (!cell || !cell->geometry) {
            printError(QStringLiteral("EnvCell %1 is not in the cell DAT or cannot be drawn")
                           .arg(didText(job.cell)));
            return std::nullopt;
        }
        return render::cameraInside(*cell);
    }
    const auto& camera = job.camera;
    render::OrbitCamera orbit = render::OrbitCamera::framing(
        bounds, camera ? (*camera)[0] : -135.0f, camera ? (*camera)[1] : 35.0f);
    if (camera && (*camera)[2] > 0)
        orbit.distance = (*camera)[2];
    else // the sphere round the blocks' box is loose for a square of land seen obliquely
        orbit.distance *= 0.7f;
    return orbit;
}

} // namespace

QString findCellDat(const QString& portalPath, const QString& given) {
    if (!given.isEmpty())
        return given;
    // As the studio opens the demo: the cell DAT beside the portal DAT (ui/studio/studio.cpp).
    const QString beside = QFileInfo(portalPath).dir().filePath("client_cell_1.dat");
    return QFileInfo::exists(beside) ? beside : QString();
}

QImage renderWorld(const WorldRenderJob& job, const std::shared_ptr<const preview::Assets>& portal,
                   const std::shared_ptr<const preview::Assets>& cells) {
    const auto* region = portal->get<dat::Region>(world::kRegionId);
    if (!region) {
        printError(
            QStringLiteral("Region %1 cannot be loaded: %2")
                .arg(didText(world::kRegionId), portal->whyMissing<dat::Region>(world::kRegionId)));
        return {};
    }
    render::OffscreenRenderer renderer(job.size);
    if (!renderer.isValid()) {
        printError(renderer.errorString());
        return {};
    }
    renderer.setTimeoutMs(job.timeoutMs);
    renderer.setAssets(portal);
    const world::WorldSources sources{portal.get(), cells.get(), region};
    world::TerrainTextures textures(*portal, region->terrain.texMerge);
    QElapsedTimer clock;
    clock.start();
    std::vector<world::WorldBlock> blocks =
        world::buildWorldBlocks(sources, job.block, job.radius, textures);
    int parts = 0, cellCount = 0;
    for (const world::WorldBlock& block : blocks) {
        parts += int(block.parts.size());
        cellCount += int(block.cells.size());
    }
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    const int built = int(blocks.size());
    renderer.scene().setWorld(blocks);
    if (!built) {
        printError(QStringLiteral("landblock %1 is not in the cell DAT").arg(didText(job.block)));
        return {};
    }
    printOut(QStringLiteral("%1 landblocks, %2 parts, %3 cells; built in %4 ms (%5 ms a "
                            "landblock, %6 merged cell textures)\n")
                 .arg(built)
                 .arg(parts)
                 .arg(cellCount)
                 .arg(ms, 0, 'f', 1)
                 .arg(ms / built, 0, 'f', 1)
                 .arg(textures.mergedCount()));
    const auto orbit = worldCamera(job, blocks, renderer.scene().world().bounds());
    if (!orbit)
        return {};
    renderer.setCamera(*orbit);
    // The atlases upload on the aspect thread and may miss the first frames: draw one first.
    renderer.render(preview::FrameSnapshot{});
    const QImage image = renderer.render(preview::FrameSnapshot{});
    if (image.isNull())
        printError(QStringLiteral("rendering failed: %1").arg(renderer.errorString()));
    return image;
}

} // namespace portalkit::cli
