#pragma once

// The object tick for a flying body (R35–R46, R57): update_object's quanta (R35, quanta.h),
// then per quantum the integration to a candidate frame and the sweep that commits it, with
// the collision response. On impact the body stops or bounces, and only what the client itself
// does happens here (R46): a missile's first reported hit clears Missile, AlignPath and
// PathClipped, and an environment hit may ask for the default script; damage, explosions and
// deletion come from the (simulated) server.

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

// The retail transition's answer for one quantum in a cell DAT's world, for the `transition`
// trace event: where the body ended, its contact plane, and what stopped the sweep.
struct TransitionRecord {
    bool ok = false;        // find_transitional_position succeeded (else R57 kept the origin)
    std::uint32_t cell = 0; // the cell the body ends in
    int stepsTaken = 0, stepsPlanned = 0;
    bool contact = false; // a contact plane was found
    Vec3 contactNormal;
    std::uint32_t contactCell = 0;
    bool water = false; // the contact plane is water
    bool walkable = false;
    std::optional<HitKind> hit; // Terrain, Static or Cell
    std::uint32_t hitId = 0;    // the static's GfxObj, the terrain's or the EnvCell's cell id
    std::optional<std::uint16_t> polygon; // the physics polygon of a static's BSP or a cell
    bool bspTooDeep = false;              // a malformed physics tree stopped a walk
    // The move was not swept at all: not finite, or more steps of its sphere than any real body
    // takes (transition_flight.cpp); reported, and the origin stays as for a failure.
    bool refused = false;
    bool restricted = false;        // an EnvCell's entry restriction refused the mover (R53)
    int stepsUp = 0, stepsDown = 0; // a walker's step ups and step-downs taken (R51)
    bool cellArrayFull = false;     // a step reached more cells than the sweep tests (reported)
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
    // A reported environment hit on a body with ReportCollisions and ScriptedCollision: the
    // weenie's DoCollision plays the default script (R46).
    bool scriptedCollision = false;
    std::optional<CollisionRecord> collision;
    std::optional<TransitionRecord> transition; // in a cell DAT's world
};

// The first half of UpdateObjectInternal (UpdatePositionInternal): calc_acceleration from the
// current state and contact, the frame moved by the animation's root-motion `offset`, then,
// unless Hidden (R43), UpdatePhysicsInternal on that candidate.
Frame integrateCandidate(PhysicsBody& body, double dt, const Frame& offset = Frame{});
// The second half: AlignPath and the sweep when the body has spheres (else only the rotation
// is taken, R40), the contact bits, the collision reports (R46), then handle_all_collisions.
// A sweep that ends outside the world fails and keeps the old origin (R57).
QuantumRecord commitCandidate(PhysicsBody& body, const PreviewWorld& world, Frame candidate,
                              double dt);
// Placement of a new object: Contact and OnWalkable from a surface its spheres (the origin
// when it has none) touch or find within the step-down height below; it moves down onto that
// surface. Nothing found: the body is in the air.
void placeBody(PhysicsBody& body, const PreviewWorld& world);
// CPhysicsObj::UpdateObjectInternal (0x005156B0) for a body with no animation.
QuantumRecord updateObjectInternal(PhysicsBody& body, const PreviewWorld& world, double dt);
// CPhysicsObj::update_object (0x00515D10): planQuanta's steps from body.updateTime to `now`
// (start updateTime at the body's creation time).
// Frozen runs nothing and leaves the clock; a resync (≤ 0.0002 s or > 2 s) only moves it.
std::vector<QuantumRecord> updateObject(PhysicsBody& body, const PreviewWorld& world, double now);

} // namespace portalkit::preview
