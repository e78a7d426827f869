#pragma once

// The undo commands of an EditSession (edit_session.h). Every edit, import, replacement and
// removal is one command that sets some entries of one DAT to new contents and back; they
// differ only in their text, so one class serves them all.

#include <QString>
#include <QUndoCommand>
#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::ui {

class EditSession;

// An entry's content as the session sees it: its bytes, or nothing when it is absent (removed,
// or never there).
using EntryContent = std::optional<std::vector<std::uint8_t>>;

struct EntryChange {
    std::uint32_t id = 0;
    // What undo restores. Nothing here means "as the file holds it": an entry the file could
    // not read when the change was made has no bytes to restore, so undo drops the pending
    // content instead.
    std::optional<EntryContent> before;
    EntryContent after;
};

class SetEntriesCommand : public QUndoCommand {
  public:
    SetEntriesCommand(EditSession& session, int dat, std::vector<EntryChange> changes,
                      const QString& text);

    void redo() override;
    void undo() override;

    int dat() const { return m_dat; }
    const std::vector<EntryChange>& changes() const { return m_changes; }

  private:
    EditSession& m_session;
    int m_dat; // EditSession's index of the DAT, stable while the session lives
    std::vector<EntryChange> m_changes;
};

} // namespace portalkit::ui
