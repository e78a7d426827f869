#include "datreader/container/verifier.h"

#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace portalkit::dat {
namespace {

constexpr std::uint32_t kNobody = 0xFFFFFFFF;

// Who owns each block: an entry's DID, a node (kNodeOwner) or nobody.
class BlockMap {
  public:
    static constexpr std::uint32_t kNodeOwner = 0xFFFFFFFE;
    static constexpr std::uint32_t kFreeOwner = 0xFFFFFFFD;

    BlockMap(std::uint64_t fileSize, std::uint32_t blockSize, std::uint32_t firstBlock)
        : m_blockSize(blockSize), m_firstBlock(firstBlock),
          m_owner(fileSize > firstBlock ? (fileSize - firstBlock) / blockSize : 0, kNobody) {}

    // Returns the previous owner when the block was already taken.
    std::optional<std::uint32_t> claim(std::uint32_t block, std::uint32_t owner) {
        std::uint32_t& slot = m_owner[(block - m_firstBlock) / m_blockSize];
        if (slot != kNobody)
            return slot;
        slot = owner;
        return std::nullopt;
    }
    // Blocks inside the first 1024 bytes are header padding to readers that assume 1024-byte
    // headers (our writer among them): never data, never leaked.
    std::size_t padding() const {
        const std::size_t blocks =
            m_firstBlock < kHeaderArea ? (kHeaderArea - m_firstBlock) / m_blockSize : 0;
        return std::min(blocks, m_owner.size());
    }
    // Blocks that hold or could hold data: all but unused header padding.
    std::size_t count() const {
        return m_owner.size() - std::count(m_owner.begin(), m_owner.begin() + padding(), kNobody);
    }
    std::size_t leaked() const {
        return std::count(m_owner.begin() + padding(), m_owner.end(), kNobody);
    }

  private:
    static constexpr std::uint32_t kHeaderArea = 1024;

    std::uint32_t m_blockSize;
    std::uint32_t m_firstBlock;
    std::vector<std::uint32_t> m_owner;
};

std::string ownerName(std::uint32_t owner) {
    if (owner == BlockMap::kNodeOwner)
        return "a directory node";
    if (owner == BlockMap::kFreeOwner)
        return "the free list";
    return "entry " + formatDid(owner);
}

VerifyProblem fromError(const DatError& error) {
    std::string message = error.message();
    for (const auto& context : error.context())
        message += " (while " + context + ")";
    return {VerifyProblem::Severity::Error, error.did(), error.offset(), error.field(), message};
}

} // namespace

std::string VerifyProblem::describe() const {
    std::string text = severity == Severity::Error ? "error: " : "warning: ";
    if (did)
        text += "DID " + formatDid(*did) + ", ";
    text += "offset " + formatOffset(offset) + ", " + field + ": " + message;
    return text;
}

std::size_t VerifyReport::errorCount() const {
    return std::count_if(problems.begin(), problems.end(), [](const VerifyProblem& p) {
        return p.severity == VerifyProblem::Severity::Error;
    });
}

std::size_t VerifyReport::warningCount() const {
    return problems.size() - errorCount();
}

namespace {

VerifyReport verifyContents(const DatFile& dat) {
    VerifyReport report;
    const DatHeader& header = dat.header();
    const ChainReader chains = dat.chains();
    BlockMap blocks(dat.fileSize(), header.blockSize, header.firstBlockOffset());
    report.entries = dat.entries().size();
    report.depth = dat.treeDepth();

    auto error = [&](std::optional<std::uint32_t> did, std::uint64_t offset, std::string field,
                     std::string message) {
        report.problems.push_back(
            {VerifyProblem::Severity::Error, did, offset, std::move(field), std::move(message)});
    };
    auto warning = [&](std::optional<std::uint32_t> did, std::uint64_t offset, std::string field,
                       std::string message) {
        report.problems.push_back(
            {VerifyProblem::Severity::Warning, did, offset, std::move(field), std::move(message)});
    };
    auto claimNode = [&](std::span<const std::uint32_t> chain) {
        for (std::uint32_t block : chain) {
            if (auto previous = blocks.claim(block, BlockMap::kNodeOwner))
                error(std::nullopt, block, "chain",
                      "node block " + formatOffset(block) + " is also used by " +
                          ownerName(*previous));
            else
                ++report.usedBlocks;
        }
    };

    // Directory shape: the walk at open already proved order, counts, depth and acyclicity.
    std::optional<unsigned> leafDepth;
    DirectoryVisitor visitor;
    visitor.onNode = [&](const DirectoryNode& node, unsigned depth) {
        ++report.nodes;
        claimNode(node.blocks);
        if (depth > 0 && node.count < 30)
            warning(std::nullopt, node.offset, "node.count",
                    "non-root node holds " + std::to_string(node.count) +
                        " keys, a B-tree of degree 31 needs at least 30");
        if (node.leaf()) {
            if (!leafDepth)
                leafDepth = depth;
            else if (*leafDepth != depth)
                warning(std::nullopt, node.offset, "node.depth",
                        "leaf at depth " + std::to_string(depth) + ", the first leaf is at " +
                            std::to_string(*leafDepth));
        }
    };
    try {
        walkDirectory(chains, header.rootOffset, visitor);
    } catch (const DatError& fault) { // cannot happen for an opened DAT; kept for safety
        report.problems.push_back(fromError(fault));
        return report;
    }

    // Entry chains are walked, not copied, claiming blocks as they go, and a walk stops at the
    // first block someone already owns. So each block is followed once however many entries a
    // crafted DAT points into one chain, and only a chain's first owner is ever inflated.
    for (const EntryInfo& entry : dat.entries()) {
        bool owned = true;
        try {
            chains.walk(entry.offset, entry.size, entry.id, entry.offset, "entry.offset",
                        [&](std::uint32_t block, std::size_t, std::size_t) {
                            const auto previous = blocks.claim(block, entry.id);
                            if (!previous) {
                                ++report.usedBlocks;
                                return true;
                            }
                            owned = false;
                            error(entry.id, block, "chain",
                                  *previous == entry.id
                                      ? "links back to block " + formatOffset(block) +
                                            " already in this chain (cycle)"
                                      : "block " + formatOffset(block) + " is also used by " +
                                            ownerName(*previous));
                            return false;
                        });
            if (owned && entry.compressed())
                inflateEntry(dat.readStored(entry), entry.id);
        } catch (const DatError& fault) {
            report.problems.push_back(fromError(fault));
        }
    }

    // Free list: head, tail and count must agree with a walk of the links (docs/formats.md).
    if (header.freeCount == 0) {
        if (header.firstFree != 0 || header.finalFree != 0)
            error(std::nullopt, DatHeader::kDiskInfoOffset + 0x14, "header.firstFree",
                  "free count is 0 but head/tail are " + formatOffset(header.firstFree) + "/" +
                      formatOffset(header.finalFree));
    } else {
        std::uint32_t block = header.firstFree;
        std::uint64_t where = DatHeader::kDiskInfoOffset + 0x14;
        const char* field = "header.firstFree";
        std::uint32_t last = 0;
        std::uint32_t walked = 0;
        try {
            while (walked < header.freeCount) {
                chains.checkPointer(block, where, field, std::nullopt);
                if (auto owner = blocks.claim(block, BlockMap::kFreeOwner)) {
                    error(std::nullopt, where, field,
                          "free block " + formatOffset(block) + " is also used by " +
                              ownerName(*owner));
                    break;
                }
                ++walked;
                last = block;
                std::uint32_t next;
                std::memcpy(&next, dat.bytes().data() + block, 4);
                // The client probably tags free links with bit 31 (docs/formats.md).
                next &= 0x7FFFFFFF;
                if (next == 0)
                    break;
                where = block;
                field = "free.next";
                block = next;
            }
        } catch (const DatError& fault) {
            report.problems.push_back(fromError(fault));
        }
        report.freeBlocks = walked;
        if (walked != header.freeCount)
            error(std::nullopt, DatHeader::kDiskInfoOffset + 0x1C, "header.freeCount",
                  "header counts " + std::to_string(header.freeCount) +
                      " free blocks, the list holds " + std::to_string(walked));
        else if (last != header.finalFree)
            error(std::nullopt, DatHeader::kDiskInfoOffset + 0x18, "header.finalFree",
                  "free list ends at " + formatOffset(last) + ", header says " +
                      formatOffset(header.finalFree));
    }

    report.blocks = blocks.count();
    if (const std::size_t leaked = blocks.leaked())
        warning(std::nullopt, header.firstBlockOffset(), "blocks",
                std::to_string(leaked) + " blocks belong to no entry, node or free list");

    try {
        if (auto record = dat.iteration()) {
            if (!record->complete())
                warning(kIterationDid, 0, "iteration", "DAT is partially patched");
            const auto above =
                std::count_if(dat.entries().begin(), dat.entries().end(), [&](const EntryInfo& e) {
                    return std::int64_t(e.iteration) > record->current;
                });
            if (above)
                warning(kIterationDid, 0, "entry.iteration",
                        std::to_string(above) + " entries are newer than the DAT iteration " +
                            std::to_string(record->current));
        } else {
            warning(kIterationDid, 0, "iteration", "no iteration record 0xFFFF0001");
        }
    } catch (const DatError& fault) {
        report.problems.push_back(fromError(fault));
    }
    return report;
}

} // namespace

VerifyReport verifyDat(const DatFile& dat) {
    VerifyReport report = verifyContents(dat);
    try {
        dat.checkUnchanged(std::nullopt, true);
    } catch (const DatError& fault) {
        // Past the missing page every byte read as zero: the findings say nothing of the DAT.
        report.problems = {fromError(fault)};
    }
    return report;
}

VerifyReport verifyDat(QByteArray bytes) {
    try {
        return verifyDat(DatFile::fromBytes(std::move(bytes)));
    } catch (const DatError& fault) {
        VerifyReport report;
        report.problems.push_back(fromError(fault));
        return report;
    }
}

VerifyReport verifyDatFile(const QString& path) {
    try {
        return verifyDat(DatFile::open(path));
    } catch (const DatError& fault) {
        VerifyReport report;
        report.problems.push_back(fromError(fault));
        return report;
    }
}

} // namespace portalkit::dat
