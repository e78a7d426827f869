#pragma once

// The portal-like DAT of the container and audit suites: ids in the real type ranges with
// log-normal sizes per type. Payloads are seeded bytes: the reader's work, not records'. (The
// cell-like DAT holds real records: cell_dat.h.)

#include "bench/bench_common.h"
#include "bench/suites.h"
#include "datreader/container/dat_kind.h"
#include "datreader/container/dat_writer.h"

#include <QString>
#include <cstdint>
#include <random>
#include <vector>

namespace portalkit::bench {

constexpr std::uint32_t kPortalBlockSize = 1024;
constexpr std::uint32_t kCellBlockSize = 256;

struct PlannedEntry {
    std::uint32_t id;
    std::uint32_t size;
};

// `entryCount` portal ids with sizes scaled so the payload totals `targetBytes`, each entry
// capped at 300 KB.
std::vector<PlannedEntry> planPortal(std::uint64_t entryCount, std::uint64_t targetBytes,
                                     std::mt19937_64& rng);

struct WriteSeconds {
    double plan = 0; // entries planned into the writer, before it saves
    double save = 0;
};

// Saves the filled `writer` to `path`; `plan` is the time since `start` (filling it), `save` the
// save itself. Shared by the portal-like and cell-like bench DATs.
WriteSeconds saveTimed(dat::DatWriter& writer, Clock::time_point start, const QString& path);

// Writes the planned entries, their bytes slices of a pool seeded by `seed`, to `path`. Throws
// DatError when the writer fails.
WriteSeconds writePlannedDat(const std::vector<PlannedEntry>& plan, dat::DatKind kind,
                             std::uint32_t blockSize, std::uint64_t seed, const QString& path);

// The container suite's portal-like DAT, as the audit suite hashes it.
void writePortalBenchDat(const QString& path, PortalSize size, std::uint64_t seed);

} // namespace portalkit::bench
