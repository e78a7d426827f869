#pragma once

// One physics quantum of an owner, in the two halves UpdateObjectInternal runs with the hooks
// between them (docs/retail-behaviour.md#r47): the body integrated to a candidate frame with the
// animation's root motion, then that candidate swept through the scene's world and the other
// owners and committed, with what it did published as `physics` and `collision`. And the
// placement that gives a new owner its contact.

#include "preview/scene/scene_context.h"

namespace portalkit::preview {

// UpdatePositionInternal's physics: calc_acceleration, then (unless Hidden) UpdatePhysicsInternal
// on the root moved by the root motion. Nothing is committed yet.
Frame integrateOwnerBody(Owner& owner, const Frame& rootMotion, double quantum);
// The transition and SetPositionInternal. Without a world there is no transition: a body with
// spheres commits its candidate unswept and keeps its contact, which keeps an effects preview
// standing where it was put; one without spheres keeps its origin (R40) either way. A missile's
// first hit clears its Missile bits and a scripted environment hit plays the default script
// (R46).
void commitOwnerBody(SceneContext& scene, Owner& owner, const Frame& candidate, double quantum);
// A new owner's placement against the scene's world: Contact and OnWalkable from what it stands
// on, nothing when it is in the air. Without a world the description's `grounded` stays.
void placeOwnerBody(SceneContext& scene, Owner& owner);

} // namespace portalkit::preview
