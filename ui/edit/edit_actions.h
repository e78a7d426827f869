#pragma once

// The studio's editing commands around one EditSession (docs/studio.md#editing-in-the-studio):
// Edit → Undo/Redo, File → Save, Save As…, Import…, Replace Entry…, Remove Entry, the Edit tab
// of the Inspector (record_editor.h), the window title's unsaved-changes mark, and the
// Save / Discard / Cancel prompt before a DAT with unsaved changes is closed or replaced; the
// Browser marks the entries with unsaved changes and lists those an import adds.

#include <QObject>
#include <QString>
#include <cstdint>
#include <optional>

class QAction;

namespace portalkit::ui {

class EditSession;
class MainWindow;
class RecordEditor;

class EditActions : public QObject {
    Q_OBJECT
  public:
    explicit EditActions(MainWindow* window);

    EditSession* session() const { return m_session; }
    RecordEditor* editor() const { return m_editor; }
    QAction* undoAction() const { return m_undo; }
    QAction* redoAction() const { return m_redo; }
    QAction* saveAction() const { return m_save; }
    QAction* saveAsAction() const { return m_saveAs; }
    QAction* importAction() const { return m_import; }
    QAction* replaceAction() const { return m_replace; }
    QAction* removeAction() const { return m_remove; }

    // Save: every DAT with pending changes is patched and reopened, the shown entry kept. False,
    // with the patcher's message in a box and on the status bar, when one fails (its changes stay
    // pending).
    bool save();
    // Save As: the shown entry's DAT with its changes written to `path`, which is then opened in
    // its place.
    bool saveAs(const QString& path);
    // Import: `file`'s entries (import_files.h) into the shown entry's DAT, at `id` when the
    // format needs one. False, with the reason shown, when the importer refuses it.
    bool importInto(const QString& file, std::optional<std::uint32_t> id);
    // Replace Entry: the shown entry's bytes become `file`'s.
    bool replaceWith(const QString& file);
    bool removeShown();
    QString lastError() const { return m_error; }

    // What the prompt answers before `datPath` (empty: every DAT, the window closing) is closed
    // with unsaved changes: true to go on (saved or discarded), false to keep it open.
    bool confirmClose(const QString& datPath);

  private:
    void buildActions();
    void chooseImport();
    void chooseReplace();
    void chooseSaveAs();
    // The Browser's marks of unsaved changes (added, edited, removed), from the session.
    void markBrowser();
    void updateTitle();
    void updateEnabled();
    // The id an import goes to: asked, with the shown entry's as the default.
    std::optional<std::uint32_t> askId(const QString& file);
    void fail(const QString& message);

    MainWindow* m_window;
    EditSession* m_session;
    RecordEditor* m_editor;
    QAction* m_undo;
    QAction* m_redo;
    QAction* m_save;
    QAction* m_saveAs;
    QAction* m_import;
    QAction* m_replace;
    QAction* m_remove;
    QString m_error;
    bool m_reopening = false; // Save reopening what it wrote
};

} // namespace portalkit::ui
