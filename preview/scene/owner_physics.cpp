#include "preview/scene/owner_physics.h"

#include "preview/physics/flight.h"
#include "preview/scene/effect_playback.h"
#include "preview/scene/owner_state.h"

namespace portalkit::preview {

namespace {

// The other owners stand in the world as their Setup spheres; a held object moves with its
// holder and a Hidden one ignores collisions (R13).
PreviewWorld collisionWorld(const SceneContext& scene, const Owner& mover) {
    PreviewWorld world = *scene.world;
    for (const auto& [id, other] : scene.owners) {
        if (other.get() == &mover || other->parent || (other->state & state::IgnoreCollisions))
            continue;
        ObjectFacts facts = other->body.facts();
        facts.missile = (other->state & state::Missile) != 0;
        facts.ethereal = (other->state & state::Ethereal) != 0;
        for (const CollisionSphere& sphere : other->body.spheres)
            world.spheres.push_back(WorldSphere{
                facts, transformPoint(other->body.frame, sphere.center), sphere.radius});
    }
    return world;
}

void publishCollision(const SceneContext& scene, const Owner& owner, const CollisionRecord& hit) {
    std::optional<std::uint32_t> id; // the ground has none
    if (hit.kind != HitKind::Ground)
        id = hit.id;
    scene.publish(owner, CollisionHit{.hit = hit.kind,
                                      .id = id,
                                      .normal = hit.normal,
                                      .walkable = hit.walkable,
                                      .response = hit.response,
                                      .velocityBefore = hit.velocityBefore,
                                      .velocityAfter = hit.velocityAfter});
}

void publishQuantum(const SceneContext& scene, const Owner& owner, const QuantumRecord& record,
                    const Frame& before, std::uint32_t transientBefore) {
    if (!scene.events.active())
        return;
    // A body at rest says nothing: only quanta that move it, carry velocity or change its
    // contact are traced.
    if (record.frame == before && record.velocity == Vec3{} &&
        record.transientState == transientBefore && !record.collision)
        return;
    const auto flag = [&](std::uint32_t bit) { return (record.transientState & bit) != 0; };
    scene.publish(owner, PhysicsQuantum{record.dt, record.frame, record.velocity,
                                        flag(transient::Contact), flag(transient::OnWalkable),
                                        record.swept, record.transitionFailed});
    if (const auto& t = record.transition)
        scene.publish(owner, TransitionDone{.ok = t->ok,
                                            .cell = t->cell,
                                            .steps = t->stepsTaken,
                                            .stepsPlanned = t->stepsPlanned,
                                            .contact = t->contact,
                                            .contactNormal = t->contactNormal,
                                            .contactCell = t->contactCell,
                                            .water = t->water,
                                            .walkable = t->walkable,
                                            .hit = t->hit,
                                            .hitId = t->hitId,
                                            .polygon = t->polygon,
                                            .bspTooDeep = t->bspTooDeep,
                                            .refused = t->refused,
                                            .restricted = t->restricted,
                                            .stepsUp = t->stepsUp,
                                            .stepsDown = t->stepsDown,
                                            .cellArrayFull = t->cellArrayFull});
    if (record.collision)
        publishCollision(scene, owner, *record.collision);
}

} // namespace

Frame integrateOwnerBody(Owner& owner, const Frame& rootMotion, double quantum) {
    PhysicsBody& body = owner.body;
    body.state = owner.state;
    // Root translation only counts on walkable ground (docs/retail-behaviour.md#r37); the
    // sequence's offset is in the object's frame, scaled with it.
    Frame offset = rootMotion;
    offset.origin = body.contact() && body.onWalkable() ? offset.origin * owner.scale : Vec3{};
    return integrateCandidate(body, quantum, offset);
}

void commitOwnerBody(SceneContext& scene, Owner& owner, const Frame& candidate, double quantum) {
    PhysicsBody& body = owner.body;
    body.state = owner.state; // a hook may have changed it since the integration
    const Frame before = body.frame;
    const std::uint32_t transientBefore = body.transientState;
    QuantumRecord record;
    if (scene.world) {
        record = commitCandidate(body, collisionWorld(scene, owner), candidate, quantum);
    } else {
        body.frame = candidate;
        if (body.spheres.empty())
            body.frame.origin = before.origin; // R40
        record.dt = quantum;
        record.frame = body.frame;
        record.velocity = body.velocity;
        record.transientState = body.transientState;
    }
    record.time = owner.physicsTime;
    publishQuantum(scene, owner, record, before, transientBefore);
    if (record.scriptedCollision)
        playDefaultScript(scene, owner);
    if (body.state != owner.state) {
        const std::uint32_t was = owner.state;
        owner.state = body.state;
        publishState(scene, owner, was, StateCause::Collision);
    }
}

void placeOwnerBody(SceneContext& scene, Owner& owner) {
    if (scene.world)
        placeBody(owner.body, *scene.world);
}

} // namespace portalkit::preview
