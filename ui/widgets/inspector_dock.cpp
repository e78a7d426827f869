#include "ui/widgets/inspector_dock.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/record.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTreeWidget>

namespace portalkit::ui {
namespace {

constexpr int kLinkRole = Qt::UserRole + 1;

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
        const std::uint32_t id = linkOf(item);
        QMetaObject::invokeMethod(
            this, [this, id] { emit linkActivated(id); }, Qt::QueuedConnection);
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

void InspectorDock::addValue(QTreeWidgetItem* parent, const QString& key, const QJsonValue& value) {
    auto* item = new QTreeWidgetItem(parent, {key});
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        if (object.contains("type"))
            item->setText(1, object["type"].toString());
        for (auto it = object.begin(); it != object.end(); ++it)
            addValue(item, it.key(), it.value());
        return;
    }
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        item->setText(1, tr("%n item(s)", nullptr, int(array.size())));
        for (qsizetype i = 0; i < array.size(); ++i)
            addValue(item, QString::number(i), array[i]);
        return;
    }
    QString text = value.isString() ? value.toString()
                   : value.isBool() ? (value.toBool() ? "true" : "false")
                   : value.isNull() ? "null"
                                    : QString::number(value.toDouble(), 'g', 9);
    // Ids are spelled 0x%08X in the JSON forms; link those an open DAT holds.
    static const QRegularExpression didPattern("^0x[0-9A-Fa-f]{8}$");
    if (value.isString() && didPattern.match(text).hasMatch() && m_resolve) {
        const std::uint32_t id = text.mid(2).toUInt(nullptr, 16);
        const QString target = id != m_id ? m_resolve(id) : QString();
        if (!target.isEmpty()) {
            item->setData(1, kLinkRole, id);
            QFont font = item->font(1);
            font.setUnderline(true);
            item->setFont(1, font);
            item->setForeground(1, m_tree->palette().link());
            item->setToolTip(1, tr("Open %1 (%2)").arg(text, target));
        }
    }
    // Blobs (pixels, samples) come as long base64 strings: show a head and the size.
    if (text.size() > 96)
        text = text.left(48) + tr("… (%1 characters)").arg(text.size());
    item->setText(1, text);
}

void InspectorDock::showRecord(const dat::DatFile& dat, std::uint32_t id,
                               std::span<const std::uint8_t> bytes) {
    QTreeWidgetItem* root = addRoot(dat, id);
    try {
        const auto record = dat::decodeRecord(dat.kind(), id, bytes);
        if (!record) {
            new QTreeWidgetItem(root, {tr("(no decoder for this type yet)")});
        } else {
            const QJsonObject json = dat::recordToJson(*record);
            for (auto it = json.begin(); it != json.end(); ++it)
                addValue(root, it.key(), it.value());
        }
    } catch (const dat::DatError& error) {
        new QTreeWidgetItem(root, {tr("decode error"), QString::fromStdString(error.what())});
    }
    root->setExpanded(true);
    m_tree->resizeColumnToContents(0);
}

void InspectorDock::showError(const dat::DatFile& dat, std::uint32_t id, const QString& message) {
    QTreeWidgetItem* root = addRoot(dat, id);
    new QTreeWidgetItem(root, {tr("read error"), message});
    root->setExpanded(true);
}

} // namespace portalkit::ui
