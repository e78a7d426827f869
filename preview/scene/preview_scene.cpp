#include "preview/scene/preview_scene.h"

#include "datreader/records/animation.h"
#include "datreader/records/physics_script.h"
#include "datreader/records/setup.h"
#include "preview/physics/quanta.h"
#include "preview/scene/appearance.h"
#include "preview/scene/effect_playback.h"
#include "preview/scene/hook_interpreter.h"
#include "preview/scene/owner_animation.h"
#include "preview/scene/owner_physics.h"
#include "preview/scene/owner_setup.h"
#include "preview/scene/owner_state.h"

#include <algorithm>

namespace portalkit::preview {

namespace {

// One owner's share of a snapshot: its root, the parts that draw, every live particle that is
// not fully translucent, and its lights.
void addToSnapshot(FrameSnapshot& out, std::uint32_t id, const Owner& owner) {
    const bool hidden = (owner.state & (state::Hidden | state::NoDraw)) != 0;
    out.owners.push_back(OwnerInstance{id, owner.setupId, owner.root(), owner.scale, hidden});
    for (std::size_t i = 0; i < owner.parts.size() && !hidden; ++i) {
        const OwnerPart& part = owner.parts[i];
        if (part.noDraw || part.translucency >= 1.0f || !part.gfxObj)
            continue;
        // A look made for another GfxObj (a ReplaceObject hook swapped it since) is left out.
        std::shared_ptr<const appearance::PartLook> look;
        if (owner.appearance && i < owner.appearance->parts.size() &&
            owner.appearance->parts[i]->gfxObj == part.gfxObj &&
            owner.appearance->parts[i]->changesSurfaces())
            look = owner.appearance->parts[i];
        out.parts.push_back(PartInstance{id, std::int32_t(i), part.gfxObj, part.world,
                                         part.gfxScale, part.translucency, part.luminosity,
                                         part.diffuse, std::move(look)});
    }
    for (const EmitterSample& emitter : owner.particles.sample())
        for (const ParticleSample& particle : emitter.particles)
            if (particle.translucency < 1.0f)
                out.particles.push_back(ParticleInstance{id, emitter.id, emitter.hwGfxObjId,
                                                         particle.position, particle.orientation,
                                                         particle.scale, particle.translucency});
    for (const OwnerLight& light : owner.lights)
        out.lights.push_back(LightInstance{id, light.type, light.world, light.info.color,
                                           light.info.intensity, light.info.falloff * 1.5f,
                                           light.info.coneAngle});
}

} // namespace

PreviewScene::PreviewScene(std::shared_ptr<const Assets> assets, std::uint32_t seed)
    : m_scene(std::move(assets), seed) {}

PreviewScene::~PreviewScene() = default;

std::vector<std::uint32_t> PreviewScene::ownerIds() const {
    std::vector<std::uint32_t> ids;
    for (const auto& [id, owner] : m_scene.owners)
        ids.push_back(id);
    return ids;
}

std::uint32_t PreviewScene::createOwner(const OwnerDesc& desc) {
    const dat::Setup* setup = m_scene.assets.get<dat::Setup>(desc.setup);
    if (!setup) {
        if (m_scene.events.active())
            m_scene.events.publish(
                m_scene.now, 0,
                SetupMissing{desc.setup, m_scene.assets.whyMissing<dat::Setup>(desc.setup)});
        return 0;
    }
    const std::uint32_t id = m_nextOwnerId++;
    setUpOwner(m_scene, id, *setup, desc);
    if (desc.guid) {
        auto pending = m_pendingEffects.find(*desc.guid);
        if (pending != m_pendingEffects.end()) {
            const std::vector<Effect> effects = std::move(pending->second);
            m_pendingEffects.erase(pending);
            for (const Effect& effect : effects)
                deliver(*desc.guid, effect);
        }
    }
    return id;
}

std::uint32_t PreviewScene::createBareOwner(const Frame& frame, bool movable) {
    // No parts, spheres or tables; static, so they outlive every owner pointing at them.
    static const dat::Setup kNoSetup{};
    static const dat::Setup kPoint = [] {
        dat::Setup point;
        point.spheres.push_back(dat::Sphere{{0, 0, 0}, 0});
        return point;
    }();
    OwnerDesc desc;
    desc.frame = frame;
    if (movable)
        desc.friction = 0; // keeps the velocity it is given on the ground
    const std::uint32_t id = m_nextOwnerId++;
    setUpOwner(m_scene, id, movable ? kPoint : kNoSetup, desc);
    return id;
}

std::uint32_t PreviewScene::createEmitter(std::uint32_t id, std::uint32_t emitterInfo,
                                          std::int32_t part, const Frame& offset) {
    Owner* target = owner(id);
    if (!target)
        return 0;
    dat::hooks::CreateParticle hook;
    hook.emitterInfoId = emitterInfo;
    hook.partIndex = std::uint32_t(part); // the record's u32: 0xFFFFFFFF is the root
    hook.offset = dat::Frame{
        {offset.origin.x, offset.origin.y, offset.origin.z},
        {offset.orientation.w, offset.orientation.x, offset.orientation.y, offset.orientation.z}};
    return target->particles.create(hook, false, target->pose(),
                                    EffectTime{m_scene.now, target->physicsTime});
}

bool PreviewScene::playAnimation(std::uint32_t id, std::uint32_t animation, float framerate) {
    Owner* target = owner(id);
    if (!target || !m_scene.assets.get<dat::Animation>(animation))
        return false;
    target->sequencer.clear();
    target->sequencer.appendAnimation(dat::AnimData{animation, 0, -1, framerate});
    publishPose(m_scene, *target);
    return true;
}

void PreviewScene::removeOwner(std::uint32_t id) {
    Owner* target = owner(id);
    if (!target)
        return;
    for (std::uint32_t child : target->children)
        if (Owner* held = owner(child))
            held->parent = 0;
    if (Owner* parent = owner(target->parent))
        std::erase(parent->children, id);
    m_scene.publish(*target, OwnerRemoved{});
    m_scene.owners.erase(id);
}

bool PreviewScene::attach(std::uint32_t child, std::uint32_t parent, std::int32_t part,
                          const Frame& holding) {
    Owner* held = owner(child);
    Owner* holder = owner(parent);
    if (!held || !holder || child == parent || held->parent)
        return false;
    held->parent = parent;
    held->parentPart = part;
    held->holding = holding;
    holder->children.push_back(child);
    updateChildren(*holder);
    return true;
}

bool PreviewScene::playScript(std::uint32_t id, std::uint32_t script) {
    Owner* target = owner(id);
    if (!target)
        return false;
    preview::playScript(m_scene, *target, script);
    return true;
}

bool PreviewScene::playTyped(std::uint32_t id, std::uint32_t type, float intensity) {
    Owner* target = owner(id);
    return target && preview::playTyped(m_scene, *target, type, intensity);
}

void PreviewScene::deliver(std::uint32_t guid, const Effect& effect) {
    Owner* target = nullptr;
    for (auto& [id, candidate] : m_scene.owners)
        if (candidate->guid == guid)
            target = candidate.get();
    if (!target) {
        m_pendingEffects[guid].push_back(effect);
        m_scene.events.publish(m_scene.now, 0, EffectQueued{guid, m_pendingEffects[guid].size()});
        return;
    }
    // play_script answers success and plays nothing for an object in no cell (R6).
    if (!target->inCell)
        return;
    if (const auto* direct = std::get_if<DirectEffect>(&effect))
        preview::playScript(m_scene, *target, direct->script);
    else if (const auto* typed = std::get_if<TypedEffect>(&effect))
        preview::playTyped(m_scene, *target, typed->type, typed->intensity);
}

std::size_t PreviewScene::pendingFor(std::uint32_t guid) const {
    auto found = m_pendingEffects.find(guid);
    return found == m_pendingEffects.end() ? 0 : found->second.size();
}

bool PreviewScene::performMotion(std::uint32_t id, std::uint32_t motion, float speed) {
    Owner* target = owner(id);
    return target && preview::performMotion(m_scene, *target, motion, speed);
}

void PreviewScene::setState(std::uint32_t id, std::uint32_t next) {
    if (Owner* target = owner(id))
        changeState(m_scene, *target, next, StateCause::SetState);
}

void PreviewScene::setVelocity(std::uint32_t id, Vec3 velocity, Vec3 omega) {
    if (Owner* target = owner(id)) {
        target->body.velocity = velocity;
        target->body.omega = omega;
        m_scene.publish(*target, VectorSet{velocity, omega});
    }
}

void PreviewScene::setFrame(std::uint32_t id, const Frame& frame) {
    if (Owner* target = owner(id)) {
        target->body.frame = frame;
        // A frame from outside is in the scenario's frame, not a cell: the next transition
        // finds the cell under it again.
        target->body.cellId = 0;
        publishPose(m_scene, *target);
        updateChildren(*target);
        refreshLights(*target);
        m_scene.publish(*target, Placed{frame});
    }
}

// --- the tick ----------------------------------------------------------------------------

void PreviewScene::advance(double dt) {
    if (!(dt > 0))
        return;
    m_scene.now += dt;
    // CPhysics::UseTime (docs/retail-behaviour.md#r35): the object pass, and the texture scroll
    // with it, runs only once 1/30 s has passed since the last pass. A held object runs with
    // its holder and one in no cell not at all (update_object).
    const double sincePass = m_scene.now - m_lastPass;
    if (sincePass >= kMinQuantum) {
        for (const std::uint32_t id : ownerIds())
            if (Owner* each = owner(id); each && !each->parent && each->inCell)
                updateObject(*each);
        m_lastPass = m_scene.now;
        scrollTextures(sincePass);
    }
    publishParticleSample();
}

void PreviewScene::scrollTextures(double dt) {
    // CPhysics::UpdateTexVelocity: offsets wrap back into [0, 1).
    for (auto& [gfxObj, scroll] : m_scene.scrolls) {
        float stepU = scroll.du * float(dt), stepV = scroll.dv * float(dt);
        if (scroll.u >= 1)
            stepU -= 1;
        if (scroll.v >= 1)
            stepV -= 1;
        scroll.u += stepU;
        scroll.v += stepV;
    }
}

void PreviewScene::updateObject(Owner& owner) {
    // CPhysicsObj::update_object (docs/retail-behaviour.md#r35).
    const QuantumPlan plan = planQuanta(m_scene.now - owner.updateTime);
    if (plan.resync) {
        owner.updateTime = m_scene.now;
        return;
    }
    owner.physicsTime = owner.updateTime;
    for (const double quantum : plan.steps) {
        owner.physicsTime += quantum;
        updateObjectInternal(owner, quantum);
    }
    owner.updateTime = owner.physicsTime;
}

void PreviewScene::updateObjectInternal(Owner& owner, double quantum) {
    // R47: the sequence advances (hooks staged) and the body integrates; timed hooks, then
    // animation hooks, run against the pose committed last tick; the transition commits the
    // root, then the parts, lights and children (each child's particles, then its scripts);
    // then this owner's particles, then its scripts. Hidden stops the sequence and the
    // integration, not the effects (R15, R43).
    Frame offset;
    if (!(owner.state & state::Hidden))
        owner.sequencer.update(quantum, &offset, owner.pendingAnimHooks);
    const Frame candidate = integrateOwnerBody(owner, offset, quantum);
    processTimedHooks(m_scene, owner);
    drainAnimationHooks(m_scene, owner);
    commitOwnerBody(m_scene, owner, candidate, quantum);
    publishPose(m_scene, owner);
    refreshLights(owner);
    updateChildren(owner);
    for (std::uint32_t child : owner.children)
        if (Owner* held = this->owner(child)) {
            // UpdateChild: a held object's effects run with its holder's tick.
            held->physicsTime = owner.physicsTime;
            stepParticles(*held);
            runScripts(*held);
        }
    stepParticles(owner);
    runScripts(owner);
}

void PreviewScene::updateChildren(Owner& owner) {
    for (std::uint32_t child : owner.children) {
        Owner* held = this->owner(child);
        if (!held)
            continue;
        const bool onPart =
            held->parentPart >= 0 && std::size_t(held->parentPart) < owner.parts.size();
        held->body.frame =
            compose(onPart ? owner.parts[std::size_t(held->parentPart)].world : owner.root(),
                    held->holding);
        publishPose(m_scene, *held);
        refreshLights(*held);
    }
}

void PreviewScene::runScripts(Owner& owner) {
    owner.scripts.update(m_scene.now, [&](const ScriptManager::Queued& running,
                                          const dat::PhysicsScript::Entry& entry) {
        executeHook(m_scene, owner, entry.hook, HookSource{running.id, -1});
    });
}

void PreviewScene::stepParticles(Owner& owner) {
    owner.particles.update(owner.pose(), EffectTime{m_scene.now, owner.physicsTime});
}

FrameSnapshot PreviewScene::snapshot() const {
    FrameSnapshot out;
    out.t = m_scene.now;
    out.world = m_scene.world;
    for (const auto& [id, owner] : m_scene.owners)
        addToSnapshot(out, id, *owner);
    for (const auto& [gfxObj, scroll] : m_scene.scrolls)
        out.uvOffsets[gfxObj] = Vec3{scroll.u, scroll.v, 0};
    return out;
}

void PreviewScene::publishParticleSample() {
    if (!m_scene.events.active())
        return;
    for (const auto& [id, owner] : m_scene.owners) {
        if (owner->particles.emitterCount() == 0)
            continue;
        ParticlesSampled sample;
        for (const std::uint32_t emitterId : owner->particles.ids()) {
            const ParticleEmitter* emitter = owner->particles.emitter(emitterId);
            const std::size_t count = emitter->particleCount();
            sample.emitters.push_back({emitterId, emitter->info().id, count});
            sample.live += count;
        }
        m_scene.events.publish(m_scene.now, id, std::move(sample));
    }
}

} // namespace portalkit::preview
