#pragma once

// The steps of the 'patch' suite (bench/patch_suite.cpp), each usable on a DAT of any size so
// tests/bench can run them on tiny DATs: the `cp` yardstick, one replacement committed either way,
// a batch of inserts, and the checks of the result (strict verify, the tree's shape, every entry
// read back).

#include "bench/bench_common.h"
#include "datreader/container/dat_patcher.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace portalkit::dat {
class DatFile;
}

namespace portalkit::bench {

// fsync(2) of the file: its dirty pages written, so a later sync does not pay for them. Says why
// on stderr when it cannot.
bool syncFile(const QString& path);
// syncfs(2) of the file system holding `path`'s folder, before a timed step: writeback and the
// discards (the VM's ext4 is mounted with `discard`) that earlier steps, such as deleting a
// 950 MiB copy, left pending are then not charged to the step. Best effort.
void settleDisk(const QString& path);
// `cp --reflink=never SRC DST` as a process, then fsync(2) of DST: what `cp` + `sync DST` cost
// (coreutils' cp copies with copy_file_range on ext4). DST must not exist. Nothing (said on
// stderr) when cp fails or DST cannot be synced.
std::optional<double> timeCopyAndSync(const QString& source, const QString& destination);

// Where the time of one patch goes: DatPatcher::open, the puts, commit(), and the whole of it
// from before the open to after the patcher is gone (its destructor included, as a command pays).
struct PatchTiming {
    double open = 0;
    double edit = 0;
    double commit = 0;
    double close = 0; // after commit(): the destructor (unmapping, closing a replaced file)
    double total = 0;
    dat::PatchStats stats; // what the commit wrote: nodes, bytes, blocks taken and grown
};

// One new or replacing entry.
struct PatchEntry {
    std::uint32_t id = 0;
    std::vector<std::uint8_t> bytes;
};

// Opens `path` with DatPatcher, puts every entry in the order given, commits with `mode`.
// Throws DatError as the patcher does.
PatchTiming timePatch(const QString& path, std::span<const PatchEntry> entries,
                      dat::CommitMode mode);

// The `count` entries whose stored size is nearest `size`, nearest first, the iteration record
// left out: the ones the suite replaces.
std::vector<std::uint32_t> entriesNearSize(const dat::DatFile& dat, std::uint32_t size,
                                           std::size_t count);
// `size` seeded bytes.
std::vector<std::uint8_t> seededBytes(std::size_t size, std::uint64_t seed);

// New cell ids, none stored yet, each with the bytes of a stored record of its type (so sizes
// follow the DAT's):
// - spread: EnvCells at random landblocks and cell numbers, inserted in random order;
// - clustered: new dungeons, runs of consecutive EnvCells from 0xXXYY0100 (at most
//   `cellsPerDungeon` each) in landblocks that have no EnvCell, inserted in id order as a tool
//   writing a dungeon does;
// - landblock infos: 0xXXYYFFFE for landblocks that have none, in random order.
// Fewer than `count` only when the DAT has no room of that kind left.
enum class InsertPattern { Spread, Clustered, LandblockInfos };
std::vector<PatchEntry> newCellEntries(const dat::DatFile& dat, InsertPattern pattern,
                                       std::size_t count, std::uint32_t cellsPerDungeon,
                                       std::mt19937_64& rng);
const char* patternName(InsertPattern pattern);

// The directory's shape as the client's rules ask: at most 61 keys a node, at least 30 in every
// node but the root, every leaf at one depth, depth within DirectoryNode::kMaxDepth.
struct TreeShape {
    unsigned depth = 0; // levels, root only = 1
    std::size_t nodes = 0;
    std::uint32_t rootKeys = 0;
    std::uint32_t minKeys = 0; // over the non-root nodes (0 when the root is the only node)
    std::uint32_t maxKeys = 0;
    bool leavesLevel = true; // every leaf at one depth
    bool withinRules() const;
};
// Walks the directory (walkDirectory); throws DatError on a structural fault.
TreeShape treeShape(const dat::DatFile& dat);

// Every entry's id and CRC-32 of its bytes, in id order.
struct EntrySum {
    std::uint32_t id = 0;
    std::uint32_t crc = 0;
    bool operator==(const EntrySum&) const = default;
};
std::vector<EntrySum> sumEntries(const dat::DatFile& dat);
std::uint32_t crcOf(std::span<const std::uint8_t> bytes);

// What a patched DAT looked like: strict verify, the tree's shape, and how many entries read back
// otherwise than `before` with `puts` applied (an entry missing, extra or with other bytes).
// The iteration record 0xFFFF0001 is left out of the comparison: the patcher may update it.
struct PatchCheck {
    std::size_t verifyErrors = 0;
    std::size_t verifyWarnings = 0;
    std::string firstProblem; // the first verify problem, for the log
    TreeShape shape;
    std::size_t mismatches = 0;
    bool ok() const {
        return verifyErrors == 0 && verifyWarnings == 0 && shape.withinRules() && mismatches == 0;
    }
};
PatchCheck checkPatched(const QString& path, const std::vector<EntrySum>& before,
                        std::span<const PatchEntry> puts);

} // namespace portalkit::bench
