#pragma once

#include "datreader/container/btree_edit.h"
#include "datreader/container/dat_file.h"
#include "datreader/container/dat_header.h"
#include "datreader/container/patch_writer.h"

#include <QString>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace portalkit::dat {

// One entry's net change since open: a put of a new id then its removal is no change.
struct PatchChange {
    enum class Kind { Added, Replaced, Removed };
    std::uint32_t id = 0;
    Kind kind = Kind::Added;
    std::uint32_t oldSize = 0; // bytes as stored before (0 when added)
    std::uint32_t newSize = 0; // bytes as stored after (0 when removed)
};

// How commit() writes. CopyAndRename (the default) writes a patched copy beside the DAT and
// renames it over; InPlace writes only the changed blocks into the DAT itself, through a journal
// beside it (DAT + ".pkjournal"), so a crash at any write leaves the old DAT or, after
// repair(), the new one (docs/formats.md#writing-a-patch).
enum class CommitMode { CopyAndRename, InPlace };

// What a patch costs, for `--dry-run` and the benchmarks.
struct PatchStats {
    std::uint64_t blocksTaken = 0;    // from the free list or the end of the file
    std::uint64_t blocksGrown = 0;    // of those, new blocks at the end
    std::uint64_t blocksReleased = 0; // given back to the free list
    std::uint64_t nodesWritten = 0;   // directory nodes rewritten
    std::uint64_t bytesWritten = 0;   // by the last commit, besides a copy's
};

// Patches an existing DAT's entries without laying it out again
// (docs/formats.md#patching-in-place): the directory is edited as the B-tree it is
// (EditableDirectory), entry and node blocks come from the DAT's real free list, walked link by
// link, and blocks given up return to it.
//
//   DatPatcher patch = DatPatcher::open(path);
//   patch.put(0x06001234, bytes);
//   patch.remove(0x06004321);
//   patch.commit(); // or commit(CommitMode::InPlace)
//
// The DAT stays mapped read-only while it is patched; only the blocks a patch writes are held in
// memory (with the directory, 24 bytes an entry), so patching a 900 MiB DAT costs what the patch
// touches.
class DatPatcher {
  public:
    // What repair() found beside a DAT.
    using Repair = JournalRepair;
    // Finishes an interrupted InPlace commit of `path`: a journal that was completely written is
    // replayed into the DAT (the new DAT), one that was not is deleted (the DAT was not touched:
    // the old DAT). open() calls it first. Takes the DAT's lock (DatLock) for the time. Throws
    // DatError when the journal cannot be applied or another patch holds the lock.
    static Repair repair(const QString& path, FaultPlan* faults = nullptr);

    // Locks the DAT against other patches until the patcher is gone (DatLock), repairs, then
    // maps and checks what a patch edits: the header, the directory (walked
    // whole), and the free list (a real list agreeing with the header, no block of it also a
    // directory node). Entries' chains are checked as they are touched. A full verifyDat first
    // is the caller's choice (`--verify`): on a 900 MiB DAT it reads every block. Throws
    // DatError naming the offset and field.
    static DatPatcher open(const QString& path);
    // The same over bytes in memory (tests); commit() then needs a path (saveAs).
    static DatPatcher fromBytes(std::vector<std::uint8_t> bytes, QString path = {});

    // Inserts the entry or replaces its payload. A replacement keeps the entry's flags (but for
    // the compressed bit), date and iteration and rewrites its own blocks first; a new entry gets
    // DatWriter's flags, date 0 and iteration 1. Throws DatError, changing nothing, when the DAT
    // would pass 2 GiB.
    void put(std::uint32_t id, std::span<const std::uint8_t> bytes);
    // Removes the entry; its blocks go to the free list. False when there is none.
    bool remove(std::uint32_t id);
    // Marks this patch as iteration `iteration` of the DAT (docs/formats.md#the-iteration-record):
    // every entry it adds or replaces carries it, and the iteration record 0xFFFF0001 gains it.
    void setIteration(std::int32_t iteration);

    // Brings the directory nodes, free links and header up to date without writing (a dry
    // run's stats; commit does it itself).
    void prepare();
    // Writes the patch over the file it came from; afterwards the patcher reads the new DAT.
    // Throws DatError; the DAT is then the old one (InPlace: after repair()).
    void commit(CommitMode mode = CommitMode::CopyAndRename, FaultPlan* faults = nullptr);
    // Writes the patched DAT to `path` (a copy renamed into place), leaving the source as it was.
    void saveAs(const QString& path, FaultPlan* faults = nullptr);
    // The patched DAT as it would be written (tests).
    std::vector<std::uint8_t> bytes();

    // Every entry changed since open, in id order.
    std::vector<PatchChange> changes() const;
    bool hasChanges() const { return !m_changes.empty(); }
    const PatchStats& stats() const { return m_stats; }

    const EditableDirectory& directory() const { return m_tree; }
    const DatHeader& header() const { return m_header; }
    DatKind kind() const { return m_header.kind(); }
    const QString& path() const { return m_path; }
    // The free list in link order, head first.
    const std::deque<std::uint32_t>& freeBlocks() const { return m_free; }
    // An entry's stored bytes as patched so far (tests, the studio's overlay).
    std::vector<std::uint8_t> read(std::uint32_t id) const;

    // The directory's storage callbacks point at this patcher, so a move re-points them.
    DatPatcher(DatPatcher&& other) noexcept;
    DatPatcher& operator=(DatPatcher&& other) noexcept;
    DatPatcher(const DatPatcher&) = delete;
    DatPatcher& operator=(const DatPatcher&) = delete;

  private:
    DatPatcher() = default;
    void moveFrom(DatPatcher& other);
    void bindStorage();
    void load(DatFile source);
    void readFreeList();
    void checkFreeAgainstNodes() const;
    void reloadIfCommitted();

    std::uint32_t takeBlock();
    void releaseBlocks(std::span<const std::uint32_t> blocks);
    std::vector<std::uint32_t> takeBlocks(std::size_t count);
    std::vector<std::uint32_t> chainOf(const EntryInfo& entry) const;
    void writeChain(std::span<const std::uint32_t> blocks, std::span<const std::uint8_t> payload);
    std::size_t blocksFor(std::size_t payload) const;
    void checkRoom(std::uint64_t extraBlocks) const;
    void noteChange(std::uint32_t id, const EntryInfo* old, std::optional<std::uint32_t> newSize);
    void applyIteration();
    void flush();
    PatchImage image() const;

    // Block bytes: the patch's own copy when it wrote the block, else the map.
    std::span<const std::uint8_t> block(std::uint32_t offset) const;
    std::uint8_t* writableBlock(std::uint32_t offset);

    QString m_path;
    std::optional<DatFile> m_source;                            // the DAT as opened, mapped
    std::map<std::uint32_t, std::vector<std::uint8_t>> m_dirty; // blocks this patch wrote
    std::uint64_t m_size = 0;                                   // the patched file's size
    DatHeader m_header;
    EditableDirectory m_tree;
    std::deque<std::uint32_t> m_free;
    std::unordered_set<std::uint32_t> m_freeSet;
    std::unordered_set<std::uint32_t> m_linkDirty; // free blocks whose link must be written
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_written; // id → its chain
    std::map<std::uint32_t, PatchChange> m_changes;
    std::optional<std::int32_t> m_iteration;
    PatchStats m_stats;
    bool m_committed = false;
    DatLock m_lock; // last: released after the map and everything else
};

} // namespace portalkit::dat
