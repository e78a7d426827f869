#pragma once

#include "datreader/container/block_chain.h"
#include "datreader/container/dat_header.h"
#include "datreader/container/directory.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::dat {

// The iteration record 0xFFFF0001 (docs/formats.md): the DAT's iteration and the runs of patch
// iterations it holds; one run [1, current] means fully patched.
struct IterationRecord {
    struct Run {
        std::int32_t delta; // negative: -length
        std::int32_t start;
    };
    std::int32_t current = 0;
    std::vector<Run> runs;

    bool complete() const { return runs.size() == 1 && runs[0].start == 1; }
    static IterationRecord parse(std::span<const std::uint8_t> bytes);
    std::vector<std::uint8_t> serialize() const;
    static IterationRecord fullyPatched(std::int32_t iteration) {
        return {iteration, {{-iteration, 1}}};
    }
};

// A DAT opened read-only. The whole directory is indexed once at open (24 bytes per entry,
// ascending ids); lookups are binary searches; entry bytes are read from the map on demand.
// Every structural fault throws DatError naming the offset, DID and field. If the file shrinks
// while it is mapped, reads throw DatError (field "file") instead of the process dying of
// SIGBUS (docs/formats.md#a-dat-that-changes-under-its-map).
class DatFile {
  public:
    // Whether open indexes the directory. A caller that walks the directory itself (the
    // patcher's editable B-tree) asks for None and gets the checked header and the map only:
    // entries() is then empty and find() finds nothing.
    enum class Index { Entries, None };
    // Maps `path` read-only. I/O failures throw DatError with field "file".
    static DatFile open(const QString& path, Index index = Index::Entries);
    // Reads a DAT held in memory (tests, fuzzing); `bytes` is kept alive by the DatFile.
    static DatFile fromBytes(QByteArray bytes);

    const DatHeader& header() const { return m_header; }
    DatKind kind() const { return m_header.kind(); }
    const QString& path() const { return m_path; }
    std::span<const std::uint8_t> bytes() const { return m_view; }
    std::uint64_t fileSize() const { return m_view.size(); }

    std::span<const EntryInfo> entries() const { return m_entries; }
    const EntryInfo* find(std::uint32_t id) const;
    // Nodes in the directory and the depth of its deepest leaf (root only = 1).
    std::size_t nodeCount() const { return m_nodeCount; }
    unsigned treeDepth() const { return m_treeDepth; }
    // Bytes the in-memory index occupies.
    std::size_t indexBytes() const { return m_entries.capacity() * sizeof(EntryInfo); }

    // The entry's payload, inflated when stored compressed. Throws DatError.
    std::vector<std::uint8_t> read(const EntryInfo& entry) const;
    std::vector<std::uint8_t> read(std::uint32_t id) const;
    // The bytes exactly as stored in the chain (still compressed when flagged).
    std::vector<std::uint8_t> readStored(const EntryInfo& entry) const;

    // Copies file bytes [offset, offset + out.size()) into `out` without touching the map:
    // pread(2) from the file for an opened DAT, a copy for fromBytes(). The range must lie
    // inside the size the file had at open; a short read means the file shrank and throws
    // DatError as checkUnchanged does (naming `did`). For readers of many entries
    // (EntryReader): the kernel copies from its page cache, which costs less than touching
    // pages of a fresh map for the first time (docs/formats.md#reading).
    void copyFileBytes(std::uint64_t offset, std::span<std::uint8_t> out,
                       std::optional<std::uint32_t> did = std::nullopt) const;

    // True once the file shrank under the map: pages of it read as zeros since, and every read
    // throws. Reopen the file to read it again. Always false for fromBytes(). `statFile` also
    // asks the file's size (one fstat), for error paths: the bytes between a new end and the end
    // of its page read as zeros without a fault, so only the size tells.
    bool changedOnDisk(bool statFile = false) const;
    // Throws DatError (field "file", naming the path, its size then and now, and the first
    // missing offset) if changedOnDisk(statFile). Whoever reads bytes() directly calls this
    // after.
    void checkUnchanged(std::optional<std::uint32_t> did = std::nullopt,
                        bool statFile = false) const;

    // The parsed 0xFFFF0001 record, if the DAT has one. Throws DatError when it is malformed.
    std::optional<IterationRecord> iteration() const;

    ChainReader chains() const;

  private:
    struct Storage;
    explicit DatFile(std::shared_ptr<const Storage> storage, QString path);
    void load(Index index = Index::Entries);

    std::shared_ptr<const Storage> m_storage; // keeps the map or buffer behind m_view alive
    std::span<const std::uint8_t> m_view;
    QString m_path;
    DatHeader m_header;
    std::vector<EntryInfo> m_entries;
    std::size_t m_nodeCount = 0;
    unsigned m_treeDepth = 0;
};

// DatReaderWriter's compressed entry form (docs/formats.md): u32 uncompressed size + zlib stream.
// Both throw DatError; `did` only labels errors.
std::vector<std::uint8_t> inflateEntry(std::span<const std::uint8_t> stored, std::uint32_t did);
std::vector<std::uint8_t> deflateEntry(std::span<const std::uint8_t> plain);

} // namespace portalkit::dat
