#pragma once
// The studio put together (architecture.md): MainWindow's browser and inspector around the Qt3D
// viewport, and the effect session with its launcher, timeline, event log, particle plot and
// table browser as docks, and its sound, the World map of the open cell DAT, and the Appearance
// dock that dresses the Setup shown. Choosing a Setup
// in the browser shows it; choosing a LandBlock or LandBlockInfo shows that landblock and its
// neighbours (docs/render.md#the-world); choosing a PhysicsScriptTable lists it; a texture, palette
// or sound shows in the Asset tab beside the viewport (asset_pane.h). The session is
// rebuilt from the portal DAT whenever the open DATs change.

#include "export/model_export.h"
#include "world/geometry.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector3D>
#include <cstdint>
#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QTabWidget;

namespace portalkit::preview {
class Assets;
}

namespace portalkit::render {
class ViewportWidget;
}

namespace portalkit::ui {

// What `portalkit-studio` opens when it is given no DAT, seen from an executable in
// `applicationDir`: the demo portal DAT (preview::bundledDemoFile: the build tree's ../demo, or
// an installed ../share/portalkit/demo), then those of the demo cell, local and highres DATs
// (client_cell_1.dat, client_local_English.dat, client_highres.dat) that lie beside it.
QStringList defaultDats(const QString& applicationDir);

class AppearanceDock;
class EditActions;
class AssetPane;
class EffectLauncher;
class EventLog;
class GalleryDock;
class MainWindow;
class ParticlePlot;
class SoundPlayer;
class StudioSession;
class TableBrowser;
class TimelineBar;
class WorldMapDock;
class WorldLoader;
class WorldNavigation;
class WorldPlacement;
class AssetViewer;
struct WorldLoad;

class Studio : public QObject {
    Q_OBJECT
  public:
    // Puts the viewport in `window`'s centre and adds the session docks (empty until a portal
    // DAT is open).
    explicit Studio(MainWindow* window);

    MainWindow* window() const { return m_window; }
    render::ViewportWidget* viewport() const { return m_viewport; }
    // The centre's tabs: the viewport, then the asset pane, which shows the browser's texture,
    // palette or sound (docs/studio.md#asset-previews) and comes forward when one is chosen.
    QTabWidget* centreTabs() const { return m_centre; }
    AssetPane* assetPane() const { return m_assetPane; }
    // Null while no portal DAT is open.
    StudioSession* session() const { return m_session; }
    EffectLauncher* launcher() const { return m_launcher; }
    TimelineBar* timeline() const { return m_timeline; }
    EventLog* eventLog() const { return m_eventLog; }
    ParticlePlot* particlePlot() const { return m_plot; }
    TableBrowser* tableBrowser() const { return m_tables; }
    // Plays the session's sounds; null while no portal DAT is open.
    SoundPlayer* soundPlayer() const { return m_sound; }
    // The World map of the open cell DAT; a click selects that landblock in the browser.
    WorldMapDock* worldMap() const { return m_worldMap; }
    // Thumbnails of the portal DAT's Setups, GfxObjs and textures; a double-click opens one in
    // the browser.
    GalleryDock* gallery() const { return m_gallery; }
    // Dresses the Setup shown: clothing, palette template, shade and the ObjDesc itself
    // (docs/studio.md#appearance).
    AppearanceDock* appearance() const { return m_appearance; }
    // Goes to a landblock (0xXXYYFFFF) the map was clicked on: selects its LandBlock in the
    // browser when the cell DAT holds it, which shows it in the viewport (showLandblock), else
    // only a word on the status bar. False in that second case.
    bool goToLandblock(std::uint32_t landblockId);

    // Editing the open DATs: the Inspector's Edit tab, undo and redo, Save, Import…
    // (docs/studio.md#editing-in-the-studio).
    EditActions* editActions() const { return m_edit; }

    // Mute (M), shown in the timeline; checked while the sound player is muted.
    QAction* muteAction() const { return m_muteAction; }

    // File → Export selected… (Ctrl+E): asks where and how, then exportCurrent.
    QAction* exportAction() const { return m_exportAction; }
    // Writes the browser's current entry to `path` in its format (entry_export.h); false, with
    // the reason on the status bar and in lastExportError(), when it cannot.
    bool exportCurrent(const QString& path, const exports::ModelExportOptions& options);
    QString lastExportError() const { return m_exportError; }

    // Shows this Setup in the viewport with a fresh session; false when it cannot be loaded.
    // While a world is shown the Setup stands in it (where the last one stood, else on the
    // ground in the middle of the view); otherwise alone at the origin.
    bool showSetup(std::uint32_t setupId);
    // Stands `setupId` (0: the Setup shown last) at a point of the shown world, the world kept;
    // false when there is no Setup to stand or it cannot be loaded.
    bool placeSetup(QVector3D at, std::uint32_t setupId = 0);
    // Stops drawing the world (View → Hide World); a Setup standing in it stays at its place.
    void hideWorld();
    // Ctrl+click picking and the Hide World action.
    WorldPlacement* placement() const { return m_placement; }
    // Shows a GfxObj, ParticleEmitterInfo or Animation chosen in the browser alone.
    AssetViewer* assetViewer() const { return m_assetViewer; }
    // Shows a landblock (any id inside it) and its ring of neighbours from the open cell DAT,
    // built off the GUI thread (world_loader.h); worldShown() follows when it is drawn. With an
    // EnvCell id the camera stands in that cell; with a `spot` (landblock-local) it stands there.
    void showLandblock(std::uint32_t id, std::optional<world::Vec3> spot = std::nullopt);
    // Whether the portal DAT and a cell DAT are open, so showLandblock can draw.
    bool canShowWorld() const;
    // The landblock the viewport's world is drawn around (0xXXYYFFFF); 0 when it shows none.
    std::uint32_t shownLandblock() const { return m_landblock; }
    // Where the scene's (0, 0, 0) is in that landblock: its south-west corner, or a scenario's
    // origin when the world is a scenario's place.
    QVector3D sceneOrigin() const { return m_sceneOrigin; }
    // View → Go To… and the camera's place on the status bar.
    WorldNavigation* navigation() const { return m_navigation; }
    // Builds landblocks for the viewport; tests wait on its loaded signal.
    WorldLoader* worldLoader() const { return m_worldLoader; }

  signals:
    void worldShown(std::uint32_t landblock);

  private:
    void rebuildSession();
    // Entries of a DAT were edited, undone or redone (EditSession::entriesChanged): the
    // session's records forget them and what is shown is shown again, as edited.
    void showEdits(const QString& datPath, const QList<quint32>& ids);
    // Hands the World map the open cell and portal DATs.
    void refreshWorldMap();
    // The viewport's caption: what it draws, and when the browser shows an entry it cannot
    // draw (a texture, a Wave...), that the view still shows the last Setup. A GfxObj, an
    // emitter or an Animation goes to the AssetViewer instead.
    void describeSelection(std::uint32_t id);
    QString shownText() const;
    void showWorld(const WorldLoad& load);
    void showScenarioWorld();
    void showScenarioPlace(const WorldLoad& load);
    // View menu: the studio's docks, the viewport's overlays and frame-selection (also on a
    // toolbar).
    void addViewActions();
    void chooseExport();
    QDockWidget* addDock(const QString& title, const QString& name, Qt::DockWidgetArea area);

    MainWindow* m_window;
    QAction* m_exportAction;
    QString m_exportError;
    render::ViewportWidget* m_viewport;
    QTabWidget* m_centre = nullptr;
    AssetPane* m_assetPane = nullptr;
    std::shared_ptr<const preview::Assets> m_assets;
    StudioSession* m_session = nullptr;
    EffectLauncher* m_launcher = nullptr;
    TimelineBar* m_timeline = nullptr;
    EventLog* m_eventLog = nullptr;
    ParticlePlot* m_plot = nullptr;
    TableBrowser* m_tables = nullptr;
    SoundPlayer* m_sound = nullptr;
    QAction* m_muteAction;
    WorldLoader* m_worldLoader;
    std::uint32_t m_landblock = 0; // shown in the viewport; 0 when it shows the session
    QDockWidget* m_launcherDock;
    QDockWidget* m_timelineDock;
    QDockWidget* m_eventLogDock;
    QDockWidget* m_plotDock;
    QDockWidget* m_tablesDock;
    WorldMapDock* m_worldMap;
    GalleryDock* m_gallery;
    AppearanceDock* m_appearance;
    WorldNavigation* m_navigation;
    WorldPlacement* m_placement;
    AssetViewer* m_assetViewer;    // GfxObjs, emitters and Animations alone
    std::uint32_t m_lastSetup = 0; // the Setup shown or stood last, for Ctrl+click
    QString m_scenarioWorld;       // the scenario whose world is drawn (or asked for)
    QVector3D m_sceneOrigin;
    EditActions* m_edit;
};

} // namespace portalkit::ui
