#include "datreader/container/dat_patcher.h"

#include "datreader/container/dat_file.h"
#include "datreader/container/dat_writer.h"
#include "datreader/container/verifier.h"
#include "datreader/io/dat_error.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <unordered_set>

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

std::uint32_t read32(const std::vector<std::uint8_t>& bytes, std::uint64_t at) {
    std::uint32_t value;
    std::memcpy(&value, bytes.data() + at, 4);
    return value;
}

void write32(std::vector<std::uint8_t>& bytes, std::uint64_t at, std::uint32_t value) {
    std::memcpy(bytes.data() + at, &value, 4);
}

// Makes the rename itself durable: without it a crash right after commit may bring back the old
// name's target on some file systems.
void syncFolder(const QString& path) {
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    const int fd = ::open(folder.constData(), O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return; // not fatal: the data itself is synced, only the folder entry may lag
    ::fsync(fd);
    ::close(fd);
}

} // namespace

DatPatcher DatPatcher::open(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw DatError(
            "file", "cannot open " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
    std::vector<std::uint8_t> bytes(std::size_t(file.size()));
    if (file.read(reinterpret_cast<char*>(bytes.data()), qint64(bytes.size())) !=
        qint64(bytes.size()))
        throw DatError("file", "cannot read " + path.toStdString(), 0);
    return fromBytes(std::move(bytes), path);
}

DatPatcher DatPatcher::fromBytes(std::vector<std::uint8_t> bytes, QString path) {
    DatPatcher patcher;
    patcher.m_path = std::move(path);
    patcher.m_bytes = std::move(bytes);
    patcher.load();
    return patcher;
}

void DatPatcher::load() {
    // DatFile checks the header and walks the directory; it views our bytes without a copy.
    const QByteArray view = QByteArray::fromRawData(reinterpret_cast<const char*>(m_bytes.data()),
                                                    qsizetype(m_bytes.size()));
    const DatFile dat = DatFile::fromBytes(view);
    m_header = dat.header();
    // Our own walk first, so a broken free list is reported as such, then everything else:
    // blocks owned twice or a free block that is also data would be corrupted by allocation.
    readFreeList();
    for (const VerifyProblem& problem : verifyDat(dat).problems)
        if (problem.severity == VerifyProblem::Severity::Error)
            throw DatError(problem.field, "cannot patch: " + problem.message, problem.offset,
                           OffsetKind::File, problem.did);
    m_tree.load(dat.chains(), m_header.rootOffset);
    bindStorage();
}

void DatPatcher::bindStorage() {
    m_tree.setStorage({[this] { return takeBlocks(blocksFor(DirectoryNode::kSize)); },
                       [this](std::span<const std::uint32_t> blocks) { releaseBlocks(blocks); }});
}

DatPatcher::DatPatcher(DatPatcher&& other) noexcept
    : m_path(std::move(other.m_path)), m_bytes(std::move(other.m_bytes)), m_header(other.m_header),
      m_tree(std::move(other.m_tree)), m_free(std::move(other.m_free)) {
    bindStorage();
}

DatPatcher& DatPatcher::operator=(DatPatcher&& other) noexcept {
    m_path = std::move(other.m_path);
    m_bytes = std::move(other.m_bytes);
    m_header = other.m_header;
    m_tree = std::move(other.m_tree);
    m_free = std::move(other.m_free);
    bindStorage();
    return *this;
}

void DatPatcher::readFreeList() {
    m_free.clear();
    const ChainReader chains(m_bytes, m_header.blockSize, m_header.firstBlockOffset());
    const std::uint32_t count = m_header.freeCount;
    if (count == 0) {
        if (m_header.firstFree != 0 || m_header.finalFree != 0)
            throw DatError("header.firstFree",
                           "free count is 0 but head/tail are " + formatOffset(m_header.firstFree) +
                               "/" + formatOffset(m_header.finalFree),
                           kFirstFreeAt);
        return;
    }
    const std::uint64_t room = (m_bytes.size() - m_header.firstBlockOffset()) / m_header.blockSize;
    if (count > room)
        throw DatError("header.freeCount",
                       "header counts " + std::to_string(count) +
                           " free blocks, the file has room "
                           "for " +
                           std::to_string(room),
                       kFreeCountAt);
    // Walked link by link, never assumed contiguous; bounded by the count, and a block met twice
    // is a loop, so a crafted list can neither hang the walk nor send it outside the file.
    std::unordered_set<std::uint32_t> seen;
    std::uint32_t block = m_header.firstFree;
    std::uint64_t where = kFirstFreeAt;
    const char* field = "header.firstFree";
    for (std::uint32_t i = 0; i < count; ++i) {
        chains.checkPointer(block, where, field, std::nullopt);
        if (!seen.insert(block).second)
            throw DatError(field,
                           "links back to free block " + formatOffset(block) +
                               " already in the list (loop)",
                           where);
        m_free.push_back(block);
        const std::uint32_t next = read32(m_bytes, block) & ~kFreeMark;
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

std::size_t DatPatcher::blocksFor(std::size_t payload) const {
    const std::size_t per = m_header.blockSize - 4;
    return (payload + per - 1) / per;
}

std::uint32_t DatPatcher::takeBlock() {
    // The head, as DatReaderWriter's allocator takes it; the client's choice is UNCONFIRMED.
    if (!m_free.empty()) {
        const std::uint32_t block = m_free.front();
        m_free.pop_front();
        return block;
    }
    // The list ran out: the file grows by exactly one block, at a block boundary.
    const std::uint64_t size = m_header.blockSize;
    const std::uint64_t at = (m_bytes.size() + size - 1) / size * size;
    if (at + size > kMaxFileSize)
        throw DatError("header.fileSize",
                       "the patch would take the DAT past the 2 GiB it can address", at);
    m_bytes.resize(at + size, 0);
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
    // Given-up blocks join the tail; which end the client uses is UNCONFIRMED.
    m_free.insert(m_free.end(), blocks.begin(), blocks.end());
}

std::vector<std::uint32_t> DatPatcher::chainOf(const EntryInfo& entry) const {
    std::vector<std::uint32_t> blocks;
    if (entry.size == 0)
        return blocks;
    // Every chain was checked at open (verifyDat) and ours are written whole, so the walk only
    // collects; it still checks each link.
    const ChainReader chains(m_bytes, m_header.blockSize, m_header.firstBlockOffset());
    chains.walk(entry.offset, entry.size, entry.id, entry.offset, "entry.offset",
                [&](std::uint32_t block, std::size_t, std::size_t) {
                    blocks.push_back(block);
                    return true;
                });
    return blocks;
}

void DatPatcher::writeChain(std::span<const std::uint32_t> blocks,
                            std::span<const std::uint8_t> payload) {
    const std::size_t per = m_header.blockSize - 4;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        std::uint8_t* block = m_bytes.data() + blocks[i];
        const std::uint32_t next = i + 1 < blocks.size() ? blocks[i + 1] : 0;
        std::memcpy(block, &next, 4);
        const std::size_t from = i * per;
        const std::size_t count = std::min(per, payload.size() - from);
        std::memcpy(block + 4, payload.data() + from, count);
        std::memset(block + 4 + count, 0, per - count); // the tail zeroed, as DatWriter does
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
    const std::uint64_t end = (m_bytes.size() + size - 1) / size * size;
    if (end + (wanted - m_free.size()) * size > kMaxFileSize)
        throw DatError("header.fileSize",
                       "the patch would take the DAT past the 2 GiB it can address", end);
}

void DatPatcher::put(std::uint32_t id, std::span<const std::uint8_t> bytes) {
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
    const auto more = takeBlocks(needed - blocks.size());
    blocks.insert(blocks.end(), more.begin(), more.end());
    writeChain(blocks, bytes);
    info.offset = blocks.empty() ? 0 : blocks.front();
    info.size = std::uint32_t(bytes.size());
    m_tree.put(info);
}

bool DatPatcher::remove(std::uint32_t id) {
    const EntryInfo* old = m_tree.find(id);
    if (!old)
        return false;
    const auto blocks = chainOf(*old);
    m_tree.remove(id);
    releaseBlocks(blocks);
    return true;
}

void DatPatcher::flush() {
    m_tree.flushNodes([this](std::span<const std::uint32_t> blocks,
                             std::span<const std::uint8_t> node) { writeChain(blocks, node); });
    // Every free link is rewritten in list order: the list is whatever order blocks were given
    // back in, never a run of adjacent blocks.
    for (std::size_t i = 0; i < m_free.size(); ++i)
        write32(m_bytes, m_free[i], (i + 1 < m_free.size() ? m_free[i + 1] : 0) | kFreeMark);
    m_header.firstFree = m_free.empty() ? 0 : m_free.front();
    m_header.finalFree = m_free.empty() ? 0 : m_free.back();
    m_header.freeCount = std::uint32_t(m_free.size());
    m_header.rootOffset = m_tree.rootOffset();
    m_header.fileSize = std::uint32_t(m_bytes.size());
    const auto header = m_header.serialize();
    std::copy(header.begin(), header.end(), m_bytes.begin());
}

std::span<const std::uint8_t> DatPatcher::bytes() {
    flush();
    return m_bytes;
}

std::vector<PatchChange> DatPatcher::changes() const {
    return {}; // filled in by the journal work that follows
}

DatPatcher::Repair DatPatcher::repair(const QString&) {
    return Repair::Nothing;
}

void DatPatcher::commit(CommitMode mode) {
    if (mode == CommitMode::InPlace)
        throw DatError("file", "--in-place is not written yet", 0);
    if (m_path.isEmpty())
        throw DatError("file", "the DAT came from memory: save it with saveAs", 0);
    saveAs(m_path);
}

void DatPatcher::saveAs(const QString& path) {
    flush();
    // QSaveFile writes a temporary file in the same folder, syncs it and renames it over the
    // target, keeping the target's permissions; a failure leaves the target untouched.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw DatError(
            "file", "cannot create " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
    if (file.write(reinterpret_cast<const char*>(m_bytes.data()), qint64(m_bytes.size())) !=
        qint64(m_bytes.size())) {
        file.cancelWriting();
        throw DatError("file", "write failed: " + file.errorString().toStdString(), 0);
    }
    if (!file.commit())
        throw DatError(
            "file", "cannot write " + path.toStdString() + ": " + file.errorString().toStdString(),
            0);
    syncFolder(path);
}

} // namespace portalkit::dat
