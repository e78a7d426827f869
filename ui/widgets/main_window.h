#pragma once

#include <QMainWindow>
#include <cstdint>
#include <vector>

class QDockWidget;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QSortFilterProxyModel;
class QTableView;

namespace portalkit::ui {

class AuditPanel;
class EntryTableModel;

// The studio's window. Until the viewport lands it is a DAT browser: every entry with its type,
// size and metadata, filterable by id or type name, with the selected entry decoded as a tree and
// its bytes in hex.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);

    // Opens a DAT read-only and lists it; on failure shows why and returns false.
    bool openDat(const QString& path);
    // Shows entry `id` in the browser (clearing a filter that hides it); false if absent.
    bool selectEntry(std::uint32_t id);
    // Shows the Audit panel and runs it (against `manifest` when given).
    void showAudit(const QString& manifest = {});

    EntryTableModel* entryModel() const { return m_model; }
    QSortFilterProxyModel* filterModel() const { return m_filter; }
    QLineEdit* filterEdit() const { return m_filterEdit; }
    QTableView* entryView() const { return m_table; }
    QPlainTextEdit* bytesView() const { return m_bytes; }
    QTreeWidget* recordView() const { return m_record; }
    AuditPanel* auditPanel() const { return m_audit; }

  private:
    void chooseDat();
    void showEntry(const QModelIndex& current);
    void showEntryBytes(const std::vector<std::uint8_t>& bytes);
    void showRecord(std::uint32_t id, const std::vector<std::uint8_t>& bytes);

    EntryTableModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTableView* m_table;
    QLineEdit* m_filterEdit;
    QLabel* m_summary;
    QPlainTextEdit* m_bytes;
    QTreeWidget* m_record;
    AuditPanel* m_audit;
    QDockWidget* m_auditDock;
};

} // namespace portalkit::ui
