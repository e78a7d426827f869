#pragma once

// Sphere against physics BSP (docs/physics.md#the-retail-transition): the client's polygon tests
// (CPolygon::polygon_hits_sphere_slow_but_sure, pos_hits_sphere, walkable_hits_sphere,
// adjust_sphere_to_plane) and the BSP walks the transition makes over a GfxObj's or a
// CellStruct's physics tree (sphere_intersects_poly, sphere_intersects_solid, find_walkable), in
// the tree owner's local space. Free functions over plain values, tested alone; the sweep that
// calls them is still to come (issue 23).

#include "datreader/records/bsp.h"
#include "datreader/records/gfx_obj.h"
#include "preview/physics/transition_types.h"

#include <cstdint>
#include <map>
#include <vector>

namespace portalkit::preview {

// A physics polygon with its plane made as CPolygon::make_plane makes it:
// N = normalize(Σ (v[i] − v0) × (v[i+1] − v0)), d = −mean(N · v).
struct BspPolygon {
    std::uint16_t id = 0;
    std::vector<Vec3> vertices; // in the order stored (counter-clockwise about N)
    Vec3 normal;
    float d = 0;
    float distance(Vec3 p) const { return dot(normal, p) + d; }
};
BspPolygon makeBspPolygon(std::uint16_t id, std::vector<Vec3> vertices);

// A physics BSP with the polygons its leaves name (by polygon id).
struct PhysicsGeometry {
    dat::BspTree tree;
    std::map<std::uint16_t, BspPolygon> polygons;

    // A GfxObj's physics polygons and tree; polygons naming a missing vertex are left out.
    static PhysicsGeometry fromGfxObj(const dat::GfxObj& gfxObj);
    const BspPolygon* polygon(std::uint16_t id) const;
};

// polygon_hits_sphere_slow_but_sure: the sphere (radius less the epsilon) reaches the polygon:
// its centre projects inside, or the circle it cuts from the plane reaches an edge or a vertex.
// `contact` is the centre's projection onto the plane.
bool polygonHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere,
                       Vec3* contact = nullptr);
// pos_hits_sphere: a hit that counts only when the sphere moves against the face (N · move < 0).
// `touched` is set whenever the sphere reaches the polygon, counted or not.
bool posHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 move,
                   bool& touched);
// walkable_hits_sphere: the face is walkable against `up` (N · up > allowance) and is reached.
bool walkableHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                        float walkableAllowance);
// adjust_sphere_to_plane: moves the sphere back along `move` until it rests on the face's plane,
// if that keeps walk_interp in [−0.5, walkInterp); false (nothing moved) otherwise.
bool adjustSphereToPlane(const BspPolygon& polygon, TransitionSphere& sphere, Vec3 move,
                         float& walkInterp);

// A walk's outcome besides its answer: the last polygon reached (sphere_intersects_poly keeps it
// even when the approach did not count) and whether the walk stopped at kMaxBspDepth, which
// only a malformed tree reaches (the caller reports it; the walk never hangs).
struct BspWalk {
    const BspPolygon* hit = nullptr;
    Vec3 contact;
    bool tooDeep = false;
};

// BSPTREE::sphere_intersects_poly: the first polygon the sphere hits moving along `move`.
bool sphereIntersectsPoly(const PhysicsGeometry& geometry, const TransitionSphere& sphere,
                          Vec3 move, BspWalk& walk);
// sphere_intersects_solid: the sphere overlaps a polygon, or (centerCheck) its centre lies in a
// solid leaf.
bool sphereIntersectsSolid(const PhysicsGeometry& geometry, const TransitionSphere& sphere,
                           bool centerCheck, BspWalk& walk);
// find_walkable: every walkable polygon the sphere reaches adjusts it onto its plane in turn
// (the sphere moves cumulatively); true when one did, with walk.hit the last.
bool findWalkable(const PhysicsGeometry& geometry, TransitionSphere& sphere, Vec3 move, Vec3 up,
                  float walkableAllowance, float& walkInterp, BspWalk& walk);

} // namespace portalkit::preview
