#pragma once

// A scenario's place in the world as drawable blocks (docs/scenarios.md#world): the landblocks
// round the place, moved so that the place's origin is the scene's (0, 0, 0) — where the preview
// puts the scenario frame's origin, so objects and effects need no moving of their own. Pure
// functions: `portalkit render`, the studio and the tests share them.

#include "preview/timeline/scenario.h"
#include "world/scene/world_builder.h"

#include <QString>
#include <optional>
#include <vector>

namespace portalkit::world {

struct PlacedWorld {
    std::vector<WorldBlock> blocks; // moved by -origin: the place's origin is (0, 0, 0)
    std::uint32_t block = 0;        // the landblock the place is in, 0xXXYYFFFF
    std::uint32_t envCell = 0;      // the EnvCell it names, or 0
    Vec3 origin;                    // the scenario frame's (0, 0, 0), landblock-local metres
};

// The scenario frame's (0, 0, 0) for `place`, landblock-local: as given, else as
// buildPlacedWorld picks it (on the ground, or an EnvCell's centre on its floor). Nothing, with
// `why` set, for an EnvCell the cell DAT lacks.
std::optional<Vec3> placeOrigin(const WorldSources& sources, const preview::ScenarioPlace& place,
                                QString* why = nullptr);

// Moves everything drawn (terrain vertices, parts, cells, portals, offsets) by `by`.
void translateBlocks(std::vector<WorldBlock>& blocks, QVector3D by);

// The blocks round `place` (its radius; a dungeon alone), with its origin: as given, else the
// place's x, y on the ground (heights of the block's terrain) or, for an EnvCell, its centre on
// its floor. Nothing, with `why` set, when the cell DAT does not hold the place.
std::optional<PlacedWorld> buildPlacedWorld(const WorldSources& sources,
                                            const preview::ScenarioPlace& place,
                                            TerrainTextures& textures, QString* why = nullptr);

} // namespace portalkit::world
