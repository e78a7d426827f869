#pragma once

// A small stand-in for the landscape and the objects in it, enough to fly a projectile at:
// one ground plane (optionally sloped), solid axis-aligned boxes for walls, and spheres for
// creatures and targets. The sweep here is continuous (exact time of first contact), so no
// speed or step count can carry a sphere through thin geometry.

#include "preview/physics/body.h"

#include <memory>
#include <optional>
#include <vector>

namespace portalkit::preview {

struct DatWorld; // dat_world.h: a cell DAT's terrain, statics and cells as the transition meets
                 // them

// A scenario in the real world of a cell DAT (docs/physics.md#flights-in-the-real-world): its
// geometry, and where the scenario frame stands in it. Bodies then sweep through the retail
// transition against it instead of the ground plane; boxes and spheres still apply on top.
struct DatGeometry {
    std::shared_ptr<const DatWorld> world;
    std::uint32_t block = 0; // the landblock the scenario frame is placed in, 0xXXYYFFFF
    Vec3 origin;             // the scenario frame's (0, 0, 0), landblock-local to `block`
};

struct GroundPlane {
    float height = 0;     // the plane passes through (0, 0, height)
    Vec3 normal{0, 0, 1}; // a slope is a tilted normal; normalized on use
};

// DAT-like geometry: no weenie, never a missile, never ignored by missile_ignore.
struct WorldBox {
    std::uint32_t id = 0;
    Vec3 min, max;
};

struct WorldSphere {
    ObjectFacts facts; // id, creature / missile / ethereal / weenie
    Vec3 center;
    float radius = 0;
};

struct PreviewWorld {
    std::optional<GroundPlane> ground;
    std::vector<WorldBox> boxes;
    std::vector<WorldSphere> spheres;
    // The loaded area: a sweep ending outside it has no cell, so the transition fails.
    std::optional<std::pair<Vec3, Vec3>> bounds;
    std::optional<DatGeometry> dat;

    bool contains(Vec3 p) const;
};

// What a sweep met: the preview world's ground plane, a box or a sphere; or in a cell DAT's world
// the terrain, a static object's physics BSP, or an EnvCell's walls.
enum class HitKind { Ground, Box, Sphere, Terrain, Static, Cell };
const char* hitKindName(HitKind kind);

struct SweepHit {
    double t = 0; // fraction of the move at first contact, in [0, 1]
    Vec3 normal;  // from the surface towards the mover
    HitKind kind = HitKind::Ground;
    std::uint32_t id =
        0; // the box's or sphere's id, the static's GfxObj or the cell; 0 for the ground
};

// The first contact of the mover's spheres moving from `from` to `to` (each sphere's centre
// moves on a straight line between its two placements). Objects missile_ignore passes over,
// and the mover itself, are skipped; touching a surface while moving along or off it is not a
// hit.
std::optional<SweepHit> sweepSpheres(const PreviewWorld& world,
                                     const std::vector<CollisionSphere>& spheres, const Frame& from,
                                     const Frame& to, const ObjectFacts& mover,
                                     std::uint32_t targetId);

} // namespace portalkit::preview
