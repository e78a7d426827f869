#include "datreader/container/directory.h"

#include "datreader/io/dat_error.h"

#include <cstring>
#include <string>
#include <unordered_set>

namespace portalkit::dat {
namespace {

DirectoryNode readNode(const ChainReader& chains, std::uint32_t offset, std::uint64_t where,
                       const char* field, std::vector<std::uint8_t>& scratch) {
    DirectoryNode node;
    node.offset = offset;
    try {
        chains.read(offset, DirectoryNode::kSize, std::nullopt, where, field, scratch, node.blocks);
    } catch (DatError& error) {
        error.withContext("reading the directory node at " + formatOffset(offset));
        throw;
    }
    const std::uint8_t* bytes = scratch.data();
    std::memcpy(node.branch.data(), bytes, sizeof node.branch);
    std::memcpy(&node.count, bytes + DirectoryNode::kCountPosition, sizeof node.count);
    if (node.count > DirectoryNode::kMaxEntries)
        throw DatError("node.count",
                       "count " + std::to_string(node.count) + " exceeds " +
                           std::to_string(DirectoryNode::kMaxEntries),
                       chains.fileOffsetOf(node.blocks, DirectoryNode::kCountPosition));
    std::memcpy(node.entries.data(), bytes + DirectoryNode::kEntriesPosition,
                node.count * sizeof(EntryInfo));
    return node;
}

struct Frame {
    DirectoryNode node;
    unsigned depth = 0;
    std::uint32_t next = 0; // index of the next entry to emit
    bool descended = false; // whether branch[next] was walked
};

} // namespace

void walkDirectory(const ChainReader& chains, std::uint32_t root, const DirectoryVisitor& visitor) {
    std::vector<std::uint8_t> scratch;
    std::unordered_set<std::uint32_t> seenNodes;
    std::vector<Frame> stack;
    std::optional<std::uint32_t> previousId;

    auto push = [&](std::uint32_t offset, std::uint64_t where, const char* field, unsigned depth) {
        if (depth >= DirectoryNode::kMaxDepth)
            throw DatError(field,
                           "directory deeper than " + std::to_string(DirectoryNode::kMaxDepth) +
                               " levels",
                           where);
        if (!seenNodes.insert(offset).second)
            throw DatError(field,
                           "node " + formatOffset(offset) + " is reached twice (directory cycle)",
                           where);
        Frame frame{readNode(chains, offset, where, field, scratch), depth};
        if (visitor.onNode)
            visitor.onNode(frame.node, depth);
        stack.push_back(std::move(frame));
    };

    auto visitEntry = [&](const Frame& frame, std::uint32_t index) {
        const EntryInfo& entry = frame.node.entries[index];
        const std::uint64_t where = chains.fileOffsetOf(
            frame.node.blocks, DirectoryNode::kEntriesPosition + index * DirectoryNode::kEntrySize);
        if (previousId && entry.id == *previousId)
            throw DatError("entry.id", "duplicate id " + formatDid(entry.id), where + 4,
                           OffsetKind::File, entry.id);
        if (previousId && entry.id < *previousId)
            throw DatError("entry.id",
                           "id " + formatDid(entry.id) + " follows " + formatDid(*previousId) +
                               " (keys out of order)",
                           where + 4, OffsetKind::File, entry.id);
        previousId = entry.id;
        if (entry.size > chains.fileSize())
            throw DatError("entry.size",
                           "size " + std::to_string(entry.size) + " is larger than the file (" +
                               std::to_string(chains.fileSize()) + " bytes)",
                           where + 12, OffsetKind::File, entry.id);
        if (entry.size > 0)
            chains.checkPointer(entry.offset, where + 8, "entry.offset", entry.id);
        if (visitor.onEntry)
            visitor.onEntry(entry, where);
    };

    push(root, 0x160, "header.rootOffset", 0);
    while (!stack.empty()) {
        Frame& frame = stack.back();
        if (frame.node.leaf()) {
            for (std::uint32_t i = 0; i < frame.node.count; ++i)
                visitEntry(frame, i);
            stack.pop_back();
            continue;
        }
        if (!frame.descended) {
            frame.descended = true;
            const std::uint32_t child = frame.node.branch[frame.next];
            const std::uint64_t where = chains.fileOffsetOf(frame.node.blocks, frame.next * 4);
            const unsigned depth = frame.depth + 1;
            push(child, where, "node.branch", depth); // invalidates `frame`
            continue;
        }
        if (frame.next < frame.node.count) {
            visitEntry(frame, frame.next);
            ++frame.next;
            frame.descended = false;
            continue;
        }
        stack.pop_back();
    }
}

} // namespace portalkit::dat
