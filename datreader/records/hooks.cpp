#include "datreader/records/hooks.h"

#include "datreader/container/dat_kind.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <algorithm>
#include <array>
#include <utility>

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

constexpr std::uint32_t kGfxObjType = portalTypeRange("GfxObj").first;
constexpr std::uint32_t kMaxPackedOffset = 0x3FFFFFFF; // the long form's 30 bits
constexpr std::uint32_t kMaxShortFormOffset = 0x7FFF;

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
    return {{"start", exactJson(fade.start)},
            {"end", exactJson(fade.end)},
            {"time", exactJson(fade.time)}};
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
        return {{"ethereal", bool32Json(h.ethereal)}};
    }
    QJsonObject operator()(const hooks::PartFade& h) const {
        QJsonObject object = fadeJson(h.fade);
        object["partIndex"] = qint64(h.partIndex);
        return object;
    }
    QJsonObject operator()(const hooks::Fade& h) const { return fadeJson(h); }
    QJsonObject operator()(const hooks::Scale& h) const {
        return {{"end", exactJson(h.end)}, {"time", exactJson(h.time)}};
    }
    QJsonObject operator()(const hooks::CreateParticle& h) const { return createJson(h); }
    QJsonObject operator()(const hooks::DestroyParticle& h) const {
        return {{"emitterId", qint64(h.emitterId)}};
    }
    QJsonObject operator()(const hooks::StopParticle& h) const {
        return {{"emitterId", qint64(h.emitterId)}};
    }
    QJsonObject operator()(const hooks::NoDraw& h) const {
        return {{"noDraw", bool32Json(h.noDraw)}};
    }
    QJsonObject operator()(const hooks::DefaultScript&) const { return {}; }
    QJsonObject operator()(const hooks::DefaultScriptPart& h) const {
        return {{"partIndex", qint64(h.partIndex)}};
    }
    QJsonObject operator()(const hooks::CallPES& h) const {
        return {{"pes", didJson(h.pes)}, {"pause", exactJson(h.pause)}};
    }
    QJsonObject operator()(const hooks::SoundTweaked& h) const {
        return {{"waveId", didJson(h.waveId)},
                {"priority", exactJson(h.priority)},
                {"probability", exactJson(h.probability)},
                {"volume", exactJson(h.volume)}};
    }
    QJsonObject operator()(const hooks::SetOmega& h) const { return {{"axis", toJson(h.axis)}}; }
    QJsonObject operator()(const hooks::TextureVelocity& h) const {
        return {{"uSpeed", exactJson(h.uSpeed)}, {"vSpeed", exactJson(h.vSpeed)}};
    }
    QJsonObject operator()(const hooks::TextureVelocityPart& h) const {
        return {{"partIndex", qint64(h.partIndex)},
                {"uSpeed", exactJson(h.uSpeed)},
                {"vSpeed", exactJson(h.vSpeed)}};
    }
    QJsonObject operator()(const hooks::SetLight& h) const {
        return {{"lightsOn", bool32Json(h.lightsOn)}};
    }
};

hooks::Fade fadeFromJson(const JsonNode& node) {
    return {node["start"].f32(0), node["end"].f32(0), node["time"].f32(0)};
}

// Fills the payload alternative hookFromJson picked by type, mirroring PayloadJson key for key.
struct PayloadFromJson {
    const JsonNode& node;
    void operator()(hooks::NoOp&) const {}
    void operator()(hooks::Sound& h) const { h.waveId = node["waveId"].u32(); }
    void operator()(hooks::SoundTable& h) const { h.soundType = node["soundType"].u32(); }
    void operator()(hooks::Attack& h) const { h.cone = attackConeFromJson(node["cone"]); }
    void operator()(hooks::AnimationDone&) const {}
    void operator()(hooks::ReplaceObject& h) const {
        h.partIndex = node["partIndex"].u16(0);
        const JsonNode gfxObj = node["gfxObjId"];
        h.gfxObjId = gfxObj.u32();
        const std::uint32_t offset = h.gfxObjId - kGfxObjType; // ids below wrap and fail too
        if (offset > kMaxPackedOffset)
            gfxObj.fail(formatDid(h.gfxObjId) + " cannot be packed: GfxObj ids run from " +
                        formatDid(kGfxObjType) + " to " +
                        formatDid(kGfxObjType + kMaxPackedOffset));
        // Larger offsets only fit the long form; "longForm": true keeps a long form the short
        // one could have held, as some stored hooks have.
        h.longForm = node["longForm"].boolean(false) || offset > kMaxShortFormOffset;
    }
    void operator()(hooks::Ethereal& h) const { h.ethereal = bool32FromJson(node["ethereal"]); }
    void operator()(hooks::PartFade& h) const {
        h.partIndex = node["partIndex"].u32(0);
        h.fade = fadeFromJson(node);
    }
    void operator()(hooks::Fade& h) const { h = fadeFromJson(node); }
    void operator()(hooks::Scale& h) const {
        h.end = node["end"].f32(0);
        h.time = node["time"].f32(0);
    }
    void operator()(hooks::CreateParticle& h) const {
        h.emitterInfoId = node["emitterInfoId"].u32();
        h.partIndex = node["partIndex"].u32(0);
        h.offset = frameFromJson(node["offset"]);
        h.emitterId = node["emitterId"].u32(0);
    }
    void operator()(hooks::DestroyParticle& h) const { h.emitterId = node["emitterId"].u32(); }
    void operator()(hooks::StopParticle& h) const { h.emitterId = node["emitterId"].u32(); }
    void operator()(hooks::NoDraw& h) const { h.noDraw = bool32FromJson(node["noDraw"]); }
    void operator()(hooks::DefaultScript&) const {}
    void operator()(hooks::DefaultScriptPart& h) const { h.partIndex = node["partIndex"].u32(0); }
    void operator()(hooks::CallPES& h) const {
        h.pes = node["pes"].u32();
        h.pause = node["pause"].f32(0);
    }
    void operator()(hooks::SoundTweaked& h) const {
        h.waveId = node["waveId"].u32();
        h.priority = node["priority"].f32(0);
        h.probability = node["probability"].f32(0);
        h.volume = node["volume"].f32(0);
    }
    void operator()(hooks::SetOmega& h) const {
        if (!node["axis"].isMissing())
            h.axis = vec3FromJson(node["axis"]);
    }
    void operator()(hooks::TextureVelocity& h) const {
        h.uSpeed = node["uSpeed"].f32(0);
        h.vSpeed = node["vSpeed"].f32(0);
    }
    void operator()(hooks::TextureVelocityPart& h) const {
        h.partIndex = node["partIndex"].u32(0);
        h.uSpeed = node["uSpeed"].f32(0);
        h.vSpeed = node["vSpeed"].f32(0);
    }
    void operator()(hooks::SetLight& h) const { h.lightsOn = bool32FromJson(node["lightsOn"]); }
};

// The default payload of alternative `index`, which PayloadFromJson then fills.
template <std::size_t... Index>
HookPayload emptyPayload(std::size_t index, std::index_sequence<Index...>) {
    static constexpr std::array<HookPayload (*)(), sizeof...(Index)> kMakers{
        [] { return HookPayload(std::in_place_index<Index>); }...};
    return kMakers[index]();
}

HookType hookTypeFromJson(const JsonNode& node) {
    if (node.isString() && !node.value().toString().startsWith("0x", Qt::CaseInsensitive)) {
        const std::string name = node.string().toStdString();
        const auto found = std::find(kHookNames.begin(), kHookNames.end(), name);
        if (found == kHookNames.end())
            node.fail("unknown hook type '" + name + "'");
        return HookType(found - kHookNames.begin());
    }
    const std::uint32_t type = node.u32();
    if (type >= kHookTypeCount)
        node.fail("unknown hook type " + std::to_string(type));
    return HookType(type);
}

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
    hook.pad = readPad(in, "hook.pad"); // CAnimHook::UnPackHook aligns after every hook
    return hook;
}

void writeHook(ByteWriter& out, const AnimationHook& hook) {
    out.u32(std::uint32_t(hook.type()));
    out.i32(hook.direction);
    std::visit(PayloadWriter{out}, hook.payload);
    writePad(out, hook.pad, "hook.pad");
}

QJsonObject hookToJson(const AnimationHook& hook) {
    QJsonObject object = std::visit(PayloadJson{}, hook.payload);
    object["type"] = QString::fromUtf8(hookTypeName(hook.type()).data());
    object["direction"] = hook.direction;
    putPad(object, "pad", hook.pad);
    return object;
}

AnimationHook hookFromJson(const JsonNode& node) {
    const HookType type = hookTypeFromJson(node["type"]);
    AnimationHook hook;
    hook.direction = node["direction"].i32(0);
    if (!validHookDirection(hook.direction))
        node["direction"].fail("direction " + std::to_string(hook.direction) +
                               " is not -1, 0 or 1");
    hook.payload = emptyPayload(std::size_t(type), std::make_index_sequence<kHookTypeCount>());
    std::visit(PayloadFromJson{node}, hook.payload);
    hook.pad = node["pad"].u32(0);
    return hook;
}

} // namespace portalkit::dat
