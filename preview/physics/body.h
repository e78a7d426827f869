#pragma once

// One moving object as CPhysicsObj integrates it (docs/retail-behaviour.md#r36): its frame,
// velocity, acceleration, world-space omega, state and transient bits, and the collision
// spheres its Setup gives it. The functions here are the per-object pieces of a quantum; the
// sweep and the quantum loop are in flight.h.

#include "datreader/records/setup.h"
#include "preview/core/math.h"
#include "preview/core/physics_state.h"
#include "preview/physics/transition_types.h"

#include <cstdint>
#include <vector>

namespace portalkit::preview {

// CPhysicsObj::transient_state bits (only those the flight model reads or writes).
namespace transient {
constexpr std::uint32_t Contact = 0x1;
constexpr std::uint32_t OnWalkable = 0x2;
constexpr std::uint32_t WaterContact = 0x8; // the contact plane is water (R54)
constexpr std::uint32_t StationaryFall = 0x10;
constexpr std::uint32_t StationaryStop = 0x20;
constexpr std::uint32_t StationaryStuck = 0x40;
constexpr std::uint32_t StationaryMask = 0x70;
} // namespace transient

constexpr float kGravity = -9.8f;         // PhysicsGlobals::gravity
constexpr float kDefaultFriction = 0.95f; // CPhysicsObj ctor
constexpr float kDefaultElasticity = 0.05f;
constexpr float kMaxElasticity = 0.1f;       // set_elasticity clamps to [0, 0.1]
constexpr float kMaxSpeed = 50.0f;           // UpdatePhysicsInternal's clamp
constexpr float kStopSpeedSquared = 0.0625f; // 0.25², compared with an F_EPSILON margin
constexpr std::size_t kMaxSpheres = 2;       // SPHEREPATH::init_sphere keeps at most two

struct CollisionSphere {
    Vec3 center; // in the object's frame, already × scale
    float radius = 0;
};

// What missile_ignore needs to know about an object, the mover or the one it might hit.
struct ObjectFacts {
    std::uint32_t id = 0;
    bool missile = false;   // PhysicsState Missile
    bool ethereal = false;  // PhysicsState Ethereal
    bool creature = false;  // a CWeenieObject that is a creature
    bool hasWeenie = false; // server-created (a CWeenieObject), unlike DAT landscape geometry
};

struct PhysicsBody {
    std::uint32_t id = 0;
    Frame frame; // world
    // The cell the last transition left the body in (a cell DAT's world only); 0 when unknown,
    // when the cell under its origin is taken.
    std::uint32_t cellId = 0;
    Vec3 velocity;
    Vec3 acceleration;
    Vec3 omega; // world axes (Frame::grotate)
    std::uint32_t state = state::kDefault;
    std::uint32_t transientState = 0;
    Vec3 contactNormal{0, 0, 1}; // the contact plane while Contact is set
    float friction = kDefaultFriction;
    float elasticity = kDefaultElasticity;
    float scale = 1;
    std::vector<CollisionSphere> spheres; // empty: no sweep, the origin stays (R40)
    float stepUpHeight = 0;               // Setup value × scale (CPartArray::GetStepUpHeight)
    float stepDownHeight = 0;
    std::uint32_t targetId = 0; // missile_ignore's designated target; only the server sets it
    bool creature = false;
    bool hasWeenie = true;
    bool player = false; // IsPlayer: EnvCells' entry restrictions gate it (R53)
    int framesStationaryFall = 0;
    bool collidingWithEnvironment = false; // an environment collision was reported (R46)
    Vec3 cachedVelocity;                   // (committed − old) / dt: reported, never integrated
    double updateTime = 0;                 // update_object's clock
    double physicsTime = 0;                // PhysicsTimer while this body steps

    bool has(std::uint32_t bit) const { return (state & bit) != 0; }
    bool contact() const { return (transientState & transient::Contact) != 0; }
    bool onWalkable() const { return (transientState & transient::OnWalkable) != 0; }
    ObjectFacts facts() const {
        return {id, has(state::Missile), has(state::Ethereal), creature, hasWeenie};
    }

    // Spheres and step heights from the Setup at this scale (R41, R42): at most two spheres,
    // each centre and radius × scale, the Setup-local offset kept.
    void setShape(const dat::Setup& setup, float objectScale);
    // set_elasticity clamps into [0, 0.1]; set_description ignores a friction outside [0, 1].
    void setElasticity(float e);
    void setFriction(float f);
};

// CPhysicsObj::get_object_info (0x00511CC0): a Missile adds PathClipped and nothing adds
// PerfectClip (R39).
std::uint32_t objectInfoState(const PhysicsBody& body);
// CPhysicsObj::calc_acceleration (0x00510950, R37). The Sledding test is 0x800000.
void calcAcceleration(PhysicsBody& body);
// CPhysicsObj::calc_friction (0x0050EE70): only on walkable ground, `speedSquared` being the
// clamped speed before friction.
void calcFriction(PhysicsBody& body, float dt, float speedSquared);
// CPhysicsObj::UpdatePhysicsInternal (0x00510700, R36) on a candidate frame.
void updatePhysicsInternal(PhysicsBody& body, float dt, Frame& frame);
// Frame::set_vector_heading (0x00535DB0): local +Y along `direction` (pitch, then yaw, no
// roll); a direction shorter than F_EPSILON leaves the frame alone.
void setVectorHeading(Frame& frame, Vec3 direction);
// OBJECTINFO::missile_ignore (0x0050CEB0, R44): true when `mover` passes through `other`.
bool missileIgnore(const ObjectFacts& mover, std::uint32_t targetId, const ObjectFacts& other);

enum class Response {
    None,       // no valid collision normal, or moving away from the plane
    Suppressed, // grounded before and after, not sledding: no reflection
    Reflected,  // v −= (1 + e)(v·n)n
    Stopped,    // Inelastic: velocity zero
    Stuck,      // frames-stationary-fall above one: velocity zero
};

// CPhysicsObj::handle_all_collisions (0x00514780, R45). `prevOnWalkable` is the transient bit
// before the commit; the body's own bits and framesStationaryFall are already the committed ones.
Response handleAllCollisions(PhysicsBody& body, bool normalValid, Vec3 normal, bool prevOnWalkable);

const char* responseName(Response response);

} // namespace portalkit::preview
