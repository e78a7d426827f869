#include "ui/studio/world_loader.h"

#include "datreader/records/common.h"
#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "world/coords.h"
#include "world/scene/collision_world.h"
#include "world/scene/placed_world.h"
#include "world/terrain.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace portalkit::ui {

WorldLoad buildWorld(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells, std::uint32_t block,
                     int radius, std::uint32_t cell, std::optional<world::Vec3> spot) {
    WorldLoad out;
    out.block = block;
    out.cell = cell;
    out.spot = spot;
    QElapsedTimer clock;
    clock.start();
    const preview::Assets portalAssets(portal), cellAssets(cells);
    const auto* region = portalAssets.get<dat::Region>(world::kRegionId);
    if (!region) {
        out.error = QStringLiteral("Region 0x%1: %2")
                        .arg(world::kRegionId, 8, 16, QChar('0'))
                        .arg(portalAssets.whyMissing<dat::Region>(world::kRegionId));
        return out;
    }
    const world::WorldSources sources{&portalAssets, &cellAssets, region};
    world::TerrainTextures textures(portalAssets, region->terrain.texMerge);
    out.blocks = world::buildWorldBlocks(sources, block, radius, textures);
    if (out.spot)
        if (const auto* land = cellAssets.get<dat::LandBlock>(block | 0xFFFFu))
            out.spot->z = world::LandblockTerrain(*land, region->landDefs)
                              .heightAt(out.spot->x, out.spot->y)
                              .value_or(out.spot->z);
    out.milliseconds = double(clock.nsecsElapsed()) / 1e6;
    if (out.blocks.empty())
        out.error = QStringLiteral("no LandBlock here");
    return out;
}

WorldLoad buildPlace(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells,
                     const preview::ScenarioPlace& place) {
    WorldLoad out;
    out.block = world::landblockOf(place.cellId);
    out.place = place;
    QElapsedTimer clock;
    clock.start();
    const preview::Assets portalAssets(portal), cellAssets(cells);
    const auto* region = portalAssets.get<dat::Region>(world::kRegionId);
    if (!region) {
        out.error = portalAssets.whyMissing<dat::Region>(world::kRegionId);
        return out;
    }
    const world::WorldSources sources{&portalAssets, &cellAssets, region};
    world::TerrainTextures textures(portalAssets, region->terrain.texMerge);
    QString why;
    if (auto placed = world::buildPlacedWorld(sources, place, textures, &why)) {
        out.blocks = std::move(placed->blocks);
        out.origin = QVector3D(placed->origin.x, placed->origin.y, placed->origin.z);
        out.collision = std::make_shared<const preview::DatWorld>(
            world::buildCollisionWorld(sources, out.block, std::max(place.radius, 1)));
    } else
        out.error = why;
    out.milliseconds = double(clock.nsecsElapsed()) / 1e6;
    return out;
}

namespace {

constexpr float kEyeHeight = 1.7f;

// An eye at `eye` looking north and a little down, its target close as the fly camera keeps it.
render::OrbitCamera standingAt(QVector3D eye) {
    render::OrbitCamera camera;
    camera.yaw = 180; // the eye sits south of its target
    camera.pitch = 8;
    camera.distance = 2;
    camera.target = eye;
    camera.target = eye - (camera.eye() - camera.target);
    return camera;
}

} // namespace

render::OrbitCamera worldCamera(const WorldLoad& load, const render::WorldView& world) {
    for (const world::WorldBlock& block : load.blocks)
        for (const world::WorldCell& cell : block.cells)
            if (load.cell && cell.id == load.cell && cell.geometry)
                return render::cameraInside(cell);
    if (load.spot)
        return standingAt(QVector3D(load.spot->x, load.spot->y, load.spot->z + kEyeHeight));
    render::OrbitCamera camera = render::OrbitCamera::framing(world.bounds(), -135, 35);
    camera.distance *= 0.7f; // as portalkit render frames the blocks: their sphere is loose
    return camera;
}

QString worldCaption(const WorldLoad& load) {
    std::size_t parts = 0, cells = 0;
    for (const world::WorldBlock& block : load.blocks) {
        parts += block.parts.size();
        cells += block.cells.size();
    }
    const QString block = dat::didJson(load.block);
    QString what;
    if (load.cell)
        what = QObject::tr("EnvCell %1 (camera inside) in landblock %2")
                   .arg(dat::didJson(load.cell), block);
    else if (load.blocks.size() == 1 && load.blocks.front().mesh.vertices.empty())
        what = QObject::tr("Dungeon %1").arg(block);
    else
        what = QObject::tr("Landblock %1 and its neighbours").arg(block);
    return QObject::tr("%1: %2 landblocks, %3 parts, %4 cells (built in %5 ms)")
        .arg(what)
        .arg(load.blocks.size())
        .arg(parts)
        .arg(cells)
        .arg(load.milliseconds, 0, 'f', 0);
}

void followViewpoint(render::ViewportWidget* viewport) {
    QObject::connect(viewport, &render::ViewportWidget::cameraChanged, viewport, [viewport] {
        viewport->scene().world().setViewpoint(viewport->camera().eye());
    });
}

WorldLoader::WorldLoader(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<WorldLoad>::finished, this, &WorldLoader::finished);
}

WorldLoader::~WorldLoader() {
    m_watcher.waitForFinished(); // the worker reads DATs this object's owner may close
}

void WorldLoader::load(std::shared_ptr<const dat::DatFile> portal,
                       std::shared_ptr<const dat::DatFile> cells, std::uint32_t block, int radius,
                       std::uint32_t cell, std::optional<world::Vec3> spot) {
    Request request{std::move(portal), std::move(cells), block, radius, cell, spot};
    // Never wait on the GUI thread: a build under way finishes, then the newest request runs.
    if (m_watcher.isRunning())
        m_pending = std::move(request);
    else
        start(std::move(request));
}

void WorldLoader::loadPlace(std::shared_ptr<const dat::DatFile> portal,
                            std::shared_ptr<const dat::DatFile> cells,
                            const preview::ScenarioPlace& place) {
    Request request{std::move(portal),
                    std::move(cells),
                    world::landblockOf(place.cellId),
                    place.radius,
                    0,
                    std::nullopt,
                    place};
    if (m_watcher.isRunning())
        m_pending = std::move(request);
    else
        start(std::move(request));
}

void WorldLoader::start(Request request) {
    if (request.place) {
        m_watcher.setFuture(QtConcurrent::run(buildPlace, std::move(request.portal),
                                              std::move(request.cells), *request.place));
        return;
    }
    m_watcher.setFuture(QtConcurrent::run(buildWorld, std::move(request.portal),
                                          std::move(request.cells), request.block, request.radius,
                                          request.cell, request.spot));
}

void WorldLoader::finished() {
    if (m_pending) { // superseded: build what was asked for last, drop this
        Request next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
        return;
    }
    emit loaded(m_watcher.result());
}

} // namespace portalkit::ui
