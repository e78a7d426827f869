#include "datreader/records/particle_emitter_info.h"

#include <array>

namespace portalkit::dat {
namespace {

constexpr std::int32_t kLastEmitterType = 2;
constexpr std::int32_t kLastParticleType = 12;

// An emitter or particle type: `named` holds a name as toJson writes it or a number, `numbered`
// the number toJson writes beside the name. Either may be left out; when both are given they
// must agree, so editing only one of them is not silently lost.
std::int32_t typeFromJson(const JsonNode& named, const JsonNode& numbered,
                          std::string_view (*nameOf)(std::int32_t), std::int32_t last) {
    const bool isName =
        named.isString() && !named.value().toString().startsWith("0x", Qt::CaseInsensitive);
    const std::string name = isName ? named.string().toStdString() : std::string();
    if (numbered.isMissing()) {
        if (!isName)
            return named.i32();
        for (std::int32_t value = 1; value <= last; ++value)
            if (nameOf(value) == name)
                return value;
        named.fail("unknown name '" + name + "'; give the number instead");
    }
    const std::int32_t value = numbered.i32();
    if (!named.isMissing() && (isName ? nameOf(value) != name : named.i32() != value))
        named.fail("disagrees with " + numbered.path() + " " + std::to_string(value) + " (" +
                   std::string(nameOf(value)) + ")");
    return value;
}

} // namespace

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
    static constexpr std::array<std::string_view, kLastParticleType + 1> kNames{
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
        {"birthrate", realJson(birthrate)},
        {"maxParticles", maxParticles},
        {"initialParticles", initialParticles},
        {"totalParticles", totalParticles},
        {"totalSeconds", realJson(totalSeconds)},
        {"lifespan", realJson(lifespan)},
        {"lifespanRand", realJson(lifespanRand)},
        {"offsetDir", dat::toJson(offsetDir)},
        {"minOffset", realJson(minOffset)},
        {"maxOffset", realJson(maxOffset)},
        {"a", dat::toJson(a)},
        {"minA", realJson(minA)},
        {"maxA", realJson(maxA)},
        {"b", dat::toJson(b)},
        {"minB", realJson(minB)},
        {"maxB", realJson(maxB)},
        {"c", dat::toJson(c)},
        {"minC", realJson(minC)},
        {"maxC", realJson(maxC)},
        {"startScale", realJson(startScale)},
        {"finalScale", realJson(finalScale)},
        {"scaleRand", realJson(scaleRand)},
        {"startTrans", realJson(startTrans)},
        {"finalTrans", realJson(finalTrans)},
        {"transRand", realJson(transRand)},
        {"isParentLocal", bool32Json(isParentLocal)},
    };
}

ParticleEmitterInfo ParticleEmitterInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    ParticleEmitterInfo e;
    e.id = ownIdFromJson(node, did);
    e.unknown = node["unknown"].u32(0);
    e.emitterType = typeFromJson(node["emitterType"], node["emitterTypeValue"], emitterTypeName,
                                 kLastEmitterType);
    e.particleType = typeFromJson(node["particleType"], node["particleTypeValue"], particleTypeName,
                                  kLastParticleType);
    e.gfxObjId = node["gfxObjId"].u32();
    e.hwGfxObjId = node["hwGfxObjId"].u32(0);
    e.birthrate = node["birthrate"].f64(0);
    e.maxParticles = node["maxParticles"].i32(0);
    e.initialParticles = node["initialParticles"].i32(0);
    e.totalParticles = node["totalParticles"].i32(0);
    e.totalSeconds = node["totalSeconds"].f64(0);
    e.lifespan = node["lifespan"].f64(0);
    e.lifespanRand = node["lifespanRand"].f64(0);
    const auto vector = [&node](const char* key) {
        return node[key].isMissing() ? Vec3{} : vec3FromJson(node[key]);
    };
    e.offsetDir = vector("offsetDir");
    e.minOffset = node["minOffset"].f32(0);
    e.maxOffset = node["maxOffset"].f32(0);
    e.a = vector("a");
    e.minA = node["minA"].f32(0);
    e.maxA = node["maxA"].f32(0);
    e.b = vector("b");
    e.minB = node["minB"].f32(0);
    e.maxB = node["maxB"].f32(0);
    e.c = vector("c");
    e.minC = node["minC"].f32(0);
    e.maxC = node["maxC"].f32(0);
    e.startScale = node["startScale"].f32(0);
    e.finalScale = node["finalScale"].f32(0);
    e.scaleRand = node["scaleRand"].f32(0);
    e.startTrans = node["startTrans"].f32(0);
    e.finalTrans = node["finalTrans"].f32(0);
    e.transRand = node["transRand"].f32(0);
    e.isParentLocal = node["isParentLocal"].isMissing() ? 0 : bool32FromJson(node["isParentLocal"]);
    return e;
}

} // namespace portalkit::dat
