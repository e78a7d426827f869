#include "ui/edit/edit_actions.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "ui/edit/edit_session.h"
#include "ui/edit/import_files.h"
#include "ui/edit/record_editor.h"
#include "ui/widgets/browser_dock.h"
#include "ui/widgets/inspector_dock.h"
#include "ui/widgets/main_window.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace portalkit::ui {
namespace {

QString didText(std::uint32_t id) {
    return QString::fromStdString(dat::formatDid(id));
}

} // namespace

EditActions::EditActions(MainWindow* window)
    : QObject(window), m_window(window), m_session(new EditSession(this)),
      m_editor(new RecordEditor(*m_session)) {
    buildActions();
    m_editor->setLazy(true); // read only while the Edit tab is open
    window->inspectorDock()->addPage(m_editor, tr("Edit"));
    // The views read entries through the session, so they show what is edited.
    window->setEntryReader(
        [this](const dat::DatFile& dat, std::uint32_t id) { return m_session->read(dat, id); });
    window->setCloseGuard([this](const QString& path) { return confirmClose(path); });
    connect(m_session, &EditSession::entriesChanged, window,
            [this, window](const QString& path, const QList<quint32>& ids) {
                markBrowser();
                const auto dat = window->currentDat();
                if (dat && EditSession::keyOf(dat->path()) == path &&
                    ids.contains(window->currentId()))
                    window->refreshEntry();
            });
    connect(window, &MainWindow::entrySelected, m_editor, [this, window](std::uint32_t id) {
        m_editor->showRecord(window->currentDat(), id);
        updateEnabled();
    });
    connect(window, &MainWindow::datsChanged, this, [this, window] {
        markBrowser(); // a DAT opened beside one with unsaved changes keeps their marks
        m_editor->setDats(window->dats());
        updateTitle();
        updateEnabled();
    });
    connect(m_editor, &RecordEditor::jumpRequested, window, &MainWindow::selectEntry);
    connect(m_session, &EditSession::dirtyChanged, this, [this] {
        updateTitle();
        updateEnabled();
    });
    // Save and Save As reopen what they wrote, the shown entry kept.
    connect(m_session, &EditSession::saved, this, [this, window](const QStringList& paths) {
        const std::uint32_t shown = window->currentId();
        m_reopening = true;
        for (const QString& path : paths)
            window->openDat(path);
        m_reopening = false;
        if (shown)
            window->selectEntry(shown);
    });
    // The studio may be put together after DATs were opened.
    m_editor->setDats(window->dats());
    markBrowser();
    if (window->currentDat())
        m_editor->showRecord(window->currentDat(), window->currentId());
    updateTitle();
    updateEnabled();
}

void EditActions::buildActions() {
    QUndoStack* stack = m_session->undoStack();
    m_undo = stack->createUndoAction(this, tr("&Undo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = stack->createRedoAction(this, tr("&Redo"));
    m_redo->setShortcut(QKeySequence::Redo);
    m_save = new QAction(tr("&Save"), this);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Patch the edited DATs (a copy renamed over each)"));
    connect(m_save, &QAction::triggered, this, &EditActions::save);
    m_saveAs = new QAction(tr("Save &As…"), this);
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    connect(m_saveAs, &QAction::triggered, this, &EditActions::chooseSaveAs);
    m_import = new QAction(tr("&Import…"), this);
    m_import->setShortcut(QKeySequence(tr("Ctrl+I")));
    connect(m_import, &QAction::triggered, this, &EditActions::chooseImport);
    m_replace = new QAction(tr("Re&place Entry…"), this);
    connect(m_replace, &QAction::triggered, this, &EditActions::chooseReplace);
    m_remove = new QAction(tr("Remo&ve Entry"), this);
    connect(m_remove, &QAction::triggered, this, &EditActions::removeShown);
    for (QAction* action : {m_save, m_saveAs, m_import, m_replace, m_remove})
        m_window->addFileAction(action);

    // Edit sits after File, as everywhere.
    auto* edit = new QMenu(tr("&Edit"), m_window);
    const QList<QAction*> menus = m_window->menuBar()->actions();
    m_window->menuBar()->insertMenu(menus.size() > 1 ? menus[1] : nullptr, edit);
    edit->addAction(m_undo);
    edit->addAction(m_redo);
    edit->addSeparator();
    edit->addAction(m_import);
    edit->addAction(m_replace);
    edit->addAction(m_remove);
    auto* bar = m_window->addToolBar(tr("Edit"));
    bar->setObjectName("editToolBar");
    for (QAction* action : {m_undo, m_redo, m_save})
        bar->addAction(action);
}

void EditActions::markBrowser() {
    DatBrowserModel* model = m_window->browserDock()->model();
    for (const auto& dat : m_window->dats()) {
        DatBrowserModel::PendingMarks marks;
        for (const std::uint32_t id : m_session->pendingIds(dat->path())) {
            const auto content = m_session->pending(dat->path(), id);
            marks[id] = !*content       ? DatBrowserModel::Pending::Removed
                        : dat->find(id) ? DatBrowserModel::Pending::Modified
                                        : DatBrowserModel::Pending::Added;
        }
        model->setPending(dat.get(), std::move(marks));
    }
}

void EditActions::updateTitle() {
    QString title = m_window->windowTitle();
    if (!title.contains(QLatin1String("[*]")))
        m_window->setWindowTitle(title + QStringLiteral("[*]"));
    m_window->setWindowModified(m_session->isDirty());
}

void EditActions::updateEnabled() {
    const bool shown = m_window->currentDat() != nullptr;
    m_save->setEnabled(m_session->isDirty());
    m_saveAs->setEnabled(shown);
    m_import->setEnabled(shown);
    m_replace->setEnabled(shown);
    m_remove->setEnabled(shown);
}

void EditActions::fail(const QString& message) {
    m_error = message;
    m_window->statusBar()->showMessage(message, 10000);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("PortalKit Studio"), message,
                                QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // non-modal: nothing waits on it (nor does a test)
}

bool EditActions::save() {
    m_error.clear();
    const EditSession::SaveResult result = m_session->save();
    if (!result.error.isEmpty()) {
        fail(result.error);
        return false;
    }
    m_window->statusBar()->showMessage(tr("Saved %1").arg(result.saved.join(", ")), 5000);
    return true;
}

bool EditActions::saveAs(const QString& path) {
    m_error.clear();
    const auto dat = m_window->currentDat();
    if (!dat)
        return false;
    const QString error = m_session->saveAs(dat->path(), path);
    if (!error.isEmpty()) {
        fail(error);
        return false;
    }
    return true;
}

void EditActions::chooseSaveAs() {
    const auto dat = m_window->currentDat();
    if (!dat)
        return;
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save DAT As"), dat->path(),
                                                      tr("DAT files (*.dat);;All files (*)"));
    if (!path.isEmpty())
        saveAs(path);
}

std::optional<std::uint32_t> EditActions::askId(const QString& file) {
    bool ok = false;
    const QString text = QInputDialog::getText(
        m_window, tr("Import"), tr("Id of the entry %1 becomes:").arg(QFileInfo(file).fileName()),
        QLineEdit::Normal, didText(m_window->currentId()), &ok);
    if (!ok)
        return std::nullopt;
    const std::uint32_t id = text.trimmed().toUInt(&ok, 0);
    if (!ok) {
        fail(tr("%1 is not an id (0x%2)").arg(text, QStringLiteral("XXXXXXXX")));
        return std::nullopt;
    }
    return id;
}

void EditActions::chooseImport() {
    const QString file =
        QFileDialog::getOpenFileName(m_window, tr("Import"), QString(), importFilter());
    if (file.isEmpty())
        return;
    std::optional<std::uint32_t> id;
    if (importNeedsId(file) && !(id = askId(file)))
        return;
    importInto(file, id);
}

bool EditActions::importInto(const QString& file, std::optional<std::uint32_t> id) {
    m_error.clear();
    const auto dat = m_window->currentDat();
    if (!dat)
        return false;
    try {
        const auto entries =
            importFile(file, *dat, id.value_or(0), m_session->pendingIds(dat->path()));
        m_session->importEntries(*dat, entries,
                                 tr("Import %1 (%n entries)", nullptr, int(entries.size()))
                                     .arg(QFileInfo(file).fileName()));
        QStringList what;
        for (const auto& entry : entries)
            what << didText(entry.id) + (entry.what.isEmpty() ? QString() : " " + entry.what);
        m_window->statusBar()->showMessage(tr("Imported %1").arg(what.join(", ")), 10000);
        if (!entries.empty()) // the Browser lists an added id before Save
            m_window->selectEntry(entries.front().id);
    } catch (const std::exception& error) {
        fail(tr("Could not import %1: %2").arg(file, QString::fromUtf8(error.what())));
        return false;
    }
    return true;
}

void EditActions::chooseReplace() {
    const QString file = QFileDialog::getOpenFileName(
        m_window, tr("Replace %1 with").arg(didText(m_window->currentId())));
    if (!file.isEmpty())
        replaceWith(file);
}

bool EditActions::replaceWith(const QString& file) {
    m_error.clear();
    const auto dat = m_window->currentDat();
    if (!dat)
        return false;
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        fail(tr("Could not read %1: %2").arg(file, in.errorString()));
        return false;
    }
    const QByteArray bytes = in.readAll();
    const std::uint32_t id = m_window->currentId();
    m_session->replaceEntry(*dat, id, {bytes.begin(), bytes.end()},
                            tr("Replace %1 with %2").arg(didText(id), QFileInfo(file).fileName()));
    return true;
}

bool EditActions::removeShown() {
    const auto dat = m_window->currentDat();
    return dat && m_session->removeEntry(*dat, m_window->currentId());
}

bool EditActions::confirmClose(const QString& datPath) {
    if (m_reopening)
        return true;
    const QStringList dirty =
        datPath.isEmpty() ? m_session->dirtyDats()
                          : (m_session->isDirty(datPath) ? QStringList{EditSession::keyOf(datPath)}
                                                         : QStringList());
    if (dirty.isEmpty())
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them first?").arg(dirty.join(", ")),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    if (answer == QMessageBox::Discard) {
        for (const QString& path : dirty)
            m_session->discard(path);
        return true;
    }
    return false;
}

} // namespace portalkit::ui
