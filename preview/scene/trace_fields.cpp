// Each event kind's trace fields (docs/preview.md#events): the JSON keys and spellings the
// trace has always had, so a typed event writes the same bytes its JSON predecessor did.

#include "datreader/records/common.h"
#include "preview/core/physics_state.h"
#include "preview/effects/script_table.h"
#include "preview/physics/body.h"
#include "preview/physics/world.h"
#include "preview/scene/trace.h"
#include "preview/wire/freshness.h"
#include "preview/wire/messages.h"

#include <QJsonArray>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace portalkit::preview {

namespace {

// --- spellings ---------------------------------------------------------------------------

QJsonValue real(float value) {
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::strtod(std::string(text, end).c_str(), nullptr);
}

QJsonArray vector(Vec3 value) {
    return {real(value.x), real(value.y), real(value.z)};
}

QJsonObject frame(const Frame& frame) {
    const Quat& q = frame.orientation;
    return {{"origin", vector(frame.origin)},
            {"orientation", QJsonArray{real(q.w), real(q.x), real(q.y), real(q.z)}}};
}

QJsonValue did(std::uint32_t id) {
    return dat::didJson(id);
}

QJsonValue didOrNull(const std::optional<std::uint32_t>& id) {
    return id ? did(*id) : QJsonValue();
}

QJsonValue name(std::string_view text) {
    return QString::fromLatin1(text.data(), qsizetype(text.size()));
}

const char* causeName(StateCause cause) {
    switch (cause) {
    case StateCause::Create:
        return "create";
    case StateCause::SetState:
        return "set_state";
    case StateCause::Ethereal:
        return "Ethereal";
    case StateCause::NoDraw:
        return "NoDraw";
    case StateCause::Collision:
        return "collision";
    }
    return "";
}

const char* soundHookName(SoundHook hook) {
    switch (hook) {
    case SoundHook::Sound:
        return "Sound";
    case SoundHook::SoundTable:
        return "SoundTable";
    case SoundHook::SoundTweaked:
        return "SoundTweaked";
    }
    return "";
}

const char* propertyName(AppearanceProperty property) {
    switch (property) {
    case AppearanceProperty::GfxObj:
        return "gfxObj";
    case AppearanceProperty::Scale:
        return "scale";
    case AppearanceProperty::Translucency:
        return "translucency";
    case AppearanceProperty::Luminosity:
        return "luminosity";
    case AppearanceProperty::Diffuse:
        return "diffuse";
    }
    return "";
}

const char* stopCauseName(EmitterStopCause cause) {
    switch (cause) {
    case EmitterStopCause::Stop:
        return "stop";
    case EmitterStopCause::TotalParticles:
        return "total_particles";
    case EmitterStopCause::TotalSeconds:
        return "total_seconds";
    }
    return "";
}

const char* placementName(Placement placement) {
    switch (placement) {
    case Placement::None:
        return "none";
    case Placement::Teleport:
        return "teleport";
    case Placement::Airborne:
        return "airborne";
    case Placement::SetPosition:
        return "set_position";
    }
    return "";
}

// --- owners ------------------------------------------------------------------------------

QJsonObject fieldsOf(const OwnerCreated& e) {
    return {{"setup", did(e.setup)},
            {"guid", didOrNull(e.guid)},
            {"scale", real(e.scale)},
            {"origin", vector(e.origin)}};
}
QJsonObject fieldsOf(const OwnerRemoved&) {
    return {};
}
QJsonObject fieldsOf(const SetupMissing& e) {
    return {{"setup", did(e.setup)}, {"reason", e.reason}};
}
QJsonObject fieldsOf(const MotionTableMissing& e) {
    return {{"table", did(e.table)}, {"reason", e.reason}};
}
QJsonObject fieldsOf(const ScriptMissing& e) {
    return {{"script", did(e.script)}, {"reason", e.reason}};
}
QJsonObject fieldsOf(const EffectQueued& e) {
    return {{"guid", did(e.guid)}, {"pending", qint64(e.pending)}};
}
QJsonObject fieldsOf(const StateChanged& e) {
    return {{"state", did(e.state)},
            {"changed", did(e.changed)},
            {"bits", QJsonArray::fromStringList(state::names(e.state))},
            {"cause", causeName(e.cause)}};
}
QJsonObject fieldsOf(const LightsSet& e) {
    QJsonArray lights;
    for (const LightShown& light : e.lights)
        lights.append(QJsonObject{{"type", light.type},
                                  {"color", did(light.color)},
                                  {"intensity", real(light.intensity)},
                                  {"range", real(light.range)},
                                  {"frame", frame(light.frame)}});
    return {{"on", e.on}, {"lights", lights}};
}

// --- motions and animation ---------------------------------------------------------------

QJsonObject fieldsOf(const MotionStarted& e) {
    return {
        {"motion", did(e.motion)}, {"speed", real(e.speed)}, {"animations", qint64(e.animations)}};
}
QJsonObject fieldsOf(const MotionFailed& e) {
    if (e.noMotionTable)
        return {{"motion", did(e.motion)}, {"reason", "the owner has no MotionTable"}};
    return fieldsOf(MotionStarted{e.motion, e.speed, e.animations});
}
QJsonObject fieldsOf(const MotionDone& e) {
    return {{"motion", did(e.motion)}, {"success", e.success}};
}
QJsonObject fieldsOf(const MotionWithoutObject& e) {
    return {{"guid", did(e.guid)}, {"motion", did(e.motion)}};
}
QJsonObject fieldsOf(const AnimFrameShown& e) {
    return {{"animation", did(e.animation)}, {"frame", e.frame}};
}
QJsonObject fieldsOf(const AnimationFinished& e) {
    return {{"animation", did(e.animation)}};
}

// --- scripts and hooks -------------------------------------------------------------------

QJsonObject fieldsOf(const TableResolved& e) {
    QJsonObject fields{{"type", qint64(e.type)},
                       {"typeName", playScriptName(e.type)},
                       {"intensity", real(e.intensity)},
                       {"table", didOrNull(e.table)},
                       {"result", didOrNull(e.result)}};
    if (e.reason)
        fields["reason"] = *e.reason;
    return fields;
}
QJsonObject fieldsOf(const ScriptQueued& e) {
    return {{"script", did(e.script)}, {"start", e.start}, {"position", qint64(e.position)}};
}
QJsonObject fieldsOf(const ScriptStarted& e) {
    return {{"script", did(e.script)}, {"start", e.start}};
}
QJsonObject fieldsOf(const ScriptFinished& e) {
    return {{"script", did(e.script)}};
}
QJsonObject fieldsOf(const ScriptOverrun& e) {
    return {{"script", did(e.script)}, {"hooks", e.hooks}};
}
QJsonObject fieldsOf(const CallPesScheduled& e) {
    return {{"script", did(e.script)}, {"delay", e.delay}, {"pause", real(e.pause)}};
}
QJsonObject fieldsOf(const HookFired& e) {
    QJsonObject fields = dat::hookToJson(e.hook);
    fields["source"] = did(e.source);
    if (e.frame)
        fields["frame"] = *e.frame;
    return fields;
}
QJsonObject fieldsOf(const SoundPlayed& e) {
    QJsonObject fields{{"hook", soundHookName(e.hook)}, {"played", e.played}};
    if (e.soundType)
        fields["soundType"] = qint64(*e.soundType);
    if (e.table)
        fields["table"] = did(*e.table);
    if (e.wave)
        fields["wave"] = did(*e.wave);
    if (e.volume)
        fields["volume"] = real(*e.volume);
    if (e.priority)
        fields["priority"] = real(*e.priority);
    if (e.probability)
        fields["probability"] = real(*e.probability);
    if (e.entry)
        fields["entry"] = qint64(*e.entry);
    if (e.reason)
        fields["reason"] = *e.reason;
    return fields;
}
QJsonObject fieldsOf(const AttackMade& e) {
    return {{"part", qint64(e.part)}, {"radius", real(e.radius)}, {"height", real(e.height)}};
}
QJsonObject fieldsOf(const AppearanceChanged& e) {
    const bool gfxObj = e.property == AppearanceProperty::GfxObj;
    QJsonObject fields{{"property", propertyName(e.property)},
                       {"value", gfxObj ? did(e.gfxObj) : real(e.value)}};
    if (e.part)
        fields["part"] = *e.part;
    return fields;
}
QJsonObject fieldsOf(const NoChildAtPart& e) {
    return {{"part", e.part}};
}
QJsonObject fieldsOf(const TextureVelocitySet& e) {
    QJsonArray named;
    for (std::uint32_t gfxObj : e.gfxObjs)
        named.append(did(gfxObj));
    return {{"gfxObjs", named}, {"du", real(e.du)}, {"dv", real(e.dv)}};
}

// --- particles ---------------------------------------------------------------------------

QJsonObject emitterFields(const EmitterFields& e) {
    return {{"emitter", did(e.emitter)},
            {"id", qint64(e.id)},
            {"part", e.part},
            {"anchor", vector(e.anchor)}};
}
QJsonObject fieldsOf(const EmitterCreated& e) {
    return emitterFields(e);
}
QJsonObject fieldsOf(const EmitterReplaced& e) {
    return emitterFields(e);
}
QJsonObject fieldsOf(const EmitterSuppressed& e) {
    QJsonObject fields = emitterFields(e);
    fields["requested"] = did(e.requested);
    return fields;
}
QJsonObject fieldsOf(const EmitterStopped& e) {
    QJsonObject fields = emitterFields(e);
    fields["cause"] = stopCauseName(e.cause);
    return fields;
}
QJsonObject fieldsOf(const EmitterRetired& e) {
    return emitterFields(e);
}
QJsonObject fieldsOf(const EmitterDestroyed& e) {
    return emitterFields(e);
}
QJsonObject fieldsOf(const EmitterMissing& e) {
    QJsonObject fields = emitterFields(e);
    fields["reason"] = e.reason;
    return fields;
}
QJsonObject fieldsOf(const EmitterInvalid& e) {
    QJsonObject fields = emitterFields(e);
    fields["reason"] = e.reason;
    return fields;
}
QJsonObject fieldsOf(const ParticlesSampled& e) {
    QJsonArray emitters;
    for (const EmitterCount& each : e.emitters)
        emitters.append(QJsonObject{
            {"id", qint64(each.id)}, {"emitter", did(each.emitter)}, {"live", qint64(each.live)}});
    return {{"emitters", emitters}, {"live", qint64(e.live)}};
}

// --- physics -----------------------------------------------------------------------------

QJsonObject fieldsOf(const PhysicsQuantum& e) {
    QJsonObject fields{{"dt", real(float(e.dt))},
                       {"frame", frame(e.frame)},
                       {"velocity", vector(e.velocity)},
                       {"contact", e.contact},
                       {"on_walkable", e.onWalkable}};
    if (e.swept)
        fields["swept"] = true;
    if (e.transitionFailed)
        fields["transition_failed"] = true;
    return fields;
}
QJsonObject fieldsOf(const CollisionHit& e) {
    QJsonObject fields{{"hit", hitKindName(e.hit)},
                       {"normal", vector(e.normal)},
                       {"walkable", e.walkable},
                       {"response", responseName(e.response)},
                       {"velocity_before", vector(e.velocityBefore)},
                       {"velocity_after", vector(e.velocityAfter)}};
    if (e.id)
        fields["id"] = did(*e.id);
    return fields;
}
QJsonObject fieldsOf(const TransitionDone& e) {
    QJsonObject fields{{"ok", e.ok},
                       {"cell", did(e.cell)},
                       {"steps", e.steps},
                       {"steps_planned", e.stepsPlanned},
                       {"contact", e.contact}};
    if (e.contact) {
        fields["contact_normal"] = vector(e.contactNormal);
        fields["contact_cell"] = did(e.contactCell);
        fields["walkable"] = e.walkable;
        fields["water"] = e.water;
    }
    if (e.hit) {
        fields["hit"] = hitKindName(*e.hit);
        fields["hit_id"] = did(e.hitId);
    }
    if (e.polygon)
        fields["polygon"] = int(*e.polygon);
    if (e.bspTooDeep)
        fields["bsp_too_deep"] = true;
    if (e.refused)
        fields["refused"] = true;
    if (e.restricted)
        fields["restricted"] = true;
    if (e.stepsUp)
        fields["steps_up"] = e.stepsUp;
    if (e.stepsDown)
        fields["steps_down"] = e.stepsDown;
    if (e.cellArrayFull)
        fields["cell_array_full"] = true;
    return fields;
}
QJsonObject fieldsOf(const VectorSet& e) {
    return {{"velocity", vector(e.velocity)}, {"omega", vector(e.omega)}};
}
QJsonObject fieldsOf(const Placed& e) {
    return {{"frame", frame(e.frame)}};
}

// --- server messages ---------------------------------------------------------------------

QJsonObject fieldsOf(const PacketHandled& e) {
    // Effects have no gate: their verdict is whether the target was there.
    const QJsonValue gate = e.gate                     ? name(wire::gateName(*e.gate))
                            : e.queued.value_or(false) ? QJsonValue("target-absent")
                                                       : QJsonValue("target-live");
    QJsonObject fields{{"opcode", did(e.opcode)},
                       {"message", name(wire::opcodeName(e.opcode))},
                       {"guid", did(e.guid)},
                       {"accepted", e.accepted},
                       {"gate", gate}};
    if (!e.branches.empty()) {
        QJsonObject branches;
        for (const BranchVerdict& branch : e.branches)
            branches[name(wire::channelName(branch.channel)).toString()] = branch.accepted;
        fields["branches"] = branches;
    }
    if (e.state)
        fields["state"] = did(*e.state);
    if (e.placement)
        fields["placement"] = placementName(*e.placement);
    if (e.queued)
        fields["queued"] = *e.queued;
    return fields;
}

} // namespace

QJsonObject traceFields(const Event& event) {
    return std::visit([](const auto& what) { return fieldsOf(what); }, event.what);
}

} // namespace portalkit::preview
