#include "studio.h"

#include "core/assets.h"
#include "render/viewport_widget.h"
#include "session/effect_launcher.h"
#include "session/event_log.h"
#include "session/particle_plot.h"
#include "session/sound_player.h"
#include "session/studio_session.h"
#include "session/table_browser.h"
#include "session/timeline_bar.h"
#include "widgets/main_window.h"

#include <QAction>
#include <QDockWidget>
#include <QIcon>
#include <QStatusBar>

namespace portalkit::ui {

Studio::Studio(MainWindow* window)
    : QObject(window), m_window(window), m_viewport(new render::ViewportWidget),
      m_muteAction(
          new QAction(QIcon::fromTheme(QStringLiteral("audio-volume-muted")), tr("Mute"), this)) {
    m_window->setCentralView(m_viewport);
    m_launcherDock = addDock(tr("Effects"), QStringLiteral("effects"), Qt::RightDockWidgetArea);
    m_tablesDock = addDock(tr("Script table"), QStringLiteral("tables"), Qt::RightDockWidgetArea);
    m_timelineDock = addDock(tr("Timeline"), QStringLiteral("timeline"), Qt::BottomDockWidgetArea);
    m_eventLogDock = addDock(tr("Event log"), QStringLiteral("events"), Qt::BottomDockWidgetArea);
    m_plotDock = addDock(tr("Particles"), QStringLiteral("particles"), Qt::BottomDockWidgetArea);
    m_window->tabifyDockWidget(m_eventLogDock, m_plotDock);
    m_eventLogDock->raise();
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
    connect(m_window, &MainWindow::setupSelected, this, &Studio::showSetup);
    connect(m_window, &MainWindow::physicsScriptTableSelected, this, [this](std::uint32_t id) {
        if (m_tables) {
            m_tables->setTable(id);
            m_tablesDock->raise();
        }
    });
    rebuildSession();
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
    m_viewport->setAssets(m_assets);
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
    m_muteAction->setChecked(m_sound->isMuted());
    m_timeline->setMuteAction(m_muteAction);
    connect(m_sound, &SoundPlayer::mutedChanged, m_muteAction, &QAction::setChecked);
    connect(m_session, &StudioSession::snapshotChanged, m_viewport,
            [this] { m_viewport->showSnapshot(m_session->snapshot()); });
    connect(m_session, &StudioSession::errorOccurred, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 8000); });
    connect(m_sound, &SoundPlayer::errorOccurred, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 8000); });
    connect(m_launcher, &EffectLauncher::status, m_window,
            [this](const QString& message) { m_window->statusBar()->showMessage(message, 5000); });
}

bool Studio::showSetup(std::uint32_t setupId) {
    if (!m_session || !m_session->showSetup(setupId))
        return false;
    m_viewport->showSnapshot(m_session->snapshot());
    m_viewport->frameSelection();
    return true;
}

} // namespace portalkit::ui
