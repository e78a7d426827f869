#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::dat {

// Follows block chains (docs/formats.md): each block starts with the offset of the next one, the
// rest is payload. Reading stops on the byte count, never on the link, and every link is checked
// before it is followed.
//
// The bytes it reads are usually the whole file (a map). They may instead be a window of it that
// starts at file offset `base` (EntryReader's buffer); pointers are still checked against the
// whole file's size, and a walk over a window reads links only from blocks its visit has found
// inside the window (contains()).
class ChainReader {
  public:
    ChainReader(std::span<const std::uint8_t> file, std::uint32_t blockSize,
                std::uint32_t firstBlock)
        : m_file(file), m_blockSize(blockSize), m_firstBlock(firstBlock), m_fileSize(file.size()) {}
    ChainReader(std::span<const std::uint8_t> window, std::uint64_t base, std::uint64_t fileSize,
                std::uint32_t blockSize, std::uint32_t firstBlock)
        : m_file(window), m_blockSize(blockSize), m_firstBlock(firstBlock), m_base(base),
          m_fileSize(fileSize) {}

    // Throws DatError unless `pointer` can start a block. `where` is the file offset the pointer
    // was read from, `field` what it is.
    void checkPointer(std::uint32_t pointer, std::uint64_t where, const char* field,
                      std::optional<std::uint32_t> did) const;

    // Follows the chain of a `size`-byte object from `start`, checking every link, and calls
    // `visit(block, position, count)` for each block it uses: `count` payload bytes at payload
    // `position`. `visit` returns false to stop early. Does not detect cycles by itself; the
    // byte count bounds the walk. `startWhere`/`startField` locate the start pointer.
    template <typename Visit>
    void walk(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
              std::uint64_t startWhere, const char* startField, Visit&& visit) const {
        if (size == 0)
            return;
        checkStart(start, size, did, startWhere, startField);
        const std::uint32_t payload = payloadPerBlock();
        std::uint32_t block = start;
        for (std::size_t done = 0;;) {
            const std::size_t count = std::min<std::size_t>(payload, size - done);
            if (!visit(block, done, count))
                return;
            done += count;
            if (done == size)
                return;
            block = nextBlock(block, done, size, did);
        }
    }

    // Reads `size` payload bytes of the chain at `start` into `out` (resized) and the offsets of
    // the blocks it used into `blocks`; a block met twice is reported as a cycle. Over the whole
    // file only.
    void read(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
              std::uint64_t startWhere, const char* startField, std::vector<std::uint8_t>& out,
              std::vector<std::uint32_t>& blocks) const;

    // The same without the block list, for the common case: a chain whose blocks ascend cannot
    // loop, so the list is only built (by walking again) when one does not.
    void read(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
              std::uint64_t startWhere, const char* startField,
              std::vector<std::uint8_t>& out) const;

    // The file offset of payload byte `position` of a chain made of `blocks`.
    std::uint64_t fileOffsetOf(std::span<const std::uint32_t> blocks, std::size_t position) const;

    std::uint32_t blockSize() const { return m_blockSize; }
    std::uint32_t payloadPerBlock() const { return m_blockSize - 4; }
    std::uint32_t firstBlock() const { return m_firstBlock; }
    std::uint64_t fileSize() const { return m_fileSize; }
    // Whether the whole block at `block` lies in the bytes this reader holds.
    bool contains(std::uint32_t block) const {
        return block >= m_base && block - m_base + m_blockSize <= m_file.size();
    }
    // The block's bytes; only for a block that contains() holds.
    const std::uint8_t* blockAt(std::uint32_t block) const {
        return m_file.data() + (block - m_base);
    }

  private:
    void checkStart(std::uint32_t start, std::uint32_t size, std::optional<std::uint32_t> did,
                    std::uint64_t startWhere, const char* startField) const;
    // The checked link out of `block`, `done` of `size` bytes into the object.
    std::uint32_t nextBlock(std::uint32_t block, std::size_t done, std::uint32_t size,
                            std::optional<std::uint32_t> did) const;
    [[noreturn]] void reportCycle(std::span<const std::uint32_t> blocks,
                                  std::optional<std::uint32_t> did) const;

    std::span<const std::uint8_t> m_file; // the whole file, or a window of it from m_base
    std::uint32_t m_blockSize;
    std::uint32_t m_firstBlock;
    std::uint64_t m_base = 0;
    std::uint64_t m_fileSize;
};

} // namespace portalkit::dat
