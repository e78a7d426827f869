#pragma once

// One emitter's particles, one array per attribute (structure of arrays), so the per-type update
// loops stream only the attributes their formula reads. Slots are fixed at MaxParticles, like the
// client's pre-built parts: a slot is taken by the first free index and freed in place, never
// compacted, so slot order stays the client's (docs/retail-behaviour.md#particle-random).

#include "preview/core/math.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace portalkit::preview {

struct ParticleStore {
    explicit ParticleStore(std::size_t capacity = 0);

    std::size_t capacity() const { return live.size(); }
    std::size_t liveCount() const { return count; }
    // The first free slot, or capacity() when all are live.
    std::size_t firstFree() const;
    void occupy(std::size_t slot);
    void kill(std::size_t slot);
    void clear();

    // A slot holds a particle when live[i] != 0.
    std::vector<std::uint8_t> live;
    std::size_t count = 0;

    // Times are PhysicsTimer seconds. `stamp` is the client's birthtime/last_update union: the
    // birth time, except that persistent emitters move it to the last update
    // (docs/retail-behaviour.md#particle-motion).
    std::vector<double> stamp;
    std::vector<double> lifetime;
    std::vector<double> lifespan;

    // Motion, fixed at birth (docs/retail-behaviour.md#particle-init): offset O and the vectors A,
    // B, C, already in the axes the particle type wants.
    std::vector<Vec3> offset;
    std::vector<Vec3> a;
    std::vector<Vec3> b;
    std::vector<Vec3> c;

    // The owner frame at birth; world-released particles move relative to it (R32).
    std::vector<Vec3> startOrigin;
    std::vector<Quat> startOrientation;

    std::vector<float> startScale, finalScale;
    std::vector<float> startTrans, finalTrans;

    // What the last update wrote: the part frame, scale and translucency.
    std::vector<Vec3> position;
    std::vector<Quat> orientation;
    std::vector<float> scale;
    std::vector<float> trans;
};

} // namespace portalkit::preview
