#pragma once

// Which clothing fits which body: every ClothingTable (0x10...) of a portal DAT read once and
// keyed by the Setups its base effects name, for the studio's Appearance dock
// (docs/studio.md#appearance). Reading the tables of a retail DAT takes a while, so it runs on
// a worker: it reads bytes from the DatFile only (no preview::Assets, whose cache is not
// thread-safe) and keeps no table, only ids.

#include "datreader/container/dat_file.h"

#include <QStringList>
#include <atomic>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace portalkit::ui {

struct ClothingIndex {
    // Setup → the ClothingTables with an entry for it, ascending.
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> bySetup;
    std::size_t tables = 0;     // ClothingTables read
    std::size_t unreadable = 0; // ClothingTables that failed to decode
    // The first kMaxProblems failures, each naming its table and why.
    QStringList problems;
    static constexpr qsizetype kMaxProblems = 20;

    const std::vector<std::uint32_t>& tablesFor(std::uint32_t setupId) const;
};

// Reads every ClothingTable of `portal` (none when it is not a portal DAT). Stops early, with
// what it has, once `cancel` is set. Runs on any thread.
ClothingIndex indexClothing(const dat::DatFile& portal, const std::atomic<bool>* cancel = nullptr);

} // namespace portalkit::ui
