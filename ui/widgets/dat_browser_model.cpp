#include "ui/widgets/dat_browser_model.h"

#include "datreader/container/dat_kind.h"
#include "datreader/records/common.h"

#include <QFileInfo>
#include <QFont>
#include <QFontDatabase>
#include <QFutureWatcher>
#include <QtConcurrent>

namespace portalkit::ui {

static_assert(sizeof(quintptr) >= 8, "an index's internal id packs a DAT, a node kind and a key");

struct DatBrowserModel::Dat {
    std::shared_ptr<const dat::DatFile> dat;
    std::unique_ptr<DatOutline> outline;
    CellOutline* cells = nullptr; // the outline, when it is a cell DAT's
    // Destroyed with the DAT's row: a sort that answers later is dropped.
    std::unique_ptr<QFutureWatcher<std::vector<LandblockSort>>> sorting;
    PendingMarks pending;
};

DatBrowserModel::DatBrowserModel(QObject* parent) : QAbstractItemModel(parent) {}
DatBrowserModel::~DatBrowserModel() = default;

template <class Change> void DatBrowserModel::moveRows(Change change) {
    emit layoutAboutToBeChanged();
    const QModelIndexList before = persistentIndexList();
    std::vector<Place> places;
    places.reserve(std::size_t(before.size()));
    for (const QModelIndex& index : before)
        places.push_back(placeOf(index));
    change();
    QModelIndexList after;
    for (const Place& place : places)
        after.push_back(indexOfPlace(place)); // invalid for an added row undone
    changePersistentIndexList(before, after);
    emit layoutChanged();
}

quintptr DatBrowserModel::pack(int dat, OutlineNode parent) {
    return quintptr(dat + 1) << 40 | quintptr(parent.kind) << 32 | quintptr(parent.key);
}

std::pair<int, OutlineNode> DatBrowserModel::unpack(quintptr id) {
    return {int(id >> 40) - 1,
            OutlineNode{OutlineNode::Kind((id >> 32) & 0xFF), std::uint32_t(id & 0xFFFFFFFF)}};
}

void DatBrowserModel::setDats(const std::vector<std::shared_ptr<const dat::DatFile>>& dats) {
    beginResetModel();
    m_dats.clear();
    for (const auto& dat : dats) {
        auto row = std::make_unique<Dat>();
        row->dat = dat;
        row->outline = makeOutline(*dat);
        row->cells = dynamic_cast<CellOutline*>(row->outline.get());
        row->outline->setFilter(m_filter);
        m_dats.push_back(std::move(row));
    }
    endResetModel();
    for (std::size_t index = 0; index < m_dats.size(); ++index)
        startSort(index);
}

void DatBrowserModel::startSort(std::size_t datIndex) {
    Dat& row = *m_dats[datIndex];
    if (!row.cells || row.cells->sorted())
        return;
    // The worker holds its own references: the DAT and a copy of the landblock table.
    row.sorting = std::make_unique<QFutureWatcher<std::vector<LandblockSort>>>();
    const CellOutline* outline = row.cells;
    auto* watcher = row.sorting.get();
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, outline, watcher] { applySort(outline, watcher->result()); });
    watcher->setFuture(QtConcurrent::run(
        [dat = row.dat, table = row.cells->landblocks()] { return sortLandblocks(*dat, table); }));
}

bool DatBrowserModel::isSorted() const {
    return std::all_of(m_dats.begin(), m_dats.end(),
                       [](const auto& row) { return !row->cells || row->cells->sorted(); });
}

void DatBrowserModel::applySort(const CellOutline* outline,
                                const std::vector<LandblockSort>& sort) {
    const auto row = std::find_if(m_dats.begin(), m_dats.end(),
                                  [outline](const auto& dat) { return dat->cells == outline; });
    if (row == m_dats.end())
        return;
    // Landblocks move from their column to Dungeons: every index keeps what it shows.
    moveRows([&] { (*row)->cells->applySort(sort); });
    if (isSorted())
        emit sorted();
}

void DatBrowserModel::setPending(const dat::DatFile* dat, PendingMarks marks) {
    const int row = datRow(dat);
    if (row < 0)
        return;
    Dat& target = *m_dats[std::size_t(row)];
    if (target.pending == marks)
        return;
    std::vector<std::uint32_t> added;
    for (const auto& [id, mark] : marks)
        if (mark == Pending::Added)
            added.push_back(id);
    moveRows([&] {
        target.pending = std::move(marks);
        target.outline->setAdded(added);
    });
}

std::optional<DatBrowserModel::Pending> DatBrowserModel::pendingOf(const dat::DatFile* dat,
                                                                   std::uint32_t id) const {
    const int row = datRow(dat);
    if (row < 0)
        return std::nullopt;
    const PendingMarks& marks = m_dats[std::size_t(row)]->pending;
    const auto found = marks.find(id);
    return found == marks.end() ? std::nullopt : std::optional(found->second);
}

bool DatBrowserModel::holds(const dat::DatFile& dat, std::uint32_t id) const {
    if (const auto mark = pendingOf(&dat, id))
        return *mark != Pending::Removed;
    return dat.find(id) != nullptr;
}

void DatBrowserModel::setFilter(const QString& text) {
    const EntryFilter filter(text);
    if (filter.text() == m_filter.text())
        return;
    beginResetModel();
    m_filter = filter;
    for (const auto& row : m_dats)
        row->outline->setFilter(m_filter);
    endResetModel();
}

DatBrowserModel::Place DatBrowserModel::placeOf(const QModelIndex& index) const {
    Place place;
    if (!index.isValid())
        return place;
    if (index.internalId() == 0) {
        place.dat = index.row();
        place.node = OutlineNode{};
        return place;
    }
    const auto [dat, parent] = unpack(index.internalId());
    place.dat = dat;
    place.parent = parent;
    if (const auto node = nodeAt(index))
        place.node = node;
    else
        place.id = *idAt(index);
    return place;
}

QModelIndex DatBrowserModel::indexOfPlace(const Place& place) const {
    if (place.dat < 0 || place.dat >= int(m_dats.size()))
        return {};
    const dat::DatFile* dat = m_dats[std::size_t(place.dat)]->dat.get();
    return place.node ? indexOfNode(dat, *place.node) : indexOf(dat, place.id);
}

int DatBrowserModel::datRow(const dat::DatFile* dat) const {
    for (std::size_t row = 0; row < m_dats.size(); ++row)
        if (m_dats[row]->dat.get() == dat)
            return int(row);
    return -1;
}

const DatOutline* DatBrowserModel::outline(const dat::DatFile* dat) const {
    const int row = datRow(dat);
    return row < 0 ? nullptr : m_dats[std::size_t(row)]->outline.get();
}

DatBrowserModel::Level DatBrowserModel::level(const QModelIndex& index) const {
    if (index.internalId() == 0)
        return DatLevel;
    return nodeAt(index) ? GroupLevel : EntryLevel;
}

std::optional<OutlineNode> DatBrowserModel::nodeAt(const QModelIndex& index) const {
    if (!index.isValid())
        return std::nullopt;
    if (index.internalId() == 0)
        return OutlineNode{};
    const auto [dat, parent] = unpack(index.internalId());
    const DatOutline& outline = *m_dats[std::size_t(dat)]->outline;
    if (index.row() >= outline.groupCount(parent))
        return std::nullopt;
    return outline.group(parent, index.row());
}

std::shared_ptr<const dat::DatFile> DatBrowserModel::datAt(const QModelIndex& index) const {
    if (!index.isValid())
        return nullptr;
    const int dat = index.internalId() == 0 ? index.row() : unpack(index.internalId()).first;
    return m_dats[std::size_t(dat)]->dat;
}

std::optional<std::uint32_t> DatBrowserModel::idAt(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() == 0)
        return std::nullopt;
    const auto [dat, parent] = unpack(index.internalId());
    const DatOutline& outline = *m_dats[std::size_t(dat)]->outline;
    const int groups = outline.groupCount(parent);
    if (index.row() < groups)
        return std::nullopt;
    return outline.entry(parent, index.row() - groups);
}

QModelIndex DatBrowserModel::indexOfNode(const dat::DatFile* dat, OutlineNode node) const {
    const int row = datRow(dat);
    if (row < 0)
        return {};
    if (node.kind == OutlineNode::Kind::Dat)
        return createIndex(row, 0, quintptr(0));
    const DatOutline& outline = *m_dats[std::size_t(row)]->outline;
    const int at = outline.rowOf(node);
    if (at < 0)
        return {};
    return createIndex(at, 0, pack(row, outline.parentOf(node)));
}

QModelIndex DatBrowserModel::groupIndex(const dat::DatFile* dat, const QString& name) const {
    const DatOutline* found = outline(dat);
    if (!found)
        return {};
    for (int row = 0; row < found->groupCount({}); ++row)
        if (found->name(found->group({}, row)) == name)
            return indexOfNode(dat, found->group({}, row));
    return {};
}

QModelIndex DatBrowserModel::indexOf(const dat::DatFile* dat, std::uint32_t id) const {
    const int row = datRow(dat);
    if (row < 0)
        return {};
    const DatOutline& outline = *m_dats[std::size_t(row)]->outline;
    const auto place = outline.locate(id);
    if (!place)
        return {};
    return createIndex(outline.groupCount(place->parent) + place->row, 0, pack(row, place->parent));
}

QModelIndex DatBrowserModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column != 0 || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    const int dat = parent.internalId() == 0 ? parent.row() : unpack(parent.internalId()).first;
    return createIndex(row, column, pack(dat, *nodeAt(parent)));
}

QModelIndex DatBrowserModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const auto [dat, parent] = unpack(child.internalId());
    return indexOfNode(m_dats[std::size_t(dat)]->dat.get(), parent);
}

int DatBrowserModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_dats.size());
    if (parent.column() != 0)
        return 0;
    const auto node = nodeAt(parent);
    if (!node)
        return 0;
    const DatOutline& outline = *m_dats[std::size_t(datRow(datAt(parent).get()))]->outline;
    return outline.groupCount(*node) + outline.entryCount(*node);
}

int DatBrowserModel::columnCount(const QModelIndex&) const {
    return 1;
}

QVariant DatBrowserModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    if (index.internalId() == 0) {
        const Dat& row = *m_dats[std::size_t(index.row())];
        if (role == Qt::ToolTipRole)
            return row.dat->path();
        if (role != Qt::DisplayRole)
            return {};
        const QString name = QFileInfo(row.dat->path()).fileName();
        const auto kindName = dat::kindName(row.dat->kind());
        const QString kind = QString::fromUtf8(kindName.data(), qsizetype(kindName.size()));
        const std::size_t total = row.dat->entries().size();
        return m_filter.isEmpty() ? tr("%1 — %2, %3 entries").arg(name, kind).arg(total)
                                  : tr("%1 — %2, %3 of %4 entries")
                                        .arg(name, kind)
                                        .arg(row.outline->visibleEntries())
                                        .arg(total);
    }
    const DatOutline& outline = *m_dats[std::size_t(unpack(index.internalId()).first)]->outline;
    if (const auto node = nodeAt(index)) {
        if (role == Qt::DisplayRole)
            return outline.label(*node);
        if (role == Qt::ToolTipRole)
            return outline.toolTip(*node);
        return {};
    }
    return entryData(*datAt(index), *idAt(index), role);
}

QVariant DatBrowserModel::entryData(const dat::DatFile& owner, std::uint32_t id, int role) const {
    const auto pending = pendingOf(&owner, id);
    switch (role) {
    case Qt::DisplayRole: {
        QString text = QString::fromStdString(dat::formatDid(id));
        // A landblock's rows mix three types that only the low half tells apart: name them.
        if (owner.kind() == dat::DatKind::Cell)
            text += QStringLiteral("  ") + typeNameOf(owner, id);
        if (pending == Pending::Added)
            text += tr("  new");
        else if (pending == Pending::Modified)
            text += QStringLiteral("  *");
        return text;
    }
    case IdRole:
        return qulonglong(id);
    case PendingRole:
        return pending ? QVariant(int(*pending)) : QVariant();
    case Qt::FontRole: {
        QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        font.setItalic(pending.has_value()); // unsaved
        font.setStrikeOut(pending == Pending::Removed);
        return font;
    }
    case Qt::ToolTipRole: {
        const QString type = typeNameOf(owner, id);
        if (!pending)
            return type;
        const QString what = *pending == Pending::Added      ? tr("added")
                             : *pending == Pending::Modified ? tr("edited")
                                                             : tr("removed");
        return tr("%1 (%2, not saved yet)").arg(type, what);
    }
    default:
        return {};
    }
}

} // namespace portalkit::ui
