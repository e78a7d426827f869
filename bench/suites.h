#pragma once

// The benchmark suites `portalkit bench SUITE` runs (docs/benchmarks.md). Each prints its table,
// writes every figure to the JSON report when given a path, and says how the run came out; the
// CLI parses the options and maps the outcome to its exit code.

#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::bench {

enum class Outcome {
    Success,
    CheckFailed, // the figures are there, but a check the suite makes failed
    Error,       // I/O or a reader fault: no figures
};

// Where the DAT-writing suites write, and whether their DATs stay.
struct Output {
    QString dir;
    QString jsonPath; // empty: no report
    bool keepDats = false;
};

// The portal-like DAT of the container and audit suites: a DAT addresses at most 2 GiB.
constexpr std::uint64_t kMaxPortalMiB = 2000;
struct PortalSize {
    std::uint64_t entries = 0;
    std::uint64_t payloadMiB = 0;
};

// Writes a portal-like and a cell-like DAT, then measures open + index, index memory,
// extracting every entry against cat, random lookups and verify. CheckFailed if verify fails.
Outcome runContainerSuite(const Output& output, PortalSize portal, std::uint64_t cellEntries,
                          std::uint64_t seed);
// Writes seeded records of every decodable type, times decoding and encoding them and checks
// that they re-encode to the same bytes (CheckFailed if not).
Outcome runRecordsSuite(const Output& output, std::uint64_t recordCount, std::uint64_t seed);
// Writes the portal-like DAT, then times audit::hashEntries with each of `jobsList` threads
// against sha256sum and openssl dgst. CheckFailed if the runs disagree on a digest.
Outcome runAuditSuite(const Output& output, const std::vector<int>& jobsList, PortalSize portal,
                      std::uint64_t seed);
// Particle-steps per second of the preview's emitters on one core; writes no DAT.
Outcome runParticlesSuite(const QString& jsonPath, std::uint64_t seed);
// Transition steps per second of the retail sweep on one core, then, on the demo DATs when this
// build has them, building the town's collision geometry and a 100-missile volley over it
// (bench/physics_world.h); writes no DAT.
Outcome runPhysicsSuite(const QString& jsonPath, std::uint64_t seed);
// Writes an ACE-shaped corpus of `files` SQL weenie files, then times importing it into the
// weenie index (against reading its files), opening the index and finding weenies by name, DID
// and WCID. CheckFailed if the index misses a weenie the corpus has.
Outcome runWeeniesSuite(const Output& output, std::uint64_t files, std::uint64_t seed);
// An ObjDesc applied to a hand-built 34-part Setup with 10 palette ranges, cold and with the
// recolouring cached, against the same Setup with no ObjDesc; writes no DAT.
Outcome runAppearanceSuite(const QString& jsonPath);
// Writes the portal-like and the cell-like DAT, then times DatPatcher (issue 25): replacing a
// 10 KiB entry of the portal DAT by copy and rename (against cp + sync) and in place, and
// `inserts` new cell entries in place; CheckFailed if a patched DAT fails strict verify, the
// directory's bounds or reading back.
Outcome runPatchSuite(const Output& output, PortalSize portal, std::uint64_t cellEntries,
                      std::uint64_t inserts, std::uint64_t seed);

} // namespace portalkit::bench
