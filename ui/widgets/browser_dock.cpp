#include "ui/widgets/browser_dock.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QAction>
#include <QInputDialog>
#include <QLineEdit>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <algorithm>

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

BrowserDock::BrowserDock(QWidget* parent)
    : QDockWidget(tr("Browser"), parent), m_model(new NamedBrowserModel(this)),
      m_matches(new NameMatchList), m_tree(new QTreeView), m_filterEdit(new QLineEdit) {
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
    connect(m_filterEdit, &QLineEdit::textChanged, this, &BrowserDock::filterChanged);
    connect(m_matches, &NameMatchList::entryChosen, this,
            [this](std::uint32_t id) { navigateTo(id); });

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
    layout->addWidget(m_matches);
    layout->addWidget(m_tree);
    setWidget(body);
    updateActions();
}

BrowserDock::~BrowserDock() = default;

void BrowserDock::filterChanged(const QString& text) {
    m_model->setFilter(text);
    // Keep the shown entry selected (and its group open) when the filter still shows it.
    const QModelIndex current = m_model->indexOf(currentDat().get(), currentId());
    m_selecting = true;
    if (current.isValid()) {
        m_tree->setCurrentIndex(current);
        m_tree->scrollTo(current);
    }
    m_selecting = false;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex dat = m_model->index(row, 0);
        m_tree->expand(dat);
        if (!m_model->filter().isEmpty())
            expandFew(dat);
    }
    updateNameMatches();
}

void BrowserDock::setEntryNames(EntryNames names) {
    m_model->setNames(std::move(names));
    m_filterEdit->setPlaceholderText(m_model->names().isEmpty()
                                         ? tr("Filter: id prefix (0x0200) or type (Setup)")
                                         : tr("Filter: id (0x0200), type (Setup) or name (Flame)"));
    // The rows are drawn from data() each time: repainting shows the names.
    m_tree->viewport()->update();
    updateNameMatches();
}

void BrowserDock::updateNameMatches() {
    const QString text = m_filterEdit->text().trimmed();
    // One letter names half the corpus: a name search starts at two.
    if (!m_model->names().search || text.size() < 2) {
        m_matches->clear();
        m_matches->hide();
        return;
    }
    m_matches->showMatches(m_model->names().search(text), [this](std::uint32_t id) {
        const auto dat = findDat(id);
        return dat ? typeNameOf(*dat, id) : QString();
    });
    m_matches->select(currentId());
}

void BrowserDock::setDats(std::vector<std::shared_ptr<const dat::DatFile>> dats) {
    m_dats = std::move(dats);
    m_model->setDats(m_dats);
    updateNameMatches(); // what the open DATs hold changed
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
    // Unsaved imports count (the model knows them); m_dats is already in lookup order.
    if (preferred && m_model->holds(*preferred, id))
        for (const auto& dat : m_dats)
            if (dat.get() == preferred)
                return dat;
    for (const auto& dat : m_dats)
        if (m_model->holds(*dat, id))
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
    const bool shown = showLocation(m_history[std::size_t(m_position)]);
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
    const bool shown = showLocation(m_history[std::size_t(m_position)]);
    updateActions();
    emit historyChanged();
    return shown;
}

bool BrowserDock::forward() {
    if (!canGoForward())
        return false;
    ++m_position;
    const bool shown = showLocation(m_history[std::size_t(m_position)]);
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

bool BrowserDock::showLocation(const Location& location) {
    auto dat = location.dat.lock();
    // The DAT was closed or replaced since: the same id in what is open now.
    if (!dat || std::find(m_dats.begin(), m_dats.end(), dat) == m_dats.end()) {
        dat = findDat(location.id);
        if (!dat)
            return false;
        m_history[std::size_t(m_position)].dat = dat;
    }
    QModelIndex index = m_model->indexOf(dat.get(), location.id);
    // An entry the filter hides is shown with the filter cleared, unless the filter found it by
    // name: its list then stays for the next match.
    const bool named = m_matches->select(location.id);
    if (!index.isValid() && !m_model->filter().isEmpty() && !named) {
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

void BrowserDock::expandFew(const QModelIndex& parent) {
    // Open the groups a filter leaves, when they are few enough to read, and so on down: a
    // landblock id typed in the filter opens its section, column and landblock.
    constexpr int kFew = 4;
    const int rows = m_model->rowCount(parent);
    int groups = 0;
    while (groups < rows &&
           m_model->level(m_model->index(groups, 0, parent)) == DatBrowserModel::GroupLevel)
        ++groups;
    if (groups == 0 || groups > kFew)
        return;
    for (int row = 0; row < groups; ++row) {
        const QModelIndex group = m_model->index(row, 0, parent);
        m_tree->expand(group);
        expandFew(group);
    }
}

void BrowserDock::updateActions() {
    m_backAction->setEnabled(canGoBack());
    m_forwardAction->setEnabled(canGoForward());
    m_goToAction->setEnabled(!m_dats.empty());
}

} // namespace portalkit::ui
