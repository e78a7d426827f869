#include "hooks.h"

#include "io/dat_error.h"

#include <array>

namespace portalkit::dat {
namespace {

constexpr std::array<std::string_view, kHookTypeCount> kHookNames{
    "NoOp",
    "Sound",
    "SoundTable",
    "Attack",
    "AnimationDone",
    "ReplaceObject",
    "Ethereal",
    "TransparentPart",
    "Luminous",
    "LuminousPart",
    "Diffuse",
    "DiffusePart",
    "Scale",
    "CreateParticle",
    "DestroyParticle",
    "StopParticle",
    "NoDraw",
    "DefaultScript",
    "DefaultScriptPart",
    "CallPES",
    "Transparent",
    "SoundTweaked",
    "SetOmega",
    "TextureVelocity",
    "TextureVelocityPart",
    "SetLight",
    "CreateBlockingParticle",
};

constexpr std::uint32_t kGfxObjType = 0x01000000;

hooks::Fade readFade(ByteCursor& in) {
    hooks::Fade fade;
    fade.start = in.f32("hook.start");
    fade.end = in.f32("hook.end");
    fade.time = in.f32("hook.time");
    return fade;
}

hooks::PartFade readPartFade(ByteCursor& in) {
    hooks::PartFade part;
    part.partIndex = in.u32("hook.partIndex");
    part.fade = readFade(in);
    return part;
}

hooks::CreateParticle readCreateParticle(ByteCursor& in) {
    hooks::CreateParticle create;
    create.emitterInfoId = in.u32("hook.emitterInfoId");
    create.partIndex = in.u32("hook.partIndex");
    create.offset = readFrame(in, "hook.offset");
    create.emitterId = in.u32("hook.emitterId");
    return create;
}

HookPayload readPayload(ByteCursor& in, HookType type) {
    switch (type) {
    case HookType::NoOp:
        return hooks::NoOp{};
    case HookType::Sound:
        return hooks::Sound{in.u32("hook.waveId")};
    case HookType::SoundTable:
        return hooks::SoundTable{in.u32("hook.soundType")};
    case HookType::Attack:
        return hooks::Attack{readAttackCone(in, "hook.attackCone")};
    case HookType::AnimationDone:
        return hooks::AnimationDone{};
    case HookType::ReplaceObject: {
        hooks::ReplaceObject replace;
        replace.partIndex = in.u16("hook.partIndex");
        const auto packed = in.packedDid(kGfxObjType, "hook.gfxObjId");
        replace.gfxObjId = packed.did;
        replace.longForm = packed.longForm;
        return replace;
    }
    case HookType::Ethereal:
        return hooks::Ethereal{in.u32("hook.ethereal")};
    case HookType::TransparentPart:
        return hooks::TransparentPart{readPartFade(in)};
    case HookType::Luminous:
        return hooks::Luminous{readFade(in)};
    case HookType::LuminousPart:
        return hooks::LuminousPart{readPartFade(in)};
    case HookType::Diffuse:
        return hooks::Diffuse{readFade(in)};
    case HookType::DiffusePart:
        return hooks::DiffusePart{readPartFade(in)};
    case HookType::Scale: {
        hooks::Scale scale;
        scale.end = in.f32("hook.end");
        scale.time = in.f32("hook.time");
        return scale;
    }
    case HookType::CreateParticle:
        return readCreateParticle(in);
    case HookType::DestroyParticle:
        return hooks::DestroyParticle{in.u32("hook.emitterId")};
    case HookType::StopParticle:
        return hooks::StopParticle{in.u32("hook.emitterId")};
    case HookType::NoDraw:
        return hooks::NoDraw{in.u32("hook.noDraw")};
    case HookType::DefaultScript:
        return hooks::DefaultScript{};
    case HookType::DefaultScriptPart:
        return hooks::DefaultScriptPart{in.u32("hook.partIndex")};
    case HookType::CallPES: {
        hooks::CallPES call;
        call.pes = in.u32("hook.pes");
        call.pause = in.f32("hook.pause");
        return call;
    }
    case HookType::Transparent:
        return hooks::Transparent{readFade(in)};
    case HookType::SoundTweaked: {
        hooks::SoundTweaked sound;
        sound.waveId = in.u32("hook.waveId");
        sound.priority = in.f32("hook.priority");
        sound.probability = in.f32("hook.probability");
        sound.volume = in.f32("hook.volume");
        return sound;
    }
    case HookType::SetOmega:
        return hooks::SetOmega{readVec3(in, "hook.axis")};
    case HookType::TextureVelocity: {
        hooks::TextureVelocity velocity;
        velocity.uSpeed = in.f32("hook.uSpeed");
        velocity.vSpeed = in.f32("hook.vSpeed");
        return velocity;
    }
    case HookType::TextureVelocityPart: {
        hooks::TextureVelocityPart velocity;
        velocity.partIndex = in.u32("hook.partIndex");
        velocity.uSpeed = in.f32("hook.uSpeed");
        velocity.vSpeed = in.f32("hook.vSpeed");
        return velocity;
    }
    case HookType::SetLight:
        return hooks::SetLight{in.u32("hook.lightsOn")};
    case HookType::CreateBlockingParticle:
        return hooks::CreateBlockingParticle{readCreateParticle(in)};
    }
    in.fail("hook.type", "unknown hook type"); // unreachable: the caller checked the range
}

void writeFade(ByteWriter& out, const hooks::Fade& fade) {
    out.f32(fade.start);
    out.f32(fade.end);
    out.f32(fade.time);
}

void writePartFade(ByteWriter& out, const hooks::PartFade& part) {
    out.u32(part.partIndex);
    writeFade(out, part.fade);
}

void writeCreateParticle(ByteWriter& out, const hooks::CreateParticle& create) {
    out.u32(create.emitterInfoId);
    out.u32(create.partIndex);
    write(out, create.offset);
    out.u32(create.emitterId);
}

// One overload per payload; the variant visit picks it, so a new hook type cannot be forgotten.
struct PayloadWriter {
    ByteWriter& out;
    void operator()(const hooks::NoOp&) const {}
    void operator()(const hooks::Sound& h) const { out.u32(h.waveId); }
    void operator()(const hooks::SoundTable& h) const { out.u32(h.soundType); }
    void operator()(const hooks::Attack& h) const { write(out, h.cone); }
    void operator()(const hooks::AnimationDone&) const {}
    void operator()(const hooks::ReplaceObject& h) const {
        out.u16(h.partIndex);
        out.packedDid(h.gfxObjId, kGfxObjType, h.longForm);
    }
    void operator()(const hooks::Ethereal& h) const { out.u32(h.ethereal); }
    void operator()(const hooks::PartFade& h) const { writePartFade(out, h); }
    void operator()(const hooks::Fade& h) const { writeFade(out, h); }
    void operator()(const hooks::Scale& h) const {
        out.f32(h.end);
        out.f32(h.time);
    }
    void operator()(const hooks::CreateParticle& h) const { writeCreateParticle(out, h); }
    void operator()(const hooks::DestroyParticle& h) const { out.u32(h.emitterId); }
    void operator()(const hooks::StopParticle& h) const { out.u32(h.emitterId); }
    void operator()(const hooks::NoDraw& h) const { out.u32(h.noDraw); }
    void operator()(const hooks::DefaultScript&) const {}
    void operator()(const hooks::DefaultScriptPart& h) const { out.u32(h.partIndex); }
    void operator()(const hooks::CallPES& h) const {
        out.u32(h.pes);
        out.f32(h.pause);
    }
    void operator()(const hooks::SoundTweaked& h) const {
        out.u32(h.waveId);
        out.f32(h.priority);
        out.f32(h.probability);
        out.f32(h.volume);
    }
    void operator()(const hooks::SetOmega& h) const { write(out, h.axis); }
    void operator()(const hooks::TextureVelocity& h) const {
        out.f32(h.uSpeed);
        out.f32(h.vSpeed);
    }
    void operator()(const hooks::TextureVelocityPart& h) const {
        out.u32(h.partIndex);
        out.f32(h.uSpeed);
        out.f32(h.vSpeed);
    }
    void operator()(const hooks::SetLight& h) const { out.u32(h.lightsOn); }
};

QJsonObject fadeJson(const hooks::Fade& fade) {
    return {{"start", fade.start}, {"end", fade.end}, {"time", fade.time}};
}

QJsonObject createJson(const hooks::CreateParticle& h) {
    return {{"emitterInfoId", didJson(h.emitterInfoId)},
            {"partIndex", qint64(h.partIndex)},
            {"offset", toJson(h.offset)},
            {"emitterId", qint64(h.emitterId)}};
}

struct PayloadJson {
    QJsonObject operator()(const hooks::NoOp&) const { return {}; }
    QJsonObject operator()(const hooks::Sound& h) const { return {{"waveId", didJson(h.waveId)}}; }
    QJsonObject operator()(const hooks::SoundTable& h) const {
        return {{"soundType", qint64(h.soundType)}};
    }
    QJsonObject operator()(const hooks::Attack& h) const { return {{"cone", toJson(h.cone)}}; }
    QJsonObject operator()(const hooks::AnimationDone&) const { return {}; }
    QJsonObject operator()(const hooks::ReplaceObject& h) const {
        return {{"partIndex", h.partIndex},
                {"gfxObjId", didJson(h.gfxObjId)},
                {"longForm", h.longForm}};
    }
    QJsonObject operator()(const hooks::Ethereal& h) const {
        return {{"ethereal", h.ethereal != 0}};
    }
    QJsonObject operator()(const hooks::PartFade& h) const {
        QJsonObject object = fadeJson(h.fade);
        object["partIndex"] = qint64(h.partIndex);
        return object;
    }
    QJsonObject operator()(const hooks::Fade& h) const { return fadeJson(h); }
    QJsonObject operator()(const hooks::Scale& h) const {
        return {{"end", h.end}, {"time", h.time}};
    }
    QJsonObject operator()(const hooks::CreateParticle& h) const { return createJson(h); }
    QJsonObject operator()(const hooks::DestroyParticle& h) const {
        return {{"emitterId", qint64(h.emitterId)}};
    }
    QJsonObject operator()(const hooks::StopParticle& h) const {
        return {{"emitterId", qint64(h.emitterId)}};
    }
    QJsonObject operator()(const hooks::NoDraw& h) const { return {{"noDraw", h.noDraw != 0}}; }
    QJsonObject operator()(const hooks::DefaultScript&) const { return {}; }
    QJsonObject operator()(const hooks::DefaultScriptPart& h) const {
        return {{"partIndex", qint64(h.partIndex)}};
    }
    QJsonObject operator()(const hooks::CallPES& h) const {
        return {{"pes", didJson(h.pes)}, {"pause", h.pause}};
    }
    QJsonObject operator()(const hooks::SoundTweaked& h) const {
        return {{"waveId", didJson(h.waveId)},
                {"priority", h.priority},
                {"probability", h.probability},
                {"volume", h.volume}};
    }
    QJsonObject operator()(const hooks::SetOmega& h) const { return {{"axis", toJson(h.axis)}}; }
    QJsonObject operator()(const hooks::TextureVelocity& h) const {
        return {{"uSpeed", h.uSpeed}, {"vSpeed", h.vSpeed}};
    }
    QJsonObject operator()(const hooks::TextureVelocityPart& h) const {
        return {{"partIndex", qint64(h.partIndex)}, {"uSpeed", h.uSpeed}, {"vSpeed", h.vSpeed}};
    }
    QJsonObject operator()(const hooks::SetLight& h) const {
        return {{"lightsOn", h.lightsOn != 0}};
    }
};

} // namespace

std::string_view hookTypeName(HookType type) {
    const auto index = std::uint32_t(type);
    return index < kHookTypeCount ? kHookNames[index] : std::string_view("Unknown");
}

AnimationHook readHook(ByteCursor& in) {
    const std::size_t start = in.position();
    const std::uint32_t type = in.u32("hook.type");
    if (type >= kHookTypeCount)
        in.failAt(start, "hook.type", "unknown hook type " + std::to_string(type));
    AnimationHook hook;
    hook.direction = in.i32("hook.direction");
    if (!validHookDirection(hook.direction))
        in.failAt(start + 4, "hook.direction",
                  "direction " + std::to_string(hook.direction) + " is not -1, 0 or 1");
    hook.payload = readPayload(in, HookType(type));
    in.align4("hook.pad"); // CAnimHook::UnPackHook aligns after every hook
    return hook;
}

void writeHook(ByteWriter& out, const AnimationHook& hook) {
    out.u32(std::uint32_t(hook.type()));
    out.i32(hook.direction);
    std::visit(PayloadWriter{out}, hook.payload);
    out.align4();
}

QJsonObject hookToJson(const AnimationHook& hook) {
    QJsonObject object = std::visit(PayloadJson{}, hook.payload);
    object["type"] = QString::fromUtf8(hookTypeName(hook.type()).data());
    object["direction"] = hook.direction;
    return object;
}

} // namespace portalkit::dat
