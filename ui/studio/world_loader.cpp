#include "ui/studio/world_loader.h"

#include "datreader/records/region.h"

#include <QElapsedTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace portalkit::ui {

WorldLoad buildWorld(const std::shared_ptr<const dat::DatFile>& portal,
                     const std::shared_ptr<const dat::DatFile>& cells, std::uint32_t block,
                     int radius) {
    WorldLoad out;
    out.block = block;
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
    for (std::uint32_t id : world::blocksAround(block, radius))
        if (auto built = world::buildWorldBlock(sources, id, block, textures))
            out.blocks.push_back(std::move(*built));
    out.milliseconds = double(clock.nsecsElapsed()) / 1e6;
    if (out.blocks.empty())
        out.error = QStringLiteral("no LandBlock here");
    return out;
}

WorldLoader::WorldLoader(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcher<WorldLoad>::finished, this, &WorldLoader::finished);
}

WorldLoader::~WorldLoader() {
    m_watcher.waitForFinished(); // the worker reads DATs this object's owner may close
}

void WorldLoader::load(std::shared_ptr<const dat::DatFile> portal,
                       std::shared_ptr<const dat::DatFile> cells, std::uint32_t block, int radius) {
    Request request{std::move(portal), std::move(cells), block, radius};
    // Never wait on the GUI thread: a build under way finishes, then the newest request runs.
    if (m_watcher.isRunning())
        m_pending = std::move(request);
    else
        start(std::move(request));
}

void WorldLoader::start(Request request) {
    m_watcher.setFuture(QtConcurrent::run(buildWorld, std::move(request.portal),
                                          std::move(request.cells), request.block, request.radius));
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
