#include "ui/widgets/main_window.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "preview/timeline/scenario.h"
#include "ui/session/dat_watcher.h"
#include "ui/widgets/audit_panel.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/entry_table_model.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/world_data.h"
#include "ui/widgets/world_data_view.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace portalkit::ui {
namespace {

constexpr int kRecentLimit = 10;
const char* const kRecentKey = "recentDats";
const char* const kGeometryKey = "window/geometry";
const char* const kStateKey = "window/state";
// Bumped when the docks change so much that an old saved layout would misplace them.
constexpr int kLayoutVersion = 1;

QSettings studioSettings() {
    return QSettings(QStringLiteral("PortalKit"), QStringLiteral("Studio"));
}

QString typeOf(const dat::DatFile& dat, std::uint32_t id) {
    const auto type = dat::typeName(dat.kind(), id);
    return QString::fromUtf8(type.data(), qsizetype(type.size()));
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new EntryTableModel(this)),
      m_filter(new QSortFilterProxyModel(this)), m_table(new QTableView),
      m_filterEdit(new QLineEdit), m_entryView(new QWidget), m_summary(new QLabel),
      m_bytes(new QPlainTextEdit), m_browser(new BrowserDock(this)),
      m_inspector(new InspectorDock(this)),
      m_audit(new AuditPanel([this]() -> const dat::DatFile* { return m_model->dat().get(); })),
      m_world(new WorldData(this)) {
    setWindowTitle(tr("PortalKit Studio"));
    resize(1240, 720); // until restoreLayout() knows the screen
    setAcceptDrops(true);

    // The entry table of the DAT being browsed: the centre until a viewport takes it.
    m_filter->setSourceModel(m_model);
    m_filter->setSortRole(Qt::UserRole);
    m_filter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter->setFilterKeyColumn(-1); // id or type
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(EntryTableModel::Id, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_filterEdit->setPlaceholderText(tr("Filter by id or type, e.g. 0x0200 or Setup"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filter,
            &QSortFilterProxyModel::setFilterFixedString);
    auto* layout = new QVBoxLayout(m_entryView);
    layout->addWidget(m_filterEdit);
    layout->addWidget(m_table);
    setCentralWidget(m_entryView);
    // Permanent, at the right: a temporary message (a failed decode, an export) never draws over
    // it, whether it arrives before the window is shown or after.
    statusBar()->addPermanentWidget(m_summary);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &MainWindow::tableRowChanged);

    addDockWidget(Qt::LeftDockWidgetArea, m_browser);
    resizeDocks({m_browser}, {260}, Qt::Horizontal);
    connect(m_browser, &BrowserDock::entryChosen, this, &MainWindow::showEntry);
    connect(m_browser, &BrowserDock::notFound, this, [this](const QString& text) {
        statusBar()->showMessage(tr("No open DAT holds %1").arg(text), 5000);
    });

    m_bytes->setReadOnly(true);
    m_bytes->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_bytes->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_bytesDock = new QDockWidget(tr("Bytes"), this);
    m_bytesDock->setObjectName("bytesDock");
    m_bytesDock->setWidget(m_bytes);
    addDockWidget(Qt::RightDockWidgetArea, m_bytesDock);
    // Wide enough for a 16-byte hex row with its ASCII column.
    resizeDocks({m_bytesDock},
                {QFontMetrics(m_bytes->font()).horizontalAdvance(QString(76, '0')) + 40},
                Qt::Horizontal);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    tabifyDockWidget(m_bytesDock, m_inspector);
    m_inspector->raise();
    m_inspector->setLinkResolver([this](const RecordLink& link) {
        const auto dat = linkTarget(m_dats, m_inspector->shownDat(), link);
        return dat ? tr("%1 in %2").arg(typeOf(*dat, link.id), QFileInfo(dat->path()).fileName())
                   : QString();
    });
    connect(m_inspector, &InspectorDock::linkActivated, this, [this](const RecordLink& link) {
        if (const auto dat = linkTarget(m_dats, m_inspector->shownDat(), link))
            m_browser->navigateTo(link.id, dat.get());
    });

    m_auditDock = new QDockWidget(tr("Audit"), this);
    m_auditDock->setObjectName("audit");
    m_auditDock->setWidget(m_audit);
    addDockWidget(Qt::BottomDockWidgetArea, m_auditDock);
    m_auditDock->hide();
    connect(m_audit, &AuditPanel::openRecord, this, &MainWindow::selectEntry);
    // The build writes the demo DAT's manifest beside it; start from that one.
    const QString demoManifest =
        preview::bundledDemoFile(QApplication::applicationDirPath(), "demo_manifest.json");
    if (QFileInfo::exists(demoManifest))
        m_audit->setManifestPath(demoManifest);

    buildMenus();
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->addAction(tr("&Open DAT…"), QKeySequence::Open, this, &MainWindow::chooseDat);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    m_quitSeparator = m_fileMenu->addSeparator();
    // Through close(), so the layout is saved as when the window is closed.
    m_fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, [this] {
        if (close())
            QApplication::quit();
    });
    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(m_browser->backAction());
    go->addAction(m_browser->forwardAction());
    go->addAction(m_browser->goToAction());
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(m_browser->toggleViewAction());
    m_viewMenu->addAction(m_inspector->toggleViewAction());
    m_viewMenu->addAction(m_bytesDock->toggleViewAction());
    m_viewMenu->addAction(m_auditDock->toggleViewAction());
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Audit against the manifest"), QKeySequence(tr("Ctrl+Shift+A")), this,
                     [this] { showAudit(); });

    // Says when an open DAT changes on disk and offers to reopen it.
    auto* changes = new DatChangeBar(this);
    addToolBar(Qt::TopToolBarArea, changes);
    connect(this, &MainWindow::datsChanged, changes, [this, changes] { changes->watch(m_dats); });
    connect(changes, &DatChangeBar::reopenRequested, this, &MainWindow::openDat);
    attachWorldData(*this, *m_world); // File → Open World Data…, names, Inspector rows
}

MainWindow::~MainWindow() {
    m_audit->waitForRun(); // a run reads a DAT this window owns
}

void MainWindow::addFileAction(QAction* action) {
    m_fileMenu->insertAction(m_quitSeparator, action);
}

QTreeWidget* MainWindow::recordView() const {
    return m_inspector->tree();
}

std::shared_ptr<const dat::DatFile> MainWindow::portalDat() const {
    for (const auto& dat : m_dats)
        if (dat->kind() == dat::DatKind::Portal)
            return dat;
    return nullptr;
}

std::shared_ptr<const dat::DatFile> MainWindow::currentDat() const {
    return m_browser->currentDat();
}

std::uint32_t MainWindow::currentId() const {
    return m_browser->currentId();
}

void MainWindow::showEntry(const dat::DatFile* dat, std::uint32_t id) {
    const auto owner = std::find_if(m_dats.begin(), m_dats.end(),
                                    [dat](const auto& open) { return open.get() == dat; });
    if (owner == m_dats.end())
        return;
    // An entry only an unsaved import adds is shown too; the file's table has no row for it.
    const dat::EntryInfo* entry = dat->find(id);
    if (!entry && !m_browser->model()->holds(*dat, id))
        return;

    // The table follows the browser: the shown entry's DAT, its row current.
    m_syncingTable = true;
    if (m_model->dat().get() != dat) {
        m_model->setDat(*owner);
        m_table->resizeColumnsToContents();
        showDatSummary(*dat);
    }
    if (entry) {
        const int row = int(entry - dat->entries().data());
        QModelIndex index = m_filter->mapFromSource(m_model->index(row, 0));
        if (!index.isValid()) {
            m_filterEdit->clear();
            index = m_filter->mapFromSource(m_model->index(row, 0));
        }
        m_table->setCurrentIndex(index);
        m_table->scrollTo(index);
    }
    m_syncingTable = false;

    showEntryContent(*dat, id);

    emit entrySelected(id);
    const QString type = typeOf(*dat, id);
    if (type == QLatin1String("Setup"))
        emit setupSelected(id);
    else if (type == QLatin1String("PhysicsScriptTable"))
        emit physicsScriptTableSelected(id);
}

void MainWindow::showEntryContent(const dat::DatFile& dat, std::uint32_t id) {
    m_bytes->clear();
    try {
        const auto bytes = m_readEntry ? m_readEntry(dat, id) : dat.read(id);
        showEntryBytes(bytes);
        m_inspector->showRecord(dat, id, bytes);
    } catch (const dat::DatError& error) {
        m_bytes->setPlainText(QString::fromStdString(error.what()));
        m_inspector->showError(dat, id, QString::fromStdString(error.what()));
    }
}

void MainWindow::refreshEntry() {
    // Also an entry no longer there (an import undone): the views then say why.
    if (const auto dat = currentDat())
        showEntryContent(*dat, currentId());
}

void MainWindow::tableRowChanged(const QModelIndex& current) {
    if (m_syncingTable || !current.isValid() || !m_model->dat())
        return;
    const QModelIndex source = m_filter->mapToSource(current);
    const dat::EntryInfo& entry = m_model->dat()->entries()[std::size_t(source.row())];
    m_browser->navigateTo(entry.id, m_model->dat().get());
}

void MainWindow::showEntryBytes(std::span<const std::uint8_t> bytes) {
    // Enough to recognise a record's header and first fields without flooding the widget.
    constexpr std::size_t kShown = 4096;
    QString text;
    const std::size_t shown = std::min(bytes.size(), kShown);
    for (std::size_t row = 0; row < shown; row += 16) {
        QString hex, ascii;
        for (std::size_t i = row; i < row + 16; ++i) {
            if (i < shown) {
                hex += QStringLiteral("%1 ").arg(bytes[i], 2, 16, QLatin1Char('0'));
                ascii += bytes[i] >= 0x20 && bytes[i] < 0x7F ? QChar(bytes[i]) : QChar('.');
            } else {
                hex += QStringLiteral("   ");
            }
        }
        text += QStringLiteral("%1  %2 %3\n").arg(row, 6, 16, QLatin1Char('0')).arg(hex, ascii);
    }
    if (bytes.size() > shown)
        text += tr("… %1 more bytes").arg(bytes.size() - shown);
    m_bytes->setPlainText(text);
}

void MainWindow::showDatSummary(const dat::DatFile& dat) {
    QString iteration = tr("none");
    try {
        if (const auto record = dat.iteration())
            iteration = QString::number(record->current);
    } catch (const dat::DatError&) {
        iteration = tr("malformed");
    }
    m_summary->setText(tr("%1 — %2 DAT, %3 entries, iteration %4")
                           .arg(QFileInfo(dat.path()).fileName(),
                                QString::fromUtf8(dat::kindName(dat.kind()).data()))
                           .arg(dat.entries().size())
                           .arg(iteration));
}

bool MainWindow::openDat(const QString& path) {
    std::shared_ptr<const dat::DatFile> opened;
    try {
        opened = std::make_shared<const dat::DatFile>(dat::DatFile::open(path));
    } catch (const std::exception& error) {
        fail(tr("Could not open %1: %2").arg(path, QString::fromStdString(error.what())));
        return false;
    }

    // A DAT of the kind is replaced: its unsaved edits are saved, discarded or it stays.
    // (The guard may save, which reopens DATs: m_dats is not walked while it runs.)
    const auto same = std::find_if(m_dats.begin(), m_dats.end(), [&](const auto& open) {
        return open->kind() == opened->kind();
    });
    if (same != m_dats.end() && m_closeGuard && !m_closeGuard(QString((*same)->path())))
        return false;
    m_audit->waitForRun(); // a run may read the DAT being replaced
    // One DAT per kind: a second portal DAT replaces the first (the same file reopens).
    std::erase_if(m_dats, [&](const auto& open) { return open->kind() == opened->kind(); });
    m_dats.push_back(opened);
    std::stable_sort(m_dats.begin(), m_dats.end(), [](const auto& a, const auto& b) {
        return lookupRank(a->kind()) < lookupRank(b->kind());
    });
    if (m_model->dat() && std::find(m_dats.begin(), m_dats.end(), m_model->dat()) == m_dats.end())
        m_model->setDat(nullptr);
    m_browser->setDats(m_dats);
    m_lastError.clear();
    m_errorPending = false;

    QStringList names;
    for (const auto& dat : m_dats)
        names << QFileInfo(dat->path()).fileName();
    setWindowTitle(tr("PortalKit Studio — %1").arg(names.join(", ")));
    rememberRecent(path);
    emit datsChanged();

    if (!opened->entries().empty()) {
        m_browser->navigateTo(opened->entries().front().id, opened.get());
    } else {
        m_model->setDat(opened);
        showDatSummary(*opened);
        m_inspector->clear();
        m_bytes->clear();
    }
    return true;
}

void MainWindow::fail(const QString& message) {
    m_lastError = message;
    statusBar()->showMessage(message); // until the next message: the DAT summary stays beside it
    m_errorPending = !isVisible();
    if (isVisible())
        showError();
}

void MainWindow::showError() {
    m_errorPending = false;
    // Non-modal: a drop or a recent-file click must not block the window (nor a test).
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot open DAT"), m_lastError,
                                QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::restoreLayout() {
    m_layoutRestored = true;
    const QSettings settings = studioSettings();
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
        const QScreen* shown = screen() ? screen() : QGuiApplication::primaryScreen();
        const QRect available = shown ? shown->availableGeometry() : QRect(0, 0, 1240, 720);
        const QSize size(int(available.width() * kScreenShare),
                         int(available.height() * kScreenShare));
        resize(size);
        move(available.center() - QPoint(size.width() / 2, size.height() / 2));
    }
    restoreState(settings.value(kStateKey).toByteArray(), kLayoutVersion);
}

void MainWindow::saveLayout() const {
    QSettings settings = studioSettings();
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kLayoutVersion));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_closeGuard && !m_closeGuard(QString())) { // unsaved edits: the user chose Cancel
        event->ignore();
        return;
    }
    if (m_layoutRestored) // a window that did not ask for its layout leaves the saved one alone
        saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // `portalkit-studio missing.dat` opens before the window shows: say it now.
    if (m_errorPending && !m_lastError.isEmpty()) {
        m_errorPending = false;
        QMetaObject::invokeMethod(this, &MainWindow::showError, Qt::QueuedConnection);
    }
}

void MainWindow::openWorldData(const QString& source) {
    statusBar()->showMessage(tr("Reading world data from %1…").arg(source));
    m_world->open(source);
}

void MainWindow::showAudit(const QString& manifest) {
    m_auditDock->show();
    if (!manifest.isEmpty())
        m_audit->setManifestPath(manifest);
    m_audit->run();
}

bool MainWindow::selectEntry(std::uint32_t id) {
    return m_browser->navigateTo(id, m_model->dat().get());
}

void MainWindow::setCentralView(QWidget* view) {
    if (!view) {
        if (centralWidget() == m_entryView)
            return;
        if (m_entriesDock) {
            m_entriesDock->setWidget(nullptr);
            m_entriesDock->hide();
        }
        setCentralWidget(m_entryView); // deletes the view that was there
        m_entryView->show();
        return;
    }
    if (centralWidget() == m_entryView)
        takeCentralWidget();
    if (!m_entriesDock) {
        m_entriesDock = new QDockWidget(tr("Entries"), this);
        m_entriesDock->setObjectName("entriesDock");
        addDockWidget(Qt::RightDockWidgetArea, m_entriesDock);
        tabifyDockWidget(m_inspector, m_entriesDock);
        m_viewMenu->addAction(m_entriesDock->toggleViewAction());
    }
    m_entriesDock->setWidget(m_entryView);
    m_entriesDock->show();
    m_inspector->raise();
    setCentralWidget(view);
}

QStringList MainWindow::recentDats() const {
    return studioSettings().value(kRecentKey).toStringList();
}

void MainWindow::rememberRecent(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentDats();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kRecentLimit)
        recent.removeLast();
    studioSettings().setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = recentDats();
    for (const QString& path : recent) {
        QAction* action = m_recentMenu->addAction(QFileInfo(path).fileName(), this,
                                                  [this, path] { openDat(path); });
        action->setData(path);
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseDat() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open DAT"), QString(),
                                                      tr("DAT files (*.dat);;All files (*)"));
    if (!path.isEmpty())
        openDat(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (std::any_of(urls.begin(), urls.end(), [](const QUrl& url) { return url.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    bool any = false;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            any = openDat(url.toLocalFile()) || any;
    if (any)
        event->acceptProposedAction();
}

} // namespace portalkit::ui
