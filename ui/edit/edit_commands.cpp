#include "ui/edit/edit_commands.h"

#include "ui/edit/edit_session.h"

namespace portalkit::ui {

SetEntriesCommand::SetEntriesCommand(EditSession& session, int dat,
                                     std::vector<EntryChange> changes, const QString& text)
    : QUndoCommand(text), m_session(session), m_dat(dat), m_changes(std::move(changes)) {}

void SetEntriesCommand::redo() {
    std::vector<EditSession::Assignment> set;
    for (const EntryChange& change : m_changes)
        set.push_back({change.id, change.after});
    m_session.assign(m_dat, set);
}

void SetEntriesCommand::undo() {
    std::vector<EditSession::Assignment> set;
    for (auto change = m_changes.rbegin(); change != m_changes.rend(); ++change)
        set.push_back({change->id, change->before});
    m_session.assign(m_dat, set);
}

} // namespace portalkit::ui
