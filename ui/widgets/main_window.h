#pragma once

#include <QMainWindow>
#include <QStringList>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QTreeWidget;
class QSortFilterProxyModel;
class QTableView;

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

class AuditPanel;
class BrowserDock;
class EntryTableModel;
class InspectorDock;
class WorldData;

// The studio's window. Docks: Browser (the open DATs by type, filter, go to id, back/forward),
// Inspector (the shown record as a tree, ids as links), Bytes (hex), Audit. The centre is the
// entry table of the DAT being browsed until setCentralView() puts another view (the 3D
// viewport) there; the table then moves into an "Entries" dock.
//
// Several DATs can be open at once, one per kind (portal, highres, local, cell): opening a DAT
// of a kind already open replaces it. Ids are looked up in that order (see BrowserDock).
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a DAT read-only beside the others (replacing one of its kind) and shows its first
    // entry; on failure keeps what was open, says why (status bar, lastError(), and a non-modal
    // message box, at once or when the window is first shown) and returns false.
    bool openDat(const QString& path);
    // Shows entry `id` (searching the open DATs, the shown one first; recorded in the history);
    // false if no open DAT holds it.
    bool selectEntry(std::uint32_t id);
    // The window's size and place, and the docks' layout, as the user left them
    // (QSettings("PortalKit", "Studio"), keys "window/geometry" and "window/state"); without a
    // saved layout, kScreenShare of the screen's available area, centred. Call once every dock
    // exists (the studio's too), before show(); portalkit-studio does. A window that never
    // called it (a test's) keeps the size it was given and saves nothing.
    void restoreLayout();
    // Writes them; closing a window that restored its layout does.
    void saveLayout() const;
    static constexpr double kScreenShare = 0.85;
    // Opens the server's world data (world_data.h): a weenie index, a JSON export, an ACE SQL
    // file or folder, or a mysql:// URL, loaded in the background; the status bar says when it
    // has loaded, a message box why it did not. Remembered for the next run.
    void openWorldData(const QString& source);
    WorldData* worldData() const { return m_world; }
    // Shows the Audit panel and runs it (against `manifest` when given) on the shown DAT.
    void showAudit(const QString& manifest = {});
    // Puts `view` in the centre (the window takes ownership; a view put there before is deleted)
    // and moves the entry table into an "Entries" dock; nullptr puts the entry table back.
    void setCentralView(QWidget* view);

    // The open DATs in lookup order (portal, highres, local, cell).
    const std::vector<std::shared_ptr<const dat::DatFile>>& dats() const { return m_dats; }
    // The open portal DAT (what preview::Assets are built from), or null.
    std::shared_ptr<const dat::DatFile> portalDat() const;
    // The DAT of the shown entry (null before anything is shown) and the entry's id.
    std::shared_ptr<const dat::DatFile> currentDat() const;
    std::uint32_t currentId() const;
    QString lastError() const { return m_lastError; }
    // Most recent first; persisted in QSettings("PortalKit", "Studio"), key "recentDats".
    QStringList recentDats() const;
    QMenu* recentMenu() const { return m_recentMenu; }
    // Toggles for the docks; a front end adds its own panels and view actions here.
    QMenu* viewMenu() const { return m_viewMenu; }
    // Adds a front end's action to File, above Quit.
    void addFileAction(QAction* action);
    QMenu* fileMenu() const { return m_fileMenu; }

    // Editing (ui/edit/edit_actions.h): how the views read an entry (an edit session's pending
    // bytes before the file's), and a guard asked before a DAT (its path; empty when the window
    // closes) is replaced or closed, which may keep it open by returning false.
    using EntryReader =
        std::function<std::vector<std::uint8_t>(const dat::DatFile& dat, std::uint32_t id)>;
    void setEntryReader(EntryReader reader) { m_readEntry = std::move(reader); }
    using CloseGuard = std::function<bool(const QString& datPath)>;
    void setCloseGuard(CloseGuard guard) { m_closeGuard = std::move(guard); }
    // Shows the shown entry's bytes and fields again (they were edited), emitting nothing.
    void refreshEntry();

    BrowserDock* browserDock() const { return m_browser; }
    InspectorDock* inspectorDock() const { return m_inspector; }
    QDockWidget* bytesDock() const { return m_bytesDock; }
    QDockWidget* auditDock() const { return m_auditDock; }
    // Null until setCentralView() moved the entry table into it.
    QDockWidget* entriesDock() const { return m_entriesDock; }

    EntryTableModel* entryModel() const { return m_model; }
    QSortFilterProxyModel* filterModel() const { return m_filter; }
    QLineEdit* filterEdit() const { return m_filterEdit; }
    QTableView* entryView() const { return m_table; }
    QPlainTextEdit* bytesView() const { return m_bytes; }
    QTreeWidget* recordView() const;
    AuditPanel* auditPanel() const { return m_audit; }

  signals:
    // The shown entry changed (any DAT), and the same for the types other views act on.
    void entrySelected(std::uint32_t id);
    void setupSelected(std::uint32_t id);
    void physicsScriptTableSelected(std::uint32_t id);
    // A DAT was opened or replaced.
    void datsChanged();

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

  private:
    void buildMenus(); // File, Go, View, Tools
    void chooseDat();
    void showEntry(const dat::DatFile* dat, std::uint32_t id);
    void tableRowChanged(const QModelIndex& current);
    void showEntryBytes(std::span<const std::uint8_t> bytes);
    void showEntryContent(const dat::DatFile& dat, std::uint32_t id);
    void showDatSummary(const dat::DatFile& dat);
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void fail(const QString& message);
    void showError();

    std::vector<std::shared_ptr<const dat::DatFile>> m_dats;
    EntryTableModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTableView* m_table;
    QLineEdit* m_filterEdit;
    QWidget* m_entryView;
    QLabel* m_summary;
    QPlainTextEdit* m_bytes;
    BrowserDock* m_browser;
    InspectorDock* m_inspector;
    AuditPanel* m_audit;
    WorldData* m_world;
    QDockWidget* m_bytesDock;
    QDockWidget* m_auditDock;
    QDockWidget* m_entriesDock = nullptr;
    QMenu* m_recentMenu;
    QMenu* m_viewMenu;
    QMenu* m_fileMenu;
    QAction* m_quitSeparator;
    QString m_lastError;
    EntryReader m_readEntry;
    CloseGuard m_closeGuard;
    bool m_errorPending = false; // failed before the window was shown
    bool m_syncingTable = false;
    bool m_layoutRestored = false;
};

} // namespace portalkit::ui
