#include "datreader/container/dat_patcher.h"

#include "datreader/container/dat_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QSaveFile>
#include <algorithm>
#include <cstring>
#include <string>

namespace portalkit::dat {
namespace {

// Block offsets keep bit 31 clear (it marks free links), so a DAT cannot pass 2 GiB.
constexpr std::uint64_t kMaxFileSize = 0x80000000u;
// Free blocks link to the next with bit 31 set, and the last one holds the bit alone: the form
// DatReaderWriter's allocator writes and the verifier accepts. That the retail client tags free
// links this way is UNCONFIRMED (docs/formats.md#patching-in-place).
constexpr std::uint32_t kFreeMark = 0x80000000u;
constexpr std::uint64_t kFirstFreeAt = DatHeader::kDiskInfoOffset + 0x14;
constexpr std::uint64_t kFinalFreeAt = DatHeader::kDiskInfoOffset + 0x18;
constexpr std::uint64_t kFreeCountAt = DatHeader::kDiskInfoOffset + 0x1C;

std::uint32_t read32(std::span<const std::uint8_t> bytes) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data(), 4);
    return value;
}

void throwFirstError(const VerifyReport& report) {
    for (const VerifyProblem& problem : report.problems)
        if (problem.severity == VerifyProblem::Severity::Error)
            throw DatError(problem.field, "cannot patch: " + problem.message, problem.offset,
                           OffsetKind::File, problem.did);
}

} // namespace

DatPatcher::Repair DatPatcher::repair(const QString& path, FaultPlan* faults) {
    const DatLock lock = DatLock::acquire(path);
    return repairPatch(path, faults);
}

DatPatcher DatPatcher::open(const QString& path) {
    DatLock lock = DatLock::acquire(path);
    repairPatch(path);
    DatPatcher patcher;
    patcher.m_path = path;
    // The editable tree walks and checks the directory itself: the reader's index would be a
    // second and third walk of every node (60-90 ms of an 805k-entry DAT) for nothing.
    patcher.load(DatFile::open(path, DatFile::Index::None));
    patcher.m_lock = std::move(lock);
    return patcher;
}

DatPatcher DatPatcher::fromBytes(std::vector<std::uint8_t> bytes, QString path) {
    DatPatcher patcher;
    patcher.m_path = std::move(path);
    patcher.load(DatFile::fromBytes(
        QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))));
    // In memory the whole check is cheap, and the tests and fuzzers feed damaged DATs.
    throwFirstError(verifyDat(*patcher.m_source));
    return patcher;
}

void DatPatcher::load(DatFile source) {
    m_source = std::move(source);
    m_header = m_source->header();
    m_size = m_source->fileSize();
    // Our own walk first, so a broken free list is reported as such.
    readFreeList();
    m_tree.load(m_source->chains(), m_header.rootOffset);
    checkFreeAgainstNodes();
    bindStorage();
}

void DatPatcher::bindStorage() {
    m_tree.setStorage({[this] { return takeBlocks(blocksFor(DirectoryNode::kSize)); },
                       [this](std::span<const std::uint32_t> blocks) { releaseBlocks(blocks); }});
}

void DatPatcher::moveFrom(DatPatcher& other) {
    m_path = std::move(other.m_path);
    m_source = std::move(other.m_source);
    m_dirty = std::move(other.m_dirty);
    m_size = other.m_size;
    m_header = other.m_header;
    m_tree = std::move(other.m_tree);
    m_free = std::move(other.m_free);
    m_freeSet = std::move(other.m_freeSet);
    m_linkDirty = std::move(other.m_linkDirty);
    m_written = std::move(other.m_written);
    m_changes = std::move(other.m_changes);
    m_iteration = other.m_iteration;
    m_stats = other.m_stats;
    m_committed = other.m_committed;
    m_lock = std::move(other.m_lock);
    bindStorage();
}

DatPatcher::DatPatcher(DatPatcher&& other) noexcept {
    moveFrom(other);
}

DatPatcher& DatPatcher::operator=(DatPatcher&& other) noexcept {
    if (this != &other)
        moveFrom(other);
    return *this;
}

void DatPatcher::readFreeList() {
    m_free.clear();
    m_freeSet.clear();
    const ChainReader chains = m_source->chains();
    const std::uint32_t count = m_header.freeCount;
    if (count == 0) {
        if (m_header.firstFree != 0 || m_header.finalFree != 0)
            throw DatError("header.firstFree",
                           "free count is 0 but head/tail are " + formatOffset(m_header.firstFree) +
                               "/" + formatOffset(m_header.finalFree),
                           kFirstFreeAt);
        return;
    }
    const std::uint64_t room = (m_size - m_header.firstBlockOffset()) / m_header.blockSize;
    if (count > room)
        throw DatError("header.freeCount",
                       "header counts " + std::to_string(count) +
                           " free blocks, the file has room for " + std::to_string(room),
                       kFreeCountAt);
    // Walked link by link, never assumed contiguous; bounded by the count, and a block met twice
    // is a loop, so a crafted list can neither hang the walk nor send it outside the file.
    std::uint32_t block = m_header.firstFree;
    std::uint64_t where = kFirstFreeAt;
    const char* field = "header.firstFree";
    for (std::uint32_t i = 0; i < count; ++i) {
        chains.checkPointer(block, where, field, std::nullopt);
        if (!m_freeSet.insert(block).second)
            throw DatError(field,
                           "links back to free block " + formatOffset(block) +
                               " already in the list (loop)",
                           where);
        m_free.push_back(block);
        const std::uint32_t next = read32(this->block(block)) & ~kFreeMark;
        if (next == 0 && i + 1 < count)
            throw DatError("header.freeCount",
                           "header counts " + std::to_string(count) +
                               " free blocks, the list ends after " + std::to_string(i + 1) +
                               " at " + formatOffset(block),
                           kFreeCountAt);
        where = block;
        field = "free.next";
        block = next;
    }
    if (m_free.back() != m_header.finalFree)
        throw DatError("header.finalFree",
                       "free list ends at " + formatOffset(m_free.back()) + ", header says " +
                           formatOffset(m_header.finalFree),
                       kFinalFreeAt);
}

void DatPatcher::checkFreeAgainstNodes() const {
    // A free block that is also a directory node would be handed out and overwrite the node.
    // Entries' chains are checked the same way when a patch touches them (chainOf).
    m_tree.forEachNodeBlock([&](std::uint32_t block) {
        if (m_freeSet.count(block))
            throw DatError("free.next",
                           "free block " + formatOffset(block) + " is also a directory node",
                           block);
    });
}

std::span<const std::uint8_t> DatPatcher::block(std::uint32_t offset) const {
    if (auto it = m_dirty.find(offset); it != m_dirty.end())
        return it->second;
    const auto file = m_source->bytes();
    const std::size_t count = std::min<std::size_t>(m_header.blockSize, file.size() - offset);
    return file.subspan(offset, count);
}

std::uint8_t* DatPatcher::writableBlock(std::uint32_t offset) {
    auto [it, added] = m_dirty.try_emplace(offset);
    if (added) {
        it->second.assign(m_header.blockSize, 0);
        const auto file = m_source->bytes();
        if (offset < file.size()) {
            const std::size_t count =
                std::min<std::size_t>(m_header.blockSize, file.size() - offset);
            std::memcpy(it->second.data(), file.data() + offset, count);
        }
    }
    return it->second.data();
}

std::size_t DatPatcher::blocksFor(std::size_t payload) const {
    const std::size_t per = m_header.blockSize - 4;
    return (payload + per - 1) / per;
}

std::uint32_t DatPatcher::takeBlock() {
    ++m_stats.blocksTaken;
    // The head, as DatReaderWriter's allocator takes it; the client's choice is UNCONFIRMED.
    if (!m_free.empty()) {
        const std::uint32_t taken = m_free.front();
        m_free.pop_front();
        m_freeSet.erase(taken);
        m_linkDirty.erase(taken); // its link is overwritten by what it holds now
        return taken;
    }
    // The list ran out: the file grows by exactly one block, at a block boundary.
    const std::uint64_t size = m_header.blockSize;
    const std::uint64_t at = (m_size + size - 1) / size * size;
    if (at + size > kMaxFileSize)
        throw DatError("header.fileSize",
                       "the patch would take the DAT past the 2 GiB it can address", at);
    m_size = at + size;
    m_dirty[std::uint32_t(at)].assign(size, 0);
    ++m_stats.blocksGrown;
    return std::uint32_t(at);
}

std::vector<std::uint32_t> DatPatcher::takeBlocks(std::size_t count) {
    std::vector<std::uint32_t> blocks;
    blocks.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        blocks.push_back(takeBlock());
    return blocks;
}

void DatPatcher::releaseBlocks(std::span<const std::uint32_t> blocks) {
    // Given-up blocks join the tail; which end the client uses is UNCONFIRMED. Only the old
    // tail's link and the new blocks' links change: the rest of the list is left as it lies.
    for (const std::uint32_t released : blocks) {
        if (!m_free.empty())
            m_linkDirty.insert(m_free.back());
        m_free.push_back(released);
        m_freeSet.insert(released);
        m_linkDirty.insert(released);
        ++m_stats.blocksReleased;
    }
}

std::vector<std::uint32_t> DatPatcher::chainOf(const EntryInfo& entry) const {
    if (auto it = m_written.find(entry.id); it != m_written.end())
        return it->second;
    std::vector<std::uint32_t> blocks;
    if (entry.size == 0)
        return blocks;
    // An entry this patch has not written lies in the map as opened. Each link is checked, and
    // a block that is free or that this patch already rewrote is owned twice: patching on would
    // corrupt the other owner.
    m_source->chains().walk(entry.offset, entry.size, entry.id, entry.offset, "entry.offset",
                            [&](std::uint32_t at, std::size_t, std::size_t) {
                                if (m_freeSet.count(at) || m_dirty.count(at))
                                    throw DatError(
                                        "entry.offset",
                                        "block " + formatOffset(at) +
                                            " of the entry is also free or part of another entry",
                                        at, OffsetKind::File, entry.id);
                                blocks.push_back(at);
                                return true;
                            });
    return blocks;
}

void DatPatcher::writeChain(std::span<const std::uint32_t> blocks,
                            std::span<const std::uint8_t> payload) {
    const std::size_t per = m_header.blockSize - 4;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        std::uint8_t* out = writableBlock(blocks[i]);
        const std::uint32_t next = i + 1 < blocks.size() ? blocks[i + 1] : 0;
        std::memcpy(out, &next, 4);
        const std::size_t from = i * per;
        const std::size_t count = std::min(per, payload.size() - from);
        std::memcpy(out + 4, payload.data() + from, count);
        std::memset(out + 4 + count, 0, per - count); // the tail zeroed, as DatWriter does
    }
}

void DatPatcher::checkRoom(std::uint64_t extraBlocks) const {
    // Worst case besides the entry: a split on every level and a new root. Checked before
    // anything changes, so a refused put leaves the patcher as it was.
    const std::uint64_t nodes = std::uint64_t(m_tree.depth() + 1) * blocksFor(DirectoryNode::kSize);
    const std::uint64_t wanted = extraBlocks + nodes;
    if (wanted <= m_free.size())
        return;
    const std::uint64_t size = m_header.blockSize;
    const std::uint64_t end = (m_size + size - 1) / size * size;
    if (end + (wanted - m_free.size()) * size > kMaxFileSize)
        throw DatError("header.fileSize",
                       "the patch would take the DAT past the 2 GiB it can address", end);
}

void DatPatcher::noteChange(std::uint32_t id, const EntryInfo* old,
                            std::optional<std::uint32_t> newSize) {
    auto it = m_changes.find(id);
    if (it == m_changes.end()) {
        PatchChange change{id, old ? PatchChange::Kind::Replaced : PatchChange::Kind::Added,
                           old ? old->size : 0u, 0u};
        it = m_changes.emplace(id, change).first;
    }
    PatchChange& change = it->second;
    if (newSize) {
        change.newSize = *newSize;
        if (change.kind == PatchChange::Kind::Removed)
            change.kind = PatchChange::Kind::Replaced; // removed, then put again
    } else if (change.kind == PatchChange::Kind::Added) {
        m_changes.erase(it); // added, then removed: no change at all
    } else {
        change.kind = PatchChange::Kind::Removed;
        change.newSize = 0;
    }
}

void DatPatcher::reloadIfCommitted() {
    // After a commit the map may show the old file (copy and rename) or a changed one (in
    // place); either way the next patch starts from the DAT as it now is.
    if (m_committed) {
        m_lock = {}; // a copy-and-rename commit left the lock on the replaced file
        *this = open(m_path);
    }
}

void DatPatcher::put(std::uint32_t id, std::span<const std::uint8_t> bytes) {
    reloadIfCommitted();
    const std::uint64_t needed = blocksFor(bytes.size());
    const EntryInfo* old = m_tree.find(id);
    std::vector<std::uint32_t> blocks = old ? chainOf(*old) : std::vector<std::uint32_t>{};
    try {
        checkRoom(needed > blocks.size() ? needed - blocks.size() : 0);
    } catch (DatError& error) {
        error.withDid(id);
        throw;
    }
    EntryInfo info;
    info.id = id;
    info.flags = WriterEntry::kNewEntryFlags;
    info.iteration = 1;
    if (old) {
        info = *old;
        info.flags &= ~1u; // stored as given, not compressed
        // The entry's own blocks are rewritten first; a shorter payload gives the rest back.
        if (blocks.size() > needed) {
            releaseBlocks(std::span(blocks).subspan(needed));
            blocks.resize(needed);
        }
    }
    noteChange(id, old, std::uint32_t(bytes.size()));
    const auto more = takeBlocks(needed - blocks.size());
    blocks.insert(blocks.end(), more.begin(), more.end());
    writeChain(blocks, bytes);
    info.offset = blocks.empty() ? 0 : blocks.front();
    info.size = std::uint32_t(bytes.size());
    m_written[id] = std::move(blocks);
    m_tree.put(info);
}

bool DatPatcher::remove(std::uint32_t id) {
    reloadIfCommitted();
    const EntryInfo* old = m_tree.find(id);
    if (!old)
        return false;
    const auto blocks = chainOf(*old);
    noteChange(id, old, std::nullopt);
    m_tree.remove(id);
    m_written.erase(id);
    releaseBlocks(blocks);
    return true;
}

std::vector<std::uint8_t> DatPatcher::read(std::uint32_t id) const {
    const EntryInfo* entry = m_tree.find(id);
    if (!entry)
        throw DatError("entry", "no entry " + formatOffset(id), 0, OffsetKind::File, id);
    std::vector<std::uint8_t> out;
    out.reserve(entry->size);
    const std::size_t per = m_header.blockSize - 4;
    for (const std::uint32_t at : chainOf(*entry)) {
        const auto bytes = block(at);
        const std::size_t count = std::min(per, entry->size - out.size());
        out.insert(out.end(), bytes.begin() + 4, bytes.begin() + 4 + std::ptrdiff_t(count));
    }
    return out;
}

std::vector<PatchChange> DatPatcher::changes() const {
    std::vector<PatchChange> list;
    list.reserve(m_changes.size());
    for (const auto& [id, change] : m_changes)
        list.push_back(change);
    return list;
}

} // namespace portalkit::dat
