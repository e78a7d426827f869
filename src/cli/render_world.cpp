#include "render_world.h"

#include "command.h"
#include "datreader/records/region.h"
#include "ui/render/offscreen_renderer.h"
#include "ui/render/world_view.h"
#include "world/coords.h"
#include "world/scene/placed_world.h"
#include "world/scene/world_builder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <cmath>

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

// The Region every landblock goes through; null after saying why it is missing.
const dat::Region* regionOf(const preview::Assets& portal) {
    const auto* region = portal.get<dat::Region>(world::kRegionId);
    if (!region)
        printError(
            QStringLiteral("Region %1 cannot be loaded: %2")
                .arg(didText(world::kRegionId), portal.whyMissing<dat::Region>(world::kRegionId)));
    return region;
}

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

// --landblock or --cell: which world to draw and from where; false after saying what is wrong.
bool readWorldPlace(const QCommandLineParser& parser, WorldRenderJob& job) {
    if (parser.isSet("cell")) {
        const auto cell = parseEnvCell(parser.value("cell"));
        if (!cell || parser.isSet("landblock") || parser.isSet("camera")) {
            printError("--cell takes an EnvCell id (0x01D90105), without --landblock or --camera");
            return false;
        }
        job.cell = *cell;
        job.block = world::landblockOf(*cell);
    } else {
        const auto block = parseLandblock(parser.value("landblock"));
        if (!block) {
            printError("--landblock takes a landblock (0xA9B4)");
            return false;
        }
        job.block = *block;
    }
    bool radiusOk = false;
    job.radius = parser.value("radius").toInt(&radiusOk);
    if (!radiusOk || job.radius < 0 || job.radius > 8) {
        printError("--radius takes 0 to 8");
        return false;
    }
    return true;
}

// --landblock / --cell: the world around a landblock or inside a cell, no object and no clock
// (docs/cli.md).
std::optional<preview::ScenarioPlace> commandLinePlace(const WorldRenderJob& job,
                                                       const QString& placeText) {
    preview::ScenarioPlace place;
    place.cellId = job.cell ? job.cell : job.block;
    place.radius = job.radius;
    if (!job.cell)
        place.origin = preview::Vec3{world::kBlockLength / 2, world::kBlockLength / 2, 0};
    if (placeText.isEmpty())
        return place;
    const QStringList parts = placeText.split(',');
    std::array<float, 3> xyz{0, 0, 0};
    bool ok = !job.cell && (parts.size() == 2 || parts.size() == 3);
    for (int i = 0; ok && i < parts.size(); ++i) {
        xyz[std::size_t(i)] = parts[i].trimmed().toFloat(&ok);
        ok = ok && std::isfinite(xyz[std::size_t(i)]);
    }
    if (!ok || xyz[0] < 0 || xyz[1] < 0 || xyz[0] > world::kBlockLength ||
        xyz[1] > world::kBlockLength) {
        printError("--place takes X,Y[,Z] in metres inside --landblock's block (0 to 192), not "
                   "with --cell");
        return std::nullopt;
    }
    place.origin = preview::Vec3{xyz[0], xyz[1], xyz[2]};
    place.originGiven = parts.size() == 3;
    return place;
}

std::optional<std::vector<world::WorldBlock>>
placedWorld(const preview::ScenarioPlace& place,
            const std::shared_ptr<const preview::Assets>& portal,
            const std::shared_ptr<const preview::Assets>& cells) {
    const auto* region = regionOf(*portal);
    if (!region)
        return std::nullopt;
    const world::WorldSources sources{portal.get(), cells.get(), region};
    world::TerrainTextures textures(*portal, region->terrain.texMerge);
    QString why;
    auto placed = world::buildPlacedWorld(sources, place, textures, &why);
    if (!placed) {
        printError(why);
        return std::nullopt;
    }
    printOut(QStringLiteral("world: %1 landblocks round %2, origin (%3, %4, %5)\n")
                 .arg(placed->blocks.size())
                 .arg(didText(placed->envCell ? placed->envCell : placed->block))
                 .arg(placed->origin.x, 0, 'f', 2)
                 .arg(placed->origin.y, 0, 'f', 2)
                 .arg(placed->origin.z, 0, 'f', 2));
    return std::move(placed->blocks);
}

render::OrbitCamera cameraOnObjects(const render::BoundingSphere& objects,
                                    render::WorldView& world) {
    render::OrbitCamera orbit = render::OrbitCamera::framing(objects, -135.0f, 20.0f);
    orbit.distance = std::max(orbit.distance * 2.5f, 8.0f);
    // Objects inside an EnvCell are seen from inside it: outside, the cell's walls hide them.
    world.setViewpoint(objects.center);
    if (world.viewCell() == 0)
        return orbit;
    orbit.pitch = 10.0f;
    for (world.setViewpoint(orbit.eye()); world.viewCell() == 0 && orbit.distance > 1.0f;
         world.setViewpoint(orbit.eye()))
        orbit.distance *= 0.85f;
    return orbit;
}

QImage renderWorld(const WorldRenderJob& job, const std::shared_ptr<const preview::Assets>& portal,
                   const std::shared_ptr<const preview::Assets>& cells) {
    const auto* region = regionOf(*portal);
    if (!region)
        return {};
    render::OffscreenRenderer renderer(job.size);
    if (!renderer.isValid()) {
        printError(renderer.errorString());
        return {};
    }
    renderer.setTimeoutMs(job.timeoutMs);
    renderer.setAssets(portal);
    for (render::Overlay overlay : job.overlays)
        renderer.scene().setOverlay(overlay, true);
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
