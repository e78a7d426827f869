#pragma once

// One owner's emitters by logical id (docs/retail-behaviour.md#particle-ids, R29–R34): the
// CreateParticle / CreateBlockingParticle / StopParticle / DestroyParticle hooks land here, and
// the owner's tick steps every emitter once.

#include "datreader/records/hooks.h"
#include "preview/core/assets.h"
#include "preview/core/events.h"
#include "preview/core/retail_random.h"
#include "preview/effects/particle_emitter.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::preview {

// One live particle as the renderer and the per-frame sample see it.
struct ParticleSample {
    Vec3 position;
    Quat orientation;
    float scale = 1;
    float translucency = 0; // 0 opaque, 1 invisible
};

// One live emitter with its particles, in slot order.
struct EmitterSample {
    std::uint32_t id = 0;         // logical id
    std::uint32_t info = 0;       // ParticleEmitterInfo DID
    std::int32_t partIndex = -1;  // -1 the root
    Vec3 anchor;                  // world
    std::uint32_t hwGfxObjId = 0; // the mesh every particle draws
    bool stopped = false;
    std::vector<ParticleSample> particles;
};

class ParticleManager {
  public:
    // Anonymous emitters count up from here, clear of the small ids DAT hooks carry (R29).
    static constexpr std::uint32_t kFirstAnonymousId = 0xFFFF0000;

    ParticleManager(std::uint32_t owner, const Assets& assets, Ran2& rng, const Events& events);

    // CreateParticle (blocking=false) / CreateBlockingParticle (blocking=true) hook,
    // R29/R30. Returns the logical id now registered, or 0 when nothing was created.
    std::uint32_t create(const dat::hooks::CreateParticle& hook, bool blocking,
                         const OwnerPose& pose, EffectTime now);
    // Id 0 is ignored; particles finish, the id is kept until retirement (R33).
    void stop(std::uint32_t id, EffectTime now);
    // Id 0 is ignored; everything vanishes at once and the id is free (R33).
    void destroy(std::uint32_t id, EffectTime now);
    // Once per owner quantum: steps every emitter in creation order and retires the stopped
    // ones left without particles, which frees their ids.
    void update(const OwnerPose& pose, EffectTime now);

    std::size_t emitterCount() const { return m_emitters.size(); }
    std::size_t particleCount() const;
    bool has(std::uint32_t id) const { return find(id) != m_emitters.end(); }
    // The emitter registered under `id`, or null.
    const ParticleEmitter* emitter(std::uint32_t id) const;
    // Logical ids in creation order.
    std::vector<std::uint32_t> ids() const;
    // Every live emitter and particle; allocates, so once per sampled frame.
    std::vector<EmitterSample> sample() const;

  private:
    struct Entry {
        std::uint32_t id;
        std::unique_ptr<ParticleEmitter> emitter;
    };
    using Entries = std::vector<Entry>;

    Entries::const_iterator find(std::uint32_t id) const;
    Entries::iterator find(std::uint32_t id);
    QJsonObject fields(std::uint32_t id, const ParticleEmitter& emitter) const;
    void publish(EffectTime now, const char* type, QJsonObject body) const;

    std::uint32_t m_owner;
    const Assets& m_assets;
    Ran2& m_rng;
    const Events& m_events;
    std::uint32_t m_nextAnonymousId = kFirstAnonymousId;
    Entries m_emitters; // creation order, which is also the update order
};

} // namespace portalkit::preview
