#include "particle_emitter_info.h"

#include <array>

namespace portalkit::dat {

std::string_view ParticleEmitterInfo::emitterTypeName(std::int32_t type) {
    switch (type) {
    case 1:
        return "BirthratePerSec";
    case 2:
        return "BirthratePerMeter";
    default:
        return "Unknown";
    }
}

std::string_view ParticleEmitterInfo::particleTypeName(std::int32_t type) {
    static constexpr std::array<std::string_view, 13> kNames{
        "Unknown",       "Still",           "LocalVelocity", "ParabolicLVGA", "ParabolicLVGAGR",
        "Swarm",         "Explode",         "Implode",       "ParabolicLVLA", "ParabolicLVLALR",
        "ParabolicGVGA", "ParabolicGVGAGR", "GlobalVelocity"};
    return type > 0 && type < int(kNames.size()) ? kNames[std::size_t(type)] : kNames[0];
}

ParticleEmitterInfo ParticleEmitterInfo::decode(std::span<const std::uint8_t> bytes,
                                                std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    ParticleEmitterInfo e;
    e.id = readOwnId(in, did);
    e.unknown = in.u32("emitter.unknown");
    e.emitterType = in.i32("emitter.emitterType");
    e.particleType = in.i32("emitter.particleType");
    e.gfxObjId = in.u32("emitter.gfxObjId");
    e.hwGfxObjId = in.u32("emitter.hwGfxObjId");
    e.birthrate = in.f64("emitter.birthrate");
    e.maxParticles = in.i32("emitter.maxParticles");
    e.initialParticles = in.i32("emitter.initialParticles");
    e.totalParticles = in.i32("emitter.totalParticles");
    e.totalSeconds = in.f64("emitter.totalSeconds"); // +0x2C: doubles here are not 8-aligned
    e.lifespan = in.f64("emitter.lifespan");
    e.lifespanRand = in.f64("emitter.lifespanRand");
    e.offsetDir = readVec3(in, "emitter.offsetDir");
    e.minOffset = in.f32("emitter.minOffset");
    e.maxOffset = in.f32("emitter.maxOffset");
    e.a = readVec3(in, "emitter.a");
    e.minA = in.f32("emitter.minA");
    e.maxA = in.f32("emitter.maxA");
    e.b = readVec3(in, "emitter.b");
    e.minB = in.f32("emitter.minB");
    e.maxB = in.f32("emitter.maxB");
    e.c = readVec3(in, "emitter.c");
    e.minC = in.f32("emitter.minC");
    e.maxC = in.f32("emitter.maxC");
    e.startScale = in.f32("emitter.startScale");
    e.finalScale = in.f32("emitter.finalScale");
    e.scaleRand = in.f32("emitter.scaleRand");
    e.startTrans = in.f32("emitter.startTrans");
    e.finalTrans = in.f32("emitter.finalTrans");
    e.transRand = in.f32("emitter.transRand");
    e.isParentLocal = in.u32("emitter.isParentLocal");
    in.expectEnd("emitter");
    return e;
}

std::vector<std::uint8_t> ParticleEmitterInfo::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(unknown);
    out.i32(emitterType);
    out.i32(particleType);
    out.u32(gfxObjId);
    out.u32(hwGfxObjId);
    out.f64(birthrate);
    out.i32(maxParticles);
    out.i32(initialParticles);
    out.i32(totalParticles);
    out.f64(totalSeconds);
    out.f64(lifespan);
    out.f64(lifespanRand);
    write(out, offsetDir);
    out.f32(minOffset);
    out.f32(maxOffset);
    write(out, a);
    out.f32(minA);
    out.f32(maxA);
    write(out, b);
    out.f32(minB);
    out.f32(maxB);
    write(out, c);
    out.f32(minC);
    out.f32(maxC);
    for (float value : {startScale, finalScale, scaleRand, startTrans, finalTrans, transRand})
        out.f32(value);
    out.u32(isParentLocal);
    return out.take();
}

QJsonObject ParticleEmitterInfo::toJson() const {
    return {
        {"id", didJson(id)},
        {"unknown", qint64(unknown)},
        {"emitterType", QString::fromUtf8(emitterTypeName(emitterType).data())},
        {"emitterTypeValue", emitterType},
        {"particleType", QString::fromUtf8(particleTypeName(particleType).data())},
        {"particleTypeValue", particleType},
        {"gfxObjId", didJson(gfxObjId)},
        {"hwGfxObjId", didJson(hwGfxObjId)},
        {"birthrate", birthrate},
        {"maxParticles", maxParticles},
        {"initialParticles", initialParticles},
        {"totalParticles", totalParticles},
        {"totalSeconds", totalSeconds},
        {"lifespan", lifespan},
        {"lifespanRand", lifespanRand},
        {"offsetDir", dat::toJson(offsetDir)},
        {"minOffset", minOffset},
        {"maxOffset", maxOffset},
        {"a", dat::toJson(a)},
        {"minA", minA},
        {"maxA", maxA},
        {"b", dat::toJson(b)},
        {"minB", minB},
        {"maxB", maxB},
        {"c", dat::toJson(c)},
        {"minC", minC},
        {"maxC", maxC},
        {"startScale", startScale},
        {"finalScale", finalScale},
        {"scaleRand", scaleRand},
        {"startTrans", startTrans},
        {"finalTrans", finalTrans},
        {"transRand", transRand},
        {"isParentLocal", isParentLocal != 0},
    };
}

} // namespace portalkit::dat
