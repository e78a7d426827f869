#pragma once

#include "ui/widgets/record_links.h"

#include <QDockWidget>
#include <QString>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>

class QJsonValue;
class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::ui {

// The studio's Inspector dock: the shown entry decoded as a tree, the same fields and values
// `portalkit show` prints. Every id value that names an entry of an open DAT is a link: a click
// (or Enter) on it emits linkActivated() once control returns to the event loop. What a value
// links to, and in which DAT it is looked up, is record_links.h's rule.
class InspectorDock : public QDockWidget {
    Q_OBJECT
  public:
    // Says what a link opens when an open DAT holds it ("Environment in client_portal.dat"), or
    // an empty string.
    using LinkResolver = std::function<QString(const RecordLink& link)>;

    // Adds rows of its own at the top of the shown record's root (root->insertChild(0, …)), above
    // the decoded fields where they are seen without scrolling: the world data's weenies. A row
    // naming an entry is made a link with addLink(item, link).
    using Annotator = std::function<void(InspectorDock& dock, QTreeWidgetItem* root)>;

    explicit InspectorDock(QWidget* parent = nullptr);

    void setLinkResolver(LinkResolver resolver) { m_resolve = std::move(resolver); }
    void setAnnotator(Annotator annotator) { m_annotate = std::move(annotator); }
    // Replaces the annotator's rows under the shown record (what it knows changed).
    void reannotate();
    // Makes `item`'s value column a link to `link` when the resolver finds it in an open DAT;
    // false (and no link) otherwise.
    bool addLink(QTreeWidgetItem* item, const RecordLink& link);
    // Decodes entry `id` of `dat` from `bytes` and shows it.
    void showRecord(const dat::DatFile& dat, std::uint32_t id, std::span<const std::uint8_t> bytes);
    // Shows entry `id` with a reason it cannot be decoded (e.g. its bytes could not be read).
    void showError(const dat::DatFile& dat, std::uint32_t id, const QString& message);
    void clear();

    QTreeWidget* tree() const { return m_tree; }
    // Adds a tab beside the fields (the studio's Edit tab, ui/edit/record_editor.h); the dock
    // then holds tabs, the fields first.
    void addPage(QWidget* page, const QString& title);
    // Null until a page is added.
    QTabWidget* pages() const { return m_pages; }
    // The id shown (0 when empty) and the DAT it came from (null when empty).
    std::uint32_t shownId() const { return m_id; }
    const dat::DatFile* shownDat() const { return m_dat; }
    // The link an item holds in its value column, or 0.
    static std::uint32_t linkOf(const QTreeWidgetItem* item);
    static std::optional<RecordLink> recordLinkOf(const QTreeWidgetItem* item);

  signals:
    void linkActivated(const portalkit::ui::RecordLink& link);

  private:
    QTreeWidgetItem* addRoot(const dat::DatFile& dat, std::uint32_t id);
    void annotate(QTreeWidgetItem* root);
    bool setLink(QTreeWidgetItem* item, const RecordLink& link, const QString& text);
    void addValue(QTreeWidgetItem* parent, QStringList& path, const QJsonValue& value);
    void addLink(QTreeWidgetItem* item, const QStringList& path, const QJsonValue& value,
                 const QString& text);

    QTreeWidget* m_tree;
    QTabWidget* m_pages = nullptr;
    LinkResolver m_resolve;
    Annotator m_annotate;
    const dat::DatFile* m_dat = nullptr;
    std::uint32_t m_id = 0;
};

} // namespace portalkit::ui
