#pragma once

// The one place animation hooks are read and written (docs/formats.md). Animation frames and
// PhysicsScripts both go through readHook/writeHook; nothing else parses hook bytes.

#include "datreader/records/common.h"

#include <QJsonObject>
#include <cstdint>
#include <string_view>
#include <variant>

namespace portalkit::dat {

enum class HookType : std::uint32_t {
    NoOp = 0,
    Sound = 1,
    SoundTable = 2,
    Attack = 3,
    AnimationDone = 4,
    ReplaceObject = 5,
    Ethereal = 6,
    TransparentPart = 7,
    Luminous = 8,
    LuminousPart = 9,
    Diffuse = 10,
    DiffusePart = 11,
    Scale = 12,
    CreateParticle = 13,
    DestroyParticle = 14,
    StopParticle = 15,
    NoDraw = 16,
    DefaultScript = 17,
    DefaultScriptPart = 18,
    CallPES = 19,
    Transparent = 20,
    SoundTweaked = 21,
    SetOmega = 22,
    TextureVelocity = 23,
    TextureVelocityPart = 24,
    SetLight = 25,
    CreateBlockingParticle = 26,
};
constexpr std::uint32_t kHookTypeCount = 27;

std::string_view hookTypeName(HookType type);

// Direction a hook fires in: 0 both, 1 forward, -1 backward (the only values stored on disk).
constexpr bool validHookDirection(std::int32_t direction) {
    return direction >= -1 && direction <= 1;
}

namespace hooks {
struct NoOp {
    bool operator==(const NoOp&) const = default;
};
struct Sound {
    std::uint32_t waveId = 0;
    bool operator==(const Sound&) const = default;
};
struct SoundTable {
    std::uint32_t soundType = 0; // Sound enum, played through the owner's SoundTable
    bool operator==(const SoundTable&) const = default;
};
struct Attack {
    AttackCone cone;
    bool operator==(const Attack&) const = default;
};
struct AnimationDone {
    bool operator==(const AnimationDone&) const = default;
};
struct ReplaceObject {
    std::uint16_t partIndex = 0;
    std::uint32_t gfxObjId = 0;
    bool longForm = false; // the packed DID's stored form, kept for byte-exact writing
    bool operator==(const ReplaceObject&) const = default;
};
struct Ethereal {
    std::uint32_t ethereal = 0; // bool32, raw
    bool operator==(const Ethereal&) const = default;
};
struct Fade { // start/end/time ramps shared by the Luminous, Diffuse and Transparent families
    float start = 0, end = 0, time = 0;
    bool operator==(const Fade&) const = default;
};
struct PartFade {
    std::uint32_t partIndex = 0;
    Fade fade;
    bool operator==(const PartFade&) const = default;
};
struct TransparentPart : PartFade {};
struct Luminous : Fade {};
struct LuminousPart : PartFade {};
struct Diffuse : Fade {};
struct DiffusePart : PartFade {};
struct Scale {
    float end = 0, time = 0;
    bool operator==(const Scale&) const = default;
};
struct CreateParticle {
    std::uint32_t emitterInfoId = 0; // ParticleEmitterInfo 0x32...
    std::uint32_t partIndex = 0;
    Frame offset;
    std::uint32_t emitterId = 0; // logical emitter id; 0 = anonymous
    bool operator==(const CreateParticle&) const = default;
};
struct DestroyParticle {
    std::uint32_t emitterId = 0;
    bool operator==(const DestroyParticle&) const = default;
};
struct StopParticle {
    std::uint32_t emitterId = 0;
    bool operator==(const StopParticle&) const = default;
};
struct NoDraw {
    std::uint32_t noDraw = 0; // bool32, raw
    bool operator==(const NoDraw&) const = default;
};
struct DefaultScript {
    bool operator==(const DefaultScript&) const = default;
};
struct DefaultScriptPart {
    std::uint32_t partIndex = 0;
    bool operator==(const DefaultScriptPart&) const = default;
};
struct CallPES {
    std::uint32_t pes = 0; // PhysicsScript 0x33...
    float pause = 0;
    bool operator==(const CallPES&) const = default;
};
struct Transparent : Fade {};
struct SoundTweaked {
    std::uint32_t waveId = 0;
    float priority = 0, probability = 0, volume = 0;
    bool operator==(const SoundTweaked&) const = default;
};
struct SetOmega {
    Vec3 axis;
    bool operator==(const SetOmega&) const = default;
};
struct TextureVelocity {
    float uSpeed = 0, vSpeed = 0;
    bool operator==(const TextureVelocity&) const = default;
};
struct TextureVelocityPart {
    std::uint32_t partIndex = 0;
    float uSpeed = 0, vSpeed = 0;
    bool operator==(const TextureVelocityPart&) const = default;
};
struct SetLight {
    std::uint32_t lightsOn = 0; // bool32, raw
    bool operator==(const SetLight&) const = default;
};
// The full CreateParticle payload (R28): 40 bytes, never the 8-byte header alone.
struct CreateBlockingParticle : CreateParticle {};
} // namespace hooks

// Alternative i is hook type i.
using HookPayload =
    std::variant<hooks::NoOp, hooks::Sound, hooks::SoundTable, hooks::Attack, hooks::AnimationDone,
                 hooks::ReplaceObject, hooks::Ethereal, hooks::TransparentPart, hooks::Luminous,
                 hooks::LuminousPart, hooks::Diffuse, hooks::DiffusePart, hooks::Scale,
                 hooks::CreateParticle, hooks::DestroyParticle, hooks::StopParticle, hooks::NoDraw,
                 hooks::DefaultScript, hooks::DefaultScriptPart, hooks::CallPES, hooks::Transparent,
                 hooks::SoundTweaked, hooks::SetOmega, hooks::TextureVelocity,
                 hooks::TextureVelocityPart, hooks::SetLight, hooks::CreateBlockingParticle>;
static_assert(std::variant_size_v<HookPayload> == kHookTypeCount);

struct AnimationHook {
    std::int32_t direction = 0;
    HookPayload payload;
    std::uint32_t pad = 0; // the alignment fill after the hook, raw (docs/formats.md#retail-bytes)

    HookType type() const { return HookType(payload.index()); }
    bool operator==(const AnimationHook&) const = default;
};

// Reads one hook (8-byte header, payload, then align4 as the client does). An unknown type or
// direction is an error at its offset, never a skip.
AnimationHook readHook(ByteCursor& in);
void writeHook(ByteWriter& out, const AnimationHook& hook);
// {"type": "CreateBlockingParticle", "direction": 1, ...payload fields}
QJsonObject hookToJson(const AnimationHook& hook);
// The inverse of hookToJson and the one place hook JSON is read. "type" is a name or a number
// 0..26 and "direction" defaults to 0. What a hook points at (its ids, soundType, emitterId, the
// attack cone, the ethereal/noDraw/lightsOn switch) is required; amounts, part indices and
// offsets default to zero or the identity.
AnimationHook hookFromJson(const JsonNode& node);

} // namespace portalkit::dat
