#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// How a particle system emits and moves its particles: all 176 bytes (docs/formats.md).
struct ParticleEmitterInfo {
    static constexpr std::string_view kTypeName = "ParticleEmitterInfo";
    static constexpr std::size_t kSize = 176;

    std::uint32_t id = 0;
    std::uint32_t unknown = 0;     // 0 in retail data
    std::int32_t emitterType = 0;  // 1 BirthratePerSec, 2 BirthratePerMeter
    std::int32_t particleType = 0; // 1 Still ... 12 GlobalVelocity
    std::uint32_t gfxObjId = 0;
    std::uint32_t hwGfxObjId = 0;
    double birthrate = 0;
    std::int32_t maxParticles = 0;
    std::int32_t initialParticles = 0;
    std::int32_t totalParticles = 0;
    double totalSeconds = 0;
    double lifespan = 0;
    double lifespanRand = 0;
    Vec3 offsetDir;
    float minOffset = 0, maxOffset = 0;
    Vec3 a;
    float minA = 0, maxA = 0;
    Vec3 b;
    float minB = 0, maxB = 0;
    Vec3 c;
    float minC = 0, maxC = 0;
    float startScale = 0, finalScale = 0, scaleRand = 0;
    float startTrans = 0, finalTrans = 0, transRand = 0;
    std::uint32_t isParentLocal = 0; // bool32, raw

    static std::string_view emitterTypeName(std::int32_t type);
    static std::string_view particleTypeName(std::int32_t type);

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson requires "emitterType" and "particleType" (a name as toJson writes it or a number;
    // the
    // "...Value" keys, when given, must agree with a name) and "gfxObjId"; the rest defaults to
    // zero.
    PORTALKIT_RECORD_CODEC(ParticleEmitterInfo);
};

} // namespace portalkit::dat
