#pragma once

// The projectile map from the user's weenie corpus
// (docs/audit.md#projectiles-from-a-weenie-corpus): the WCIDs asked for, looked up in the corpus,
// and compared with the map a manifest pins. The audit knows nothing of weenies: the caller looks
// them up and hands over plain pins.

#include "audit/checks.h"
#include "audit/manifest.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace portalkit::audit {

// The seed's projectile WCIDs: 300, 305, 7276-7282, 23144.
std::vector<std::uint32_t> seedProjectileWcids();

// "300,305,7276-7282,23144" → the WCIDs in order; nothing when the text is malformed.
std::optional<std::vector<std::uint32_t>> parseWcidList(const QString& text);

// One WCID as the corpus has it: its pin, or nothing when the corpus lacks the WCID or the
// weenie names no Setup (`reason` says which).
struct CorpusProjectile {
    std::uint32_t wcid = 0;
    std::optional<ProjectilePin> pin;
    QString reason;
};

// A "projectile" result named after the corpus: a finding per WCID the corpus cannot give, and,
// for every WCID `pinned` also holds, one when the corpus's Setup or table differs from the pin.
PinResult checkProjectileMap(const std::vector<CorpusProjectile>& corpus,
                             const std::vector<ProjectilePin>& pinned, const QString& corpusName);

// The corpus's pins, in the order asked, for the manifest's `projectiles`.
std::vector<ProjectilePin> corpusPins(const std::vector<CorpusProjectile>& corpus);

} // namespace portalkit::audit
