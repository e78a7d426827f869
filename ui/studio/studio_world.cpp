// The studio's world half (studio.h): landblocks of the open cell DAT drawn around the camera, a
// Setup stood in them, a scenario's place, and the World map's clicks.

#include "datreader/records/common.h"
#include "preview/core/assets.h"
#include "preview/timeline/scenario.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/session/studio_session.h"
#include "ui/studio/studio.h"
#include "ui/studio/world_loader.h"
#include "ui/studio/world_placement.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/world_map_dock.h"
#include "ui/widgets/world_map_view.h"
#include "world/coords.h"

#include <QStatusBar>
#include <algorithm>

namespace portalkit::ui {

namespace {

std::shared_ptr<const dat::DatFile> openCellDat(const MainWindow& window) {
    std::shared_ptr<const dat::DatFile> cells;
    for (const auto& dat : window.dats())
        if (dat->kind() == dat::DatKind::Cell)
            cells = dat;
    return cells;
}

} // namespace

void Studio::refreshWorldMap() {
    const auto cells = openCellDat(*m_window);
    m_worldMap->setDats(cells, m_window->portalDat());
}

bool Studio::goToLandblock(std::uint32_t landblockId) {
    const auto cells = openCellDat(*m_window);
    const QString name = dat::didJson(landblockId);
    // Selecting the LandBlock in the browser draws it (describeSelection → showLandblock).
    if (cells && cells->find(landblockId) &&
        m_window->browserDock()->navigateTo(landblockId, cells.get())) {
        m_window->statusBar()->showMessage(tr("Landblock %1").arg(name), 5000);
        return true;
    }
    m_window->statusBar()->showMessage(tr("Landblock %1 is not in the cell DAT").arg(name), 5000);
    return false;
}

bool Studio::placeSetup(QVector3D at, std::uint32_t setupId) {
    if (!setupId)
        setupId = m_lastSetup;
    if (!setupId || !m_session) {
        m_window->statusBar()->showMessage(tr("Choose a Setup in the browser first"), 5000);
        return false;
    }
    if (!m_session->showSetup(setupId, preview::Vec3{at.x(), at.y(), at.z()})) {
        m_viewport->setCaption(m_session->lastError());
        return false;
    }
    m_lastSetup = setupId;
    m_placement->setLastPoint(at);
    m_viewport->showSnapshot(m_session->snapshot());
    // Near enough to see the Setup, far enough to see where it stands.
    render::OrbitCamera camera = m_viewport->camera();
    camera.target = at + QVector3D(0, 0, 1);
    if (camera.distance < 4.0f || camera.distance > 30.0f)
        camera.distance = 10.0f;
    m_viewport->setCamera(camera);
    m_viewport->setCaption(
        tr("Setup %1 standing at (%2, %3, %4) — Ctrl+click the ground to move it")
            .arg(dat::didJson(setupId))
            .arg(at.x(), 0, 'f', 1)
            .arg(at.y(), 0, 'f', 1)
            .arg(at.z(), 0, 'f', 1));
    return true;
}

void Studio::hideWorld() {
    m_landblock = 0;
    m_sceneOrigin = {};
    if (!m_session || m_session->mode() != StudioSession::Mode::Scenario)
        m_scenarioWorld.clear();
    m_viewport->setWorld({});
    m_placement->setBlocks({});
}

bool Studio::canShowWorld() const {
    return m_window->portalDat() && openCellDat(*m_window);
}

void Studio::showLandblock(std::uint32_t id, std::optional<world::Vec3> spot) {
    const auto portal = m_window->portalDat();
    const auto cells = openCellDat(*m_window);
    if (!portal || !cells) {
        m_viewport->setCaption(tr("Landblocks need the portal DAT and a cell DAT open"));
        return;
    }
    m_viewport->setCaption(tr("Building landblock %1…").arg(dat::didJson(id | 0xFFFF)));
    m_worldLoader->load(portal, cells, id | 0xFFFF, 1, world::isEnvCell(id) ? id : 0, spot);
}

// The blocks go in on the GUI thread (Qt3D nodes belong to it); the session is cleared so no
// Setup is left standing in the world (docs/render.md#the-world).
// A scenario naming its place is drawn there (docs/scenarios.md#world), once per run: replays
// reset the scene, not the world. One without a place plays in the void.
void Studio::showScenarioWorld() {
    const preview::Scenario* scenario = m_session->scenario();
    if (m_scenarioWorld == m_session->scenarioPath())
        return;
    m_scenarioWorld = m_session->scenarioPath();
    if (!scenario || !scenario->place) {
        hideWorld();
        return;
    }
    if (!canShowWorld()) {
        m_window->statusBar()->showMessage(
            tr("The scenario names a place in the world: open a cell DAT to see it"), 8000);
        return;
    }
    m_worldLoader->loadPlace(m_window->portalDat(), openCellDat(*m_window), *scenario->place);
}

// The scenario goes on over its world; the camera frames its objects with the ground round them.
void Studio::showScenarioPlace(const WorldLoad& load) {
    // A scenario of "geometry": "dat" flies against what is drawn: it starts again in it.
    if (load.collision)
        m_session->setDatGeometry(preview::DatGeometry{
            load.collision, load.block, {load.origin.x(), load.origin.y(), load.origin.z()}});
    m_viewport->setWorld(load.blocks);
    m_placement->setBlocks(load.blocks);
    m_landblock = load.block;
    m_sceneOrigin = load.origin;
    m_viewport->frameSelection();
    render::OrbitCamera camera = m_viewport->camera();
    camera.distance = std::max(camera.distance * 2.5f, 8.0f);
    m_viewport->setCamera(camera);
    const preview::Scenario* scenario = m_session->scenario();
    const bool colliding = scenario && scenario->world && scenario->world->dat;
    // Whether the flights meet what is drawn or only the scenario's own ground and walls.
    m_viewport->setCaption((colliding
                                ? tr("%1 in landblock %2, flying against its terrain and objects")
                                : tr("%1 in landblock %2"))
                               .arg(shownText(), dat::didJson(load.block)));
    emit worldShown(load.block);
}

void Studio::showWorld(const WorldLoad& load) {
    m_landblock = 0;
    if (load.place && load.error.isEmpty() && m_session &&
        m_session->mode() == StudioSession::Mode::Scenario) {
        showScenarioPlace(load);
        return;
    }
    if (!load.error.isEmpty()) {
        hideWorld();
        m_viewport->setCaption(
            tr("Landblock %1 cannot be drawn: %2").arg(dat::didJson(load.block), load.error));
        return;
    }
    m_scenarioWorld.clear();
    m_sceneOrigin = {};
    if (m_session)
        m_session->clear();
    m_viewport->showSnapshot({});
    m_viewport->setWorld(
        load.blocks); // keeps the blocks already drawn, adds the rest a frame apart
    m_placement->setBlocks(load.blocks);
    m_landblock = load.block;
    // The map follows: the shown block and its neighbours fill the World map dock.
    m_worldMap->view()->focusOn({int(world::kCellsPerBlock * world::blockX(load.block) + 4),
                                 int(world::kCellsPerBlock * world::blockY(load.block) + 4)},
                                4);
    m_viewport->setCamera(worldCamera(load, m_viewport->scene().world()));
    m_viewport->setCaption(worldCaption(load) +
                           tr(" — Ctrl+click the ground to stand a Setup there"));
    emit worldShown(load.block);
}

} // namespace portalkit::ui
