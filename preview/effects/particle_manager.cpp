#include "preview/effects/particle_manager.h"

#include "datreader/records/particle_emitter_info.h"

#include <algorithm>

namespace portalkit::preview {

namespace {

EmitterStopCause stopCauseOf(ParticleEmitter::StopCause cause) {
    switch (cause) {
    case ParticleEmitter::StopCause::TotalParticles:
        return EmitterStopCause::TotalParticles;
    case ParticleEmitter::StopCause::TotalSeconds:
        return EmitterStopCause::TotalSeconds;
    case ParticleEmitter::StopCause::Stopped:
    case ParticleEmitter::StopCause::None:
        break;
    }
    return EmitterStopCause::Stop;
}

} // namespace

ParticleManager::ParticleManager(std::uint32_t owner, const Assets& assets, Ran2& rng,
                                 const Events& events)
    : m_owner(owner), m_assets(assets), m_rng(rng), m_events(events) {}

std::uint32_t ParticleManager::create(const dat::hooks::CreateParticle& hook, bool blocking,
                                      const OwnerPose& pose, EffectTime now) {
    // The record's u32 part index; 0xFFFFFFFF is the root's -1.
    const auto partIndex = std::int32_t(hook.partIndex);
    auto live = hook.emitterId != 0 ? find(hook.emitterId) : m_emitters.end();
    if (live != m_emitters.end()) {
        if (blocking) { // R30: the running emitter wins
            if (m_events.active())
                publish(now, EmitterSuppressed{{fields(hook.emitterId, *live->emitter)},
                                               hook.emitterInfoId});
            return 0;
        }
        // R29: the old emitter goes at once, before the new one is even loaded, so a failing
        // create still ends it (ParticleManager::CreateParticleEmitter).
        if (m_events.active())
            publish(now, EmitterReplaced{fields(hook.emitterId, *live->emitter)});
        m_emitters.erase(live);
    }

    // What the failed create would have been: the requested info at the hook's anchor.
    auto requested = [&] {
        const Frame& frame = ownerFrame(pose, partIndex);
        return EmitterFields{hook.emitterInfoId, hook.emitterId, partIndex,
                             transformPoint(frame, hook.offset.origin)};
    };
    const auto* info = m_assets.get<dat::ParticleEmitterInfo>(hook.emitterInfoId);
    if (!info) { // R34: log it and make nothing, no stand-in cloud
        if (m_events.active())
            publish(now, EmitterMissing{
                             {requested()},
                             m_assets.whyMissing<dat::ParticleEmitterInfo>(hook.emitterInfoId)});
        return 0;
    }
    if (info->hwGfxObjId == 0) { // SetInfo needs the particle mesh
        if (m_events.active())
            publish(now, EmitterInvalid{{requested()}, QStringLiteral("HwGfxObjId is 0")});
        return 0;
    }

    auto emitter = std::make_unique<ParticleEmitter>(*info, partIndex, Frame(hook.offset));
    emitter->start(pose, now, m_rng);
    const std::uint32_t id = hook.emitterId != 0 ? hook.emitterId : m_nextAnonymousId++;
    if (m_events.active())
        publish(now, EmitterCreated{fields(id, *emitter)});
    m_emitters.push_back({id, std::move(emitter)});
    return id;
}

void ParticleManager::stop(std::uint32_t id, EffectTime now) {
    if (id == 0)
        return;
    auto found = find(id);
    if (found == m_emitters.end() || found->emitter->stopped())
        return;
    found->emitter->stop();
    if (m_events.active())
        publish(now, EmitterStopped{{fields(id, *found->emitter)}, EmitterStopCause::Stop});
}

void ParticleManager::destroy(std::uint32_t id, EffectTime now) {
    if (id == 0)
        return;
    auto found = find(id);
    if (found == m_emitters.end())
        return;
    if (m_events.active())
        publish(now, EmitterDestroyed{fields(id, *found->emitter)});
    m_emitters.erase(found);
}

void ParticleManager::update(const OwnerPose& pose, EffectTime now) {
    auto kept = m_emitters.begin();
    for (auto it = m_emitters.begin(); it != m_emitters.end(); ++it) {
        ParticleEmitter& emitter = *it->emitter;
        const bool wasStopped = emitter.stopped();
        const bool keep = emitter.update(pose, now, m_rng);
        if (m_events.active() && !wasStopped && emitter.stopped())
            publish(now,
                    EmitterStopped{{fields(it->id, emitter)}, stopCauseOf(emitter.stopCause())});
        if (!keep) {
            if (m_events.active())
                publish(now, EmitterRetired{fields(it->id, emitter)});
            continue;
        }
        if (kept != it)
            *kept = std::move(*it);
        ++kept;
    }
    m_emitters.erase(kept, m_emitters.end());
}

std::size_t ParticleManager::particleCount() const {
    std::size_t count = 0;
    for (const Entry& entry : m_emitters)
        count += entry.emitter->particleCount();
    return count;
}

const ParticleEmitter* ParticleManager::emitter(std::uint32_t id) const {
    auto found = find(id);
    return found == m_emitters.end() ? nullptr : found->emitter.get();
}

std::vector<std::uint32_t> ParticleManager::ids() const {
    std::vector<std::uint32_t> out;
    out.reserve(m_emitters.size());
    for (const Entry& entry : m_emitters)
        out.push_back(entry.id);
    return out;
}

std::vector<EmitterSample> ParticleManager::sample() const {
    std::vector<EmitterSample> out;
    out.reserve(m_emitters.size());
    for (const Entry& entry : m_emitters) {
        const ParticleEmitter& emitter = *entry.emitter;
        EmitterSample sample{entry.id,
                             emitter.info().id,
                             emitter.partIndex(),
                             emitter.anchor(),
                             emitter.info().hwGfxObjId,
                             emitter.stopped(),
                             {}};
        const ParticleStore& s = emitter.particles();
        sample.particles.reserve(s.liveCount());
        for (std::size_t i = 0; i < s.capacity(); ++i)
            if (s.live[i])
                sample.particles.push_back(
                    {s.position[i], s.orientation[i], s.scale[i], s.trans[i]});
        out.push_back(std::move(sample));
    }
    return out;
}

ParticleManager::Entries::const_iterator ParticleManager::find(std::uint32_t id) const {
    return std::find_if(m_emitters.begin(), m_emitters.end(),
                        [id](const Entry& entry) { return entry.id == id; });
}

ParticleManager::Entries::iterator ParticleManager::find(std::uint32_t id) {
    return std::find_if(m_emitters.begin(), m_emitters.end(),
                        [id](const Entry& entry) { return entry.id == id; });
}

EmitterFields ParticleManager::fields(std::uint32_t id, const ParticleEmitter& emitter) {
    return {emitter.info().id, id, emitter.partIndex(), emitter.anchor()};
}

} // namespace portalkit::preview
