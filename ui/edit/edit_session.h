#pragma once

// The studio's edits of its open DATs before they are saved (docs/studio.md#editing-in-the-studio).
// No widgets: the record editor, the menus and the tests all drive this one object.
//
// Every change is pending until Save: per DAT (by path), a map id → new bytes or "removed" laid
// over the file, which read() consults before the file, so the browser's inspector and bytes view
// show the edited record. Each change is one command on a QUndoStack (edit_commands.h); undoing
// back to the file's own content drops the pending entry, so the session is dirty exactly while
// some DAT has pending changes. save() writes them with DatPatcher and keeps them if it fails.

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_patcher.h"
#include "modding/imported_entry.h"
#include "ui/edit/edit_commands.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace portalkit::ui {

class EditSession : public QObject {
    Q_OBJECT
  public:
    explicit EditSession(QObject* parent = nullptr);

    QUndoStack* undoStack() { return &m_stack; }

    // The entry as edited: the pending bytes, else the file's. Throws DatError (naming the DID)
    // when it is removed, or absent from the file and not added.
    std::vector<std::uint8_t> read(const dat::DatFile& dat, std::uint32_t id) const;
    // The pending content of an entry (bytes, or nothing when removed); nothing when it has no
    // pending change.
    std::optional<EntryContent> pending(const QString& datPath, std::uint32_t id) const;
    // Ids with pending changes in that DAT, ascending.
    std::vector<std::uint32_t> pendingIds(const QString& datPath) const;
    // DATs with pending changes (absolute paths).
    QStringList dirtyDats() const;
    bool isDirty() const { return !dirtyDats().isEmpty(); }
    bool isDirty(const QString& datPath) const { return !pendingIds(datPath).empty(); }

    // recordFromJson then encodeRecord: the bytes `json` stands for as entry `id` of a `kind` DAT.
    // Throws DatError (naming the DID and the JSON path) when the JSON is not a valid record.
    static std::vector<std::uint8_t> encodeJson(dat::DatKind kind, std::uint32_t id,
                                                const QJsonObject& json);

    // Each pushes one undo command; those that validate throw DatError first and push nothing.
    // Replaces record `id` of `dat` by `json` (encodeJson).
    void editRecord(const dat::DatFile& dat, std::uint32_t id, const QJsonObject& json);
    // Puts raw bytes as entry `id` (added when the DAT has none).
    void replaceEntry(const dat::DatFile& dat, std::uint32_t id, std::vector<std::uint8_t> bytes,
                      const QString& text = {});
    // Puts several entries as one step (an importer's output).
    void importEntries(const dat::DatFile& dat, const std::vector<modding::ImportedEntry>& entries,
                       const QString& text);
    // Removes entry `id`; false (nothing pushed) when it is not there.
    bool removeEntry(const dat::DatFile& dat, std::uint32_t id);

    // Writes every DAT's pending changes into it (DatPatcher open, put/remove, commit) and
    // returns the paths written; empty `error` on success. A DAT that fails keeps its pending
    // changes (those written before it stay written), and the error names it.
    struct SaveResult {
        QStringList saved;
        QString error;
    };
    SaveResult save(dat::CommitMode mode = dat::CommitMode::CopyAndRename);
    // Writes `datPath` with its pending changes to `newPath`, leaving `datPath` as it is; the
    // session then edits `newPath` in its place. The error, or an empty string.
    QString saveAs(const QString& datPath, const QString& newPath);
    // Forgets the DAT's pending changes and clears the undo history (which may refer to them).
    void discard(const QString& datPath);

    // For SetEntriesCommand: sets entries of DAT `dat` (nothing: back to the file's content).
    struct Assignment {
        std::uint32_t id;
        std::optional<EntryContent> content;
    };
    void assign(int dat, const std::vector<Assignment>& assignments);

    static QString keyOf(const QString& path);

  signals:
    // Entries of a DAT changed (an edit, undo or redo): whoever shows them reads them again.
    void entriesChanged(const QString& datPath, const QList<quint32>& ids);
    void dirtyChanged(bool dirty);
    // DATs were written (Save reopens them; Save As opens the new one).
    void saved(const QStringList& paths);

  private:
    struct DatEdits {
        QString path; // absolute
        dat::DatKind kind;
        std::map<std::uint32_t, EntryContent> overlay;
        // The file's content of each id touched, when it could be read: an assignment equal to
        // it is no change.
        std::map<std::uint32_t, EntryContent> baseline;
    };
    int indexOf(const dat::DatFile& dat);
    int findIndex(const QString& datPath) const;
    // What undo will restore for `id`: the pending content, else the file's (nothing when the
    // file cannot read it).
    std::optional<EntryContent> current(int index, const dat::DatFile& dat, std::uint32_t id);
    void push(const dat::DatFile& dat, std::vector<std::pair<std::uint32_t, EntryContent>> set,
              const QString& text);
    // Opens the DAT in a patcher with its pending changes applied. Throws DatError.
    dat::DatPatcher patched(const DatEdits& edits) const;
    // After the DAT's pending changes were written: they are now its baseline.
    void settle(DatEdits& edits);
    void notifyDirty(bool wasDirty);

    QUndoStack m_stack;
    std::vector<DatEdits> m_dats; // never shrinks: commands hold indices
};

} // namespace portalkit::ui
