#pragma once

// Pins a DAT as it is: the manifest a team commits beside the DAT its code was validated
// against (`portalkit audit --snapshot`, and `portalkit build --manifest`).

#include "audit/manifest.h"
#include "datreader/container/dat_file.h"

#include <cstdint>
#include <string>
#include <vector>

namespace portalkit::audit {

struct ClosureRequest {
    std::uint32_t motionTable = 0;
    std::uint32_t style = 0;
    std::uint32_t command = 0;
};

struct SnapshotOptions {
    bool allEntries = false;                // length + SHA-256 of every entry
    std::vector<std::uint32_t> ids;         // pinned in addition to the types
    std::vector<std::string> types;         // empty: kDefaultPinnedTypes (unless allEntries)
    std::vector<ClosureRequest> closures;   // empty: the recall closure of every MotionTable
    std::vector<ProjectilePin> projectiles; // carried over as given
    QString about;
};

// The records effects are made of: what a previewer validated against depends on.
inline const std::vector<std::string> kDefaultPinnedTypes{
    "Setup",         "Animation",          "MotionTable",
    "PhysicsScript", "PhysicsScriptTable", "ParticleEmitterInfo"};

// LifestoneRecall, the action the retail manifest pins (docs/retail-behaviour.md#dat-recall).
constexpr std::uint32_t kRecallCommand = 0x10000153;

// Hashes the chosen entries; pins the spheres of every Setup, every PhysicsScriptTable in
// stored order, the raw-scan CreateBlocking inventory (R50) and the closures. Throws DatError
// when a record to pin does not decode or an explicitly requested closure does not resolve.
Manifest snapshotManifest(const dat::DatFile& dat, const SnapshotOptions& options = {},
                          int jobs = 1);

} // namespace portalkit::audit
