#pragma once

// The cell DAT behind a command's world (docs/cli.md#flights-in-the-real-world): where to find
// it, and a scenario of "geometry": "dat" given the collision world round its place.

#include "preview/core/assets.h"
#include "preview/timeline/scenario.h"

#include <QString>
#include <memory>

namespace portalkit::cli {

// The cell DAT given, else client_cell_1.dat beside the portal DAT when it exists; empty if none.
QString findCellDat(const QString& portalPath, const QString& given);

// For a scenario whose world is the cell DAT's: opens the cell DAT (`cellPath`, found by
// findCellDat) and attaches the terrain, objects and cells round its place to its world. True
// when the scenario needs nothing or it is attached; false after saying why not.
bool attachScenarioGeometry(preview::Scenario& scenario, const preview::Assets& portal,
                            const QString& portalPath, const QString& cellPath);

} // namespace portalkit::cli
