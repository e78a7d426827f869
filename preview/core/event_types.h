#pragma once

// What the runtime reports, one struct per event kind (docs/preview.md#events). Fields are
// typed: ids as u32, vectors and frames as the preview's math types, the hook as the decoded
// hook. Each kind's kName is its stable name, the "event" of its trace line. Only the trace
// writer (preview/scene/trace.h) turns them into JSON.

#include "datreader/records/hooks.h"
#include "preview/core/math.h"

#include <QString>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace portalkit::preview {

// Opaque here so core stays below the rooms that define them.
enum class HitKind;  // preview/physics/world.h
enum class Response; // preview/physics/body.h
namespace wire {
enum class Gate;                  // preview/wire/freshness.h
enum class Channel : std::size_t; // preview/wire/freshness.h
} // namespace wire

// --- owners ------------------------------------------------------------------------------

struct OwnerCreated {
    static constexpr std::string_view kName = "owner_created";
    std::uint32_t setup = 0;
    std::optional<std::uint32_t> guid;
    float scale = 1;
    Vec3 origin;
};
struct OwnerRemoved {
    static constexpr std::string_view kName = "owner_removed";
};
// A record the runtime needed and could not load: its id and why.
struct SetupMissing {
    static constexpr std::string_view kName = "setup_missing";
    std::uint32_t setup = 0;
    QString reason;
};
struct MotionTableMissing {
    static constexpr std::string_view kName = "motion_table_missing";
    std::uint32_t table = 0;
    QString reason;
};
struct ScriptMissing {
    static constexpr std::string_view kName = "script_missing";
    std::uint32_t script = 0;
    QString reason;
};
// An effect for a guid with no owner yet waits for it (R6).
struct EffectQueued {
    static constexpr std::string_view kName = "effect_queued";
    std::uint32_t guid = 0;
    std::size_t pending = 0; // effects now waiting for that guid
};

// Why the state changed: the owner's creation, a set_state, a hook, or the client's own change
// to a missile that hit something (R46).
enum class StateCause { Create, SetState, Ethereal, NoDraw, Collision };
struct StateChanged {
    static constexpr std::string_view kName = "state";
    std::uint32_t state = 0;   // PhysicsState after
    std::uint32_t changed = 0; // the bits that differ from before
    StateCause cause = StateCause::SetState;
};
struct LightShown {
    std::int32_t type = 0;   // 0 point, 1 distant, 2 spot
    std::uint32_t color = 0; // ARGB
    float intensity = 0;
    float range = 0; // falloff × 1.5
    Frame frame;     // world
};
struct LightsSet {
    static constexpr std::string_view kName = "light";
    bool on = false;
    std::vector<LightShown> lights;
};

// --- motions and animation ---------------------------------------------------------------

struct MotionStarted {
    static constexpr std::string_view kName = "motion_started";
    std::uint32_t motion = 0;
    float speed = 1;
    std::uint32_t animations = 0;
};
struct MotionFailed {
    static constexpr std::string_view kName = "motion_failed";
    std::uint32_t motion = 0;
    float speed = 1;
    std::uint32_t animations = 0;
    bool noMotionTable = false; // then nothing was tried: speed and animations are not traced
};
struct MotionDone {
    static constexpr std::string_view kName = "motion_done";
    std::uint32_t motion = 0;
    bool success = false;
};
// A scenario's motion for a guid with no object.
struct MotionWithoutObject {
    static constexpr std::string_view kName = "motion_without_object";
    std::uint32_t guid = 0;
    std::uint32_t motion = 0;
};
// The shown animation frame changed.
struct AnimFrameShown {
    static constexpr std::string_view kName = "anim_frame";
    std::uint32_t animation = 0;
    std::int32_t frame = 0;
};
// The sequencer's own AnimationDone (not the hook).
struct AnimationFinished {
    static constexpr std::string_view kName = "animation_done";
    std::uint32_t animation = 0;
};

// --- scripts and hooks -------------------------------------------------------------------

struct TableResolved {
    static constexpr std::string_view kName = "table_resolved";
    std::uint32_t type = 0; // PlayScript type; its name is playScriptName(type)
    float intensity = 0;
    std::optional<std::uint32_t> table; // none when the owner has no table
    std::optional<std::uint32_t> result;
    std::optional<QString> reason; // why the table did not load
};
struct ScriptQueued {
    static constexpr std::string_view kName = "script_queued";
    std::uint32_t script = 0;
    double start = 0;
    std::size_t position = 0; // queue index
};
struct ScriptStarted {
    static constexpr std::string_view kName = "script_started";
    std::uint32_t script = 0;
    double start = 0;
};
struct ScriptFinished {
    static constexpr std::string_view kName = "script_finished";
    std::uint32_t script = 0;
};
// One update ran its hook limit and stopped for the frame.
struct ScriptOverrun {
    static constexpr std::string_view kName = "script_overrun";
    std::uint32_t script = 0;
    int hooks = 0;
};
struct CallPesScheduled {
    static constexpr std::string_view kName = "call_pes_scheduled";
    std::uint32_t script = 0;
    double delay = 0;
    float pause = 0;
};
struct HookFired {
    static constexpr std::string_view kName = "hook";
    dat::AnimationHook hook;
    std::uint32_t source = 0;          // the script or animation it came from
    std::optional<std::int32_t> frame; // animation hooks: the frame left
};

// Which hook asked for a sound.
enum class SoundHook { Sound, SoundTable, SoundTweaked };
struct SoundPlayed {
    static constexpr std::string_view kName = "sound";
    SoundHook hook = SoundHook::Sound;
    std::optional<std::uint32_t> soundType; // SoundTable
    std::optional<std::uint32_t> table;     // SoundTable: the owner's (0 none)
    std::optional<std::uint32_t> wave;      // none when a SoundTable chose nothing
    std::optional<float> volume;
    std::optional<float> priority;
    std::optional<float> probability;
    std::optional<std::size_t> entry; // SoundTable: the entry chosen
    bool played = false;
    std::optional<QString> reason; // why a SoundTable chose nothing
};
struct AttackMade {
    static constexpr std::string_view kName = "attack";
    std::uint32_t part = 0;
    float radius = 0; // × object scale
    float height = 0;
};
enum class AppearanceProperty { GfxObj, Scale, Translucency, Luminosity, Diffuse };
struct AppearanceChanged {
    static constexpr std::string_view kName = "appearance";
    AppearanceProperty property = AppearanceProperty::Scale;
    float value = 0;                  // all but GfxObj
    std::uint32_t gfxObj = 0;         // GfxObj
    std::optional<std::int32_t> part; // none: the whole object
};
struct NoChildAtPart {
    static constexpr std::string_view kName = "no_child_at_part";
    std::int32_t part = 0;
};
struct TextureVelocitySet {
    static constexpr std::string_view kName = "texture_velocity";
    std::vector<std::uint32_t> gfxObjs;
    float du = 0;
    float dv = 0;
};

// --- particles ---------------------------------------------------------------------------

// What every emitter event says about its emitter.
struct EmitterFields {
    std::uint32_t emitter = 0; // ParticleEmitterInfo DID
    std::uint32_t id = 0;      // logical id
    std::int32_t part = -1;    // -1 the root
    Vec3 anchor;               // world
};
struct EmitterCreated : EmitterFields {
    static constexpr std::string_view kName = "emitter_created";
};
struct EmitterReplaced : EmitterFields {
    static constexpr std::string_view kName = "emitter_replaced";
};
struct EmitterSuppressed : EmitterFields {
    static constexpr std::string_view kName = "emitter_suppressed";
    std::uint32_t requested = 0; // the info the blocked create asked for
};
enum class EmitterStopCause { Stop, TotalParticles, TotalSeconds };
struct EmitterStopped : EmitterFields {
    static constexpr std::string_view kName = "emitter_stopped";
    EmitterStopCause cause = EmitterStopCause::Stop;
};
struct EmitterRetired : EmitterFields {
    static constexpr std::string_view kName = "emitter_retired";
};
struct EmitterDestroyed : EmitterFields {
    static constexpr std::string_view kName = "emitter_destroyed";
};
struct EmitterMissing : EmitterFields {
    static constexpr std::string_view kName = "emitter_missing";
    QString reason;
};
struct EmitterInvalid : EmitterFields {
    static constexpr std::string_view kName = "emitter_invalid";
    QString reason;
};
struct EmitterCount {
    std::uint32_t id = 0;      // logical
    std::uint32_t emitter = 0; // ParticleEmitterInfo DID
    std::size_t live = 0;
};
// Once per frame per owner with emitters.
struct ParticlesSampled {
    static constexpr std::string_view kName = "particles";
    std::vector<EmitterCount> emitters;
    std::size_t live = 0;
};

// --- physics -----------------------------------------------------------------------------

struct PhysicsQuantum {
    static constexpr std::string_view kName = "physics";
    double dt = 0;
    Frame frame;
    Vec3 velocity;
    bool contact = false;
    bool onWalkable = false;
    bool swept = false;
    bool transitionFailed = false;
};
struct CollisionHit {
    static constexpr std::string_view kName = "collision";
    HitKind hit{};
    std::optional<std::uint32_t> id; // box id or the owner's guid; none for the ground
    Vec3 normal;
    bool walkable = false;
    Response response{};
    Vec3 velocityBefore;
    Vec3 velocityAfter;
};
// The retail transition's answer for one quantum in a cell DAT's world
// (docs/physics.md#flights-in-the-real-world): the cell the body ends in, its contact plane, and
// what stopped the sweep. Published with every `physics` event there.
struct TransitionDone {
    static constexpr std::string_view kName = "transition";
    bool ok = false; // false: the transition failed and the origin stayed (R57)
    std::uint32_t cell = 0;
    int steps = 0, stepsPlanned = 0;
    bool contact = false;
    Vec3 contactNormal;
    std::uint32_t contactCell = 0;
    bool water = false;
    bool walkable = false;
    std::optional<HitKind> hit;           // terrain, static or cell
    std::uint32_t hitId = 0;              // the static's GfxObj, or the cell id
    std::optional<std::uint16_t> polygon; // the physics polygon of a static or cell
    bool bspTooDeep = false;
    bool refused = false;    // not swept: a move no body can make (not finite, too many steps)
    bool restricted = false; // an EnvCell's entry restriction refused it (R53)
    int stepsUp = 0, stepsDown = 0; // a walker's step ups and step-downs taken (R51)
    bool cellArrayFull = false;     // a step reached more cells than the sweep tests
};
// A velocity and omega installed from outside (VectorUpdate).
struct VectorSet {
    static constexpr std::string_view kName = "vector";
    Vec3 velocity;
    Vec3 omega;
};
// A frame installed from outside (Position).
struct Placed {
    static constexpr std::string_view kName = "placed";
    Frame frame;
};

// --- server messages ---------------------------------------------------------------------

enum class Placement { None, Teleport, Airborne, SetPosition };
struct BranchVerdict {
    wire::Channel channel{};
    bool accepted = false;
};
struct PacketHandled {
    static constexpr std::string_view kName = "packet";
    std::uint32_t opcode = 0; // its name is wire::opcodeName(opcode)
    std::uint32_t guid = 0;
    bool accepted = false;
    std::optional<wire::Gate> gate;      // none for effects, which name their target (queued)
    std::vector<BranchVerdict> branches; // CreateObject of the live generation
    std::optional<std::uint32_t> state;  // SetState
    std::optional<Placement> placement;  // UpdatePosition
    std::optional<bool> queued;          // effects: the target is absent and it waits
};

using EventKind =
    std::variant<OwnerCreated, OwnerRemoved, SetupMissing, MotionTableMissing, ScriptMissing,
                 EffectQueued, StateChanged, LightsSet, MotionStarted, MotionFailed, MotionDone,
                 MotionWithoutObject, AnimFrameShown, AnimationFinished, TableResolved,
                 ScriptQueued, ScriptStarted, ScriptFinished, ScriptOverrun, CallPesScheduled,
                 HookFired, SoundPlayed, AttackMade, AppearanceChanged, NoChildAtPart,
                 TextureVelocitySet, EmitterCreated, EmitterReplaced, EmitterSuppressed,
                 EmitterStopped, EmitterRetired, EmitterDestroyed, EmitterMissing, EmitterInvalid,
                 ParticlesSampled, PhysicsQuantum, CollisionHit, TransitionDone, VectorSet, Placed,
                 PacketHandled>;

// Every kind's name, in variant order.
template <std::size_t... I> constexpr auto eventNamesOf(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{
        std::variant_alternative_t<I, EventKind>::kName...};
}
inline constexpr auto kEventNames =
    eventNamesOf(std::make_index_sequence<std::variant_size_v<EventKind>>());

inline std::string_view eventName(const EventKind& what) {
    return kEventNames[what.index()];
}

} // namespace portalkit::preview
