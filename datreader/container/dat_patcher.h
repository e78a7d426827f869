#pragma once

#include "datreader/container/btree_edit.h"
#include "datreader/container/dat_header.h"

#include <QString>
#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace portalkit::dat {

// Patches an existing DAT's entries without rewriting it (docs/formats.md#patching-in-place):
// the directory is edited as the B-tree it is (EditableDirectory), entry and node blocks come
// from the DAT's real free list, walked link by link, and blocks given up return to it.
//
//   DatPatcher patch = DatPatcher::open(path);
//   patch.put(0x06001234, bytes);
//   patch.remove(0x06004321);
//   patch.commit(); // a patched copy is written next to the DAT, synced, renamed over it
//
// This first slice holds the DAT in memory and commits by copy and atomic rename: a crash leaves
// the old DAT or the new one. NOT YET: the journalled `--in-place` mode (no copy, a crash at any
// write repaired on the next open), the `put`/`rm` CLI, the studio's Save, updating the iteration
// record 0xFFFF0001 as the client's patcher does (it is left as it was), and compressed entries
// (put stores bytes uncompressed).
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
// repair(), the new one.
enum class CommitMode { CopyAndRename, InPlace };

class DatPatcher {
  public:
    // What repair() found beside a DAT.
    enum class Repair { Nothing, Replayed, Dropped };
    // Finishes an interrupted InPlace commit of `path`: a journal that was completely written is
    // replayed into the DAT (the new DAT), one that was not is deleted (the DAT was not touched:
    // the old DAT). open() calls it first. Throws DatError when the journal cannot be applied.
    static Repair repair(const QString& path);

    // Reads and checks the DAT: it must open (header, directory), its free list must be a real
    // list that agrees with the header, and verifyDat must find no error in it (warnings are
    // accepted: retail DATs carry some). Throws DatError naming the offset and field.
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

    // Writes the patched DAT over the file it came from: a temporary copy in the same folder,
    // synced, then renamed over it (QSaveFile), then the folder synced. Throws DatError.
    void commit(CommitMode mode = CommitMode::CopyAndRename);
    void saveAs(const QString& path);
    // The patched DAT as it would be written (tests): nodes, free links and header brought up to
    // date.
    std::span<const std::uint8_t> bytes();

    // Every entry changed since open, in id order.
    std::vector<PatchChange> changes() const;
    bool hasChanges() const { return !changes().empty(); }

    const EditableDirectory& directory() const { return m_tree; }
    const DatHeader& header() const { return m_header; }
    // The free list in link order, head first.
    const std::deque<std::uint32_t>& freeBlocks() const { return m_free; }

    // The directory's storage callbacks point at this patcher, so a move re-points them.
    DatPatcher(DatPatcher&& other) noexcept;
    DatPatcher& operator=(DatPatcher&& other) noexcept;
    DatPatcher(const DatPatcher&) = delete;
    DatPatcher& operator=(const DatPatcher&) = delete;

  private:
    DatPatcher() = default;
    void bindStorage();
    void load();
    void readFreeList();
    // Takes one block: the free list's head, else a new block at the end of the file.
    std::uint32_t takeBlock();
    void releaseBlocks(std::span<const std::uint32_t> blocks);
    std::vector<std::uint32_t> takeBlocks(std::size_t count);
    std::vector<std::uint32_t> chainOf(const EntryInfo& entry) const;
    void writeChain(std::span<const std::uint32_t> blocks, std::span<const std::uint8_t> payload);
    std::size_t blocksFor(std::size_t payload) const;
    // Throws DatError unless `extraBlocks` more (and a split per level) fit under 2 GiB.
    void checkRoom(std::uint64_t extraBlocks) const;
    void flush();

    QString m_path;
    std::vector<std::uint8_t> m_bytes; // the whole DAT as patched so far
    DatHeader m_header;
    EditableDirectory m_tree;
    std::deque<std::uint32_t> m_free;
};

} // namespace portalkit::dat
