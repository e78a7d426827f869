#include "datreader/container/entry_reader.h"

#include "datreader/io/dat_error.h"

#include <algorithm>

namespace portalkit::dat {

EntryReader::EntryReader(const DatFile& dat, std::size_t window)
    : m_dat(dat), m_window(std::max<std::size_t>(window, dat.header().blockSize)),
      m_fileSize(dat.fileSize()), m_blockSize(dat.header().blockSize),
      m_firstBlock(dat.header().firstBlockOffset()) {}

bool EntryReader::cover(std::uint64_t offset, std::uint64_t length, std::uint32_t did) {
    if (offset >= m_start && offset + length <= m_start + m_length)
        return true;
    const std::uint64_t fileSize = m_dat.fileSize();
    if (offset > fileSize || length > fileSize - offset)
        return false; // a start or size outside the file: the map path names the fault
    // A whole window from the chain's start: the next entries in file order follow it.
    const std::uint64_t want =
        std::min<std::uint64_t>(std::max<std::uint64_t>(m_window, length), fileSize - offset);
    if (m_buffer.size() < want)
        m_buffer.resize(want); // at most the longest chain or the window, once
    m_length = 0;              // an exception below leaves no stale window
    m_dat.copyFileBytes(offset, std::span(m_buffer.data(), want), did);
    // A change another reader saw counts from here on. Once per window, not per entry: the
    // window's bytes were read whole, and the per-entry check cost a tenth of a cell DAT's
    // extraction (docs/benchmarks.md).
    m_dat.checkUnchanged(did);
    m_start = offset;
    m_length = want;
    return true;
}

std::optional<std::span<const std::uint8_t>>
EntryReader::singleBlock(const EntryInfo& entry) const {
    // One block whose start pointer passes the walk's checks, inside the window (as
    // ChainReader::contains). Anything else takes the walk, which reports the fault.
    const std::uint32_t start = entry.offset;
    if (entry.size <= m_blockSize - 4 && (start & 0x80000000u) == 0 && start >= m_firstBlock &&
        (m_blockSize & (m_blockSize - 1)) == 0 && (start & (m_blockSize - 1)) == 0 &&
        start >= m_start && start - m_start + m_blockSize <= m_length &&
        std::uint64_t(start) + m_blockSize <= m_fileSize)
        return std::span<const std::uint8_t>(m_buffer.data() + (start - m_start) + 4, entry.size);
    return std::nullopt;
}

template <typename Visit>
bool EntryReader::walkWindow(const EntryInfo& entry, Visit&& visit) const {
    const ChainReader chains(std::span(m_buffer.data(), m_length), m_start, m_fileSize, m_blockSize,
                             m_firstBlock);
    bool inside = true;
    std::uint32_t previous = 0;
    // Pointers are checked exactly as over the map, so a bad chain throws the same DatError.
    chains.walk(entry.offset, entry.size, entry.id, entry.offset, "entry.offset",
                [&](std::uint32_t block, std::size_t, std::size_t count) {
                    // Ascending blocks cannot loop; anything else takes the map path, which
                    // reports cycles.
                    if (!chains.contains(block) || block <= previous) {
                        inside = false;
                        return false;
                    }
                    previous = block;
                    visit(std::span<const std::uint8_t>(chains.blockAt(block) + 4, count));
                    return true;
                });
    return inside;
}

std::uint64_t EntryReader::blocksOf(const EntryInfo& entry) const {
    const std::uint64_t payload = m_blockSize - 4;
    // Most cell entries fit one block: no division for them (it showed in the cell bench).
    return entry.size <= payload ? 1 : (std::uint64_t(entry.size) + payload - 1) / payload;
}

void EntryReader::piecesStored(const EntryInfo& entry,
                               std::vector<std::span<const std::uint8_t>>& pieces,
                               std::vector<std::uint8_t>& scratch) {
    pieces.clear();
    try {
        if (cover(entry.offset, blocksOf(entry) * m_blockSize, entry.id)) {
            if (const auto one = singleBlock(entry)) {
                pieces.push_back(*one);
                ++m_windowReads;
                return;
            }
            if (walkWindow(entry, [&](std::span<const std::uint8_t> p) { pieces.push_back(p); })) {
                ++m_windowReads;
                return;
            }
            pieces.clear(); // a chain that left the window: the map path reads it whole
        }
    } catch (DatError&) {
        m_dat.checkUnchanged(entry.id, true); // name the file's change when that is the cause
        throw;
    }
    ++m_mapReads;
    scratch = m_dat.readStored(entry);
    pieces.push_back(scratch);
}

std::span<const std::uint8_t> EntryReader::viewStored(const EntryInfo& entry,
                                                      std::vector<std::uint8_t>& scratch) {
    piecesStored(entry, m_pieces, scratch);
    if (m_pieces.size() == 1)
        return m_pieces.front(); // one block where it lies, or the map's copy in scratch
    // Only a chain of two or more blocks in the window is gathered.
    scratch.clear();
    scratch.reserve(entry.size);
    for (const auto& piece : m_pieces)
        scratch.insert(scratch.end(), piece.begin(), piece.end());
    return scratch;
}

std::size_t EntryReader::pieces(const EntryInfo& entry,
                                std::vector<std::span<const std::uint8_t>>& pieces,
                                std::vector<std::uint8_t>& scratch) {
    if (entry.compressed()) {
        const std::span<const std::uint8_t> bytes = view(entry, scratch); // inflated, in scratch
        pieces.assign(1, bytes);
        return bytes.size();
    }
    piecesStored(entry, pieces, scratch);
    std::size_t total = 0;
    for (const auto& piece : pieces)
        total += piece.size();
    return total;
}

void EntryReader::readStoredInto(const EntryInfo& entry, std::vector<std::uint8_t>& out) {
    const std::span<const std::uint8_t> bytes = viewStored(entry, out);
    if (bytes.data() != out.data() || bytes.size() != out.size())
        out.assign(bytes.begin(), bytes.end());
}

std::vector<std::uint8_t> EntryReader::readStored(const EntryInfo& entry) {
    std::vector<std::uint8_t> out;
    readStoredInto(entry, out);
    return out;
}

void EntryReader::readInto(const EntryInfo& entry, std::vector<std::uint8_t>& out) {
    readStoredInto(entry, out);
    if (!entry.compressed())
        return;
    try {
        out = inflateEntry(out, entry.id);
    } catch (DatError&) {
        m_dat.checkUnchanged(entry.id, true); // a stream cut by zeros is the file's change
        throw;
    }
}

std::span<const std::uint8_t> EntryReader::view(const EntryInfo& entry,
                                                std::vector<std::uint8_t>& scratch) {
    const std::span<const std::uint8_t> stored = viewStored(entry, scratch);
    if (!entry.compressed())
        return stored;
    try {
        scratch = inflateEntry(stored, entry.id);
    } catch (DatError&) {
        m_dat.checkUnchanged(entry.id, true); // a stream cut by zeros is the file's change
        throw;
    }
    return scratch;
}

std::vector<std::uint8_t> EntryReader::read(const EntryInfo& entry) {
    std::vector<std::uint8_t> out;
    readInto(entry, out);
    return out;
}

std::span<const EntryInfo> inFileOrder(std::span<const EntryInfo> entries,
                                       std::vector<EntryInfo>& sorted) {
    auto byOffset = [](const EntryInfo& a, const EntryInfo& b) { return a.offset < b.offset; };
    if (std::is_sorted(entries.begin(), entries.end(), byOffset))
        return entries;
    sorted.assign(entries.begin(), entries.end());
    std::stable_sort(sorted.begin(), sorted.end(), byOffset);
    return sorted;
}

} // namespace portalkit::dat
