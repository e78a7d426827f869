#include "datreader/records/particle_emitter_info.h"

#include "datreader/records/codec_helpers.h"

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

// Everything from birthrate to transRand, in stored order: one list for all four directions.
template <typename Self, typename Visit> void plainFields(Self& e, Visit&& v) {
    v.f64("emitter.birthrate", e.birthrate);
    v.i32("emitter.maxParticles", e.maxParticles);
    v.i32("emitter.initialParticles", e.initialParticles);
    v.i32("emitter.totalParticles", e.totalParticles);
    v.f64("emitter.totalSeconds", e.totalSeconds); // +0x2C: doubles here are not 8-aligned
    v.f64("emitter.lifespan", e.lifespan);
    v.f64("emitter.lifespanRand", e.lifespanRand);
    v.vec3("emitter.offsetDir", e.offsetDir);
    v.f32("emitter.minOffset", e.minOffset);
    v.f32("emitter.maxOffset", e.maxOffset);
    v.vec3("emitter.a", e.a);
    v.f32("emitter.minA", e.minA);
    v.f32("emitter.maxA", e.maxA);
    v.vec3("emitter.b", e.b);
    v.f32("emitter.minB", e.minB);
    v.f32("emitter.maxB", e.maxB);
    v.vec3("emitter.c", e.c);
    v.f32("emitter.minC", e.minC);
    v.f32("emitter.maxC", e.maxC);
    v.f32("emitter.startScale", e.startScale);
    v.f32("emitter.finalScale", e.finalScale);
    v.f32("emitter.scaleRand", e.scaleRand);
    v.f32("emitter.startTrans", e.startTrans);
    v.f32("emitter.finalTrans", e.finalTrans);
    v.f32("emitter.transRand", e.transRand);
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
    return decodeRecordFrame<ParticleEmitterInfo>(
        bytes, did, "emitter", [](ByteCursor& in, ParticleEmitterInfo& e) {
            e.unknown = in.u32("emitter.unknown");
            e.emitterType = in.i32("emitter.emitterType");
            e.particleType = in.i32("emitter.particleType");
            e.gfxObjId = in.u32("emitter.gfxObjId");
            e.hwGfxObjId = in.u32("emitter.hwGfxObjId");
            plainFields(e, FieldReader{in});
            e.isParentLocal = in.u32("emitter.isParentLocal");
        });
}

std::vector<std::uint8_t> ParticleEmitterInfo::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(unknown);
        out.i32(emitterType);
        out.i32(particleType);
        out.u32(gfxObjId);
        out.u32(hwGfxObjId);
        plainFields(*this, FieldWriter{out});
        out.u32(isParentLocal);
    });
}

QJsonObject ParticleEmitterInfo::toJson() const {
    QJsonObject object{
        {"unknown", qint64(unknown)},
        {"emitterType", QString::fromUtf8(emitterTypeName(emitterType).data())},
        {"emitterTypeValue", emitterType},
        {"particleType", QString::fromUtf8(particleTypeName(particleType).data())},
        {"particleTypeValue", particleType},
        {"gfxObjId", didJson(gfxObjId)},
        {"hwGfxObjId", didJson(hwGfxObjId)},
        {"isParentLocal", bool32Json(isParentLocal)},
    };
    plainFields(*this, FieldJsonWriter{object});
    return recordFrameJson(*this, object);
}

ParticleEmitterInfo ParticleEmitterInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ParticleEmitterInfo>(node, did, [&](ParticleEmitterInfo& e) {
        e.unknown = node["unknown"].u32(0);
        e.emitterType = typeFromJson(node["emitterType"], node["emitterTypeValue"], emitterTypeName,
                                     kLastEmitterType);
        e.particleType = typeFromJson(node["particleType"], node["particleTypeValue"],
                                      particleTypeName, kLastParticleType);
        e.gfxObjId = node["gfxObjId"].u32();
        e.hwGfxObjId = node["hwGfxObjId"].u32(0);
        plainFields(e, FieldJsonReader{node});
        e.isParentLocal =
            node["isParentLocal"].isMissing() ? 0 : bool32FromJson(node["isParentLocal"]);
    });
}

} // namespace portalkit::dat
