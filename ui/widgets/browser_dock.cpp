#include "ui/widgets/browser_dock.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QAction>
#include <QFileInfo>
#include <QFontDatabase>
#include <QInputDialog>
#include <QLineEdit>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>
#include <unordered_map>

namespace portalkit::ui {

int lookupRank(dat::DatKind kind) {
    switch (kind) {
    case dat::DatKind::Portal:
        return 0;
    case dat::DatKind::HighRes:
        return 1;
    case dat::DatKind::Local:
        return 2;
    case dat::DatKind::Cell:
        return 3;
    case dat::DatKind::Unknown:
        break;
    }
    return 4;
}

namespace {

// The hex digits a filter starts an id with, as value and digit count; nothing when the filter
// is not (0x-prefixed) hex of at most 8 digits.
std::optional<std::pair<std::uint32_t, int>> hexPrefix(const QString& filter) {
    QString digits = filter;
    if (digits.startsWith("0x", Qt::CaseInsensitive))
        digits = digits.mid(2);
    if (digits.size() > 8)
        return std::nullopt;
    if (digits.isEmpty())
        return std::pair<std::uint32_t, int>{0, 0};
    bool ok = false;
    const std::uint32_t value = digits.toUInt(&ok, 16);
    if (!ok)
        return std::nullopt;
    return std::pair<std::uint32_t, int>{value, int(digits.size())};
}

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace

// Index layout: a row's internal pointer is its parent's node (null for DAT rows), so entries
// need no node of their own.
struct DatBrowserModel::Node {
    explicit Node(Level l) : level(l) {}
    Level level;
};

struct DatBrowserModel::Group : Node {
    Group() : Node(GroupLevel) {}
    DatNode* owner = nullptr;
    QString type;
    std::vector<std::uint32_t> all; // ascending ids
    std::vector<std::uint32_t> visible;
    int row = -1; // among the owner's visible groups
};

struct DatBrowserModel::DatNode : Node {
    DatNode() : Node(DatLevel) {}
    std::shared_ptr<const dat::DatFile> dat;
    std::vector<std::unique_ptr<Group>> groups; // in order of their first id
    std::vector<Group*> visible;
    std::size_t visibleEntries = 0;
    int row = -1;
};

DatBrowserModel::DatBrowserModel(QObject* parent) : QAbstractItemModel(parent) {}
DatBrowserModel::~DatBrowserModel() = default;

void DatBrowserModel::setDats(const std::vector<std::shared_ptr<const dat::DatFile>>& dats) {
    beginResetModel();
    m_dats.clear();
    for (const auto& dat : dats) {
        auto node = std::make_unique<DatNode>();
        node->dat = dat;
        node->row = int(m_dats.size());
        std::unordered_map<std::string_view, Group*> byType;
        for (const dat::EntryInfo& entry : dat->entries()) {
            const std::string_view type = dat::typeName(dat->kind(), entry.id);
            Group*& group = byType[type];
            if (!group) {
                node->groups.push_back(std::make_unique<Group>());
                group = node->groups.back().get();
                group->owner = node.get();
                group->type = fromView(type);
            }
            group->all.push_back(entry.id);
        }
        m_dats.push_back(std::move(node));
    }
    applyFilter();
    endResetModel();
}

void DatBrowserModel::setFilter(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed == m_filter)
        return;
    beginResetModel();
    m_filter = trimmed;
    applyFilter();
    endResetModel();
}

void DatBrowserModel::applyFilter() {
    const auto prefix = m_filter.isEmpty() ? std::optional(std::pair<std::uint32_t, int>{0, 0})
                                           : hexPrefix(m_filter);
    for (auto& node : m_dats) {
        node->visible.clear();
        node->visibleEntries = 0;
        for (auto& group : node->groups) {
            group->visible.clear();
            if (m_filter.isEmpty() || group->type.contains(m_filter, Qt::CaseInsensitive)) {
                group->visible = group->all;
            } else if (prefix) {
                // Ids sharing a hex prefix are one contiguous run of the ascending list.
                const int shift = 32 - 4 * prefix->second;
                const std::uint64_t first = std::uint64_t(prefix->first) << shift;
                const std::uint64_t last = first + (std::uint64_t(1) << shift) - 1;
                const auto begin = std::lower_bound(
                    group->all.begin(), group->all.end(), first,
                    [](std::uint32_t id, std::uint64_t value) { return id < value; });
                const auto end = std::upper_bound(
                    begin, group->all.end(), last,
                    [](std::uint64_t value, std::uint32_t id) { return value < id; });
                group->visible.assign(begin, end);
            }
            group->row = -1;
            if (!group->visible.empty()) {
                group->row = int(node->visible.size());
                node->visible.push_back(group.get());
                node->visibleEntries += group->visible.size();
            }
        }
    }
}

const DatBrowserModel::Node* DatBrowserModel::node(const QModelIndex& index) const {
    return static_cast<const Node*>(index.internalPointer());
}

DatBrowserModel::Level DatBrowserModel::level(const QModelIndex& index) const {
    const Node* parent = node(index);
    if (!parent)
        return DatLevel;
    return parent->level == DatLevel ? GroupLevel : EntryLevel;
}

std::shared_ptr<const dat::DatFile> DatBrowserModel::datAt(const QModelIndex& index) const {
    if (!index.isValid())
        return nullptr;
    const Node* parent = node(index);
    if (!parent)
        return m_dats[std::size_t(index.row())]->dat;
    if (parent->level == DatLevel)
        return static_cast<const DatNode*>(parent)->dat;
    return static_cast<const Group*>(parent)->owner->dat;
}

std::optional<std::uint32_t> DatBrowserModel::idAt(const QModelIndex& index) const {
    if (!index.isValid() || level(index) != EntryLevel)
        return std::nullopt;
    return static_cast<const Group*>(node(index))->visible[std::size_t(index.row())];
}

QModelIndex DatBrowserModel::groupIndex(const dat::DatFile* dat, const QString& typeName) const {
    for (const auto& node : m_dats) {
        if (node->dat.get() != dat)
            continue;
        for (Group* group : node->visible)
            if (group->type == typeName)
                return createIndex(group->row, 0, node.get());
    }
    return {};
}

QModelIndex DatBrowserModel::indexOf(const dat::DatFile* dat, std::uint32_t id) const {
    if (!dat)
        return {};
    const QModelIndex groupRow = groupIndex(dat, fromView(dat::typeName(dat->kind(), id)));
    if (!groupRow.isValid())
        return {};
    const DatNode* owner = static_cast<const DatNode*>(node(groupRow));
    Group* group = owner->visible[std::size_t(groupRow.row())];
    const auto found = std::lower_bound(group->visible.begin(), group->visible.end(), id);
    if (found == group->visible.end() || *found != id)
        return {};
    return createIndex(int(found - group->visible.begin()), 0, group);
}

QModelIndex DatBrowserModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column != 0 || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, nullptr);
    if (level(parent) == DatLevel)
        return createIndex(row, column, m_dats[std::size_t(parent.row())].get());
    const auto* owner = static_cast<const DatNode*>(node(parent));
    return createIndex(row, column, owner->visible[std::size_t(parent.row())]);
}

QModelIndex DatBrowserModel::parent(const QModelIndex& child) const {
    const Node* parent = child.isValid() ? node(child) : nullptr;
    if (!parent)
        return {};
    if (parent->level == DatLevel)
        return createIndex(static_cast<const DatNode*>(parent)->row, 0, nullptr);
    const auto* group = static_cast<const Group*>(parent);
    return createIndex(group->row, 0, group->owner);
}

int DatBrowserModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(m_dats.size());
    if (parent.column() != 0)
        return 0;
    switch (level(parent)) {
    case DatLevel:
        return int(m_dats[std::size_t(parent.row())]->visible.size());
    case GroupLevel:
        return int(static_cast<const DatNode*>(node(parent))
                       ->visible[std::size_t(parent.row())]
                       ->visible.size());
    case EntryLevel:
        break;
    }
    return 0;
}

int DatBrowserModel::columnCount(const QModelIndex&) const {
    return 1;
}

QVariant DatBrowserModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    switch (level(index)) {
    case DatLevel: {
        const DatNode& dat = *m_dats[std::size_t(index.row())];
        if (role == Qt::ToolTipRole)
            return dat.dat->path();
        if (role != Qt::DisplayRole)
            return {};
        const QString name = QFileInfo(dat.dat->path()).fileName();
        const QString kind = fromView(dat::kindName(dat.dat->kind()));
        const std::size_t total = dat.dat->entries().size();
        return m_filter.isEmpty() ? tr("%1 — %2, %3 entries").arg(name, kind).arg(total)
                                  : tr("%1 — %2, %3 of %4 entries")
                                        .arg(name, kind)
                                        .arg(dat.visibleEntries)
                                        .arg(total);
    }
    case GroupLevel: {
        const Group& group =
            *static_cast<const DatNode*>(node(index))->visible[std::size_t(index.row())];
        if (role != Qt::DisplayRole)
            return {};
        return group.visible.size() == group.all.size()
                   ? QStringLiteral("%1 (%2)").arg(group.type).arg(group.all.size())
                   : tr("%1 (%2 of %3)")
                         .arg(group.type)
                         .arg(group.visible.size())
                         .arg(group.all.size());
    }
    case EntryLevel: {
        const std::uint32_t id =
            static_cast<const Group*>(node(index))->visible[std::size_t(index.row())];
        if (role == Qt::DisplayRole)
            return QString::fromStdString(dat::formatDid(id));
        if (role == IdRole)
            return qulonglong(id);
        if (role == Qt::FontRole)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    }
    }
    return {};
}

BrowserDock::BrowserDock(QWidget* parent)
    : QDockWidget(tr("Browser"), parent), m_model(new DatBrowserModel(this)), m_tree(new QTreeView),
      m_filterEdit(new QLineEdit) {
    setObjectName("browserDock");
    m_backAction = new QAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("&Back"), this);
    m_backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_backAction->setToolTip(tr("Back (Alt+Left)"));
    m_forwardAction =
        new QAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("&Forward"), this);
    m_forwardAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_forwardAction->setToolTip(tr("Forward (Alt+Right)"));
    m_goToAction = new QAction(tr("&Go to Id…"), this);
    m_goToAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    m_goToAction->setToolTip(tr("Go to an entry by id (Ctrl+G)"));
    connect(m_backAction, &QAction::triggered, this, [this] { back(); });
    connect(m_forwardAction, &QAction::triggered, this, [this] { forward(); });
    connect(m_goToAction, &QAction::triggered, this, &BrowserDock::promptGoToId);

    auto* toolbar = new QToolBar;
    toolbar->setIconSize(QSize(16, 16));
    toolbar->addAction(m_backAction);
    toolbar->addAction(m_forwardAction);
    toolbar->addAction(m_goToAction);

    m_filterEdit->setPlaceholderText(tr("Filter: id prefix (0x0200) or type (Setup)"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_model->setFilter(text);
        // Keep the shown entry selected (and its group open) when the filter still shows it.
        const QModelIndex current = m_model->indexOf(currentDat().get(), currentId());
        m_selecting = true;
        if (current.isValid()) {
            m_tree->setCurrentIndex(current);
            m_tree->scrollTo(current);
        }
        m_selecting = false;
        for (int row = 0; row < m_model->rowCount(); ++row)
            m_tree->expand(m_model->index(row, 0));
        if (!m_model->filter().isEmpty() && m_model->rowCount() > 0) {
            // Open the groups a filter leaves, when they are few enough to read.
            for (int row = 0; row < m_model->rowCount(); ++row) {
                const QModelIndex dat = m_model->index(row, 0);
                if (m_model->rowCount(dat) <= 4)
                    for (int group = 0; group < m_model->rowCount(dat); ++group)
                        m_tree->expand(m_model->index(group, 0, dat));
            }
        }
    });

    m_tree->setModel(m_model);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &BrowserDock::treeCurrentChanged);
    // Double-click or Enter on the entry already shown shows it again (the studio leaves a
    // scenario for the Setup that way), without a second history step.
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const auto id = m_model->idAt(index);
        const auto dat = m_model->datAt(index);
        if (id && *id == currentId() && dat && dat == currentDat())
            emit entryChosen(dat.get(), *id);
    });

    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(toolbar);
    layout->addWidget(m_filterEdit);
    layout->addWidget(m_tree);
    setWidget(body);
    updateActions();
}

BrowserDock::~BrowserDock() = default;

void BrowserDock::setDats(std::vector<std::shared_ptr<const dat::DatFile>> dats) {
    m_dats = std::move(dats);
    m_model->setDats(m_dats);
    for (int row = 0; row < m_model->rowCount(); ++row)
        m_tree->expand(m_model->index(row, 0));
    const QModelIndex current = m_model->indexOf(currentDat().get(), currentId());
    if (current.isValid()) {
        m_selecting = true;
        m_tree->setCurrentIndex(current);
        m_selecting = false;
    }
    updateActions();
}

std::shared_ptr<const dat::DatFile> BrowserDock::findDat(std::uint32_t id,
                                                         const dat::DatFile* preferred) const {
    if (preferred && preferred->find(id))
        for (const auto& dat : m_dats)
            if (dat.get() == preferred)
                return dat;
    // m_dats is already in lookup order.
    for (const auto& dat : m_dats)
        if (dat->find(id))
            return dat;
    return nullptr;
}

bool BrowserDock::navigateTo(std::uint32_t id, const dat::DatFile* preferred) {
    const auto dat = findDat(id, preferred);
    if (!dat)
        return false;
    if (currentDat() != dat || currentId() != id || m_position < 0) {
        m_history.resize(std::size_t(m_position + 1));
        m_history.push_back({dat, id});
        // A long session keeps the most recent steps.
        constexpr std::size_t kLongest = 1000;
        if (m_history.size() > kLongest)
            m_history.erase(m_history.begin());
        m_position = std::ptrdiff_t(m_history.size()) - 1;
    }
    const bool shown = show(m_history[std::size_t(m_position)]);
    updateActions();
    emit historyChanged();
    return shown;
}

bool BrowserDock::goToId(const QString& text) {
    const auto id = dat::parseDid(text);
    if (!id || !navigateTo(*id)) {
        emit notFound(text.trimmed());
        return false;
    }
    return true;
}

void BrowserDock::promptGoToId() {
    bool ok = false;
    const QString text =
        QInputDialog::getText(this, tr("Go to id"), tr("Entry id (hex, e.g. 0x02000001):"),
                              QLineEdit::Normal, QString(), &ok);
    if (ok && !text.trimmed().isEmpty())
        goToId(text);
}

bool BrowserDock::back() {
    if (!canGoBack())
        return false;
    --m_position;
    const bool shown = show(m_history[std::size_t(m_position)]);
    updateActions();
    emit historyChanged();
    return shown;
}

bool BrowserDock::forward() {
    if (!canGoForward())
        return false;
    ++m_position;
    const bool shown = show(m_history[std::size_t(m_position)]);
    updateActions();
    emit historyChanged();
    return shown;
}

std::shared_ptr<const dat::DatFile> BrowserDock::currentDat() const {
    return m_position >= 0 ? m_history[std::size_t(m_position)].dat.lock() : nullptr;
}

std::uint32_t BrowserDock::currentId() const {
    return m_position >= 0 ? m_history[std::size_t(m_position)].id : 0;
}

bool BrowserDock::show(const Location& location) {
    auto dat = location.dat.lock();
    // The DAT was closed or replaced since: the same id in what is open now.
    if (!dat || std::find(m_dats.begin(), m_dats.end(), dat) == m_dats.end()) {
        dat = findDat(location.id);
        if (!dat)
            return false;
        m_history[std::size_t(m_position)].dat = dat;
    }
    QModelIndex index = m_model->indexOf(dat.get(), location.id);
    if (!index.isValid() && !m_model->filter().isEmpty()) {
        m_filterEdit->clear();
        index = m_model->indexOf(dat.get(), location.id);
    }
    m_selecting = true;
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    m_selecting = false;
    emit entryChosen(dat.get(), location.id);
    return true;
}

void BrowserDock::treeCurrentChanged(const QModelIndex& current) {
    if (m_selecting)
        return;
    const auto id = m_model->idAt(current);
    if (id)
        navigateTo(*id, m_model->datAt(current).get());
}

void BrowserDock::updateActions() {
    m_backAction->setEnabled(canGoBack());
    m_forwardAction->setEnabled(canGoForward());
    m_goToAction->setEnabled(!m_dats.empty());
}

} // namespace portalkit::ui
