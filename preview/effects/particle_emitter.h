#pragma once

// One ParticleEmitter as the client runs it (docs/retail-behaviour.md#particle-update): an info
// record, an attachment to the owner (part index + hook offset), and its particles. The preview is
// an "examination object": UpdateParticles' degrade branch never runs
// (docs/retail-behaviour.md#particle-drawing).

#include "datreader/records/particle_emitter_info.h"
#include "preview/core/math.h"
#include "preview/core/retail_random.h"
#include "preview/effects/particle_store.h"

#include <cstdint>
#include <span>

namespace portalkit::preview {

struct OwnerPose { // where the owner is in this tick, world space
    Frame root;
    std::span<const Frame> parts; // world frame of each Setup part (partLocal × root)
};

struct EffectTime {     // the client's two clocks (docs/retail-behaviour.md#clocks)
    double timer = 0;   // Timer::cur_time: emitter creation, ShouldEmit PerSec test
    double physics = 0; // PhysicsTimer::curr_time: particle birth/update, StopEmitter, emissions
};

// The owner frame an attachment follows: the part's, or the root for -1 and for any index the
// pose does not have (the client would read garbage there,
// docs/retail-behaviour.md#particle-init).
const Frame& ownerFrame(const OwnerPose& pose, std::int32_t partIndex);

enum class ParticleType : std::int32_t {
    Still = 1,
    LocalVelocity = 2,
    ParabolicLVGA = 3,
    ParabolicLVGAGR = 4,
    Swarm = 5,
    Explode = 6,
    Implode = 7,
    ParabolicLVLA = 8,
    ParabolicLVLALR = 9,
    ParabolicGVGA = 10,
    ParabolicGVGAGR = 11,
    GlobalVelocity = 12,
};

class ParticleEmitter {
  public:
    // Slots one emitter may have. MaxParticles comes from the DAT; a damaged record must not
    // reserve gigabytes. Retail data stays far below this.
    static constexpr std::int32_t kMaxSlots = 10000;

    // Why an emitter stopped emitting, for the event log.
    enum class StopCause { None, Stopped, TotalParticles, TotalSeconds };

    // SetInfo + SetParenting. `partIndex` -1 means the root.
    ParticleEmitter(const dat::ParticleEmitterInfo& info, std::int32_t partIndex,
                    const Frame& hookOffset);

    // InitEnd: stamps the creation time and emits InitialParticles at once.
    void start(const OwnerPose& pose, EffectTime now, Ran2& rng);
    // UpdateParticles (docs/retail-behaviour.md#particle-update): steps every live particle, frees
    // the expired, then tries one emission and the stop conditions. False when the emitter is
    // stopped and empty.
    bool update(const OwnerPose& pose, EffectTime now, Ran2& rng);
    // StopParticle: no more emissions; live particles finish their lives.
    void stop();

    const dat::ParticleEmitterInfo& info() const { return m_info; }
    std::int32_t partIndex() const { return m_partIndex; }
    const Frame& hookOffset() const { return m_hookOffset; }
    // The particle object's world origin: the hook offset's origin in the owner frame (R31).
    Vec3 anchor() const { return m_anchor; }
    double creationTime() const { return m_creationTime; }
    double lastEmitTime() const { return m_lastEmitTime; }
    std::int64_t totalEmitted() const { return m_totalEmitted; }
    bool stopped() const { return m_stopCause != StopCause::None; }
    StopCause stopCause() const { return m_stopCause; }
    std::size_t particleCount() const { return m_particles.liveCount(); }
    const ParticleStore& particles() const { return m_particles; }

  private:
    void refreshAnchor(const OwnerPose& pose);
    bool shouldEmit(EffectTime now) const;
    void emitParticle(const OwnerPose& pose, EffectTime now, Ran2& rng);
    void stopIfDone(EffectTime now);

    dat::ParticleEmitterInfo m_info;
    std::int32_t m_partIndex;
    Frame m_hookOffset;
    bool m_persistent; // no TotalParticles and no TotalSeconds: lifetimes accumulate
    bool m_parentLocal;

    Vec3 m_anchor;
    double m_creationTime = 0;
    double m_lastEmitTime = 0;
    // Starts at the world origin: SetInfo runs before parenting
    // (docs/retail-behaviour.md#particle-emission).
    Vec3 m_lastEmitOffset;
    std::int64_t m_totalEmitted = 0;
    StopCause m_stopCause = StopCause::None;
    ParticleStore m_particles;
};

} // namespace portalkit::preview
