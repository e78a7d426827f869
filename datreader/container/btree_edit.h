#pragma once

#include "datreader/container/block_chain.h"
#include "datreader/container/directory.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace portalkit::dat {

// An editable, in-memory copy of a DAT's B-tree directory (docs/formats.md#patching-in-place).
// Every node keeps the blocks of its own chain, so a changed node is written back where it was
// and only split-off nodes need new blocks.
//
// The tree is a B-tree of minimum degree t = 31: a node holds at most 2t - 1 = 61 keys and every
// node but the root at least t - 1 = 30; all leaves sit at one depth. Those bounds are the
// directory's layout (62 branches, 61 entry slots) and what DatReaderWriter enforces.
// Insert splits a full node (61 keys) on the way down, before descending into it, sending key 30
// (the exact median: 30 keys stay left, 30 go right) up to the parent. Remove fixes a child that
// has only 30 keys on the way down, by borrowing through the parent from a sibling that has more,
// else by merging it with a sibling around the parent's separating key. Both are the textbook
// single-pass algorithms that DatReaderWriter also uses. Whether the retail client splits at the
// same median, splits on the way down or up, or prefers the left sibling when borrowing is
// UNCONFIRMED: no public source shows the client's own directory writer. Readers only depend on
// the order, the bounds and the leaf test, which every variant keeps.
class EditableDirectory {
  public:
    static constexpr std::uint32_t kMinDegree = 31;
    static constexpr std::uint32_t kMaxKeys = 2 * kMinDegree - 1; // 61
    static constexpr std::uint32_t kMinKeys = kMinDegree - 1;     // 30

    // Gives the blocks for one new node's chain; takes back the blocks of a node that is gone.
    struct Storage {
        std::function<std::vector<std::uint32_t>()> allocate;
        std::function<void(std::span<const std::uint32_t>)> release;
    };

    // Reads the tree under `root` (walkDirectory's checks apply; throws DatError). Also refuses
    // an empty non-root node and leaves at several depths, which readers tolerate.
    void load(const ChainReader& chains, std::uint32_t root);
    void setStorage(Storage storage) { m_storage = std::move(storage); }

    const EntryInfo* find(std::uint32_t id) const;
    // Inserts `entry`, or replaces the entry with its id; returns the replaced one.
    std::optional<EntryInfo> put(const EntryInfo& entry);
    // Removes the entry with `id`; returns it, or nothing when there is none.
    std::optional<EntryInfo> remove(std::uint32_t id);

    std::uint32_t rootOffset() const { return m_nodes[m_root].blocks.front(); }
    std::size_t size() const { return m_size; }
    // Levels from the root to the leaves (root only = 1).
    unsigned depth() const;
    std::size_t nodeCount() const { return m_nodes.size() - m_spare.size(); }
    // Calls `visit(block)` for every block of every node's chain.
    template <typename Visit> void forEachNodeBlock(Visit&& visit) const {
        for (std::uint32_t i = 0; i < m_nodes.size(); ++i)
            if (std::find(m_spare.begin(), m_spare.end(), i) == m_spare.end())
                for (const std::uint32_t block : m_nodes[i].blocks)
                    visit(block);
    }
    // Every entry in ascending id order.
    std::vector<EntryInfo> entries() const;

    // Calls `write(blocks, bytes)` with the 1716-byte image of every node changed since the
    // last call (unused branch and entry slots zeroed, as DatWriter writes them), then forgets
    // the changes.
    void flushNodes(const std::function<void(std::span<const std::uint32_t>,
                                             std::span<const std::uint8_t>)>& write);

  private:
    struct Node {
        std::vector<EntryInfo> keys;
        std::vector<std::uint32_t> kids; // node indices; empty for a leaf
        std::vector<std::uint32_t> blocks;
        bool dirty = false;
        bool leaf() const { return kids.empty(); }
    };

    // Throws DatError for a node the edits cannot keep within bounds (see load()).
    static void checkEditable(const ChainReader& chains, const DirectoryNode& node, unsigned depth,
                              std::optional<unsigned>& leafDepth);
    std::uint32_t newNode();
    void dropNode(std::uint32_t index);
    // Index of the first key >= id in `node`.
    static std::uint32_t lowerBound(const Node& node, std::uint32_t id);

    void splitChild(std::uint32_t parent, std::uint32_t slot);
    void insertNonFull(std::uint32_t node, const EntryInfo& entry);
    void removeFrom(std::uint32_t node, std::uint32_t id);
    void removeAtInner(std::uint32_t node, std::uint32_t slot);
    // Makes child `slot` of `node` hold more than the minimum; returns the slot to descend into.
    std::uint32_t fillChild(std::uint32_t node, std::uint32_t slot);
    void borrowFromLeft(std::uint32_t node, std::uint32_t slot);
    void borrowFromRight(std::uint32_t node, std::uint32_t slot);
    void mergeChildren(std::uint32_t node, std::uint32_t slot);
    EntryInfo largest(std::uint32_t node) const;
    EntryInfo smallest(std::uint32_t node) const;
    std::vector<std::uint8_t> serialize(const Node& node) const;

    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_spare; // indices of dropped nodes, reused by newNode()
    std::uint32_t m_root = 0;
    std::size_t m_size = 0;
    Storage m_storage;
};

} // namespace portalkit::dat
