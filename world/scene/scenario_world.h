#pragma once

// A scenario's collision world from the cell DAT (docs/scenarios.md#world): for a world of
// "geometry": "dat", the terrain, statics, scenery and cells round its place, attached to the
// scenario's preview world with the place's origin, so the preview's bodies sweep through the
// retail transition against them. `portalkit simulate`, `render` and the studio share it.

#include "preview/timeline/scenario.h"
#include "world/scene/collision_world.h"

#include <QString>

namespace portalkit::world {

// Attaches the DatGeometry round scenario.place to scenario.world. Nothing to do (true) for a
// scenario whose world is the preview's own; false, with `why` set, when the cell DAT does not
// hold the place.
bool attachDatGeometry(preview::Scenario& scenario, const WorldSources& sources,
                       QString* why = nullptr, CollisionWorldCounts* counts = nullptr);

} // namespace portalkit::world
