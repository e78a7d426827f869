#include "ui/studio/obj_desc_tree.h"

#include "datreader/records/common.h"

#include <QHeaderView>
#include <QJsonArray>

namespace portalkit::ui {

namespace {

using preview::appearance::ObjDesc;

constexpr int kColumns = 3; // up to three values per entry
constexpr int kGroupRole = Qt::UserRole + 1;

struct GroupInfo {
    const char* title;
    const char* columns; // what the entries' columns hold, on the group's row
    const char* key;     // the JSON key: a list, or for the base palette the value itself
    QStringList fields;  // the JSON keys of the columns
};

const GroupInfo& info(ObjDescTree::Group group) {
    static const GroupInfo groups[] = {
        {"Base palette", "", "basePalette", {"basePalette"}},
        {"Sub-palettes",
         "palette, offset, colours",
         "subPalettes",
         {"palette", "offset", "numColors"}},
        {"Texture changes",
         "part, old, new",
         "textureChanges",
         {"part", "oldTexture", "newTexture"}},
        {"Part changes", "part, GfxObj", "partChanges", {"part", "gfxObj"}},
    };
    return groups[group];
}

QString hex(std::uint32_t id) {
    return dat::didJson(id);
}

// What a cell holds as JSON: a plain whole number as a number (fromJson reads offsets and parts
// as numbers), anything else as the text typed, for fromJson to accept ("0x10") or refuse.
QJsonValue cellValue(const QString& text) {
    bool whole = false;
    const qlonglong number = text.trimmed().toLongLong(&whole, 10);
    return whole ? QJsonValue(number) : QJsonValue(text.trimmed());
}

} // namespace

ObjDescTree::ObjDescTree(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(kColumns);
    setHeaderHidden(true); // each group's row names its columns
    setIndentation(fontMetrics().averageCharWidth() * 2);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    header()->setStretchLastSection(false);
    // Only values are edited (a double-click on one); a group's row is its title.
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    connect(this, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item, int column) {
        if (m_editable && groupOf(item) >= 0 && !item->text(column).isEmpty())
            editItem(item, column);
    });
    setDesc({});
    connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int) {
        if (groupOf(item) >= 0)
            emit edited(jsonForm());
    });
}

int ObjDescTree::groupOf(const QTreeWidgetItem* item) {
    return item && item->parent() ? item->parent()->data(0, kGroupRole).toInt() : -1;
}

void ObjDescTree::setDesc(const ObjDesc& desc) {
    const QSignalBlocker blocker(this);
    // Rebuilt whole (a few dozen rows at most for a retail outfit), groups kept as folded.
    const bool fresh = topLevelItemCount() == 0;
    QList<bool> expanded;
    for (int i = 0; i < topLevelItemCount(); ++i)
        expanded << topLevelItem(i)->isExpanded();
    clear();
    for (int g = BasePalette; g <= PartChanges; ++g) {
        auto* item = new QTreeWidgetItem(this);
        item->setData(0, kGroupRole, g);
        item->setFirstColumnSpanned(true);
        QFont font = item->font(0);
        font.setBold(true);
        item->setFont(0, font);
    }
    addEntryRow(BasePalette, {hex(desc.basePalette)});
    for (const auto& s : desc.subPalettes)
        addEntryRow(SubPalettes,
                    {hex(s.palette), QString::number(s.offset), QString::number(s.numColors)});
    for (const auto& c : desc.textureChanges)
        addEntryRow(TextureChanges,
                    {QString::number(c.part), hex(c.oldTexture), hex(c.newTexture)});
    for (const auto& c : desc.partChanges)
        addEntryRow(PartChanges, {QString::number(c.part), hex(c.gfxObj)});
    for (int g = BasePalette; g <= PartChanges; ++g) {
        QTreeWidgetItem* item = groupItem(Group(g));
        const GroupInfo& group = info(Group(g));
        item->setText(0, g == BasePalette
                             ? tr(group.title)
                             : QStringLiteral("%1: %2").arg(tr(group.title), tr(group.columns)));
        item->setToolTip(0, tr("%n entries", nullptr, item->childCount()));
        item->setExpanded(fresh || g >= expanded.size() || expanded[g]);
    }
}

void ObjDescTree::addEntryRow(Group group, const QStringList& values) {
    auto* item = new QTreeWidgetItem(groupItem(group));
    for (int c = 0; c < values.size(); ++c)
        item->setText(c, values[c]);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
}

QJsonObject ObjDescTree::jsonForm() const {
    const QTreeWidgetItem* base = groupItem(BasePalette)->child(0);
    QJsonObject form{{"basePalette", cellValue(base ? base->text(0) : QString())}};
    for (int g = SubPalettes; g <= PartChanges; ++g) {
        const GroupInfo& group = info(Group(g));
        QJsonArray list;
        const QTreeWidgetItem* parent = groupItem(Group(g));
        for (int row = 0; row < parent->childCount(); ++row) {
            QJsonObject entry;
            for (int c = 0; c < group.fields.size(); ++c)
                entry[group.fields[c]] = cellValue(parent->child(row)->text(c));
            list.append(entry);
        }
        form[QLatin1String(group.key)] = list;
    }
    return form;
}

} // namespace portalkit::ui
