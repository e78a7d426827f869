#include "datreader/container/block_chain.h"

#include "datreader/io/dat_error.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_set>

namespace portalkit::dat {

void ChainReader::checkPointer(std::uint32_t pointer, std::uint64_t where, const char* field,
                               std::optional<std::uint32_t> did) const {
    auto fail = [&](const std::string& why) {
        throw DatError(field, "pointer " + formatOffset(pointer) + " " + why, where,
                       OffsetKind::File, did);
    };
    // Bit 31 would mark a free block in the client's allocator (docs/formats.md, Reading).
    if (pointer & 0x80000000u)
        fail("has bit 31 set");
    // Block sizes are powers of two in every DAT seen; the mask spares a division per link.
    const bool aligned = (m_blockSize & (m_blockSize - 1)) == 0 ? (pointer & (m_blockSize - 1)) == 0
                                                                : pointer % m_blockSize == 0;
    if (!aligned)
        fail("is not a multiple of the block size " + std::to_string(m_blockSize));
    if (pointer < m_firstBlock)
        fail("lies inside the header (blocks start at " + formatOffset(m_firstBlock) + ")");
    if (std::uint64_t(pointer) + m_blockSize > m_fileSize)
        fail("lies outside the file (" + std::to_string(m_fileSize) + " bytes)");
}

void ChainReader::checkStart(std::uint32_t start, std::uint32_t size,
                             std::optional<std::uint32_t> did, std::uint64_t startWhere,
                             const char* startField) const {
    if (size > m_fileSize)
        throw DatError("entry.size",
                       "size " + std::to_string(size) + " is larger than the file (" +
                           std::to_string(m_fileSize) + " bytes)",
                       startWhere, OffsetKind::File, did);
    checkPointer(start, startWhere, startField, did);
}

std::uint32_t ChainReader::nextBlock(std::uint32_t block, std::size_t done, std::uint32_t size,
                                     std::optional<std::uint32_t> did) const {
    std::uint32_t next;
    std::memcpy(&next, blockAt(block), sizeof next);
    if (next == 0)
        throw DatError("chain.next",
                       "chain ends after " + std::to_string(done) + " of " + std::to_string(size) +
                           " bytes",
                       block, OffsetKind::File, did);
    checkPointer(next, block, "chain.next", did);
    return next;
}

void ChainReader::read(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
                       std::uint64_t startWhere, const char* startField,
                       std::vector<std::uint8_t>& out, std::vector<std::uint32_t>& blocks) const {
    blocks.clear();
    // Appending instead of resizing first spares zero-filling every byte before it is copied,
    // which cost as much as the copy (docs/benchmarks.md).
    out.clear();
    out.reserve(size);
    walk(start, size, did, startWhere, startField,
         [&](std::uint32_t block, std::size_t, std::size_t count) {
             blocks.push_back(block);
             const std::uint8_t* payload = blockAt(block) + 4;
             out.insert(out.end(), payload, payload + count);
             return true;
         });
    if (blocks.size() > 1) {
        // A block met twice means the links loop; byte counting alone would hide it.
        std::vector<std::uint32_t> sorted(blocks);
        std::sort(sorted.begin(), sorted.end());
        if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
            reportCycle(blocks, did);
    }
}

void ChainReader::read(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
                       std::uint64_t startWhere, const char* startField,
                       std::vector<std::uint8_t>& out) const {
    out.clear();
    out.reserve(size);
    std::uint32_t previous = 0;
    bool ascending = true;
    walk(start, size, did, startWhere, startField,
         [&](std::uint32_t block, std::size_t, std::size_t count) {
             ascending = ascending && block > previous;
             previous = block;
             const std::uint8_t* payload = blockAt(block) + 4;
             out.insert(out.end(), payload, payload + count);
             return true;
         });
    if (!ascending) {
        std::vector<std::uint32_t> blocks;
        read(start, size, did, startWhere, startField, out, blocks); // reports a cycle
    }
}

void ChainReader::reportCycle(std::span<const std::uint32_t> blocks,
                              std::optional<std::uint32_t> did) const {
    std::unordered_set<std::uint32_t> seen;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (!seen.insert(blocks[i]).second)
            throw DatError("chain.next",
                           "links back to block " + formatOffset(blocks[i]) +
                               " already in this chain (cycle)",
                           blocks[i - 1], OffsetKind::File, did);
    }
    throw DatError("chain.next", "cycle", blocks.front(), OffsetKind::File, did);
}

std::uint64_t ChainReader::fileOffsetOf(std::span<const std::uint32_t> blocks,
                                        std::size_t position) const {
    const std::size_t index = position / payloadPerBlock();
    if (index >= blocks.size())
        return blocks.empty() ? 0 : blocks.back();
    return std::uint64_t(blocks[index]) + 4 + position % payloadPerBlock();
}

} // namespace portalkit::dat
