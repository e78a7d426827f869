#include "ui/widgets/browser_names.h"

#include "datreader/io/dat_error.h"

#include <QSignalBlocker>
#include <algorithm>

namespace portalkit::ui {

QVariant NamedBrowserModel::data(const QModelIndex& index, int role) const {
    QVariant value = DatBrowserModel::data(index, role);
    if (m_names.isEmpty() || (role != Qt::DisplayRole && role != Qt::ToolTipRole) ||
        level(index) != EntryLevel)
        return value;
    const std::uint32_t id = *idAt(index);
    if (role == Qt::DisplayRole) {
        const QString names = m_names.label(id);
        return names.isEmpty() ? value : value.toString() + QStringLiteral("  ") + names;
    }
    const QStringList all = m_names.all ? m_names.all(id) : QStringList();
    return all.isEmpty()
               ? value
               : value.toString() + QLatin1Char('\n') +
                     tr("Named by the world data: %1").arg(all.join(QStringLiteral(", ")));
}

NameMatchList::NameMatchList(QWidget* parent) : QListWidget(parent) {
    setUniformItemSizes(true);
    // A row too long for the dock is cut at its edge; its tooltip holds the whole of it.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(this, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { emit entryChosen(item->data(IdRole).toUInt()); });
    connect(this, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { emit entryChosen(item->data(IdRole).toUInt()); });
    hide();
}

void NameMatchList::showMatches(const std::vector<NamedEntry>& matches,
                                const std::function<QString(std::uint32_t)>& typeOf) {
    clear();
    for (const NamedEntry& match : matches) {
        if (count() >= kLimit)
            break;
        const QString type = typeOf(match.id);
        if (type.isEmpty())
            continue; // a DID no open DAT holds (or a spell id, a house id: not a DAT's)
        auto* item = new QListWidgetItem(
            QStringLiteral("%1  %2 — %3")
                .arg(QString::fromStdString(dat::formatDid(match.id)), type, match.names),
            this);
        item->setData(IdRole, qulonglong(match.id));
        item->setToolTip(item->text());
    }
    // As high as its rows, up to kShownRows; the tree below keeps the rest of the dock.
    constexpr int kShownRows = 6;
    const int rowHeight = count() > 0 ? sizeHintForRow(0) : 0;
    setFixedHeight(rowHeight * std::min(count(), kShownRows) + 2 * frameWidth());
    setVisible(count() > 0);
}

bool NameMatchList::select(std::uint32_t id) {
    const QSignalBlocker block(this);
    for (int row = 0; row < count(); ++row)
        if (item(row)->data(IdRole).toUInt() == id) {
            setCurrentRow(row);
            return true;
        }
    setCurrentRow(-1);
    return false;
}

std::vector<std::uint32_t> NameMatchList::ids() const {
    std::vector<std::uint32_t> out;
    for (int row = 0; row < count(); ++row)
        out.push_back(item(row)->data(IdRole).toUInt());
    return out;
}

} // namespace portalkit::ui
