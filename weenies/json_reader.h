#pragma once

// The single-file JSON weenie export (docs/world-data.md#json): the Lifestoned/GDLE weenie
// objects ACE's adapter reads, {"wcid", "weenieType", "stringStats": [{"key", "value"}],
// "didStats": [{"key", "value"}], ...}, as one array, one object or {"weenies": [...]}; an
// optional "className" (ACE's class_Name) is kept when present.

#include "weenies/weenie.h"

#include <QByteArray>
#include <QString>
#include <vector>

namespace portalkit::weenies {

// Throws WeenieError naming `source` and the JSON path ("[3].didStats[1].key") of anything
// malformed, a DID property type ACE does not define, or a duplicate WCID.
std::vector<Weenie> parseWeenieJson(const QByteArray& json, const QString& source);
std::vector<Weenie> readWeenieJson(const QString& path);

} // namespace portalkit::weenies
