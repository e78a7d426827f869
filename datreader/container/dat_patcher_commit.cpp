// DatPatcher, second half: bringing the directory, free list, header and iteration record up to
// date, and writing the patch (docs/formats.md#writing-a-patch).

#include "datreader/container/dat_patcher.h"
#include "datreader/io/dat_error.h"

#include <QSaveFile>
#include <cstring>
#include <string>

namespace portalkit::dat {
namespace {

constexpr std::uint32_t kFreeMark = 0x80000000u;

// The iteration record with `iteration` added. Its runs must cover exactly `current`
// iterations (readers stop when the running sum reaches zero), so a patch may only repeat an
// iteration the DAT has or add the next one; a gap is refused (how the client records one is
// UNCONFIRMED).
IterationRecord withIteration(std::optional<IterationRecord> record, std::int32_t iteration) {
    if (!record)
        return IterationRecord::fullyPatched(iteration);
    if (!record->complete() || iteration > record->current + 1)
        throw DatError("iteration",
                       "iteration " + std::to_string(iteration) +
                           " would leave a gap in the DAT's iterations (it holds " +
                           std::to_string(record->current) +
                           (record->complete() ? "" : ", with gaps") +
                           "); patch iterations in order",
                       0, OffsetKind::File, kIterationDid);
    if (iteration == record->current + 1)
        return IterationRecord::fullyPatched(iteration);
    return *record;
}

} // namespace

void DatPatcher::setIteration(std::int32_t iteration) {
    if (iteration < 1)
        throw DatError("iteration", "iterations start at 1", 0);
    m_iteration = iteration;
}

void DatPatcher::applyIteration() {
    if (!m_iteration)
        return;
    const std::int32_t iteration = *m_iteration;
    std::optional<IterationRecord> record;
    if (m_tree.find(kIterationDid)) {
        try {
            record = IterationRecord::parse(read(kIterationDid));
        } catch (DatError& error) {
            error.withDid(kIterationDid);
            throw;
        }
    }
    const auto bytes = withIteration(record, iteration).serialize();
    if (!record || record->serialize() != bytes)
        put(kIterationDid, bytes);
    // Every entry the patch adds or replaces carries the patch's iteration, as the client's
    // downloaded patches do; written only where it differs, so preparing twice changes nothing.
    for (const auto& [id, change] : m_changes) {
        if (change.kind == PatchChange::Kind::Removed || id == kIterationDid)
            continue;
        EntryInfo entry = *m_tree.find(id);
        if (entry.iteration != std::uint32_t(iteration)) {
            entry.iteration = std::uint32_t(iteration);
            m_tree.put(entry);
        }
    }
}

void DatPatcher::flush() {
    applyIteration();
    m_tree.flushNodes(
        [this](std::span<const std::uint32_t> blocks, std::span<const std::uint8_t> node) {
            writeChain(blocks, node);
            ++m_stats.nodesWritten;
        });
    // Free links: only the ones that changed, which are the list's tail (blocks given back join
    // it, and the block before them gains a link). The head moves in the header alone.
    for (auto it = m_free.rbegin(); it != m_free.rend() && !m_linkDirty.empty(); ++it) {
        if (!m_linkDirty.erase(*it))
            break;
        const std::uint32_t next = it == m_free.rbegin() ? 0 : *std::prev(it);
        const std::uint32_t link = next | kFreeMark;
        std::memcpy(writableBlock(*it), &link, 4);
    }
    for (std::size_t i = 0; i < m_free.size() && !m_linkDirty.empty(); ++i) {
        if (!m_linkDirty.erase(m_free[i]))
            continue; // not reached in practice: dirty links sit in the tail
        const std::uint32_t link = (i + 1 < m_free.size() ? m_free[i + 1] : 0) | kFreeMark;
        std::memcpy(writableBlock(m_free[i]), &link, 4);
    }
    m_header.firstFree = m_free.empty() ? 0 : m_free.front();
    m_header.finalFree = m_free.empty() ? 0 : m_free.back();
    m_header.freeCount = std::uint32_t(m_free.size());
    m_header.rootOffset = m_tree.rootOffset();
    m_header.fileSize = std::uint32_t(m_size);
}

void DatPatcher::prepare() {
    reloadIfCommitted();
    flush();
}

PatchImage DatPatcher::image() const {
    PatchImage image;
    image.size = m_size;
    const auto header = m_header.serialize();
    image.writes.push_back({0, {header.begin(), header.end()}});
    for (const auto& [offset, bytes] : m_dirty) {
        const std::size_t count = std::min<std::uint64_t>(bytes.size(), m_size - offset);
        image.writes.push_back({offset, {bytes.begin(), bytes.begin() + std::ptrdiff_t(count)}});
    }
    return image;
}

std::vector<std::uint8_t> DatPatcher::bytes() {
    flush();
    const auto file = m_source->bytes();
    std::vector<std::uint8_t> out(m_size, 0);
    std::memcpy(out.data(), file.data(), std::min<std::size_t>(file.size(), out.size()));
    for (const PatchImage::Write& write : image().writes)
        std::memcpy(out.data() + write.offset, write.bytes.data(), write.bytes.size());
    return out;
}

void DatPatcher::commit(CommitMode mode, FaultPlan* faults) {
    if (m_path.isEmpty())
        throw DatError("file", "the DAT came from memory: save it with saveAs", 0);
    if (m_committed)
        return; // nothing has changed since
    flush();
    const PatchImage patch = image();
    m_stats.bytesWritten = 0;
    for (const PatchImage::Write& write : patch.writes)
        m_stats.bytesWritten += write.bytes.size();
    if (mode == CommitMode::InPlace)
        commitInPlace(m_path, patch, faults);
    else
        commitByCopy(m_path, m_path, patch, faults);
    m_committed = true;
}

void DatPatcher::saveAs(const QString& path, FaultPlan* faults) {
    reloadIfCommitted();
    if (!m_path.isEmpty()) {
        flush();
        commitByCopy(m_path, path, image(), faults);
        return;
    }
    // A DAT from memory has no file to copy: it is written whole.
    const auto whole = bytes();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(reinterpret_cast<const char*>(whole.data()), qint64(whole.size())) !=
            qint64(whole.size()) ||
        !file.commit())
        throw DatError(
            "file", "cannot write " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
}

} // namespace portalkit::dat
