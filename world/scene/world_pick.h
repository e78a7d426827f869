#pragma once

// What a click in the view lands on (docs/studio.md#effects-in-the-world): the nearest ground a
// camera ray meets among the blocks as drawn — terrain triangles, and EnvCell polygons, of which
// only floors count. The studio stands a Setup there.

#include "world/scene/world_builder.h"

#include <QVector3D>
#include <optional>
#include <vector>

namespace portalkit::world {

// The least slope a cell polygon may have to be stood on: its normal's z at least this.
inline constexpr float kFloorNormalZ = 0.5f;

// The nearest point where origin + t·dir (t > 0) meets the blocks' terrain or a cell polygon;
// nothing when it meets neither, or when the nearest polygon is a wall or ceiling.
std::optional<QVector3D> pickGround(const std::vector<WorldBlock>& blocks, QVector3D origin,
                                    QVector3D dir);

} // namespace portalkit::world
