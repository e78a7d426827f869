#include "preview/physics/flight.h"

#include "preview/physics/flight_commit.h"
#include "preview/physics/quanta.h"

#include <algorithm>

namespace portalkit::preview {

namespace {

// A body that is not a missile slides along what it hits; each slide re-sweeps the rest of
// the move. This bounds slides per quantum, not distance: every sweep is continuous.
constexpr int kMaxSlides = 3;
// How far below a body on walkable ground the step-down probe looks at least, so contact
// survives float rounding when the Setup has no step-down height.
constexpr float kContactSlop = 0.0002f;

Vec3 lerp(Vec3 a, Vec3 b, double t) {
    return a + (b - a) * float(t);
}

// The sweep from `from` to `to` (updated to where the body ends): up to kMaxSlides slides along
// what it hits, each re-sweeping the rest of the move, or a stop at the first contact when the
// path is clipped. The last hit, if any.
std::optional<SweepHit> sweepMove(const PhysicsBody& body, const PreviewWorld& world,
                                  const ObjectFacts& mover, bool pathClipped, Frame from,
                                  Frame& to) {
    std::optional<SweepHit> last;
    for (int slide = 0; slide <= kMaxSlides; ++slide) {
        const std::optional<SweepHit> hit =
            sweepSpheres(world, body.spheres, from, to, mover, body.targetId);
        if (!hit)
            break;
        last = hit;
        const Vec3 at = lerp(from.origin, to.origin, hit->t);
        if (pathClipped || slide == kMaxSlides) {
            to.origin = at;
            break;
        }
        Vec3 rest = to.origin - at;
        if (const float into = dot(rest, hit->normal); into < 0)
            rest -= hit->normal * into;
        from = {at, to.orientation}; // the rest of the move keeps the new facing
        to.origin = at + rest;
    }
    return last;
}

// Contact after the move: the hit's normal, or for a body on walkable ground that is not
// leaving it a step down onto the ground below `to` (which moves down onto it), else none.
void settleContact(PhysicsBody& body, const PreviewWorld& world, const ObjectFacts& mover,
                   const std::optional<SweepHit>& last, bool prevOnWalkable, Frame& to) {
    if (last) {
        setContact(body, true, last->normal);
    } else if (prevOnWalkable && dot(body.velocity, body.contactNormal) <= kEpsilon) {
        // Step down: a body on walkable ground and not leaving it keeps to the ground.
        const float reach = std::max(body.stepDownHeight, kContactSlop);
        Frame below = to;
        below.origin.z -= reach;
        if (const auto ground =
                sweepSpheres(world, body.spheres, to, below, mover, body.targetId)) {
            to.origin.z -= reach * float(ground->t);
            setContact(body, true, ground->normal);
        } else {
            setContact(body, false, {});
        }
    } else {
        setContact(body, false, {});
    }
}

// state &= 0xFFFFFCBF: the client's own change to a missile that hit something (R46).
void clearMissile(PhysicsBody& body) {
    if (body.has(state::Missile))
        body.state &= ~(state::Missile | state::AlignPath | state::PathClipped);
}

// The reports handle_all_collisions makes before its response (R46): an object hit is
// report_object_collision; an environment hit, or landing on walkable ground, is
// report_environment_collision once until a quantum without one. True when that report
// reaches DoCollision with ScriptedCollision set.
bool reportCollisions(PhysicsBody& body, const std::optional<SweepHit>& hit, bool prevOnWalkable) {
    const bool environment = hit && hit->kind != HitKind::Sphere;
    if (hit && !environment)
        clearMissile(body);
    if (body.collidingWithEnvironment) {
        body.collidingWithEnvironment = environment;
        return false;
    }
    if (!environment && (prevOnWalkable || !body.onWalkable()))
        return false;
    const bool scripted =
        body.has(state::ReportCollisions) && body.hasWeenie && body.has(state::ScriptedCollision);
    body.collidingWithEnvironment = true;
    clearMissile(body);
    return scripted;
}

} // namespace

QuantumRecord recordOf(const PhysicsBody& body, double dt) {
    QuantumRecord record;
    record.dt = dt;
    record.frame = body.frame;
    record.velocity = body.velocity;
    record.transientState = body.transientState;
    return record;
}

void keepOrigin(PhysicsBody& body, Frame candidate) {
    candidate.origin = body.frame.origin;
    body.frame = candidate;
    body.cachedVelocity = {};
}

void setContact(PhysicsBody& body, bool contact, Vec3 normal) {
    body.transientState &= ~(transient::Contact | transient::OnWalkable);
    if (!contact)
        return;
    body.contactNormal = normal;
    body.transientState |= transient::Contact;
    if (normal.z >= kFloorZ)
        body.transientState |= transient::OnWalkable;
}

QuantumRecord finishCommit(PhysicsBody& body, const Frame& old, const Frame& to,
                           const std::optional<SweepHit>& hit, bool prevOnWalkable, double dt) {
    body.frame = to;
    body.cachedVelocity = (to.origin - old.origin) * float(1.0 / dt);
    const bool scripted = reportCollisions(body, hit, prevOnWalkable);
    const Vec3 before = body.velocity;
    const Response response =
        handleAllCollisions(body, hit.has_value(), hit ? hit->normal : Vec3{}, prevOnWalkable);
    QuantumRecord record = recordOf(body, dt);
    record.swept = true;
    record.scriptedCollision = scripted;
    if (hit)
        record.collision =
            CollisionRecord{hit->kind, hit->id, hit->normal,  hit->normal.z >= kFloorZ,
                            response,  before,  body.velocity};
    return record;
}

Frame integrateCandidate(PhysicsBody& body, double dt, const Frame& offset) {
    // Retail calls calc_acceleration from the state and contact setters; doing it here, once
    // a quantum, sees the same final state (R37).
    calcAcceleration(body);
    Frame candidate = compose(body.frame, offset);
    if (!body.has(state::Hidden))
        updatePhysicsInternal(body, float(dt), candidate);
    return candidate;
}

QuantumRecord commitCandidate(PhysicsBody& body, const PreviewWorld& world, Frame candidate,
                              double dt) {
    const Frame old = body.frame;
    // No spheres: no transition at all, not even a dummy sphere, and the origin stays (R40).
    // No movement: retail skips the transition too and only takes the new rotation.
    if (body.spheres.empty() || candidate.origin == old.origin) {
        keepOrigin(body, candidate);
        return recordOf(body, dt);
    }
    // AlignPath faces the whole 3D displacement, pitch included, replacing this quantum's
    // spin (R38).
    if (body.has(state::AlignPath))
        setVectorHeading(candidate, candidate.origin - old.origin);

    // get_object_info adds PathClipped for a Missile, never PerfectClip (R39): a clipped path
    // stops at its first contact instead of sliding on.
    if (world.dat)
        return commitThroughTransition(body, world, candidate, dt);
    const bool pathClipped = (objectInfoState(body) & object_info::kPathClipped) != 0;
    const ObjectFacts mover = body.facts();
    Frame to = candidate;
    const std::optional<SweepHit> last = sweepMove(body, world, mover, pathClipped, old, to);

    // Transition failure (R57): the old origin with the candidate's rotation, no contact
    // change and no response.
    if (!world.contains(to.origin)) {
        keepOrigin(body, candidate);
        QuantumRecord record = recordOf(body, dt);
        record.swept = true;
        record.transitionFailed = true;
        return record;
    }

    const bool prevContact = body.contact();
    const bool prevOnWalkable = body.onWalkable();
    settleContact(body, world, mover, last, prevOnWalkable, to);
    // A falling body that a hit kept from moving counts frames stationary.
    const bool stationary = length(to.origin - old.origin) < kEpsilon;
    body.framesStationaryFall =
        (last && !prevContact && stationary) ? body.framesStationaryFall + 1 : 0;
    return finishCommit(body, old, to, last, prevOnWalkable, dt);
}

void placeBody(PhysicsBody& body, const PreviewWorld& world) {
    static const std::vector<CollisionSphere> kPoint{{Vec3{}, 0}};
    const std::vector<CollisionSphere>& spheres = body.spheres.empty() ? kPoint : body.spheres;
    const float reach = std::max(body.stepDownHeight, kContactSlop);
    if (world.dat) {
        placeThroughTransition(body, world, reach);
        return;
    }
    Frame below = body.frame;
    below.origin.z -= reach;
    const auto ground =
        sweepSpheres(world, spheres, body.frame, below, body.facts(), body.targetId);
    if (!ground) {
        setContact(body, false, {});
        return;
    }
    body.frame.origin.z -= reach * float(ground->t);
    setContact(body, true, ground->normal);
}

QuantumRecord updateObjectInternal(PhysicsBody& body, const PreviewWorld& world, double dt) {
    return commitCandidate(body, world, integrateCandidate(body, dt), dt);
}

std::vector<QuantumRecord> updateObject(PhysicsBody& body, const PreviewWorld& world, double now) {
    std::vector<QuantumRecord> records;
    if (body.has(state::Frozen))
        return records;
    const QuantumPlan plan = planQuanta(now - body.updateTime);
    if (plan.resync) {
        body.updateTime = now;
        return records;
    }
    body.physicsTime = body.updateTime;
    for (const double quantum : plan.steps) {
        body.physicsTime += quantum;
        QuantumRecord record = updateObjectInternal(body, world, quantum);
        record.time = body.physicsTime;
        records.push_back(record);
    }
    body.updateTime = body.physicsTime;
    return records;
}

} // namespace portalkit::preview
