#pragma once

// How the retail transition cuts a move into steps and constrains each one
// (docs/physics.md#the-retail-transition): CTransition::calc_num_steps — steps of at most sphere
// 0's radius and no cap on their number (R59) — and CTransition::adjust_offset, which keeps a
// step on the contact plane and along the sliding normal. Free functions over the transition
// state; the sweep that uses them is still to come (issue 23).

#include "preview/physics/transition_types.h"

namespace portalkit::preview {

struct StepPlan {
    int steps = 0;
    Vec3 perStep; // the offset of each step (a viewer's last step is the remainder)
    Vec3 offset;  // the whole move
};

// calc_num_steps for a move of `offset` (begin to end, block-aware) with sphere 0 of radius
// `radius`; without a begin position, one empty step. A viewer steps exactly one radius and
// takes the remainder last; anything else cuts the move into ceil(|offset| / radius) equal
// steps, never capped.
StepPlan calcNumSteps(bool hasBegin, Vec3 offset, float radius, bool viewer);
// The viewer's last step: the part of the move its full-radius steps left.
Vec3 viewerLastStep(const StepPlan& plan, float radius);

// adjust_offset: `offset` constrained by the sliding normal (no step against it) and the
// contact plane (along it when moving into it, snapped onto it when moving off it); then, on a
// dry contact plane, the check position is lifted back onto the plane when sphere 0 sits below
// it. `contactBlockOffset` is where the contact plane's landblock lies in the check position's
// frame.
Vec3 adjustOffset(Vec3 offset, SpherePath& path, CollisionInfo& collision,
                  Vec3 contactBlockOffset = {});

// validate_transition's outcome beyond the state it updates.
struct StepValidation {
    TransitionState state = TransitionState::OK;
    bool killVelocity = false; // the object's velocity is set to zero (kill_velocity)
};

// validate_transition: an OK step is committed (the current position becomes the check
// position); a COLLIDED, ADJUSTED or SLID one is undone (the check position goes back to the
// current one), which is not a failure: the answer becomes OK, the last known contact plane is
// taken back when sphere 0 still touches it, and the collision normal defaults to +Z. Then the
// collision normal becomes the sliding normal, a mover under gravity that has not moved for
// three steps is stood on a level plane under its sphere (the stationary-fall failsafe), the
// contact plane is remembered, and Contact and OnWalkable follow it.
StepValidation validateTransition(TransitionState state, ObjectInfo& info, SpherePath& path,
                                  CollisionInfo& collision, bool gravity);

} // namespace portalkit::preview
