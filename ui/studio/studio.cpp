#include "ui/studio/studio.h"

#include "datreader/records/common.h"
#include "export/entry_export.h"
#include "preview/core/assets.h"
#include "preview/timeline/scenario.h"
#include "ui/render/viewport_widget.h"
#include "ui/render/world_view.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/event_log.h"
#include "ui/session/particle_plot.h"
#include "ui/session/sound_player.h"
#include "ui/session/studio_session.h"
#include "ui/session/table_browser.h"
#include "ui/session/timeline_bar.h"
#include "ui/studio/asset_viewer.h"
#include "ui/studio/export_dialog.h"
#include "ui/studio/world_loader.h"
#include "ui/studio/world_navigation.h"
#include "ui/studio/world_placement.h"
#include "ui/widgets/asset_pane.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/gallery_dock.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/world_map_dock.h"
#include "ui/widgets/world_map_view.h"
#include "world/coords.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QMenu>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <algorithm>

namespace portalkit::ui {

QStringList defaultDats(const QString& applicationDir) {
    const QString portal = preview::bundledDemoFile(applicationDir, "client_portal.dat");
    // The other demo DATs, each only when the build (or the install) made it.
    QStringList dats{portal};
    for (const char* name :
         {"client_cell_1.dat", "client_local_English.dat", "client_highres.dat"}) {
        const QString path = QFileInfo(portal).dir().filePath(QString::fromLatin1(name));
        if (QFileInfo::exists(path))
            dats << path;
    }
    return dats;
}

Studio::Studio(MainWindow* window)
    : QObject(window), m_window(window), m_viewport(new render::ViewportWidget),
      m_muteAction(
          new QAction(QIcon::fromTheme(QStringLiteral("audio-volume-muted")), tr("Mute"), this)),
      m_worldLoader(new WorldLoader(this)) {
    connect(m_worldLoader, &WorldLoader::loaded, this, &Studio::showWorld);
    followViewpoint(m_viewport); // the cells drawn follow the camera's cell
    // The centre: the 3D view, and in a tab beside it a texture, palette or sound on its own.
    m_centre = new QTabWidget;
    m_centre->setDocumentMode(true);
    m_assetPane = new AssetPane;
    m_centre->addTab(m_viewport, tr("3D view"));
    m_centre->addTab(m_assetPane, tr("Asset"));
    m_window->setCentralView(m_centre);
    m_launcherDock = addDock(tr("Effects"), QStringLiteral("effects"), Qt::RightDockWidgetArea);
    m_tablesDock = addDock(tr("Script table"), QStringLiteral("tables"), Qt::RightDockWidgetArea);
    m_timelineDock = addDock(tr("Timeline"), QStringLiteral("timeline"), Qt::BottomDockWidgetArea);
    m_eventLogDock = addDock(tr("Event log"), QStringLiteral("events"), Qt::BottomDockWidgetArea);
    m_plotDock = addDock(tr("Particles"), QStringLiteral("particles"), Qt::BottomDockWidgetArea);
    // The map shares the right column with the script table: both are looked at now and then.
    m_worldMap = new WorldMapDock(m_window);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_worldMap);
    m_window->tabifyDockWidget(m_tablesDock, m_worldMap);
    // The timeline gets the whole width under the viewport, the log and plot share a row below
    // it, and the right column stays narrow enough to leave the viewport most of the window.
    m_window->splitDockWidget(m_timelineDock, m_eventLogDock, Qt::Vertical);
    m_window->tabifyDockWidget(m_eventLogDock, m_plotDock);
    // The Gallery (thumbnails made only while it is shown) is a third tab of that row.
    m_gallery = new GalleryDock(m_window);
    m_gallery->attach(m_window);
    m_window->tabifyDockWidget(m_plotDock, m_gallery);
    m_eventLogDock->raise();
    // Wide enough for the launcher's rows unclipped (ids, the type names, the thresholds).
    m_window->resizeDocks({m_launcherDock}, {m_launcherDock->fontMetrics().averageCharWidth() * 52},
                          Qt::Horizontal);
    m_window->resizeDocks({m_timelineDock, m_eventLogDock}, {70, 170}, Qt::Vertical);
    m_navigation = new WorldNavigation(this);
    m_placement = new WorldPlacement(m_viewport, this);
    m_assetViewer = new AssetViewer(m_viewport, this);
    connect(m_placement, &WorldPlacement::groundPicked, this,
            [this](QVector3D at) { placeSetup(at); });
    connect(m_placement, &WorldPlacement::pickMissed, this, [this] {
        m_window->statusBar()->showMessage(tr("No ground or floor there to stand on"), 5000);
    });
    connect(m_placement, &WorldPlacement::hideWorldRequested, this, &Studio::hideWorld);
    addViewActions();
    m_exportAction = new QAction(tr("&Export Selected…"), this);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_exportAction, &QAction::triggered, this, &Studio::chooseExport);
    m_window->addFileAction(m_exportAction);
    // The action outlives the sessions; on the window, its shortcut works wherever focus is.
    m_muteAction->setCheckable(true);
    m_muteAction->setShortcut(QKeySequence(tr("M")));
    m_muteAction->setToolTip(tr("Mute the effects' sounds (M)"));
    m_window->addAction(m_muteAction);
    connect(m_muteAction, &QAction::toggled, this, [this](bool muted) {
        if (m_sound)
            m_sound->setMuted(muted);
    });

    connect(m_window, &MainWindow::datsChanged, this, &Studio::rebuildSession);
    connect(m_window, &MainWindow::datsChanged, this, &Studio::refreshWorldMap);
    connect(m_worldMap, &WorldMapDock::landblockActivated, this, &Studio::goToLandblock);
    connect(m_window, &MainWindow::setupSelected, this, &Studio::showSetup);
    connect(m_window, &MainWindow::entrySelected, this, &Studio::describeSelection);
    connect(m_window, &MainWindow::physicsScriptTableSelected, this, [this](std::uint32_t id) {
        if (m_tables) {
            m_tables->setTable(id);
            m_tablesDock->raise();
        }
    });
    rebuildSession();
    refreshWorldMap();
}

void Studio::refreshWorldMap() {
    std::shared_ptr<const dat::DatFile> cells;
    for (const auto& dat : m_window->dats())
        if (dat->kind() == dat::DatKind::Cell)
            cells = dat;
    m_worldMap->setDats(cells, m_window->portalDat());
}

bool Studio::goToLandblock(std::uint32_t landblockId) {
    std::shared_ptr<const dat::DatFile> cells;
    for (const auto& dat : m_window->dats())
        if (dat->kind() == dat::DatKind::Cell)
            cells = dat;
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

void Studio::addViewActions() {
    QMenu* view = m_window->viewMenu();
    view->addSeparator();
    for (QDockWidget* dock :
         {m_launcherDock, m_tablesDock, m_timelineDock, m_eventLogDock, m_plotDock,
          static_cast<QDockWidget*>(m_worldMap), static_cast<QDockWidget*>(m_gallery)})
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* viewport = view->addMenu(tr("Vie&wport"));
    auto* toolbar = m_window->addToolBar(tr("Viewport"));
    toolbar->setObjectName(QStringLiteral("viewportToolbar")); // for saveState
    for (QAction* action : m_viewport->overlayActions()) {
        viewport->addAction(action);
        toolbar->addAction(action);
    }
    viewport->addSeparator();
    viewport->addAction(m_viewport->halfResolutionParticlesAction());
    viewport->addSeparator();
    viewport->addAction(m_viewport->frameSelectionAction());
    viewport->addAction(m_viewport->flyCameraAction());
    view->addAction(m_navigation->goToAction());
    view->addAction(m_placement->hideWorldAction());
    toolbar->addSeparator();
    toolbar->addAction(m_viewport->frameSelectionAction());
    view->addAction(toolbar->toggleViewAction());
}

void Studio::chooseExport() {
    const auto dat = m_window->currentDat();
    const std::uint32_t id = m_window->currentId();
    if (!dat || !id) {
        m_window->statusBar()->showMessage(tr("Select an entry to export first"), 5000);
        return;
    }
    const preview::Assets assets(dat);
    const auto format = exports::entryFormat(*dat, id);
    if (format == exports::EntryFormat::None) {
        m_window->statusBar()->showMessage(tr("%1 has no export").arg(dat::didJson(id)), 5000);
        return;
    }
    ExportDialog dialog(id, QString::fromUtf8(dat::typeName(dat->kind(), id).data()),
                        exports::defaultSuffix(assets, id), format == exports::EntryFormat::Model,
                        m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString error;
    const auto options = dialog.options(error);
    if (!options) {
        m_window->statusBar()->showMessage(error, 8000);
        return;
    }
    exportCurrent(dialog.path(), *options);
}

bool Studio::exportCurrent(const QString& path, const exports::ModelExportOptions& options) {
    m_exportError.clear();
    const auto dat = m_window->currentDat();
    const std::uint32_t id = m_window->currentId();
    try {
        if (!dat || !id)
            throw exports::ExportError("no entry is selected");
        // Its own Assets: the entry may be in another DAT than the session's portal.
        const preview::Assets assets(dat);
        const QStringList warnings = exports::exportEntryToFile(assets, id, path, options);
        m_window->statusBar()->showMessage(
            warnings.isEmpty()
                ? tr("Exported %1 to %2").arg(dat::didJson(id), path)
                : tr("Exported %1 to %2 (%3)")
                      .arg(dat::didJson(id), path, warnings.join(QStringLiteral("; "))),
            8000);
        return true;
    } catch (const std::exception& error) {
        m_exportError = QString::fromStdString(error.what());
    }
    m_window->statusBar()->showMessage(tr("Export failed: %1").arg(m_exportError), 10000);
    return false;
}

QDockWidget* Studio::addDock(const QString& title, const QString& name, Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, m_window);
    dock->setObjectName(name); // for saveState
    m_window->addDockWidget(area, dock);
    return dock;
}

void Studio::rebuildSession() {
    const auto portal = m_window->portalDat();
    if (m_assets && portal && m_assets->dat() == portal.get())
        return;
    // The widgets hold the session they were made for: all go together.
    for (QDockWidget* dock :
         {m_launcherDock, m_tablesDock, m_timelineDock, m_eventLogDock, m_plotDock})
        delete dock->widget();
    delete m_session;
    m_session = nullptr;
    m_launcher = nullptr;
    m_timeline = nullptr;
    m_eventLog = nullptr;
    m_plot = nullptr;
    m_tables = nullptr;
    m_sound = nullptr;
    m_assets = portal ? std::make_shared<const preview::Assets>(portal) : nullptr;
    m_viewport->setAssets(m_assets); // clears the world too
    m_landblock = 0;
    m_viewport->showSnapshot({});
    if (!m_assets)
        return;

    m_session = new StudioSession(m_assets, this);
    m_launcher = new EffectLauncher(m_session);
    m_tables = new TableBrowser(m_session);
    m_timeline = new TimelineBar(m_session);
    m_eventLog = new EventLog(m_session);
    m_plot = new ParticlePlot(m_session);
    m_launcherDock->setWidget(m_launcher);
    m_tablesDock->setWidget(m_tables);
    m_timelineDock->setWidget(m_timeline);
    m_eventLogDock->setWidget(m_eventLog);
    m_plotDock->setWidget(m_plot);
    m_sound = new SoundPlayer(m_session, m_session);
    m_assetPane->setSoundPlayer(m_sound);
    // What happens in the scene (a Setup, an effect, a scenario) brings the 3D view forward.
    for (auto signal : {&StudioSession::sceneReset, &StudioSession::actionsChanged})
        connect(m_session, signal, m_centre, [this] { m_centre->setCurrentWidget(m_viewport); });
    m_muteAction->setChecked(m_sound->isMuted());
    m_timeline->setMuteAction(m_muteAction);
    connect(m_sound, &SoundPlayer::mutedChanged, m_muteAction, &QAction::setChecked);
    connect(m_session, &StudioSession::snapshotChanged, m_viewport,
            [this] { m_viewport->showSnapshot(m_session->snapshot()); });
    connect(m_session, &StudioSession::errorOccurred, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 8000); });
    connect(m_sound, &SoundPlayer::errorOccurred, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 8000); });
    connect(m_session, &StudioSession::sceneReset, m_viewport, [this] {
        if (m_session->mode() == StudioSession::Mode::Scenario) {
            m_viewport->setCaption(shownText());
            showScenarioWorld();
        }
    });
    connect(m_launcher, &EffectLauncher::status, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 5000); });
}

bool Studio::showSetup(std::uint32_t setupId) {
    if (m_landblock && m_placement->hasWorld()) { // the Setup stands in the world shown
        const auto at =
            m_placement->lastPoint() ? m_placement->lastPoint() : m_placement->groundAtViewCentre();
        if (at)
            return placeSetup(*at, setupId);
        m_window->statusBar()->showMessage(
            tr("No ground in the middle of the view: the Setup is shown alone"), 8000);
    }
    hideWorld();
    if (!m_session || !m_session->showSetup(setupId)) {
        m_viewport->setCaption(m_session ? m_session->lastError() : tr("No portal DAT is open"));
        return false;
    }
    m_lastSetup = setupId;
    m_viewport->showSnapshot(m_session->snapshot());
    m_viewport->frameSelection();
    m_viewport->setCaption(shownText());
    return true;
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

QString Studio::shownText() const {
    if (m_landblock)
        return tr("Landblock %1 and its neighbours").arg(dat::didJson(m_landblock));
    if (!m_session)
        return {};
    switch (m_session->mode()) {
    case StudioSession::Mode::Setup:
        return tr("Setup %1").arg(dat::didJson(m_session->setupId()));
    case StudioSession::Mode::Scenario:
        return tr("Scenario %1").arg(QFileInfo(m_session->scenarioPath()).fileName());
    case StudioSession::Mode::Emitter:
        return tr("ParticleEmitterInfo %1 alone").arg(dat::didJson(m_session->emitterId()));
    case StudioSession::Mode::Empty:
        break;
    }
    return tr("Nothing to draw: choose a Setup in the browser");
}

void Studio::describeSelection(std::uint32_t id) {
    const auto dat = m_window->currentDat();
    if (!dat)
        return;
    const QString type = QString::fromUtf8(dat::typeName(dat->kind(), id).data());
    // A texture, palette or sound shows in the Asset tab; anything else brings the 3D view back.
    const bool asset = m_assetPane->showEntry(dat, id, m_window->dats());
    m_centre->setCurrentWidget(asset ? static_cast<QWidget*>(m_assetPane) : m_viewport);
    if (type == QLatin1String("Setup"))
        return;                       // showSetup says what it shows
    if (AssetViewer::handles(type)) { // alone at the origin, the world put away
        hideWorld();
        m_assetViewer->show(m_session, type, id, m_lastSetup);
        return;
    }
    if (type == QLatin1String("LandBlock") || type == QLatin1String("LandBlockInfo") ||
        type == QLatin1String("EnvCell")) { // an EnvCell: its block, the camera inside it
        showLandblock(id);
        return;
    }
    const QString shown = shownText();
    m_viewport->setCaption(
        m_landblock || (m_session && m_session->mode() != StudioSession::Mode::Empty)
            ? tr("%1 %2 has no 3D preview of its own yet; still showing %3")
                  .arg(type, dat::didJson(id), shown)
            : tr("%1 %2 has no 3D preview of its own yet").arg(type, dat::didJson(id)));
}

namespace {

std::shared_ptr<const dat::DatFile> openCellDat(const MainWindow& window) {
    std::shared_ptr<const dat::DatFile> cells;
    for (const auto& dat : window.dats())
        if (dat->kind() == dat::DatKind::Cell)
            cells = dat;
    return cells;
}

} // namespace

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
