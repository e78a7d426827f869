#include "ui/studio/studio.h"

#include "datreader/records/common.h"
#include "preview/core/assets.h"
#include "ui/edit/edit_actions.h"
#include "ui/edit/edit_session.h"
#include "ui/render/viewport_widget.h"
#include "ui/session/effect_launcher.h"
#include "ui/session/event_log.h"
#include "ui/session/particle_plot.h"
#include "ui/session/sound_player.h"
#include "ui/session/studio_session.h"
#include "ui/session/table_browser.h"
#include "ui/session/timeline_bar.h"
#include "ui/studio/appearance_dock.h"
#include "ui/studio/asset_viewer.h"
#include "ui/studio/world_loader.h"
#include "ui/studio/world_navigation.h"
#include "ui/studio/world_placement.h"
#include "ui/widgets/asset_pane.h"
#include "ui/widgets/gallery_dock.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"
#include "ui/widgets/widget_helpers.h"
#include "ui/widgets/world_map_dock.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QIcon>
#include <QMenu>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

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
    m_edit = new EditActions(window);
    followViewpoint(m_viewport); // the cells drawn follow the camera's cell
    // The centre: the 3D view, and in a tab beside it a texture, palette or sound on its own.
    m_centre = new QTabWidget;
    m_centre->setDocumentMode(true);
    m_assetPane = new AssetPane;
    m_centre->addTab(m_viewport, tr("3D view"));
    m_centre->addTab(m_assetPane, tr("Asset"));
    m_window->setCentralView(m_centre);
    // Unsaved edits show before Save: the Asset tab reads the edit session's pending bytes
    // first (so does the session's preview::Assets, rebuildSession), and a change shows again.
    EditSession* edits = m_edit->session();
    m_assetPane->setPendingEntries([edits](const dat::DatFile& dat, std::uint32_t id) {
        return edits->pending(dat.path(), id);
    });
    connect(edits, &EditSession::entriesChanged, this, &Studio::showEdits);
    m_launcherDock = addDock(tr("Effects"), QStringLiteral("effects"), Qt::RightDockWidgetArea);
    m_tablesDock = addDock(tr("Script table"), QStringLiteral("tables"), Qt::RightDockWidgetArea);
    m_timelineDock = addDock(tr("Timeline"), QStringLiteral("timeline"), Qt::BottomDockWidgetArea);
    m_eventLogDock = addDock(tr("Event log"), QStringLiteral("events"), Qt::BottomDockWidgetArea);
    m_plotDock = addDock(tr("Particles"), QStringLiteral("particles"), Qt::BottomDockWidgetArea);
    // The right column holds the Inspector above one tab group: Effects first, then the script
    // table, the world map and Appearance (docs/studio.md#appearance), each looked at now and
    // then. Three stacked groups left each too short for its rows on a laptop's screen.
    m_window->tabifyDockWidget(m_launcherDock, m_tablesDock);
    m_worldMap = new WorldMapDock(m_window);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_worldMap);
    m_window->tabifyDockWidget(m_tablesDock, m_worldMap);
    m_appearance = new AppearanceDock(m_window);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_appearance);
    m_window->tabifyDockWidget(m_worldMap, m_appearance);
    m_launcherDock->raise();
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
    // The launcher scrolls, so it asks for little height: it gets as much as the Inspector
    // (weights, not pixels); a saved layout, restored later, and the user's resizing win.
    m_window->resizeDocks({m_window->inspectorDock(), m_launcherDock}, {1, 1}, Qt::Vertical);
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

void Studio::addViewActions() {
    QMenu* view = m_window->viewMenu();
    view->addSeparator();
    for (QDockWidget* dock :
         {m_launcherDock, m_tablesDock, m_timelineDock, m_eventLogDock, m_plotDock,
          static_cast<QDockWidget*>(m_worldMap), static_cast<QDockWidget*>(m_gallery),
          static_cast<QDockWidget*>(m_appearance)})
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
    m_appearance->setSession(nullptr);
    delete m_session;
    m_session = nullptr;
    m_launcher = nullptr;
    m_timeline = nullptr;
    m_eventLog = nullptr;
    m_plot = nullptr;
    m_tables = nullptr;
    m_sound = nullptr;
    m_assets = nullptr;
    if (portal) {
        auto assets = std::make_shared<preview::Assets>(portal);
        assets->setPending([edits = m_edit->session(), path = portal->path()](std::uint32_t id) {
            return edits->pending(path, id);
        });
        m_assets = std::move(assets);
    }
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
    // Scrolled when the right column is short: its rows (Setup, tables, Weenie, thresholds) would
    // otherwise set a minimum height that keeps the window from fitting a laptop's screen.
    m_launcherDock->setWidget(scrolled(m_launcher));
    m_tablesDock->setWidget(m_tables);
    m_timelineDock->setWidget(m_timeline);
    m_eventLogDock->setWidget(m_eventLog);
    m_plotDock->setWidget(m_plot);
    m_appearance->setSession(m_session);
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

void Studio::showEdits(const QString& datPath, const QList<quint32>& ids) {
    const auto dat = m_window->currentDat();
    const bool portal = m_assets && EditSession::keyOf(m_assets->dat()->path()) == datPath;
    if (!portal && !(dat && EditSession::keyOf(dat->path()) == datPath))
        return; // nothing shown reads that DAT's records
    const std::uint32_t id = dat ? m_window->currentId() : 0;
    const QString type = id ? QString::fromUtf8(dat::typeName(dat->kind(), id).data()) : QString();
    if (portal) {
        m_assets->forget({ids.begin(), ids.end()});
        // The viewport's meshes and textures are made again from the records as edited. A world
        // shown is left alone: its loader reads the files off the GUI thread (world_loader.h).
        if (!m_landblock) {
            m_viewport->setAssets(m_assets);
            if (m_session) // drawn again at once, whatever the session shows
                m_viewport->showSnapshot(m_session->snapshot());
            if (m_session && m_session->mode() == StudioSession::Mode::Setup &&
                type != QLatin1String("Setup") && !AssetViewer::handles(type))
                showSetup(m_session->setupId());
        }
    }
    // The shown entry again, as edited: in the Asset tab or the viewport.
    if (type == QLatin1String("Setup"))
        showSetup(id);
    if (id && (AssetPane::handles(type.toStdString()) || AssetViewer::handles(type)))
        describeSelection(id);
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

} // namespace portalkit::ui
