#pragma once

#include "datreader/container/block_chain.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace portalkit::dat {

// One B-tree file entry exactly as stored (docs/formats.md), 24 bytes so an 805k-entry index stays
// near 19 MB.
struct EntryInfo {
    std::uint32_t flags = 0; // bit 0 compressed (DatReaderWriter), high 16 bits version
    std::uint32_t id = 0;
    std::uint32_t offset = 0;
    std::uint32_t size = 0;
    std::uint32_t date = 0;
    std::uint32_t iteration = 0;

    bool compressed() const { return flags & 1u; }
    std::uint16_t version() const { return std::uint16_t(flags >> 16); }
};
static_assert(sizeof(EntryInfo) == 24);

// One B-tree node: 62 branches, a count, 61 entries; 1716 significant bytes.
struct DirectoryNode {
    static constexpr std::uint32_t kMaxEntries = 61;
    static constexpr std::uint32_t kBranches = 62;
    static constexpr std::uint32_t kSize = 1716;
    static constexpr std::uint32_t kCountPosition = 248;
    static constexpr std::uint32_t kEntriesPosition = 252;
    static constexpr std::uint32_t kEntrySize = 24;
    // Deeper than any tree a 32-bit key space needs at t = 31; bounds a crafted tree.
    static constexpr unsigned kMaxDepth = 16;

    std::uint32_t offset = 0;
    std::uint32_t count = 0;
    std::array<std::uint32_t, kBranches> branch{};
    std::array<EntryInfo, kMaxEntries> entries{};
    std::vector<std::uint32_t> blocks; // the node's own chain

    bool leaf() const { return branch[0] == 0; } // the retail leaf test (docs/formats.md)
};

struct DirectoryVisitor {
    // Called once per node before its entries, with its depth (root = 0).
    std::function<void(const DirectoryNode&, unsigned depth)> onNode;
    // Called for every entry in ascending id order, with the file offset of its 24 bytes.
    std::function<void(const EntryInfo&, std::uint64_t where)> onEntry;
};

// Walks the whole tree in key order, checking node counts, depth, cycles, key order, duplicate
// ids, entry sizes and start pointers. Throws DatError on the first structural fault.
void walkDirectory(const ChainReader& chains, std::uint32_t root, const DirectoryVisitor& visitor);

} // namespace portalkit::dat
