#pragma once

// The weenie index's search by name (docs/world-data.md#index), apart from the index because it
// has two ways: a trigram table of the names (SQLite's FTS5) whose rows are numbered in the
// order a search returns them, so a search reads its first matches and stops; and, for text of
// fewer than three characters or an SQLite without FTS5, a scan of every name.

#include "weenies/weenie.h"

#include <QSqlDatabase>
#include <QString>
#include <cstdint>
#include <vector>

namespace portalkit::weenies::detail {

// The order names are returned in: case-insensitively by name, then by WCID.
bool inNameOrder(const Weenie& a, const Weenie& b);

// Adds the trigram table to an index being written. False when this SQLite cannot make one (no
// FTS5 or no trigram tokenizer); throws WeenieError naming `path` when a row fails.
bool writeNameSearch(const QSqlDatabase& db, const QString& path,
                     const std::vector<Weenie>& weenies);

// The WCIDs whose names hold `text` case-insensitively: whole-name matches first, then in name
// order; at most `limit`. `trigram` says whether the index has the trigram table.
std::vector<std::uint32_t> findByName(const QSqlDatabase& db, const QString& path, bool trigram,
                                      const QString& text, int limit);

} // namespace portalkit::weenies::detail
