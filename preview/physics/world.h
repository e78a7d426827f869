#pragma once

// A small stand-in for the landscape and the objects in it, enough to fly a projectile at:
// one ground plane (optionally sloped), solid axis-aligned boxes for walls, and spheres for
// creatures and targets. The sweep here is continuous (exact time of first contact), so no
// speed or step count can carry a sphere through thin geometry.

#include "preview/physics/body.h"

#include <optional>
#include <vector>

namespace portalkit::preview {

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

    bool contains(Vec3 p) const;
};

enum class HitKind { Ground, Box, Sphere };
const char* hitKindName(HitKind kind);

struct SweepHit {
    double t = 0; // fraction of the move at first contact, in [0, 1]
    Vec3 normal;  // from the surface towards the mover
    HitKind kind = HitKind::Ground;
    std::uint32_t id = 0; // the box's or sphere's id; 0 for the ground
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
