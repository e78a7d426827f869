#pragma once

// The table browser (docs/studio.md): a PhysicsScriptTable's types and each type's threshold
// list exactly in stored order (the order the resolver scans, never sorted). One click on a
// script plays it on the session's target and emits scriptChosen.

#include <QWidget>
#include <cstdint>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace portalkit::ui {

class StudioSession;

class TableBrowser : public QWidget {
    Q_OBJECT
  public:
    enum Role { ScriptRole = Qt::UserRole + 1, TypeRole, ModRole };

    explicit TableBrowser(StudioSession* session, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    std::uint32_t tableId() const { return m_table; }
    // Follows the session's target (its table after each new scene) until setTable is called
    // with a table of its own; setTable(0) follows again.
    void setTable(std::uint32_t tableId);

    // Script types in the order shown (stored order), and one type's scripts.
    std::vector<std::uint32_t> shownTypes() const;
    QTreeWidgetItem* scriptItem(std::uint32_t type, int index) const;

  public Q_SLOTS:
    void refresh();
    // What a click on a script row does: play it on the target and emit scriptChosen.
    void activate(QTreeWidgetItem* item);

  Q_SIGNALS:
    void scriptChosen(std::uint32_t scriptId);

  private:
    void showTable(std::uint32_t tableId);

    StudioSession* m_session;
    QLabel* m_title;
    QTreeWidget* m_tree;
    std::uint32_t m_table = 0;
    std::uint32_t m_pinned = 0;
};

} // namespace portalkit::ui
