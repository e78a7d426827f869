#pragma once

#include "audit/checks.h"

#include <QFutureWatcher>
#include <QWidget>
#include <cstdint>
#include <functional>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

// The studio's twin of `portalkit audit`: pick a manifest, run it in the background against the
// open DAT, read one row per finding (or per pin that held), filter them, and double-click a row
// to open its record in the browser.
class AuditPanel : public QWidget {
    Q_OBJECT
  public:
    // `dat` returns the DAT open in the window (or nullptr); it must outlive a run.
    explicit AuditPanel(std::function<const dat::DatFile*()> dat, QWidget* parent = nullptr);
    ~AuditPanel() override;

    void setManifestPath(const QString& path);
    // Starts a run; false (with the reason shown) when there is no DAT or the manifest is bad.
    bool run();
    bool isRunning() const { return m_watcher.isRunning(); }
    void waitForRun() { m_watcher.waitForFinished(); }

    QStandardItemModel* resultModel() const { return m_results; }
    QSortFilterProxyModel* filterModel() const { return m_filter; }
    QTableView* resultView() const { return m_view; }
    QLabel* summaryLabel() const { return m_summary; }
    QProgressBar* progressBar() const { return m_progress; }

    enum Column { Status, Kind, Did, Check, Expected, Actual, ColumnCount };

  signals:
    void finished(bool passed);
    void openRecord(std::uint32_t did);

  private:
    void chooseManifest();
    void showResult();
    void activate(const QModelIndex& index);

    std::function<const dat::DatFile*()> m_dat;
    QLineEdit* m_manifestEdit;
    QPushButton* m_runButton;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QLineEdit* m_filterEdit;
    QStandardItemModel* m_results;
    QSortFilterProxyModel* m_filter;
    QTableView* m_view;
    QFutureWatcher<audit::AuditResult> m_watcher;
};

} // namespace portalkit::ui
