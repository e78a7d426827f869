#pragma once

// How a DatPatcher's changes reach the disk (docs/formats.md#writing-a-patch): as a patched copy
// renamed over the DAT, or in place through a redo journal beside it. Either way a crash at any
// write leaves the old DAT or (after repairPatch) the new one, never a mix.

#include <QString>
#include <cstdint>
#include <exception>
#include <span>
#include <vector>

namespace portalkit::dat {

// Everything a patch writes: byte runs at ascending, non-overlapping offsets (the header and
// whole blocks), and the size the patched file has.
struct PatchImage {
    struct Write {
        std::uint64_t offset = 0;
        std::vector<std::uint8_t> bytes;
    };
    std::uint64_t size = 0;
    std::vector<Write> writes;
};

// Fault injection for the tests: every write, sync, rename and removal a commit makes is one
// step; at step `crashAt` the commit stops as a killed process would (a write torn in half
// first) by throwing SimulatedCrash, cleaning nothing up. `steps` counts the steps taken.
struct FaultPlan {
    int crashAt = -1;
    int steps = 0;
};

struct SimulatedCrash : std::exception {
    const char* what() const noexcept override { return "simulated crash"; }
};

// One patch of a DAT at a time: an exclusive advisory lock (flock) on the DAT file itself, held
// while a patcher is open. The lock is taken without waiting: a second patch (another
// `portalkit` process, the studio's Save) is refused with a DatError instead of mixing its
// writes with the first. A copy-and-rename commit replaces the file, so the lock is taken on the
// file the path names and checked to still be that file once held.
class DatLock {
  public:
    static DatLock acquire(const QString& path);
    DatLock() = default;
    ~DatLock();
    DatLock(DatLock&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }
    DatLock& operator=(DatLock&& other) noexcept;
    DatLock(const DatLock&) = delete;
    DatLock& operator=(const DatLock&) = delete;

  private:
    int m_fd = -1;
};

// `dat` + ".pkjournal": where an in-place patch keeps its journal.
QString journalPath(const QString& dat);

// Copies `source` to a temporary file beside `target` (the kernel copies; no bytes pass through
// us), applies `image`, syncs, renames it over `target` and syncs the folder. Throws DatError.
void commitByCopy(const QString& source, const QString& target, const PatchImage& image,
                  FaultPlan* faults = nullptr);

// Writes `image` to a journal (a temporary file synced and renamed to journalPath, so the
// journal exists only once it is whole), then into `dat` itself, syncs it and removes the
// journal. Throws DatError.
void commitInPlace(const QString& dat, const PatchImage& image, FaultPlan* faults = nullptr);

enum class JournalRepair { Nothing, Replayed, Dropped };

// Finishes an interrupted commitInPlace: replays a journal found beside `dat` (its writes are
// idempotent, so a replay interrupted in turn is simply replayed again) and removes it; removes
// a temporary journal that never became one (the DAT was not touched). Throws DatError naming
// the journal's offset and field when the journal is damaged, leaving everything as it is.
JournalRepair repairPatch(const QString& dat, FaultPlan* faults = nullptr);

// The journal's bytes and their reading (fuzzed: tests/fuzz/fuzz_patcher.cpp). parseJournal
// throws DatError (offset in the journal, field) for anything but a whole, checked journal.
std::vector<std::uint8_t> serializeJournal(const PatchImage& image);
PatchImage parseJournal(std::span<const std::uint8_t> journal);

} // namespace portalkit::dat
