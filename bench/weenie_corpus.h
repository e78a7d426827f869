#pragma once

// The weenie corpus the 'weenies' suite imports (docs/benchmarks.md#weenies-suite-issue-26):
// SQL files shaped like ACE's `9 WeenieDefaults/SQL` tree, one weenie a file in folders by
// weenie type, each with the statements a real file has (DELETE, the weenie row, int, float,
// bool, string and DID properties; creatures also attributes, body parts, skills, emotes with
// @parent_id, create lists and spell books). Seeded: the same seed writes the same files.

#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::bench {

struct WeenieCorpus {
    std::uint64_t files = 0;
    std::uint64_t bytes = 0;
    std::uint64_t didProperties = 0;
    // Each weenie's WCID, Name and Setup, in WCID order: the suite's queries come from these.
    std::vector<std::uint32_t> wcids;
    std::vector<QString> names;
    std::vector<std::uint32_t> setups;
};

// Writes `count` weenie files under `dir`. Throws std::runtime_error when a file cannot be
// written.
WeenieCorpus writeWeenieCorpus(const QString& dir, std::uint64_t count, std::uint64_t seed);

} // namespace portalkit::bench
