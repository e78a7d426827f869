#pragma once

// A physics BSP against every kind of mover (docs/physics.md#the-retail-transition): the
// client's BSPTREE::find_collisions with its branches — the placement solid test, the walkable
// probe, step_sphere_down, landing on a walkable face, a walker's step_sphere_up and slide, an
// airborne mover's landing, and a missile's collide_with_pt — with the SPHEREPATH and
// COLLISIONINFO changes each makes. Work is done in the tree owner's space (cache_localspace_
// sphere); what a branch changes is turned back into check_pos's landblock frame. The polygon
// tests a walkable face needs (check_walkable, find_crossed_edge) are here too.

#include "preview/physics/bsp_collision.h"
#include "preview/physics/step_moves.h"

#include <array>

namespace portalkit::preview {

// SPHEREPATH's localspace fields: the spheres in the tree owner's space, scaled by 1/scale.
struct LocalSpace {
    Frame pos;       // localspace_pos: the owner's frame, in check_pos's landblock
    float scale = 1; // the owner's (uniform) scale
    std::array<TransitionSphere, 2> sphere{}; // at check_pos
    std::array<Vec3, 2> currCenter{};         // at curr_pos
    Vec3 z{0, 0, 1};                          // world up in the owner's axes
    Vec3 lowPoint;                            // sphere 0's lowest point along z
    // Position::localtoglobalvec: a direction of the owner's space in the world's axes.
    Vec3 toGlobal(Vec3 v) const { return rotate(pos.orientation, v); }
};
// cache_localspace_sphere for an owner at `pos` (check_pos's landblock frame) with `scale`.
// `currBlockOffset`: where curr_pos's landblock lies in check_pos's frame.
LocalSpace cacheLocalSpace(const SpherePath& path, const Frame& pos, float scale,
                           Vec3 currBlockOffset = {});
// A polygon's plane in check_pos's landblock frame (Plane::localtoglobal, d scaled).
world::Plane planeToGlobal(const BspPolygon& polygon, const LocalSpace& space);

// CPolygon::check_walkable: the sphere's centre, dropped along `up` onto the face, is inside it
// or within the radius (half of it when `small`) of its boundary; false for a face not facing up.
bool checkWalkablePolygon(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                          bool small = false);
// CPolygon::find_crossed_edge: the first edge the dropped centre lies outside of, as the edge's
// inward normal in the face's plane; false when the centre is over the face.
bool findCrossedEdge(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                     Vec3& normal);
// BSPTREE::hits_walkable: a walkable face (N · up above the allowance) the sphere reaches and
// that holds a quarter-area circle of it (check_small_walkable).
bool hitsWalkable(const PhysicsGeometry& geometry, const TransitionSphere& sphere, Vec3 up,
                  float walkableAllowance, BspWalk& walk);

// BSPTREE::find_collisions for the mover in `ctx` against `geometry`, whose owner's space
// `space` describes (cache it again at every call: the check position moves between calls).
// `walk` reports the polygon hit and a malformed tree. An INITIAL_PLACEMENT insert goes to the
// client's placement_insert instead, which is not built: callers must not send one here.
TransitionState bspFindCollisions(const PhysicsGeometry& geometry, const LocalSpace& space,
                                  StepContext& ctx, BspWalk& walk);

// The branches, for a sweep or a test that needs one alone.
// step_sphere_down: find_walkable along −(step_down_amt × walk_interp) up; the face found
// becomes the contact plane and the walkable (ADJUSTED); none is OK.
TransitionState stepSphereDown(const PhysicsGeometry& geometry, const LocalSpace& space,
                               StepContext& ctx, BspWalk& walk);
// step_sphere_up: step up onto the obstacle with the local normal, else step_up_slide.
TransitionState stepSphereUp(StepContext& ctx, const LocalSpace& space, Vec3 localNormal);
// collide_with_pt without PerfectClip: the polygon's normal is the collision normal, COLLIDED.
// (PerfectClip's time-of-impact search is not done: no mover of the preview sets it, R39.)
TransitionState collideWithPt(StepContext& ctx, const LocalSpace& space, const BspPolygon& hit);
// BSPTREE::slide_sphere: slide_sphere for sphere 0 against the local normal turned global.
TransitionState bspSlideSphere(StepContext& ctx, const LocalSpace& space, Vec3 localNormal);

} // namespace portalkit::preview
