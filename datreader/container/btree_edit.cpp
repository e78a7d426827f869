#include "datreader/container/btree_edit.h"

#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace portalkit::dat {

void EditableDirectory::checkEditable(const ChainReader& chains, const DirectoryNode& node,
                                      unsigned depth, std::optional<unsigned>& leafDepth) {
    // Readers accept these (the verifier warns at most), but the edits below rely on their
    // absence: an empty node has no key to lend or to stand for its subtree (only a root leaf
    // may be empty), and merging a leaf with an inner node would mix the two kinds. Refused
    // rather than half-handled.
    if (node.count == 0 && (depth > 0 || !node.leaf()))
        throw DatError("node.count",
                       (depth > 0 ? "non-root node " : "inner root ") + formatOffset(node.offset) +
                           " holds no keys; the directory cannot be edited",
                       chains.fileOffsetOf(node.blocks, DirectoryNode::kCountPosition));
    if (!node.leaf())
        return;
    if (!leafDepth)
        leafDepth = depth;
    else if (*leafDepth != depth)
        throw DatError("node.depth",
                       "leaf " + formatOffset(node.offset) + " at depth " + std::to_string(depth) +
                           ", the first leaf is at " + std::to_string(*leafDepth) +
                           "; the directory cannot be edited",
                       node.offset);
}

void EditableDirectory::load(const ChainReader& chains, std::uint32_t root) {
    m_nodes.clear();
    m_spare.clear();
    m_size = 0;
    // walkDirectory proves order, counts, depth and acyclicity; the nodes come in pre-order, so
    // the root is first and children are linked once every node is known.
    std::vector<DirectoryNode> read;
    std::optional<unsigned> leafDepth;
    DirectoryVisitor visitor;
    visitor.onNode = [&](const DirectoryNode& node, unsigned depth) {
        checkEditable(chains, node, depth, leafDepth);
        read.push_back(node);
    };
    walkDirectory(chains, root, visitor);
    std::unordered_map<std::uint32_t, std::uint32_t> indexOf;
    for (std::uint32_t i = 0; i < read.size(); ++i)
        indexOf.emplace(read[i].offset, i);
    m_nodes.resize(read.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        const DirectoryNode& source = read[i];
        Node& node = m_nodes[i];
        node.keys.assign(source.entries.begin(), source.entries.begin() + source.count);
        node.blocks = source.blocks;
        m_size += source.count;
        if (!source.leaf())
            for (std::uint32_t b = 0; b <= source.count; ++b)
                node.kids.push_back(indexOf.at(source.branch[b]));
    }
    m_root = 0;
}

const EntryInfo* EditableDirectory::find(std::uint32_t id) const {
    std::uint32_t index = m_root;
    for (;;) {
        const Node& node = m_nodes[index];
        const std::uint32_t slot = lowerBound(node, id);
        if (slot < node.keys.size() && node.keys[slot].id == id)
            return &node.keys[slot];
        if (node.leaf())
            return nullptr;
        index = node.kids[slot];
    }
}

unsigned EditableDirectory::depth() const {
    unsigned levels = 1;
    for (std::uint32_t index = m_root; !m_nodes[index].leaf(); index = m_nodes[index].kids[0])
        ++levels;
    return levels;
}

std::vector<EntryInfo> EditableDirectory::entries() const {
    std::vector<EntryInfo> out;
    out.reserve(m_size);
    // Explicit stack of (node, next slot): a recursion would be as deep as the tree, which is
    // shallow, but the loop keeps the order obvious.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{m_root, 0}};
    while (!stack.empty()) {
        auto& [index, slot] = stack.back();
        const Node& node = m_nodes[index];
        if (node.leaf()) {
            out.insert(out.end(), node.keys.begin(), node.keys.end());
            stack.pop_back();
            continue;
        }
        if (slot > node.keys.size()) {
            stack.pop_back();
            continue;
        }
        if (slot > 0)
            out.push_back(node.keys[slot - 1]);
        const std::uint32_t child = node.kids[slot++];
        stack.emplace_back(child, 0);
    }
    return out;
}

std::uint32_t EditableDirectory::lowerBound(const Node& node, std::uint32_t id) {
    const auto at =
        std::lower_bound(node.keys.begin(), node.keys.end(), id,
                         [](const EntryInfo& e, std::uint32_t key) { return e.id < key; });
    return std::uint32_t(at - node.keys.begin());
}

std::uint32_t EditableDirectory::newNode() {
    std::uint32_t index;
    if (!m_spare.empty()) {
        index = m_spare.back();
        m_spare.pop_back();
    } else {
        index = std::uint32_t(m_nodes.size());
        m_nodes.emplace_back();
    }
    Node& node = m_nodes[index];
    node = Node{};
    node.blocks = m_storage.allocate();
    node.dirty = true;
    return index;
}

void EditableDirectory::dropNode(std::uint32_t index) {
    Node& node = m_nodes[index];
    m_storage.release(node.blocks);
    node = Node{};
    m_spare.push_back(index);
}

std::optional<EntryInfo> EditableDirectory::put(const EntryInfo& entry) {
    // A replacement changes one slot; the shape is untouched.
    for (std::uint32_t index = m_root;;) {
        Node& node = m_nodes[index];
        const std::uint32_t slot = lowerBound(node, entry.id);
        if (slot < node.keys.size() && node.keys[slot].id == entry.id) {
            const EntryInfo replaced = node.keys[slot];
            node.keys[slot] = entry;
            node.dirty = true;
            return replaced;
        }
        if (node.leaf())
            break;
        index = node.kids[slot];
    }
    if (m_nodes[m_root].keys.size() == kMaxKeys) {
        // A full root grows the tree by one level: a new root above it, then the usual split.
        const std::uint32_t top = newNode();
        m_nodes[top].kids.push_back(m_root);
        m_root = top;
        splitChild(top, 0);
    }
    insertNonFull(m_root, entry);
    ++m_size;
    return std::nullopt;
}

void EditableDirectory::splitChild(std::uint32_t parent, std::uint32_t slot) {
    const std::uint32_t right = newNode(); // may move m_nodes: take references after it
    Node& full = m_nodes[m_nodes[parent].kids[slot]];
    Node& sibling = m_nodes[right];
    // Keys 0..29 stay, key 30 goes up, keys 31..60 move right; children 0..30 stay, 31..61 move.
    const EntryInfo median = full.keys[kMinKeys];
    sibling.keys.assign(full.keys.begin() + kMinDegree, full.keys.end());
    full.keys.resize(kMinKeys);
    if (!full.leaf()) {
        sibling.kids.assign(full.kids.begin() + kMinDegree, full.kids.end());
        full.kids.resize(kMinDegree);
    }
    full.dirty = true;
    Node& up = m_nodes[parent];
    up.keys.insert(up.keys.begin() + slot, median);
    up.kids.insert(up.kids.begin() + slot + 1, right);
    up.dirty = true;
}

void EditableDirectory::insertNonFull(std::uint32_t index, const EntryInfo& entry) {
    for (;;) {
        Node& node = m_nodes[index];
        std::uint32_t slot = lowerBound(node, entry.id);
        if (node.leaf()) {
            node.keys.insert(node.keys.begin() + slot, entry);
            node.dirty = true;
            return;
        }
        if (m_nodes[node.kids[slot]].keys.size() == kMaxKeys) {
            splitChild(index, slot);
            if (entry.id > m_nodes[index].keys[slot].id)
                ++slot;
        }
        index = m_nodes[index].kids[slot];
    }
}

std::optional<EntryInfo> EditableDirectory::remove(std::uint32_t id) {
    const EntryInfo* found = find(id);
    if (!found)
        return std::nullopt; // a miss must not reshape the tree
    const EntryInfo removed = *found;
    removeFrom(m_root, id);
    --m_size;
    // A root left without keys but with one child hands the root over to it (the tree shrinks).
    const Node& root = m_nodes[m_root];
    if (root.keys.empty() && !root.leaf()) {
        const std::uint32_t old = m_root;
        m_root = root.kids.front();
        m_nodes[m_root].dirty = true;
        dropNode(old);
    }
    return removed;
}

void EditableDirectory::removeFrom(std::uint32_t index, std::uint32_t id) {
    for (;;) {
        Node& node = m_nodes[index];
        const std::uint32_t slot = lowerBound(node, id);
        const bool here = slot < node.keys.size() && node.keys[slot].id == id;
        if (node.leaf()) {
            node.keys.erase(node.keys.begin() + slot); // remove() checked that it is here
            node.dirty = true;
            return;
        }
        if (here) {
            removeAtInner(index, slot);
            return;
        }
        // Every node we descend into must be able to lose a key.
        index = m_nodes[index].kids[fillChild(index, slot)];
    }
}

void EditableDirectory::removeAtInner(std::uint32_t index, std::uint32_t slot) {
    const std::uint32_t left = m_nodes[index].kids[slot];
    const std::uint32_t right = m_nodes[index].kids[slot + 1];
    if (m_nodes[left].keys.size() > kMinKeys) {
        // The predecessor takes the key's place and is removed from the left subtree.
        const EntryInfo predecessor = largest(left);
        m_nodes[index].keys[slot] = predecessor;
        m_nodes[index].dirty = true;
        removeFrom(left, predecessor.id);
    } else if (m_nodes[right].keys.size() > kMinKeys) {
        const EntryInfo successor = smallest(right);
        m_nodes[index].keys[slot] = successor;
        m_nodes[index].dirty = true;
        removeFrom(right, successor.id);
    } else {
        // Both neighbours are minimal: merge them around the key, then remove it from the merge.
        const std::uint32_t id = m_nodes[index].keys[slot].id;
        mergeChildren(index, slot);
        removeFrom(left, id);
    }
}

std::uint32_t EditableDirectory::fillChild(std::uint32_t index, std::uint32_t slot) {
    const Node& node = m_nodes[index];
    if (m_nodes[node.kids[slot]].keys.size() > kMinKeys)
        return slot;
    if (slot > 0 && m_nodes[node.kids[slot - 1]].keys.size() > kMinKeys) {
        borrowFromLeft(index, slot);
        return slot;
    }
    if (slot + 1 < node.kids.size() && m_nodes[node.kids[slot + 1]].keys.size() > kMinKeys) {
        borrowFromRight(index, slot);
        return slot;
    }
    // No sibling can spare a key: merge with the right one, or the left one for the last child.
    if (slot + 1 < node.kids.size()) {
        mergeChildren(index, slot);
        return slot;
    }
    mergeChildren(index, slot - 1);
    return slot - 1;
}

void EditableDirectory::borrowFromLeft(std::uint32_t index, std::uint32_t slot) {
    Node& parent = m_nodes[index];
    Node& child = m_nodes[parent.kids[slot]];
    Node& sibling = m_nodes[parent.kids[slot - 1]];
    // The separator comes down in front of the child; the sibling's last key goes up.
    child.keys.insert(child.keys.begin(), parent.keys[slot - 1]);
    parent.keys[slot - 1] = sibling.keys.back();
    sibling.keys.pop_back();
    if (!sibling.leaf()) {
        child.kids.insert(child.kids.begin(), sibling.kids.back());
        sibling.kids.pop_back();
    }
    parent.dirty = child.dirty = sibling.dirty = true;
}

void EditableDirectory::borrowFromRight(std::uint32_t index, std::uint32_t slot) {
    Node& parent = m_nodes[index];
    Node& child = m_nodes[parent.kids[slot]];
    Node& sibling = m_nodes[parent.kids[slot + 1]];
    child.keys.push_back(parent.keys[slot]);
    parent.keys[slot] = sibling.keys.front();
    sibling.keys.erase(sibling.keys.begin());
    if (!sibling.leaf()) {
        child.kids.push_back(sibling.kids.front());
        sibling.kids.erase(sibling.kids.begin());
    }
    parent.dirty = child.dirty = sibling.dirty = true;
}

void EditableDirectory::mergeChildren(std::uint32_t index, std::uint32_t slot) {
    Node& parent = m_nodes[index];
    const std::uint32_t leftIndex = parent.kids[slot];
    const std::uint32_t rightIndex = parent.kids[slot + 1];
    Node& left = m_nodes[leftIndex];
    Node& right = m_nodes[rightIndex];
    // 30 + 1 + 30 = 61 keys: exactly a full node, the inverse of a split.
    left.keys.push_back(parent.keys[slot]);
    left.keys.insert(left.keys.end(), right.keys.begin(), right.keys.end());
    left.kids.insert(left.kids.end(), right.kids.begin(), right.kids.end());
    parent.keys.erase(parent.keys.begin() + slot);
    parent.kids.erase(parent.kids.begin() + slot + 1);
    parent.dirty = left.dirty = true;
    dropNode(rightIndex);
}

EntryInfo EditableDirectory::largest(std::uint32_t index) const {
    while (!m_nodes[index].leaf())
        index = m_nodes[index].kids.back();
    return m_nodes[index].keys.back();
}

EntryInfo EditableDirectory::smallest(std::uint32_t index) const {
    while (!m_nodes[index].leaf())
        index = m_nodes[index].kids.front();
    return m_nodes[index].keys.front();
}

std::vector<std::uint8_t> EditableDirectory::serialize(const Node& node) const {
    ByteWriter out;
    for (std::size_t i = 0; i < DirectoryNode::kBranches; ++i)
        out.u32(i < node.kids.size() ? m_nodes[node.kids[i]].blocks.front() : 0);
    out.u32(std::uint32_t(node.keys.size()));
    for (const EntryInfo& e : node.keys)
        for (std::uint32_t value : {e.flags, e.id, e.offset, e.size, e.date, e.iteration})
            out.u32(value);
    out.zeros(DirectoryNode::kSize - out.size());
    return out.data();
}

void EditableDirectory::flushNodes(
    const std::function<void(std::span<const std::uint32_t>, std::span<const std::uint8_t>)>&
        write) {
    for (Node& node : m_nodes) {
        if (!node.dirty)
            continue;
        write(node.blocks, serialize(node));
        node.dirty = false;
    }
}

} // namespace portalkit::dat
