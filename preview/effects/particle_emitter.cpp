#include "preview/effects/particle_emitter.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace portalkit::preview {

namespace {

// rotate_local(F, w) for a frame F with orientation q: Frame::grotate by R·w, which is q ⊗ Δ(w)
// since |R·w| = |w|. Written out here so the rotating types' loop makes no out-of-line calls.
inline Quat turnedLocally(Quat q, Vec3 w) {
    const float angleSquared = dot(w, w);
    if (angleSquared < kEpsilon * kEpsilon)
        return q;
    const float angle = std::sqrt(angleSquared);
    const float half = 0.5f * angle;
    const float s = std::sin(half) / angle;
    const Quat turned = q * Quat{std::cos(half), w.x * s, w.y * s, w.z * s};
    const float norm = std::sqrt(turned.w * turned.w + turned.x * turned.x + turned.y * turned.y +
                                 turned.z * turned.z);
    const float inverse = 1.0f / norm;
    return {turned.w * inverse, turned.x * inverse, turned.y * inverse, turned.z * inverse};
}

// Particle::Update's position (and, for the GR/LR types, orientation) at age t
// (docs/retail-behaviour.md#particle-motion). `frame` is the start frame or the owner's live frame;
// P is its origin.
template <std::int32_t Type>
inline void place(ParticleStore& s, std::size_t i, float t, const Frame& frame) {
    const Vec3 p = frame.origin;
    const Vec3 o = s.offset[i];
    const Vec3 a = s.a[i];
    const Vec3 b = s.b[i];
    const Vec3 c = s.c[i];
    constexpr auto type = ParticleType(Type);
    if constexpr (type == ParticleType::Still) {
        s.position[i] = p + o;
    } else if constexpr (type == ParticleType::LocalVelocity ||
                         type == ParticleType::GlobalVelocity) {
        s.position[i] = p + o + a * t;
    } else if constexpr (type == ParticleType::ParabolicLVGA ||
                         type == ParticleType::ParabolicLVLA ||
                         type == ParticleType::ParabolicGVGA) {
        s.position[i] = p + o + a * t + b * (0.5f * t * t);
    } else if constexpr (type == ParticleType::ParabolicLVGAGR ||
                         type == ParticleType::ParabolicLVLALR ||
                         type == ParticleType::ParabolicGVGAGR) {
        // The frame's rotation is kept and turned about C in its own axes.
        s.position[i] = p + o + a * t + b * (0.5f * t * t);
        s.orientation[i] = turnedLocally(frame.orientation, c * t);
    } else if constexpr (type == ParticleType::Swarm) {
        const Vec3 swirl{std::cos(t * b.x) * c.x, std::sin(t * b.y) * c.y, std::cos(t * b.z) * c.z};
        s.position[i] = p + o + a * t + swirl;
    } else if constexpr (type == ParticleType::Explode) {
        // A.x is the speed along C, B has no ½, and A.z drifts upward (the ports drop it).
        s.position[i] = {p.x + o.x + t * (t * b.x + c.x * a.x),
                         p.y + o.y + t * (t * b.y + c.y * a.x),
                         p.z + o.z + t * (t * b.z + c.z * a.x + a.z)};
    } else if constexpr (type == ParticleType::Implode) {
        s.position[i] = p + o + c * std::cos(a.x * t) + b * (t * t);
    }
    // Types 0 and 13 up write no position.
}

// Scale and translucency follow the age linearly and hold at the end
// (docs/retail-behaviour.md#particle-fade).
inline void fade(ParticleStore& s, std::size_t i, double lifetime) {
    const double lifespan = s.lifespan[i];
    const auto k = float(lifetime < lifespan ? lifetime / lifespan : 1.0);
    s.scale[i] = s.startScale[i] + (s.finalScale[i] - s.startScale[i]) * k;
    s.trans[i] = s.startTrans[i] + (s.finalTrans[i] - s.startTrans[i]) * k;
}

// One pass over the slots for one particle type, parenting mode and lifetime rule, so the loop
// body carries no per-particle dispatch.
template <std::int32_t Type, bool ParentLocal, bool Persistent>
void stepAll(ParticleStore& s, double now, const Frame& liveFrame) {
    const std::size_t slotCount = s.capacity();
    for (std::size_t i = 0; i < slotCount; ++i) {
        if (!s.live[i])
            continue;
        double lifetime;
        if constexpr (Persistent) {
            lifetime = s.lifetime[i] + (now - s.stamp[i]);
            s.stamp[i] = now;
        } else {
            lifetime = now - s.stamp[i];
        }
        s.lifetime[i] = lifetime;
        if constexpr (ParentLocal)
            place<Type>(s, i, float(lifetime), liveFrame);
        else
            place<Type>(s, i, float(lifetime), Frame{s.startOrigin[i], s.startOrientation[i]});
        fade(s, i, lifetime);
        if (lifetime >= s.lifespan[i]) // KillParticle
            s.kill(i);
    }
}

using StepAll = void (*)(ParticleStore&, double, const Frame&);

template <std::int32_t Type> StepAll stepFor(bool parentLocal, bool persistent) {
    if (parentLocal)
        return persistent ? stepAll<Type, true, true> : stepAll<Type, true, false>;
    return persistent ? stepAll<Type, false, true> : stepAll<Type, false, false>;
}

StepAll stepFor(std::int32_t type, bool parentLocal, bool persistent) {
    switch (ParticleType(type)) {
    case ParticleType::Still:
        return stepFor<1>(parentLocal, persistent);
    case ParticleType::LocalVelocity:
        return stepFor<2>(parentLocal, persistent);
    case ParticleType::ParabolicLVGA:
        return stepFor<3>(parentLocal, persistent);
    case ParticleType::ParabolicLVGAGR:
        return stepFor<4>(parentLocal, persistent);
    case ParticleType::Swarm:
        return stepFor<5>(parentLocal, persistent);
    case ParticleType::Explode:
        return stepFor<6>(parentLocal, persistent);
    case ParticleType::Implode:
        return stepFor<7>(parentLocal, persistent);
    case ParticleType::ParabolicLVLA:
        return stepFor<8>(parentLocal, persistent);
    case ParticleType::ParabolicLVLALR:
        return stepFor<9>(parentLocal, persistent);
    case ParticleType::ParabolicGVGA:
        return stepFor<10>(parentLocal, persistent);
    case ParticleType::ParabolicGVGAGR:
        return stepFor<11>(parentLocal, persistent);
    case ParticleType::GlobalVelocity:
        return stepFor<12>(parentLocal, persistent);
    }
    return stepFor<0>(parentLocal, persistent);
}

// Places one particle at its current age: Init's closing Particle::Update.
void placeOne(std::int32_t type, ParticleStore& s, std::size_t i, const Frame& frame) {
    const auto t = float(s.lifetime[i]);
    switch (ParticleType(type)) {
    case ParticleType::Still:
        return place<1>(s, i, t, frame);
    case ParticleType::LocalVelocity:
        return place<2>(s, i, t, frame);
    case ParticleType::ParabolicLVGA:
        return place<3>(s, i, t, frame);
    case ParticleType::ParabolicLVGAGR:
        return place<4>(s, i, t, frame);
    case ParticleType::Swarm:
        return place<5>(s, i, t, frame);
    case ParticleType::Explode:
        return place<6>(s, i, t, frame);
    case ParticleType::Implode:
        return place<7>(s, i, t, frame);
    case ParticleType::ParabolicLVLA:
        return place<8>(s, i, t, frame);
    case ParticleType::ParabolicLVLALR:
        return place<9>(s, i, t, frame);
    case ParticleType::ParabolicGVGA:
        return place<10>(s, i, t, frame);
    case ParticleType::ParabolicGVGAGR:
        return place<11>(s, i, t, frame);
    case ParticleType::GlobalVelocity:
        return place<12>(s, i, t, frame);
    }
}

// `base + R(-1,1)·spread`, one RollDice.
double jitter(Ran2& rng, double base, double spread) {
    return base + rng.rollDice(-1, 1) * spread;
}

// `v · (min + R(0,1)·(max − min))`: a random magnitude, the direction untouched.
Vec3 scaled(Ran2& rng, Vec3 v, float min, float max) {
    return v * float(min + rng.rollDice(0, 1) * (max - min));
}

// GetRandomOffset: a direction perpendicular to OffsetDir from the [-1,1]³ cube, drawn z, y, x,
// at a radius uniform in [MinOffset, MaxOffset]; no radius is drawn for a degenerate direction.
Vec3 randomOffset(Ran2& rng, const dat::ParticleEmitterInfo& info) {
    const auto z = float(rng.rollDice(-1, 1));
    const auto y = float(rng.rollDice(-1, 1));
    const auto x = float(rng.rollDice(-1, 1));
    const Vec3 dir = info.offsetDir;
    Vec3 r{x, y, z};
    r -= dir * dot(r, dir);
    if (length(r) < kEpsilon)
        return {};
    const double radius =
        info.minOffset + rng.rollDice(0, 1) * (double(info.maxOffset) - info.minOffset);
    return normalized(r) * float(radius);
}

// The random draws of one emission, in the client's draw order
// (docs/retail-behaviour.md#particle-random): a replayed Ran2 depends on it.
struct EmissionDraws {
    double lifespan = 0;
    float finalTrans = 0, startTrans = 0, finalScale = 0, startScale = 0;
    Vec3 c, b, a, spawn;
};

EmissionDraws drawEmission(Ran2& rng, const dat::ParticleEmitterInfo& info) {
    EmissionDraws out;
    out.lifespan = std::max(0.0, jitter(rng, info.lifespan, info.lifespanRand));
    out.finalTrans = float(std::clamp(jitter(rng, info.finalTrans, info.transRand), 0., 1.));
    out.startTrans = float(std::clamp(jitter(rng, info.startTrans, info.transRand), 0., 1.));
    out.finalScale = float(std::clamp(jitter(rng, info.finalScale, info.scaleRand), 0.1, 10.));
    out.startScale = float(std::clamp(jitter(rng, info.startScale, info.scaleRand), 0.1, 10.));
    out.c = scaled(rng, info.c, info.minC, info.maxC);
    out.b = scaled(rng, info.b, info.minB, info.maxB);
    out.a = scaled(rng, info.a, info.minA, info.maxA);
    out.spawn = randomOffset(rng, info);
    return out;
}

struct MotionVectors {
    Vec3 a, b, c;
};

// Explode's C: a random direction on the drawn C's ellipsoid, made a unit vector
// (docs/retail-behaviour.md#particle-init).
Vec3 explodeDirection(Ran2& rng, Vec3 c) {
    const double azimuth = rng.rollDice(-std::numbers::pi, std::numbers::pi);
    const double elevation = rng.rollDice(-std::numbers::pi, std::numbers::pi);
    const Vec3 dir{float(std::cos(azimuth) * c.x * std::cos(elevation)),
                   float(std::sin(azimuth) * c.y * std::cos(elevation)),
                   float(std::sin(elevation) * c.z)};
    return length(dir) < kEpsilon ? Vec3{} : normalized(dir);
}

// What a particle type keeps of the drawn A, B and C (Particle::Init,
// docs/retail-behaviour.md#particle-init): turned into the start frame, kept global, or zero.
// Implode also scales the particle's `offset` by C.
MotionVectors keptMotion(ParticleType type, const EmissionDraws& drawn, const Frame& start,
                         Ran2& rng, Vec3& offset) {
    const Vec3 a = drawn.a, b = drawn.b, c = drawn.c;
    auto local = [&](Vec3 v) { return toGlobalVector(start, v); };
    Vec3 storedA = a, storedB = b, storedC = c;
    switch (type) {
    case ParticleType::Still:
        storedA = storedB = storedC = {};
        break;
    case ParticleType::LocalVelocity:
        storedA = local(a);
        storedB = storedC = {};
        break;
    case ParticleType::ParabolicLVGA:
        storedA = local(a);
        storedC = {};
        break;
    case ParticleType::ParabolicLVGAGR:
    case ParticleType::Swarm:
        storedA = local(a);
        break;
    case ParticleType::Explode:
        storedC = explodeDirection(rng, c);
        break;
    case ParticleType::Implode:
        offset = hadamard(offset, c);
        storedC = offset;
        break;
    case ParticleType::ParabolicLVLA:
        storedA = local(a);
        storedB = local(b);
        storedC = {};
        break;
    case ParticleType::ParabolicLVLALR:
        storedA = local(a);
        storedB = local(b);
        storedC = local(c);
        break;
    case ParticleType::ParabolicGVGA:
        storedC = {};
        break;
    case ParticleType::ParabolicGVGAGR:
        break;
    case ParticleType::GlobalVelocity:
        storedB = storedC = {};
        break;
    }
    return {storedA, storedB, storedC};
}

} // namespace

const Frame& ownerFrame(const OwnerPose& pose, std::int32_t partIndex) {
    if (partIndex < 0 || std::size_t(partIndex) >= pose.parts.size())
        return pose.root;
    return pose.parts[std::size_t(partIndex)];
}

ParticleEmitter::ParticleEmitter(const dat::ParticleEmitterInfo& info, std::int32_t partIndex,
                                 const Frame& hookOffset)
    : m_info(info), m_partIndex(partIndex), m_hookOffset(hookOffset),
      m_persistent(info.totalParticles == 0 && info.totalSeconds == 0),
      m_parentLocal(info.isParentLocal != 0),
      m_particles(std::size_t(std::clamp(info.maxParticles, 0, kMaxSlots))) {}

void ParticleEmitter::start(const OwnerPose& pose, EffectTime now, Ran2& rng) {
    refreshAnchor(pose);
    m_creationTime = now.timer;
    m_lastEmitTime = now.timer;
    // Beyond the free slots an emission does nothing, so the burst stops there.
    const auto burst = std::min<std::int64_t>(m_info.initialParticles, m_particles.capacity());
    for (std::int64_t i = 0; i < burst; ++i)
        emitParticle(pose, now, rng);
}

bool ParticleEmitter::update(const OwnerPose& pose, EffectTime now, Ran2& rng) {
    refreshAnchor(pose);
    if (m_particles.liveCount() != 0) {
        const StepAll step = stepFor(m_info.particleType, m_parentLocal, m_persistent);
        step(m_particles, now.physics, ownerFrame(pose, m_partIndex));
    }
    if (stopped())
        return m_particles.liveCount() != 0;
    if (shouldEmit(now))
        emitParticle(pose, now, rng);
    stopIfDone(now);
    return true;
}

void ParticleEmitter::stop() {
    if (!stopped())
        m_stopCause = StopCause::Stopped;
}

void ParticleEmitter::refreshAnchor(const OwnerPose& pose) {
    m_anchor = transformPoint(ownerFrame(pose, m_partIndex), m_hookOffset.origin);
}

bool ParticleEmitter::shouldEmit(EffectTime now) const {
    if (m_info.totalParticles > 0 && m_totalEmitted >= m_info.totalParticles)
        return false;
    if (std::int64_t(m_particles.liveCount()) >= m_info.maxParticles)
        return false;
    if (m_info.emitterType & 1)
        return now.timer - m_lastEmitTime > m_info.birthrate;
    if (m_info.emitterType & 2) // UNCONFIRMED compare: docs/retail-behaviour.md#particle-emission
        return length(m_anchor - m_lastEmitOffset) > m_info.birthrate;
    return false;
}

void ParticleEmitter::emitParticle(const OwnerPose& pose, EffectTime now, Ran2& rng) {
    ParticleStore& s = m_particles;
    const std::size_t i = s.firstFree();
    if (i == s.capacity())
        return;
    const EmissionDraws drawn = drawEmission(rng, m_info);

    // Particle::Init (docs/retail-behaviour.md#particle-init). The hook offset's rotation is never
    // read.
    const Frame& start = ownerFrame(pose, m_partIndex);
    s.occupy(i);
    s.stamp[i] = now.physics;
    s.lifetime[i] = 0;
    s.lifespan[i] = drawn.lifespan;
    s.startOrigin[i] = start.origin;
    s.startOrientation[i] = start.orientation;
    s.offset[i] = toGlobalVector(start, Vec3(m_hookOffset.origin) + drawn.spawn);
    const MotionVectors kept =
        keptMotion(ParticleType(m_info.particleType), drawn, start, rng, s.offset[i]);
    s.a[i] = kept.a;
    s.b[i] = kept.b;
    s.c[i] = kept.c;
    s.startScale[i] = drawn.startScale;
    s.finalScale[i] = drawn.finalScale;
    s.startTrans[i] = drawn.startTrans;
    s.finalTrans[i] = drawn.finalTrans;
    s.orientation[i] = Quat{};
    placeOne(m_info.particleType, s, i, start);
    fade(s, i, 0.0);

    // RecordParticleEmission.
    ++m_totalEmitted;
    m_lastEmitTime = now.physics;
    m_lastEmitOffset = m_anchor;
}

void ParticleEmitter::stopIfDone(EffectTime now) {
    if (m_info.totalSeconds > 0 && m_creationTime + m_info.totalSeconds < now.physics)
        m_stopCause = StopCause::TotalSeconds;
    else if (m_info.totalParticles != 0 && m_totalEmitted >= m_info.totalParticles)
        m_stopCause = StopCause::TotalParticles;
}

} // namespace portalkit::preview
