#pragma once

// The end of UpdateObjectInternal that both collision worlds share (flight.cpp for the preview
// world, transition_flight.cpp for a cell DAT's): keeping the origin (R40, R57), setting contact,
// and committing a swept move with its reports and response (R45, R46, R58). Internal to the
// flight model.

#include "preview/physics/flight.h"

#include <optional>

namespace portalkit::preview {

// The quantum's record of the body as it now is.
QuantumRecord recordOf(const PhysicsBody& body, double dt);
// The body stays where it was and takes the candidate's rotation, with no reported velocity:
// UpdateObjectInternal's answer to no spheres (R40) and to a failed transition (R57).
void keepOrigin(PhysicsBody& body, Frame candidate);
// Contact on `normal`'s plane (OnWalkable when it is walkable, R58), or none.
void setContact(PhysicsBody& body, bool contact, Vec3 normal);
// The move to `to` committed after the contact bits are set: the frame, the cached velocity,
// the collision reports and handle_all_collisions on `hit`'s normal.
QuantumRecord finishCommit(PhysicsBody& body, const Frame& old, const Frame& to,
                           const std::optional<SweepHit>& hit, bool prevOnWalkable, double dt);

// placeBody in a cell DAT's world (transition_flight.cpp): the transition of the body's spheres
// straight down by `reach` finds what it stands on; nothing found, it is in the air.
void placeThroughTransition(PhysicsBody& body, const PreviewWorld& world, float reach);

// UpdateObjectInternal's sweep and commit in a cell DAT's world (transition_flight.cpp).
QuantumRecord commitThroughTransition(PhysicsBody& body, const PreviewWorld& world,
                                      const Frame& candidate, double dt);

} // namespace portalkit::preview
