#pragma once

// How the retail transition moves a walker (docs/physics.md#the-retail-transition): the client's
// CTransition::step_up, step_down and check_walkable, the end of transitional_insert (landing,
// a grazed polygon, and the step down that follows the ground when the contact plane is lost),
// edge_slide with cliff_slide and SPHEREPATH::precipice_slide, step_up_slide, and the path
// version of CSphere::slide_sphere. A missile never comes here (R52); a creature or player does.
//
// These routines re-enter the transition (step_down inserts the spheres again), so they take the
// sweep's transitional_insert as a callback in StepContext: tested alone on hand-built geometry,
// and plugged into a sweep by handing them its own insert. `transitionalInsert` below is the
// client's whole insert loop over two cell callbacks, for a sweep that has none of its own.

#include "preview/physics/transition_types.h"

#include <functional>

namespace portalkit::preview {

// The transition a walker's move works on, and the way back into it.
struct StepContext {
    ObjectInfo& info;
    SpherePath& path;
    CollisionInfo& collision;
    // The owning sweep's transitional_insert(n): resolve the spheres at check_pos in every cell
    // they reach, retrying up to n times (step_down uses 5, the placement and walkable checks 1).
    std::function<TransitionState(int)> transitionalInsert;
    // Where curr_pos's landblock lies in check_pos's frame (zero within one block).
    Vec3 currBlockOffset;
    bool killVelocity = false; // kill_velocity: the mover's velocity is to be zeroed
    // For the trace: step ups that lifted the mover, and step-downs of transitional_insert's tail
    // that put it on walkable ground.
    int stepsUp = 0;
    int stepsDown = 0;
};

// CSphere::slide_sphere (the path version): the step continues along the crease of the obstacle
// `normal` and the contact plane (the last known one when none is valid), SLID; with no crease
// (the planes parallel) it drops the part of the step against the obstacle; a step with nothing
// left, or straight into a plane facing away, is COLLIDED. `sphere` is at the check position,
// `currCenter` its centre at the current one. A zero normal backs the sphere halfway to
// currCenter (ADJUSTED).
TransitionState slideSphere(StepContext& ctx, const TransitionSphere& sphere, Vec3 normal,
                            Vec3 currCenter);
// SPHEREPATH::step_up_slide: a step up that failed slides against the obstacle it met.
TransitionState stepUpSlide(StepContext& ctx);

// CTransition::step_up: lift the spheres onto the walkable top of the obstacle with `normal`, by
// at most the step-up height R51 gives (the Setup's × scale on a walkable floor, else 0.04); the
// check position is put back when that fails.
bool stepUp(StepContext& ctx, Vec3 normal);
// CTransition::step_down: find a walkable plane at most `height` below (above, during a step
// up) whose normal z is at least `walkableZ`, then confirm the spheres fit there (a placement
// insert); an edge-sliding mover must also have ground under the new position (check_walkable).
bool stepDown(StepContext& ctx, float height, float walkableZ);
// CTransition::check_walkable: is there ground below the check position within the walkable
// probe depth (R51)? Always yes for a mover not on a walkable floor, and when the face it stands
// on still holds half its sphere.
bool checkWalkable(StepContext& ctx, float walkableZ);
// SPHEREPATH::check_walkables: the walkable face still holds the sphere, radius halved.
bool checkWalkables(const SpherePath& path);

// CTransition::edge_slide: the ground was lost. Without EdgeSlide (or off a walkable floor) the
// mover just steps on, off the edge; otherwise a too-steep contact plane slides it along the
// slope's foot (cliff_slide) and a walkable it stands on keeps it on that face's edge
// (precipice_slide). True when `state` is the insert's answer; false to insert again.
bool edgeSlide(StepContext& ctx, TransitionState& state, float height, float walkableZ);
// CTransition::cliff_slide: a collision normal along the foot of the steep plane `plane`, where it
// meets the last known contact plane, against the step (ADJUSTED).
TransitionState cliffSlide(StepContext& ctx, const world::Plane& plane);
// SPHEREPATH::precipice_slide: slide along the walkable face's edge the sphere crossed; COLLIDED
// when it crossed none.
TransitionState precipiceSlide(StepContext& ctx);

// transitional_insert after its cells answered OK: landing on a walkable face the cells found
// (collide), the step up or slide a grazed polygon asks for, and the step down when a mover in
// contact lost its contact plane. `done`: the insert answers `state`; otherwise it tries again.
struct InsertTail {
    bool done = true;
    TransitionState state = TransitionState::OK;
};
InsertTail transitionalInsertTail(StepContext& ctx, int attempts, bool hasCheckCell);
// The step-down part of that tail: follow the ground down by the transitional step-down height
// (R51), else edge_slide.
InsertTail stepDownTail(StepContext& ctx);

// A sweep's cells as transitional_insert sees them.
struct InsertCells {
    // insert_into_cell(check_cell, n): the check cell's collisions, retried up to n times.
    std::function<TransitionState(int)> insertIntoCell;
    // check_other_cells: the other cells the spheres reach, then the new check cell.
    std::function<TransitionState()> checkOtherCells;
    // check_cell is not null (a loaded cell).
    std::function<bool()> hasCheckCell;
};
// CTransition::transitional_insert(n) over those cells, with the tail above.
TransitionState transitionalInsert(StepContext& ctx, const InsertCells& cells, int attempts);
// CTransition::insert_into_cell's retry loop over one cell's find_collisions.
TransitionState insertIntoCell(CollisionInfo& collision, int attempts,
                               const std::function<TransitionState()>& findCollisions);

} // namespace portalkit::preview
