#pragma once

// Reads many entries of one DAT in turn, as `unpack` and the container bench's extract-all do
// (docs/formats.md#reading). DatFile::read copies each chain out of the map, and the first touch
// of every page of a fresh map costs more on this kind of machine than the copy itself; this
// reader instead copies a window of the file (128 KiB, or the chain when it is longer) into one
// buffer with pread(2) and serves every chain that lies inside the window from there. Entries
// met in file order (the order our writer lays them out in: id order) are read with one system
// call per window. A chain that leaves the window or runs backwards is read through the map as
// DatFile::read does, guarded against the file shrinking; a pread that comes up short throws the
// same DatError. Results are byte for byte those of DatFile::read, errors too.
//
// One reader per thread; the DatFile must outlive it.

#include "datreader/container/dat_file.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::dat {

class EntryReader {
  public:
    // As cat's buffer: the window stays in the core's L2 cache while its entries are copied out
    // (128 KiB beat 512 KiB on the cell-like DAT, docs/benchmarks.md).
    static constexpr std::size_t kDefaultWindow = 128 * 1024;

    explicit EntryReader(const DatFile& dat, std::size_t window = kDefaultWindow);

    // As DatFile::read and readStored.
    std::vector<std::uint8_t> read(const EntryInfo& entry);
    std::vector<std::uint8_t> readStored(const EntryInfo& entry);
    // As read(), into `out`, whose capacity is kept: a loop over many entries that reuses one
    // vector allocates only when an entry is longer than any before it.
    void readInto(const EntryInfo& entry, std::vector<std::uint8_t>& out);
    // The entry's bytes without a copy where that can be: an uncompressed entry of one block
    // inside the window is a view of the window (most cell DAT entries are); anything else is
    // gathered or inflated into `scratch`. Valid until the next call on this reader or a change
    // to `scratch`.
    std::span<const std::uint8_t> view(const EntryInfo& entry, std::vector<std::uint8_t>& scratch);
    // The entry's bytes as a list of pieces, in order, without gathering them: an uncompressed
    // chain inside the window is one piece per block, each a view of the window, for a consumer
    // that can take them apart (writev, a hash's update, a checksum). A compressed entry or one
    // read through the map is one piece in `scratch`. `pieces` is cleared first; the views are
    // valid as view()'s are. Returns the entry's byte count.
    std::size_t pieces(const EntryInfo& entry, std::vector<std::span<const std::uint8_t>>& pieces,
                       std::vector<std::uint8_t>& scratch);

    // How many chains came from the window and how many through the map (for the bench).
    std::uint64_t windowReads() const { return m_windowReads; }
    std::uint64_t mapReads() const { return m_mapReads; }

  private:
    // Makes the window hold [offset, offset + length) at least; false when it cannot (a range
    // outside the file), for the map path to report.
    bool cover(std::uint64_t offset, std::uint64_t length, std::uint32_t did);
    // The one-block fast path: the payload where it lies, or nothing when the
    // entry is longer than a block or its start pointer needs the walk's checks.
    std::optional<std::span<const std::uint8_t>> singleBlock(const EntryInfo& entry) const;
    // Walks the chain in the window, handing each block's payload to `visit`; false when the
    // chain leaves the window or does not ascend (the map path then reads it).
    template <typename Visit> bool walkWindow(const EntryInfo& entry, Visit&& visit) const;
    // The stored bytes as pieces: the chain's blocks when it lies in the window, else the map's
    // copy in `scratch` (viewStored gathers them when there are several).
    void piecesStored(const EntryInfo& entry, std::vector<std::span<const std::uint8_t>>& pieces,
                      std::vector<std::uint8_t>& scratch);
    std::uint64_t blocksOf(const EntryInfo& entry) const;
    std::span<const std::uint8_t> viewStored(const EntryInfo& entry,
                                             std::vector<std::uint8_t>& scratch);
    void readStoredInto(const EntryInfo& entry, std::vector<std::uint8_t>& out);

    const DatFile& m_dat;
    std::size_t m_window;
    // The header's figures, read once: the per-entry path is short enough for calls to show.
    std::uint64_t m_fileSize;
    std::uint32_t m_blockSize;
    std::uint32_t m_firstBlock;
    std::vector<std::uint8_t> m_buffer;                  // the window's bytes
    std::vector<std::span<const std::uint8_t>> m_pieces; // viewStored's, reused
    std::uint64_t m_start = 0;                           // file offset of m_buffer[0]
    std::uint64_t m_length = 0;                          // bytes of m_buffer that hold the file
    std::uint64_t m_windowReads = 0;
    std::uint64_t m_mapReads = 0;
};

// The entries in the order of their first block's offset, the order EntryReader reads fastest:
// `entries` themselves when they already are (as in a DAT our writer made), else a sorted copy
// kept in `sorted`.
std::span<const EntryInfo> inFileOrder(std::span<const EntryInfo> entries,
                                       std::vector<EntryInfo>& sorted);

} // namespace portalkit::dat
