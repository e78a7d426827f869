#include "datreader/container/entry_reader.h"

#include "datreader/io/dat_error.h"

#include <algorithm>

namespace portalkit::dat {

EntryReader::EntryReader(const DatFile& dat, std::size_t window)
    : m_dat(dat), m_window(std::max<std::size_t>(window, dat.header().blockSize)) {}

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
    m_start = offset;
    m_length = want;
    return true;
}

bool EntryReader::readFromWindow(const EntryInfo& entry, std::vector<std::uint8_t>& out) const {
    const DatHeader& header = m_dat.header();
    const ChainReader chains(std::span(m_buffer.data(), m_length), m_start, m_dat.fileSize(),
                             header.blockSize, header.firstBlockOffset());
    out.clear();
    out.reserve(entry.size);
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
                    const std::uint8_t* payload = chains.blockAt(block) + 4;
                    out.insert(out.end(), payload, payload + count);
                    return true;
                });
    return inside;
}

void EntryReader::readStoredInto(const EntryInfo& entry, std::vector<std::uint8_t>& out) {
    const std::uint64_t payload = m_dat.header().blockSize - 4;
    const std::uint64_t blocks = (std::uint64_t(entry.size) + payload - 1) / payload;
    try {
        if (cover(entry.offset, blocks * m_dat.header().blockSize, entry.id) &&
            readFromWindow(entry, out)) {
            ++m_windowReads;
            m_dat.checkUnchanged(entry.id); // a change another reader saw counts here too
            return;
        }
    } catch (DatError&) {
        m_dat.checkUnchanged(entry.id, true); // name the file's change when that is the cause
        throw;
    }
    ++m_mapReads;
    out = m_dat.readStored(entry);
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
