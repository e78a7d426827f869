#include "ui/widgets/entry_table_model.h"

#include "datreader/io/dat_error.h"

#include <QDateTime>
#include <QFontDatabase>

namespace portalkit::ui {

void EntryTableModel::setDat(std::shared_ptr<const dat::DatFile> dat) {
    beginResetModel();
    m_dat = std::move(dat);
    endResetModel();
}

int EntryTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_dat ? 0 : int(m_dat->entries().size());
}

int EntryTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EntryTableModel::data(const QModelIndex& index, int role) const {
    if (!m_dat || !index.isValid() || index.row() >= rowCount())
        return {};
    const dat::EntryInfo& entry = m_dat->entries()[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return index.column() == Size || index.column() == Iteration
                   ? int(Qt::AlignRight | Qt::AlignVCenter)
                   : int(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::FontRole && index.column() == Id)
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    const bool sortKey = role == Qt::UserRole;
    switch (Column(index.column())) {
    case Id:
        return sortKey ? QVariant(qulonglong(entry.id))
                       : QVariant(QString::fromStdString(dat::formatDid(entry.id)));
    case Type: {
        const auto name = dat::typeName(m_dat->kind(), entry.id);
        return QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    case Size:
        return qulonglong(entry.size);
    case Compressed:
        return entry.compressed() ? tr("zlib") : tr("raw");
    case Date:
        if (sortKey)
            return qulonglong(entry.date);
        // Our writer leaves dates at 0 for reproducible builds; show nothing rather than 1970.
        return entry.date == 0
                   ? QString()
                   : QDateTime::fromSecsSinceEpoch(entry.date, Qt::UTC).toString(Qt::ISODate);
    case Iteration:
        return qulonglong(entry.iteration);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant EntryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Id:
        return tr("Id");
    case Type:
        return tr("Type");
    case Size:
        return tr("Size");
    case Compressed:
        return tr("Stored");
    case Date:
        return tr("Date");
    case Iteration:
        return tr("Iteration");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace portalkit::ui
