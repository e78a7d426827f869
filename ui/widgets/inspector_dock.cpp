#include "ui/widgets/inspector_dock.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/opaque_types.h"
#include "datreader/records/record_in_dat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTabWidget>
#include <QTreeWidget>

namespace portalkit::ui {
namespace {

constexpr int kLinkRole = Qt::UserRole + 1;
constexpr int kScopeRole = Qt::UserRole + 2;
constexpr int kAnnotationRole = Qt::UserRole + 3; // a root child the annotator added

} // namespace

InspectorDock::InspectorDock(QWidget* parent)
    : QDockWidget(tr("Inspector"), parent), m_tree(new QTreeWidget) {
    setObjectName("inspectorDock");
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Field"), tr("Value")});
    m_tree->setMouseTracking(true);
    setWidget(m_tree);
    // Following a link rebuilds the tree, so it waits until the view is done with the click
    // (the item view still reads the clicked index after emitting the signal).
    auto follow = [this](QTreeWidgetItem* item) {
        const RecordLink link = *recordLinkOf(item);
        QMetaObject::invokeMethod(
            this, [this, link] { emit linkActivated(link); }, Qt::QueuedConnection);
    };
    connect(m_tree, &QTreeWidget::itemClicked, this, [follow](QTreeWidgetItem* item, int column) {
        if (column == 1 && linkOf(item))
            follow(item);
    });
    connect(m_tree, &QTreeWidget::itemActivated, this, [follow](QTreeWidgetItem* item, int) {
        if (linkOf(item))
            follow(item);
    });
    // A pointing hand over links, as on a web page.
    connect(m_tree, &QTreeWidget::itemEntered, this, [this](QTreeWidgetItem* item, int column) {
        m_tree->viewport()->setCursor(column == 1 && linkOf(item) ? Qt::PointingHandCursor
                                                                  : Qt::ArrowCursor);
    });
}

std::uint32_t InspectorDock::linkOf(const QTreeWidgetItem* item) {
    return item ? item->data(1, kLinkRole).toUInt() : 0;
}

std::optional<RecordLink> InspectorDock::recordLinkOf(const QTreeWidgetItem* item) {
    if (!linkOf(item))
        return std::nullopt;
    return RecordLink{linkOf(item), LinkScope(item->data(1, kScopeRole).toUInt())};
}

void InspectorDock::addPage(QWidget* page, const QString& title) {
    if (!m_pages) {
        m_pages = new QTabWidget;
        m_pages->setDocumentMode(true);
        m_pages->addTab(m_tree, tr("Fields"));
        setWidget(m_pages);
    }
    m_pages->addTab(page, title);
}

void InspectorDock::clear() {
    m_tree->clear();
    m_dat = nullptr;
    m_id = 0;
}

QTreeWidgetItem* InspectorDock::addRoot(const dat::DatFile& dat, std::uint32_t id) {
    clear();
    m_dat = &dat;
    m_id = id;
    auto* root = new QTreeWidgetItem(m_tree, {QString::fromStdString(dat::formatDid(id))});
    const auto type = dat::typeName(dat.kind(), id);
    root->setText(1, QString::fromUtf8(type.data(), qsizetype(type.size())));
    return root;
}

void InspectorDock::addValue(QTreeWidgetItem* parent, QStringList& path, const QJsonValue& value) {
    auto* item = new QTreeWidgetItem(parent, {path.last()});
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.contains("type"))
            item->setText(1, object["type"].toString());
        for (auto it = object.begin(); it != object.end(); ++it) {
            path.push_back(it.key());
            addValue(item, path, it.value());
            path.pop_back();
        }
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        item->setText(1, tr("%n item(s)", nullptr, int(array.size())));
        for (qsizetype i = 0; i < array.size(); ++i) {
            path.push_back(QString::number(i));
            addValue(item, path, array[i]);
            path.pop_back();
        }
        return;
    }
    QString text = value.isString() ? value.toString()
                   : value.isBool() ? (value.toBool() ? "true" : "false")
                   : value.isNull() ? "null"
                                    : QString::number(value.toDouble(), 'g', 9);
    addLink(item, path, value, text);
    // Blobs (pixels, samples) come as long base64 strings: show a head and the size.
    if (text.size() > 96)
        text = text.left(48) + tr("… (%1 characters)").arg(text.size());
    item->setText(1, text);
}

void InspectorDock::addLink(QTreeWidgetItem* item, const QStringList& path, const QJsonValue& value,
                            const QString& text) {
    if (!m_dat)
        return;
    if (const auto link = recordLink(m_dat->kind(), m_id, path, value))
        setLink(item, *link, text);
}

bool InspectorDock::addLink(QTreeWidgetItem* item, const RecordLink& link) {
    return setLink(item, link, QString::fromStdString(dat::formatDid(link.id)));
}

bool InspectorDock::setLink(QTreeWidgetItem* item, const RecordLink& link, const QString& text) {
    const QString target = m_resolve ? m_resolve(link) : QString();
    if (target.isEmpty())
        return false;
    item->setData(1, kLinkRole, link.id);
    item->setData(1, kScopeRole, unsigned(link.scope));
    QFont font = item->font(1);
    font.setUnderline(true);
    item->setFont(1, font);
    item->setForeground(1, m_tree->palette().link());
    const QString id = QString::fromStdString(dat::formatDid(link.id));
    item->setToolTip(1, id == text ? tr("Open %1 (%2)").arg(id, target)
                                   : tr("Open %1, cell %2 (%3)").arg(id, text, target));
    return true;
}

void InspectorDock::annotate(QTreeWidgetItem* root) {
    if (!m_annotate)
        return;
    const int before = root->childCount();
    m_annotate(*this, root);
    for (int i = 0; i < root->childCount() - before; ++i) // they are the first rows
        root->child(i)->setData(0, kAnnotationRole, true);
}

void InspectorDock::reannotate() {
    QTreeWidgetItem* root = m_tree->topLevelItem(0);
    if (!root || !m_dat)
        return;
    for (int i = root->childCount() - 1; i >= 0; --i)
        if (root->child(i)->data(0, kAnnotationRole).toBool())
            delete root->takeChild(i);
    annotate(root);
    m_tree->resizeColumnToContents(0); // the new rows' names are indented deeper
}

void InspectorDock::showRecord(const dat::DatFile& dat, std::uint32_t id,
                               std::span<const std::uint8_t> bytes) {
    QTreeWidgetItem* root = addRoot(dat, id);
    try {
        const auto record = dat::decodeRecordIn(dat, id, bytes);
        if (!record) {
            new QTreeWidgetItem(
                root, {QString::fromStdString(dat::whyOpaque(dat::typeName(dat.kind(), id)))});
        } else {
            const QJsonObject json = dat::recordToJson(*record);
            QStringList path;
            for (auto it = json.begin(); it != json.end(); ++it) {
                path = {it.key()};
                addValue(root, path, it.value());
            }
        }
    } catch (const dat::DatError& error) {
        new QTreeWidgetItem(root, {tr("decode error"), QString::fromStdString(error.what())});
    }
    annotate(root);
    root->setExpanded(true);
    m_tree->resizeColumnToContents(0);
}

void InspectorDock::showError(const dat::DatFile& dat, std::uint32_t id, const QString& message) {
    QTreeWidgetItem* root = addRoot(dat, id);
    new QTreeWidgetItem(root, {tr("read error"), message});
    annotate(root);
    root->setExpanded(true);
}

} // namespace portalkit::ui
