#pragma once

// PhysicsScriptTable selection (PhysicsScriptTableData::GetScript): exact type, stored
// order, first entry whose Mod is at or above the intensity. The comparison is the client's x87
// one, so NaN and +inf select nothing and -inf selects the first threshold (R19–R21).

#include "datreader/records/physics_script_table.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <string_view>

namespace portalkit::preview {

// The script for (type, intensity), or nothing: no entry of that type, or no threshold reached.
std::optional<std::uint32_t> resolveScript(const dat::PhysicsScriptTable& table, std::uint32_t type,
                                           float intensity);

// PlayScript names (ACE's enum, docs/demo.md) for the CLI and the trace: "Launch" ↔ 4 and so on.
std::optional<std::uint32_t> playScriptFromName(std::string_view name);
QString playScriptName(std::uint32_t type); // empty when the value has no name

// An intensity as a user types it: a number, or "nan", "inf", "+inf", "-inf", which the
// resolver must see as such (R21). Nothing for anything else.
std::optional<float> parseIntensity(const QString& text);

} // namespace portalkit::preview
