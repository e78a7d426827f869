#pragma once

// The object tick for a flying body (R35–R46): update_object's quanta (R35, quanta.h),
// then per quantum the integration to a candidate frame and the sweep that commits it, with
// the collision response. Nothing here plays, deletes or changes state on impact (R46): the
// body stops or bounces, and the (simulated) server decides the rest.

#include "preview/physics/body.h"
#include "preview/physics/world.h"

#include <optional>
#include <vector>

namespace portalkit::preview {

struct CollisionRecord {
    HitKind kind = HitKind::Ground;
    std::uint32_t id = 0; // box or sphere id; 0 for the ground
    Vec3 normal;
    bool walkable = false; // normal.z ≥ floor_z
    Response response = Response::None;
    Vec3 velocityBefore, velocityAfter;
};

// What one quantum did, for the `physics` and `collision` trace events.
struct QuantumRecord {
    double time = 0; // PhysicsTimer at the end of the quantum (set by updateObject)
    double dt = 0;
    Frame frame;
    Vec3 velocity;
    std::uint32_t transientState = 0; // Contact, OnWalkable, Stationary*
    bool swept = false;               // a sphere sweep ran
    bool transitionFailed = false;
    std::optional<CollisionRecord> collision;
};

// The first half of UpdateObjectInternal (UpdatePositionInternal): calc_acceleration from the
// current state and contact, the frame moved by the animation's root-motion `offset`, then,
// unless Hidden (R43), UpdatePhysicsInternal on that candidate.
Frame integrateCandidate(PhysicsBody& body, double dt, const Frame& offset = Frame{});
// The second half: AlignPath and the sweep when the body has spheres (else the candidate is
// committed as it is, R40), the contact bits, then handle_all_collisions.
QuantumRecord commitCandidate(PhysicsBody& body, const PreviewWorld& world, Frame candidate,
                              double dt);
// CPhysicsObj::UpdateObjectInternal (0x005156B0) for a body with no animation.
QuantumRecord updateObjectInternal(PhysicsBody& body, const PreviewWorld& world, double dt);
// CPhysicsObj::update_object (0x00515D10): planQuanta's steps from body.updateTime to `now`
// (start updateTime at the body's creation time).
// Frozen runs nothing and leaves the clock; a resync (≤ 0.0002 s or > 2 s) only moves it.
std::vector<QuantumRecord> updateObject(PhysicsBody& body, const PreviewWorld& world, double now);

} // namespace portalkit::preview
