#pragma once

// The server's world data in the studio (docs/studio.md#world-data-in-the-studio): one weenie
// index (weenies/index.h) that names the DAT's ids. A source that is not an index yet (a folder
// of ACE SQL files, one SQL file, a JSON export, a mysql:// URL) is imported into an index in
// the user's cache folder; the import, and the table of names by DID, are made on a worker
// thread, so a 30,000-weenie corpus never freezes the window.

#include "weenies/index.h"
#include "weenies/weenie.h"

#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QWidget;

namespace portalkit::ui {

// What the worker hands back: the index to open and the names of the weenies using each DID.
struct WorldDataLoad {
    QString source;        // as opened (an absolute path, or a URL)
    QString indexPath;     // the index itself, or the cache's copy of the source
    bool imported = false; // built (or rebuilt, its source having changed) by this load
    std::size_t count = 0;
    QHash<std::uint32_t, QStringList> names; // DID → distinct weenie names, by WCID
    double seconds = 0;                      // the whole load
    QString error;                           // "FILE:LINE:COLUMN: message"; empty on success
};

// Imports or opens `source` (see above), caching imports in `cacheFolder`. Never throws.
WorldDataLoad loadWorldData(const QString& source, const QString& cacheFolder);

class WorldData : public QObject {
    Q_OBJECT
  public:
    // The settings key (QSettings("PortalKit", "Studio")) of the source opened last.
    static constexpr const char* kSettingsKey = "worldData";

    explicit WorldData(QObject* parent = nullptr);
    ~WorldData() override;

    // The world data of the window `widget` sits in: a WorldData child of its nearest ancestor
    // that has one (the MainWindow's), or null.
    static WorldData* of(const QWidget* widget);
    // Where imports are cached: the user's cache folder, "world-data".
    static QString defaultCacheFolder();
    // The source the studio opened last (empty when none).
    static QString rememberedSource();

    // Starts loading `source` on a worker; loaded() or failed() follows. What was open stays
    // open (and answers) until the new one has loaded. A source asked for while a load runs
    // starts when it ends, and the earlier answer is dropped.
    void open(const QString& source);
    void close();
    bool isLoading() const { return m_loading; }
    // Blocks until the running load and any waiting one have been applied (tests, shutdown).
    void waitForLoad();
    void setCacheFolder(const QString& folder) { m_cacheFolder = folder; }

    bool isOpen() const { return m_index != nullptr; }
    QString source() const { return m_source; }
    QString indexPath() const { return m_index ? m_index->path() : QString(); }
    std::size_t count() const { return m_index ? m_index->count() : 0; }
    QString lastError() const { return m_lastError; }
    // How the open index came to be: imported (or rebuilt) by its load, and that load's time.
    bool wasImported() const { return m_imported; }
    double loadSeconds() const { return m_seconds; }

    // The names of the weenies using `did` (distinct, by WCID); empty when none or not open.
    QStringList namesOf(std::uint32_t did) const { return m_names.value(did); }
    // Those names for a row beside the id: at most three, else two and "… (N weenies)".
    QString namesLabel(std::uint32_t did) const;
    // Weenies using `did`, by WCID: the first `limit` when `limit` >= 0.
    std::vector<weenies::Weenie> usersOf(std::uint32_t did, int limit = -1) const;
    // How many weenies use `did`.
    std::size_t userCount(std::uint32_t did) const;
    // Weenies named like `text` (whole names first), and the one whose WCID `text` is when it
    // is a decimal number; at most `limit`.
    std::vector<weenies::Weenie> search(const QString& text, int limit = 200) const;
    std::optional<weenies::Weenie> weenie(std::uint32_t wcid) const;

  signals:
    void loaded(); // a new index is open (or the open one closed): names and links changed
    void failed(const QString& message);

  private:
    void apply();

    QFutureWatcher<WorldDataLoad> m_watcher;
    QString m_cacheFolder;
    bool m_loading = false; // a load was started and its answer not yet applied
    QString m_pending;      // the source asked for while a load runs
    QString m_source;
    QString m_lastError;
    std::unique_ptr<weenies::WeenieIndex> m_index; // opened on the GUI thread (QSqlDatabase)
    QHash<std::uint32_t, QStringList> m_names;
    bool m_imported = false;
    double m_seconds = 0;
};

} // namespace portalkit::ui
