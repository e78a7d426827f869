#include "ui/edit/edit_session.h"

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/record.h"

#include <QFileInfo>

namespace portalkit::ui {
namespace {

QString didText(std::uint32_t id) {
    return QString::fromStdString(dat::formatDid(id));
}

QString errorText(const std::exception& error) {
    return QString::fromUtf8(error.what());
}

} // namespace

EditSession::EditSession(QObject* parent) : QObject(parent) {}

QString EditSession::keyOf(const QString& path) {
    return QFileInfo(path).absoluteFilePath();
}

int EditSession::findIndex(const QString& datPath) const {
    const QString key = keyOf(datPath);
    for (std::size_t i = 0; i < m_dats.size(); ++i)
        if (m_dats[i].path == key)
            return int(i);
    return -1;
}

int EditSession::indexOf(const dat::DatFile& dat) {
    const int found = findIndex(dat.path());
    if (found >= 0)
        return found;
    m_dats.push_back({keyOf(dat.path()), dat.kind(), {}, {}});
    return int(m_dats.size() - 1);
}

std::vector<std::uint8_t> EditSession::read(const dat::DatFile& dat, std::uint32_t id) const {
    if (const auto content = pending(dat.path(), id)) {
        if (!*content)
            throw dat::DatError("id", "is removed (not saved yet)", 0, dat::OffsetKind::File, id);
        return **content;
    }
    return dat.read(id); // throws, naming the DID, when the file has no such entry
}

std::optional<EntryContent> EditSession::pending(const QString& datPath, std::uint32_t id) const {
    const int index = findIndex(datPath);
    if (index < 0)
        return std::nullopt;
    const auto& overlay = m_dats[std::size_t(index)].overlay;
    const auto found = overlay.find(id);
    if (found == overlay.end())
        return std::nullopt;
    return found->second;
}

std::vector<std::uint32_t> EditSession::pendingIds(const QString& datPath) const {
    std::vector<std::uint32_t> ids;
    const int index = findIndex(datPath);
    if (index >= 0)
        for (const auto& [id, content] : m_dats[std::size_t(index)].overlay)
            ids.push_back(id);
    return ids;
}

QStringList EditSession::dirtyDats() const {
    QStringList paths;
    for (const DatEdits& edits : m_dats)
        if (!edits.overlay.empty())
            paths << edits.path;
    return paths;
}

std::vector<std::uint8_t> EditSession::encodeJson(dat::DatKind kind, std::uint32_t id,
                                                  const QJsonObject& json) {
    const dat::JsonNode node(json, "record", id);
    return dat::encodeRecord(dat::recordFromJson(kind, id, node));
}

std::optional<EntryContent> EditSession::current(int index, const dat::DatFile& dat,
                                                 std::uint32_t id) {
    DatEdits& edits = m_dats[std::size_t(index)];
    if (const auto found = edits.overlay.find(id); found != edits.overlay.end())
        return found->second;
    if (const auto known = edits.baseline.find(id); known != edits.baseline.end())
        return known->second;
    try {
        const EntryContent content =
            dat.find(id) ? EntryContent(dat.read(id)) : EntryContent(std::nullopt);
        edits.baseline[id] = content;
        return content;
    } catch (const dat::DatError&) {
        return std::nullopt; // unreadable: undo goes back to the file as it is
    }
}

void EditSession::push(const dat::DatFile& dat,
                       std::vector<std::pair<std::uint32_t, EntryContent>> set,
                       const QString& text) {
    const int index = indexOf(dat);
    std::vector<EntryChange> changes;
    for (auto& [id, content] : set)
        changes.push_back({id, current(index, dat, id), std::move(content)});
    m_stack.push(new SetEntriesCommand(*this, index, std::move(changes), text));
}

void EditSession::editRecord(const dat::DatFile& dat, std::uint32_t id, const QJsonObject& json) {
    std::vector<std::uint8_t> bytes = encodeJson(dat.kind(), id, json); // throws: nothing pushed
    try {
        if (read(dat, id) == bytes)
            return; // the same record: no step to undo
    } catch (const dat::DatError&) {
        // removed or unreadable: the edit puts it back
    }
    push(dat, {{id, std::move(bytes)}}, tr("Edit %1").arg(didText(id)));
}

void EditSession::replaceEntry(const dat::DatFile& dat, std::uint32_t id,
                               std::vector<std::uint8_t> bytes, const QString& text) {
    push(dat, {{id, std::move(bytes)}}, text.isEmpty() ? tr("Replace %1").arg(didText(id)) : text);
}

void EditSession::importEntries(const dat::DatFile& dat,
                                const std::vector<modding::ImportedEntry>& entries,
                                const QString& text) {
    std::vector<std::pair<std::uint32_t, EntryContent>> set;
    for (const modding::ImportedEntry& entry : entries)
        set.emplace_back(entry.id, entry.bytes);
    push(dat, std::move(set), text);
}

bool EditSession::removeEntry(const dat::DatFile& dat, std::uint32_t id) {
    const auto content = pending(dat.path(), id);
    const bool present = content ? bool(*content) : dat.find(id) != nullptr;
    if (!present)
        return false;
    push(dat, {{id, std::nullopt}}, tr("Remove %1").arg(didText(id)));
    return true;
}

void EditSession::assign(int index, const std::vector<Assignment>& assignments) {
    const bool wasDirty = isDirty();
    DatEdits& edits = m_dats[std::size_t(index)];
    QList<quint32> ids;
    for (const Assignment& set : assignments) {
        ids << set.id;
        const auto base = edits.baseline.find(set.id);
        // Back to what the file holds is no pending change: the session is clean again.
        if (!set.content || (base != edits.baseline.end() && base->second == *set.content))
            edits.overlay.erase(set.id);
        else
            edits.overlay[set.id] = *set.content;
    }
    emit entriesChanged(edits.path, ids);
    notifyDirty(wasDirty);
}

void EditSession::notifyDirty(bool wasDirty) {
    if (isDirty() != wasDirty)
        emit dirtyChanged(isDirty());
}

dat::DatPatcher EditSession::patched(const DatEdits& edits) const {
    dat::DatPatcher patcher = dat::DatPatcher::open(edits.path);
    for (const auto& [id, content] : edits.overlay) {
        if (content)
            patcher.put(id, *content);
        else
            patcher.remove(id);
    }
    return patcher;
}

void EditSession::settle(DatEdits& edits) {
    for (auto& [id, content] : edits.overlay)
        edits.baseline[id] = std::move(content);
    edits.overlay.clear();
}

EditSession::SaveResult EditSession::save(dat::CommitMode mode) {
    const bool wasDirty = isDirty();
    SaveResult result;
    for (DatEdits& edits : m_dats) {
        if (edits.overlay.empty())
            continue;
        try {
            dat::DatPatcher patcher = patched(edits);
            patcher.commit(mode);
        } catch (const std::exception& error) {
            result.error = tr("Could not save %1: %2").arg(edits.path, errorText(error));
            break; // the rest stay pending too
        }
        settle(edits);
        result.saved << edits.path;
    }
    if (!isDirty())
        m_stack.setClean();
    notifyDirty(wasDirty);
    if (!result.saved.isEmpty())
        emit saved(result.saved);
    return result;
}

QString EditSession::saveAs(const QString& datPath, const QString& newPath) {
    const int index = findIndex(datPath);
    if (keyOf(newPath) == keyOf(datPath))
        return tr("Save As needs another file than %1 (use Save)").arg(datPath);
    const bool wasDirty = isDirty();
    try {
        dat::DatPatcher patcher =
            index >= 0 ? patched(m_dats[std::size_t(index)]) : dat::DatPatcher::open(datPath);
        patcher.saveAs(newPath);
    } catch (const std::exception& error) {
        return tr("Could not save %1 as %2: %3").arg(datPath, newPath, errorText(error));
    }
    if (index >= 0) {
        DatEdits& edits = m_dats[std::size_t(index)];
        edits.path = keyOf(newPath); // the copy is what the studio edits from now on
        settle(edits);
    }
    if (!isDirty())
        m_stack.setClean();
    notifyDirty(wasDirty);
    emit saved({keyOf(newPath)});
    return {};
}

void EditSession::discard(const QString& datPath) {
    const int index = findIndex(datPath);
    if (index < 0)
        return;
    const bool wasDirty = isDirty();
    DatEdits& edits = m_dats[std::size_t(index)];
    QList<quint32> ids;
    for (const auto& [id, content] : edits.overlay)
        ids << id;
    edits.overlay.clear();
    edits.baseline.clear(); // the file may be replaced by another of its name
    m_stack.clear();
    emit entriesChanged(edits.path, ids);
    notifyDirty(wasDirty);
}

} // namespace portalkit::ui
