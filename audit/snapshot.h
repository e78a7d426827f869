#pragma once

// Pins a DAT as it is: the manifest a team commits beside the DAT its code was validated
// against, and what the audit later checks (docs/demo.md lists the keys; the audit issue owns
// the format's full documentation and schema).

#include "container/dat_file.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::audit {

struct SnapshotOptions {
    // Entries to pin by length + SHA-256; empty pins every entry.
    std::vector<std::uint32_t> ids;
    // Carried into the manifest unchanged: [{"wcid", "name", "setup", "table"?}, ...].
    QJsonArray projectiles;
};

// Length + SHA-256 of the inflated bytes for the chosen entries; sphere shapes of every Setup;
// every PhysicsScriptTable in stored order; the raw-scan CreateBlocking inventory (R50).
// Throws DatError when a pinned record does not decode.
QJsonObject snapshotManifest(const dat::DatFile& dat, const SnapshotOptions& options = {});

} // namespace portalkit::audit
