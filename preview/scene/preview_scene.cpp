#include "preview/scene/preview_scene.h"

#include "datreader/records/common.h"
#include "preview/core/event_fields.h"
#include "preview/effects/script_table.h"
#include "preview/physics/quanta.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace portalkit::preview {

namespace {

constexpr std::uint32_t kPlayScriptUnHide = 0x75;
constexpr std::uint32_t kPlayScriptHidden = 0x76;

QString hexState(std::uint32_t bits) {
    return dat::didJson(bits);
}

// Hook part indices are u32 on disk; -1 (0xFFFFFFFF) names the root.
std::int32_t partIndexOf(std::uint32_t stored) {
    return std::int32_t(stored);
}

} // namespace

PreviewScene::PreviewScene(std::shared_ptr<const Assets> assets, std::uint32_t seed)
    : m_assets(std::move(assets)), m_random(std::int32_t(seed & 0x7FFFFFFF)), m_crtRandom(seed) {}

PreviewScene::~PreviewScene() = default;

void PreviewScene::publish(const Owner& owner, const char* type, QJsonObject fields) {
    m_events.publish(m_now, owner.id, QString::fromLatin1(type), std::move(fields));
}

Owner* PreviewScene::owner(std::uint32_t id) {
    auto found = m_owners.find(id);
    return found == m_owners.end() ? nullptr : found->second.get();
}

const Owner* PreviewScene::owner(std::uint32_t id) const {
    auto found = m_owners.find(id);
    return found == m_owners.end() ? nullptr : found->second.get();
}

std::vector<std::uint32_t> PreviewScene::ownerIds() const {
    std::vector<std::uint32_t> ids;
    for (const auto& [id, owner] : m_owners)
        ids.push_back(id);
    return ids;
}

std::uint32_t PreviewScene::createOwner(const OwnerDesc& desc) {
    const dat::Setup* setup = m_assets->get<dat::Setup>(desc.setup);
    if (!setup) {
        m_events.publish(m_now, 0, QStringLiteral("setup_missing"),
                         {{"setup", dat::didJson(desc.setup)},
                          {"reason", m_assets->whyMissing<dat::Setup>(desc.setup)}});
        return 0;
    }
    const std::uint32_t id = m_nextOwnerId++;
    auto created = std::make_unique<Owner>(id, *m_assets, m_random, m_events);
    Owner& owner = *created;
    m_owners.emplace(id, std::move(created));

    owner.guid = desc.guid;
    owner.setupId = desc.setup;
    owner.setup = setup;
    owner.scale = desc.scale;
    PhysicsBody& body = owner.body;
    body.id = desc.guid.value_or(id);
    body.frame = desc.frame;
    body.scale = desc.scale;
    body.setShape(*setup, desc.scale);
    body.transientState = desc.grounded ? transient::Contact | transient::OnWalkable : 0;
    if (desc.friction)
        body.setFriction(*desc.friction);
    if (desc.elasticity)
        body.setElasticity(*desc.elasticity);
    body.creature = desc.creature;
    body.targetId = desc.targetId;
    owner.translucency = owner.originalTranslucency = desc.translucency;
    owner.updateTime = owner.physicsTime = m_now;
    owner.parts.resize(setup->parts.size());
    for (std::size_t i = 0; i < setup->parts.size(); ++i) {
        OwnerPart& part = owner.parts[i];
        part.gfxObj = setup->parts[i];
        part.world = body.frame;
        const Vec3 base =
            i < setup->defaultScales.size() ? Vec3(setup->defaultScales[i]) : Vec3{1, 1, 1};
        part.gfxScale = base * owner.scale;
    }
    for (const auto& [key, frame] : setup->placementFrames)
        if (key == 0)
            owner.sequencer.setPlacementFrame(&frame);

    publish(owner, "owner_created",
            {{"setup", dat::didJson(desc.setup)},
             {"guid", desc.guid ? QJsonValue(dat::didJson(*desc.guid)) : QJsonValue()},
             {"scale", realField(desc.scale)},
             {"origin", vectorField(desc.frame.origin)}});

    // InitDefaults (R10): the Setup's direct script and its tables.
    if (setup->defaultScript)
        playScriptInternal(owner, setup->defaultScript);
    owner.motionTable = setup->defaultMotionTable;
    owner.soundTable = setup->defaultSoundTable;
    owner.scriptTable = setup->defaultScriptTable;
    if (setup->defaultAnimation) {
        owner.sequencer.clear();
        owner.sequencer.appendAnimation(dat::AnimData{setup->defaultAnimation, 0, -1, 30.0f});
    }

    // set_description (SEED §2): what the description names replaces the Setup's; a
    // description's PeTable replaces it even when zero (R8).
    if (desc.motionTable && *desc.motionTable)
        owner.motionTable = *desc.motionTable;
    if (desc.soundTable)
        owner.soundTable = *desc.soundTable;
    if (desc.scriptTable)
        owner.scriptTable = *desc.scriptTable;
    owner.defaultScriptType = desc.defaultScriptType;
    owner.defaultScriptIntensity = desc.defaultScriptIntensity;
    if (owner.motionTable) {
        owner.motion.emplace(*m_assets, owner.motionTable);
        if (owner.motion->table()) {
            owner.motion->initializeState(owner.sequencer);
        } else {
            owner.motion.reset();
            publish(owner, "motion_table_missing",
                    {{"table", dat::didJson(owner.motionTable)},
                     {"reason", m_assets->whyMissing<dat::MotionTable>(owner.motionTable)}});
        }
    }
    publishPose(owner);

    // The constructor's state, then the description's through set_state: only real changes
    // have side effects, so a visible create makes no UnHide (R14). Lights that the starting
    // state already has switched on are created here (the preview's InitPartArrayObject).
    owner.state = state::kDefault;
    changeState(owner, desc.state, QStringLiteral("create"));
    if ((owner.state & state::Lighting) && owner.lights.empty() && !setup->lights.empty())
        setLights(owner, true);
    body.velocity = desc.velocity;
    body.omega = desc.omega;

    if (desc.guid) {
        auto pending = m_pendingEffects.find(*desc.guid);
        if (pending != m_pendingEffects.end()) {
            const std::vector<Effect> effects = std::move(pending->second);
            m_pendingEffects.erase(pending);
            for (const Effect& effect : effects)
                deliver(*desc.guid, effect);
        }
    }
    return id;
}

void PreviewScene::removeOwner(std::uint32_t id) {
    Owner* target = owner(id);
    if (!target)
        return;
    for (std::uint32_t child : target->children)
        if (Owner* held = owner(child))
            held->parent = 0;
    if (Owner* parent = owner(target->parent))
        std::erase(parent->children, id);
    publish(*target, "owner_removed");
    m_owners.erase(id);
}

bool PreviewScene::attach(std::uint32_t child, std::uint32_t parent, std::int32_t part,
                          const Frame& holding) {
    Owner* held = owner(child);
    Owner* holder = owner(parent);
    if (!held || !holder || child == parent || held->parent)
        return false;
    held->parent = parent;
    held->parentPart = part;
    held->holding = holding;
    holder->children.push_back(child);
    updateChildren(*holder);
    return true;
}

bool PreviewScene::playScript(std::uint32_t id, std::uint32_t script) {
    Owner* target = owner(id);
    if (!target)
        return false;
    playScriptInternal(*target, script);
    return true;
}

bool PreviewScene::playTyped(std::uint32_t id, std::uint32_t type, float intensity) {
    Owner* target = owner(id);
    return target && playTypedInternal(*target, type, intensity);
}

void PreviewScene::deliver(std::uint32_t guid, const Effect& effect) {
    Owner* target = nullptr;
    for (auto& [id, candidate] : m_owners)
        if (candidate->guid == guid)
            target = candidate.get();
    if (!target) {
        m_pendingEffects[guid].push_back(effect);
        m_events.publish(
            m_now, 0, QStringLiteral("effect_queued"),
            {{"guid", dat::didJson(guid)}, {"pending", qint64(m_pendingEffects[guid].size())}});
        return;
    }
    if (const auto* direct = std::get_if<DirectEffect>(&effect))
        playScriptInternal(*target, direct->script);
    else if (const auto* typed = std::get_if<TypedEffect>(&effect))
        playTypedInternal(*target, typed->type, typed->intensity);
}

std::size_t PreviewScene::pendingFor(std::uint32_t guid) const {
    auto found = m_pendingEffects.find(guid);
    return found == m_pendingEffects.end() ? 0 : found->second.size();
}

bool PreviewScene::performMotion(std::uint32_t id, std::uint32_t motion, float speed) {
    Owner* target = owner(id);
    if (!target)
        return false;
    if (!target->motion) {
        publish(*target, "motion_failed",
                {{"motion", dat::didJson(motion)}, {"reason", "the owner has no MotionTable"}});
        return false;
    }
    const MotionResult result = target->motion->perform(motion, speed, target->sequencer);
    publish(*target, result.success ? "motion_started" : "motion_failed",
            {{"motion", dat::didJson(motion)},
             {"speed", realField(speed)},
             {"animations", qint64(result.numAnims)}});
    return result.success;
}

void PreviewScene::setState(std::uint32_t id, std::uint32_t next) {
    if (Owner* target = owner(id))
        changeState(*target, next, QStringLiteral("set_state"));
}

// --- state -------------------------------------------------------------------------------

void PreviewScene::changeState(Owner& owner, std::uint32_t next, const QString& cause) {
    const std::uint32_t before = owner.state;
    const std::uint32_t changed = before ^ next;
    owner.state = next;
    // set_state (R12): lights, then NoDraw before Hidden.
    if (changed & state::Lighting)
        setLights(owner, (next & state::Lighting) != 0);
    if (changed & state::NoDraw)
        setNoDraw(owner, (next & state::NoDraw) != 0);
    if (changed & state::Hidden)
        setHidden(owner, (next & state::Hidden) != 0);
    if (owner.state != before || cause == QLatin1String("create"))
        publishState(owner, before, cause);
}

void PreviewScene::publishState(const Owner& owner, std::uint32_t before, const QString& cause) {
    publish(owner, "state",
            {{"state", hexState(owner.state)},
             {"changed", hexState(owner.state ^ before)},
             {"bits", QJsonArray::fromStringList(state::names(owner.state))},
             {"cause", cause}});
}

void PreviewScene::setHidden(Owner& owner, bool hidden) {
    // set_hidden (R13): the typed script through the current table at intensity 1; Hidden
    // never destroys scripts or particles (R15).
    if (hidden) {
        owner.state |= state::Hidden;
        playTypedInternal(owner, kPlayScriptHidden, 1.0f);
        for (std::uint32_t child : owner.children)
            if (Owner* held = this->owner(child))
                setNoDraw(*held, true);
        owner.state &= ~state::ReportCollisions;
        owner.state |= state::IgnoreCollisions;
    } else {
        owner.state &= ~state::Hidden;
        playTypedInternal(owner, kPlayScriptUnHide, 1.0f);
        for (std::uint32_t child : owner.children)
            if (Owner* held = this->owner(child))
                setNoDraw(*held, false);
        owner.state &= ~state::IgnoreCollisions;
        owner.state |= state::ReportCollisions;
    }
}

void PreviewScene::setNoDraw(Owner& owner, bool noDraw) {
    if (noDraw)
        owner.state |= state::NoDraw;
    else
        owner.state &= ~state::NoDraw;
    for (OwnerPart& part : owner.parts)
        part.noDraw = noDraw;
}

void PreviewScene::setLights(Owner& owner, bool on) {
    QJsonArray lights;
    owner.lights.clear();
    if (on) {
        owner.state |= state::Lighting;
        for (const auto& [type, info] : owner.setup->lights) {
            OwnerLight light{info, type, compose(owner.root(), Frame(info.viewSpaceLocation))};
            lights.append(QJsonObject{{"type", type},
                                      {"color", dat::didJson(info.color)},
                                      {"intensity", realField(info.intensity)},
                                      {"range", realField(info.falloff * 1.5f)},
                                      {"frame", frameField(light.world)}});
            owner.lights.push_back(light);
        }
    } else {
        owner.state &= ~state::Lighting;
    }
    publish(owner, "light", {{"on", on}, {"lights", lights}});
}

// --- playing scripts ---------------------------------------------------------------------

void PreviewScene::playScriptInternal(Owner& owner, std::uint32_t script) {
    const dat::PhysicsScript* record = m_assets->get<dat::PhysicsScript>(script);
    if (!record) {
        publish(owner, "script_missing",
                {{"script", dat::didJson(script)},
                 {"reason", m_assets->whyMissing<dat::PhysicsScript>(script)}});
        return;
    }
    owner.scripts.add(script, *record, m_now);
}

bool PreviewScene::playTypedInternal(Owner& owner, std::uint32_t type, float intensity) {
    const dat::PhysicsScriptTable* table =
        owner.scriptTable ? m_assets->get<dat::PhysicsScriptTable>(owner.scriptTable) : nullptr;
    std::optional<std::uint32_t> script;
    if (table)
        script = resolveScript(*table, type, intensity);
    QJsonObject fields{
        {"type", qint64(type)},
        {"typeName", playScriptName(type)},
        {"intensity", realField(intensity)},
        {"table", owner.scriptTable ? QJsonValue(dat::didJson(owner.scriptTable)) : QJsonValue()},
        {"result", script ? QJsonValue(dat::didJson(*script)) : QJsonValue()}};
    if (owner.scriptTable && !table)
        fields["reason"] = m_assets->whyMissing<dat::PhysicsScriptTable>(owner.scriptTable);
    publish(owner, "table_resolved", fields);
    if (!script)
        return false;
    playScriptInternal(owner, *script);
    return true;
}

void PreviewScene::playDefaultScript(Owner& owner) {
    playTypedInternal(owner, owner.defaultScriptType, owner.defaultScriptIntensity);
}

void PreviewScene::callPes(Owner& owner, std::uint32_t script, float pause) {
    // CPhysicsObj::CallPES (R26): a short pause plays now; otherwise a timed hook at the head
    // of the owner's list fires after a random delay in [0, pause].
    if (pause < kEpsilon) {
        playScriptInternal(owner, script);
        return;
    }
    const double delay = m_random.rollDice(0.0, pause);
    owner.timedHooks.add(
        TimedHook{TimedHook::Type::CallPES, owner.physicsTime, delay, 0.0f, 1.0f, script});
    publish(owner, "call_pes_scheduled",
            {{"script", dat::didJson(script)}, {"delay", delay}, {"pause", realField(pause)}});
}

void PreviewScene::playSoundTable(Owner& owner, std::uint32_t soundType) {
    // SoundManager::PlaySound(type, obj), effects-semantics §6.2.
    QJsonObject fields{{"hook", "SoundTable"},
                       {"soundType", qint64(soundType)},
                       {"table", dat::didJson(owner.soundTable)}};
    const dat::SoundTable* table =
        owner.soundTable ? m_assets->get<dat::SoundTable>(owner.soundTable) : nullptr;
    const dat::SoundTable::Sound* sound = nullptr;
    if (table)
        for (const dat::SoundTable::Sound& candidate : table->sounds)
            if (candidate.soundType == soundType)
                sound = &candidate;
    if (!sound || sound->entries.empty()) {
        fields["played"] = false;
        fields["reason"] = table ? QStringLiteral("no entry for this sound type")
                                 : QStringLiteral("no SoundTable");
        publish(owner, "sound", fields);
        return;
    }
    // floor((n - 1)·r) with r < 1: the last of several entries is never chosen (decompile
    // literal, effects-semantics §6.2).
    const double r = m_random.rollDice(0.0, 1.0);
    const auto index = std::size_t(std::floor(double(sound->entries.size() - 1) * r));
    const dat::SoundTable::Entry& entry = sound->entries[index];
    fields["wave"] = dat::didJson(entry.waveId);
    fields["volume"] = realField(entry.volume);
    fields["priority"] = realField(entry.priority);
    fields["probability"] = realField(entry.probability);
    fields["entry"] = qint64(index);
    fields["played"] = m_crtRandom.passes(entry.probability);
    publish(owner, "sound", fields);
}

// --- hooks -------------------------------------------------------------------------------

void PreviewScene::execute(Owner& owner, const dat::AnimationHook& hook, const HookSource& source) {
    namespace hk = dat::hooks;
    if (m_events.active()) {
        QJsonObject fields = dat::hookToJson(hook);
        fields["source"] = dat::didJson(source.id);
        if (source.frame >= 0)
            fields["frame"] = source.frame;
        publish(owner, "hook", fields);
    }
    const EffectTime time{m_now, owner.physicsTime};
    auto fade = [&](TimedHook::Type type, const hk::Fade& ramp, std::uint32_t part) {
        const TimedHook timed{type, owner.physicsTime, ramp.time, ramp.start, ramp.end, part};
        if (ramp.time >= kEpsilon)
            owner.timedHooks.add(timed);
        else
            applyTimedHook(owner, timed, ramp.end);
    };

    switch (hook.type()) {
    case dat::HookType::NoOp:
        break;
    case dat::HookType::Sound:
        // No gate; the effect-volume setting is the volume (1 in the preview).
        publish(owner, "sound",
                {{"hook", "Sound"},
                 {"wave", dat::didJson(std::get<hk::Sound>(hook.payload).waveId)},
                 {"volume", 1.0},
                 {"played", true}});
        break;
    case dat::HookType::SoundTable:
        playSoundTable(owner, std::get<hk::SoundTable>(hook.payload).soundType);
        break;
    case dat::HookType::Attack: {
        const dat::AttackCone& cone = std::get<hk::Attack>(hook.payload).cone;
        publish(owner, "attack",
                {{"part", qint64(cone.partIndex)},
                 {"radius", realField(cone.radius * owner.scale)},
                 {"height", realField(cone.height * owner.scale)}});
        break;
    }
    case dat::HookType::AnimationDone:
        motionAnimationDone(owner);
        break;
    case dat::HookType::ReplaceObject: {
        const auto& replace = std::get<hk::ReplaceObject>(hook.payload);
        if (replace.partIndex < owner.parts.size()) {
            owner.parts[replace.partIndex].gfxObj = replace.gfxObjId;
            publishAppearance(owner, "gfxObj", replace.gfxObjId, replace.partIndex);
        }
        break;
    }
    case dat::HookType::Ethereal: {
        const bool ethereal = std::get<hk::Ethereal>(hook.payload).ethereal != 0;
        // Clearing waits while something overlaps; the preview world has nothing to overlap.
        changeState(owner,
                    ethereal ? owner.state | state::Ethereal : owner.state & ~state::Ethereal,
                    QStringLiteral("Ethereal"));
        break;
    }
    case dat::HookType::TransparentPart: {
        const auto& ramp = std::get<hk::TransparentPart>(hook.payload);
        fade(TimedHook::Type::TransparentPart, ramp.fade, ramp.partIndex);
        break;
    }
    case dat::HookType::Luminous:
        fade(TimedHook::Type::Luminous, std::get<hk::Luminous>(hook.payload), 0);
        break;
    case dat::HookType::LuminousPart: {
        const auto& ramp = std::get<hk::LuminousPart>(hook.payload);
        fade(TimedHook::Type::LuminousPart, ramp.fade, ramp.partIndex);
        break;
    }
    case dat::HookType::Diffuse:
        fade(TimedHook::Type::Diffuse, std::get<hk::Diffuse>(hook.payload), 0);
        break;
    case dat::HookType::DiffusePart: {
        const auto& ramp = std::get<hk::DiffusePart>(hook.payload);
        fade(TimedHook::Type::DiffusePart, ramp.fade, ramp.partIndex);
        break;
    }
    case dat::HookType::Transparent:
        fade(TimedHook::Type::Transparent, std::get<hk::Transparent>(hook.payload), 0);
        break;
    case dat::HookType::Scale: {
        // From the current scale, not a stored start (effects-semantics §4.4).
        const auto& scale = std::get<hk::Scale>(hook.payload);
        fade(TimedHook::Type::Scale, hk::Fade{owner.scale, scale.end, scale.time}, 0);
        break;
    }
    case dat::HookType::CreateParticle:
        owner.particles.create(std::get<hk::CreateParticle>(hook.payload), false, owner.pose(),
                               time);
        break;
    case dat::HookType::CreateBlockingParticle:
        owner.particles.create(std::get<hk::CreateBlockingParticle>(hook.payload), true,
                               owner.pose(), time);
        break;
    case dat::HookType::DestroyParticle:
        owner.particles.destroy(std::get<hk::DestroyParticle>(hook.payload).emitterId, time);
        break;
    case dat::HookType::StopParticle:
        owner.particles.stop(std::get<hk::StopParticle>(hook.payload).emitterId, time);
        break;
    case dat::HookType::NoDraw: {
        const bool noDraw = std::get<hk::NoDraw>(hook.payload).noDraw != 0;
        const std::uint32_t before = owner.state;
        setNoDraw(owner, noDraw);
        if (owner.state != before)
            publishState(owner, before, QStringLiteral("NoDraw"));
        break;
    }
    case dat::HookType::DefaultScript:
        playDefaultScript(owner);
        break;
    case dat::HookType::DefaultScriptPart: {
        // The child held at that part plays its own default through its own table (R27).
        const auto part = partIndexOf(std::get<hk::DefaultScriptPart>(hook.payload).partIndex);
        Owner* held = nullptr;
        for (std::uint32_t child : owner.children)
            if (Owner* candidate = this->owner(child); candidate && candidate->parentPart == part)
                held = candidate;
        if (held)
            playDefaultScript(*held);
        else
            publish(owner, "no_child_at_part", {{"part", part}});
        break;
    }
    case dat::HookType::CallPES: {
        const auto& call = std::get<hk::CallPES>(hook.payload);
        callPes(owner, call.pes, call.pause);
        break;
    }
    case dat::HookType::SoundTweaked: {
        const auto& tweak = std::get<hk::SoundTweaked>(hook.payload);
        publish(owner, "sound",
                {{"hook", "SoundTweaked"},
                 {"wave", dat::didJson(tweak.waveId)},
                 {"volume", realField(tweak.volume)},
                 {"priority", realField(tweak.priority)},
                 {"probability", realField(tweak.probability)},
                 {"played", m_crtRandom.passes(tweak.probability)}});
        break;
    }
    case dat::HookType::SetOmega:
        owner.body.omega = Vec3(std::get<hk::SetOmega>(hook.payload).axis);
        break;
    case dat::HookType::TextureVelocity:
    case dat::HookType::TextureVelocityPart: {
        // Global per GfxObj: every object drawing that GfxObj scrolls (effects-semantics §4.6).
        float du = 0, dv = 0;
        std::vector<std::uint32_t> gfxObjs;
        if (const auto* all = std::get_if<hk::TextureVelocity>(&hook.payload)) {
            du = all->uSpeed;
            dv = all->vSpeed;
            for (const OwnerPart& part : owner.parts)
                gfxObjs.push_back(part.gfxObj);
        } else {
            const auto& one = std::get<hk::TextureVelocityPart>(hook.payload);
            du = one.uSpeed;
            dv = one.vSpeed;
            if (one.partIndex < owner.parts.size())
                gfxObjs.push_back(owner.parts[one.partIndex].gfxObj);
        }
        QJsonArray named;
        for (std::uint32_t gfxObj : gfxObjs) {
            if (du == 0 && dv == 0) {
                m_scrolls.erase(gfxObj);
            } else {
                TextureScroll& scroll = m_scrolls[gfxObj];
                scroll.du = du;
                scroll.dv = dv;
            }
            named.append(dat::didJson(gfxObj));
        }
        publish(owner, "texture_velocity",
                {{"gfxObjs", named}, {"du", realField(du)}, {"dv", realField(dv)}});
        break;
    }
    case dat::HookType::SetLight:
        setLights(owner, std::get<hk::SetLight>(hook.payload).lightsOn != 0);
        break;
    }
}

void PreviewScene::motionAnimationDone(Owner& owner) {
    // MotionTableManager::AnimationDone: a motion completes when its animations have all ended.
    if (!owner.motion)
        return;
    owner.motion->animationDone();
    for (const MotionTableManager::Completed& done : owner.motion->takeCompleted())
        publish(owner, "motion_done",
                {{"motion", dat::didJson(done.motion)}, {"success", done.success}});
}

void PreviewScene::publishAppearance(const Owner& owner, const char* property, double value,
                                     std::int32_t part) {
    if (!m_events.active())
        return;
    QJsonObject fields{{"property", property}};
    fields["value"] = std::strcmp(property, "gfxObj") == 0
                          ? QJsonValue(dat::didJson(std::uint32_t(value)))
                          : realField(float(value));
    if (part >= -1)
        fields["part"] = part;
    publish(owner, "appearance", fields);
}

void PreviewScene::applyScale(Owner& owner, float scale) {
    owner.scale = scale;
    for (std::size_t i = 0; i < owner.parts.size(); ++i) {
        const Vec3 base = i < owner.setup->defaultScales.size()
                              ? Vec3(owner.setup->defaultScales[i])
                              : Vec3{1, 1, 1};
        owner.parts[i].gfxScale = base * scale;
    }
    owner.body.scale = scale;
    owner.body.setShape(*owner.setup, scale);
    publishAppearance(owner, "scale", scale);
}

void PreviewScene::applyTranslucency(Owner& owner, float value) {
    // Never below the description's translucency (effects-semantics §4.4).
    const float applied = std::max(value, owner.originalTranslucency);
    owner.translucency = applied;
    for (OwnerPart& part : owner.parts)
        part.translucency = applied;
    publishAppearance(owner, "translucency", applied);
}

void PreviewScene::applyTimedHook(Owner& owner, const TimedHook& hook, float value) {
    auto part = [&](std::uint32_t index) -> OwnerPart* {
        return index < owner.parts.size() ? &owner.parts[index] : nullptr;
    };
    switch (hook.type) {
    case TimedHook::Type::Scale:
        applyScale(owner, value);
        break;
    case TimedHook::Type::Transparent:
        applyTranslucency(owner, value);
        break;
    case TimedHook::Type::TransparentPart:
        if (OwnerPart* one = part(hook.user)) {
            one->translucency = value;
            publishAppearance(owner, "translucency", value, std::int32_t(hook.user));
        }
        break;
    case TimedHook::Type::Luminous:
        for (OwnerPart& each : owner.parts)
            each.luminosity = value;
        publishAppearance(owner, "luminosity", value);
        break;
    case TimedHook::Type::Diffuse:
        for (OwnerPart& each : owner.parts)
            each.diffuse = value;
        publishAppearance(owner, "diffuse", value);
        break;
    case TimedHook::Type::LuminousPart:
        if (OwnerPart* one = part(hook.user)) {
            one->luminosity = value;
            publishAppearance(owner, "luminosity", value, std::int32_t(hook.user));
        }
        break;
    case TimedHook::Type::DiffusePart:
        if (OwnerPart* one = part(hook.user)) {
            one->diffuse = value;
            publishAppearance(owner, "diffuse", value, std::int32_t(hook.user));
        }
        break;
    case TimedHook::Type::CallPES:
        if (value >= 1.0f)
            playScriptInternal(owner, hook.user);
        break;
    }
}

// --- the tick ----------------------------------------------------------------------------

void PreviewScene::advance(double dt) {
    if (!(dt > 0))
        return;
    m_now += dt;
    for (const std::uint32_t id : ownerIds())
        if (Owner* each = owner(id); each && !each->parent)
            updateObject(*each);
    for (auto& [gfxObj, scroll] : m_scrolls) {
        // CPhysics::UpdateTexVelocity: offsets wrap back into [0, 1).
        float stepU = scroll.du * float(dt), stepV = scroll.dv * float(dt);
        if (scroll.u >= 1)
            stepU -= 1;
        if (scroll.v >= 1)
            stepV -= 1;
        scroll.u += stepU;
        scroll.v += stepV;
    }
    publishParticleSample();
}

void PreviewScene::updateObject(Owner& owner) {
    // CPhysicsObj::update_object (SEED §9).
    const QuantumPlan plan = planQuanta(m_now - owner.updateTime);
    if (plan.resync) {
        owner.updateTime = m_now;
        return;
    }
    owner.physicsTime = owner.updateTime;
    for (const double quantum : plan.steps) {
        owner.physicsTime += quantum;
        updateObjectInternal(owner, quantum);
    }
    owner.updateTime = owner.physicsTime;
}

void PreviewScene::updateObjectInternal(Owner& owner, double quantum) {
    // R47: animation and root motion → part poses → children → animation hooks → scripts →
    // emitters and lights → particles. Hidden stops the sequence, not the effects (R15, R43).
    Frame offset;
    if (!(owner.state & state::Hidden))
        owner.sequencer.update(quantum, &offset, owner.pendingAnimHooks);
    stepBody(owner, offset, quantum);
    publishPose(owner);
    updateChildren(owner);
    processTimedHooks(owner);
    drainAnimationHooks(owner);
    runScripts(owner);
    refreshLights(owner);
    stepParticles(owner);
    for (std::uint32_t child : owner.children)
        if (Owner* held = this->owner(child)) {
            // UpdateChild: a held object's effects run with its holder's tick.
            held->physicsTime = owner.physicsTime;
            runScripts(*held);
            stepParticles(*held);
        }
}

void PreviewScene::stepBody(Owner& owner, const Frame& rootMotion, double quantum) {
    PhysicsBody& body = owner.body;
    body.state = owner.state;
    const Frame before = body.frame;
    const std::uint32_t transientBefore = body.transientState;
    // Root translation only counts on walkable ground (effects-semantics §2.5); the sequence's
    // offset is in the object's frame, scaled with it.
    Frame offset = rootMotion;
    offset.origin = body.contact() && body.onWalkable() ? offset.origin * owner.scale : Vec3{};
    const Frame candidate = integrateCandidate(body, quantum, offset);
    QuantumRecord record;
    if (m_world) {
        record = commitCandidate(body, collisionWorld(owner), candidate, quantum);
    } else {
        body.frame = candidate;
        record.dt = quantum;
        record.frame = body.frame;
        record.velocity = body.velocity;
        record.transientState = body.transientState;
    }
    record.time = owner.physicsTime;
    publishQuantum(owner, record, before, transientBefore);
}

PreviewWorld PreviewScene::collisionWorld(const Owner& mover) const {
    // The other owners stand in the world as their Setup spheres; a held object moves with its
    // holder and a Hidden one ignores collisions (R13).
    PreviewWorld world = *m_world;
    for (const auto& [id, other] : m_owners) {
        if (other.get() == &mover || other->parent || (other->state & state::IgnoreCollisions))
            continue;
        ObjectFacts facts = other->body.facts();
        facts.missile = (other->state & state::Missile) != 0;
        facts.ethereal = (other->state & state::Ethereal) != 0;
        for (const CollisionSphere& sphere : other->body.spheres)
            world.spheres.push_back(WorldSphere{
                facts, transformPoint(other->body.frame, sphere.center), sphere.radius});
    }
    return world;
}

void PreviewScene::publishQuantum(const Owner& owner, const QuantumRecord& record,
                                  const Frame& before, std::uint32_t transientBefore) {
    if (!m_events.active())
        return;
    // A body at rest says nothing: only quanta that move it, carry velocity or change its
    // contact are traced.
    if (record.frame == before && record.velocity == Vec3{} &&
        record.transientState == transientBefore && !record.collision)
        return;
    const auto flag = [&](std::uint32_t bit) { return (record.transientState & bit) != 0; };
    QJsonObject fields{{"dt", realField(float(record.dt))},
                       {"frame", frameField(record.frame)},
                       {"velocity", vectorField(record.velocity)},
                       {"contact", flag(transient::Contact)},
                       {"on_walkable", flag(transient::OnWalkable)}};
    if (record.swept)
        fields["swept"] = true;
    if (record.transitionFailed)
        fields["transition_failed"] = true;
    publish(owner, "physics", fields);
    if (!record.collision)
        return;
    const CollisionRecord& hit = *record.collision;
    QJsonObject collision{{"hit", hitKindName(hit.kind)},
                          {"normal", vectorField(hit.normal)},
                          {"walkable", hit.walkable},
                          {"response", responseName(hit.response)},
                          {"velocity_before", vectorField(hit.velocityBefore)},
                          {"velocity_after", vectorField(hit.velocityAfter)}};
    if (hit.kind != HitKind::Ground)
        collision["id"] = dat::didJson(hit.id);
    publish(owner, "collision", collision);
}

void PreviewScene::setWorld(PreviewWorld world) {
    m_world = std::move(world);
}

void PreviewScene::setVelocity(std::uint32_t id, Vec3 velocity, Vec3 omega) {
    if (Owner* target = owner(id)) {
        target->body.velocity = velocity;
        target->body.omega = omega;
        publish(*target, "vector",
                {{"velocity", vectorField(velocity)}, {"omega", vectorField(omega)}});
    }
}

void PreviewScene::setFrame(std::uint32_t id, const Frame& frame) {
    if (Owner* target = owner(id)) {
        target->body.frame = frame;
        publishPose(*target);
        updateChildren(*target);
        refreshLights(*target);
        publish(*target, "placed", {{"frame", frameField(frame)}});
    }
}

void PreviewScene::publishPose(Owner& owner) {
    const Vec3 scale{owner.scale, owner.scale, owner.scale};
    if (const dat::AnimationFrame* pose = owner.sequencer.currentPose()) {
        const std::size_t count = std::min(owner.parts.size(), pose->parts.size());
        for (std::size_t i = 0; i < count; ++i)
            owner.parts[i].world = composeScaled(owner.root(), Frame(pose->parts[i]), scale);
    }
    owner.refreshPoseFrames();
    const std::uint32_t animation = owner.sequencer.currentAnimation();
    const auto frame = std::int32_t(std::floor(owner.sequencer.frameNumber()));
    if (animation && (animation != owner.shownAnimation || frame != owner.shownFrame))
        publish(owner, "anim_frame", {{"animation", dat::didJson(animation)}, {"frame", frame}});
    owner.shownAnimation = animation;
    owner.shownFrame = animation ? frame : -1;
}

void PreviewScene::updateChildren(Owner& owner) {
    for (std::uint32_t child : owner.children) {
        Owner* held = this->owner(child);
        if (!held)
            continue;
        const bool onPart =
            held->parentPart >= 0 && std::size_t(held->parentPart) < owner.parts.size();
        held->body.frame =
            compose(onPart ? owner.parts[std::size_t(held->parentPart)].world : owner.root(),
                    held->holding);
        publishPose(*held);
        refreshLights(*held);
    }
}

void PreviewScene::processTimedHooks(Owner& owner) {
    owner.timedHooks.process(owner.physicsTime, [&](const TimedHook& hook, float value) {
        applyTimedHook(owner, hook, value);
    });
}

void PreviewScene::drainAnimationHooks(Owner& owner) {
    // Hooks run in the order the sequencer fired them; a hook may fire more.
    std::vector<FiredHook> fired;
    fired.swap(owner.pendingAnimHooks);
    for (const FiredHook& each : fired) {
        if (each.hook) {
            execute(owner, *each.hook, HookSource{each.animation, each.frame});
        } else {
            publish(owner, "animation_done", {{"animation", dat::didJson(each.animation)}});
            motionAnimationDone(owner);
        }
    }
}

void PreviewScene::runScripts(Owner& owner) {
    owner.scripts.update(
        m_now, [&](const ScriptManager::Queued& running, const dat::PhysicsScript::Entry& entry) {
            execute(owner, entry.hook, HookSource{running.id, -1});
        });
}

void PreviewScene::refreshLights(Owner& owner) {
    // Lights follow the root, not animated parts (effects-semantics §5.2).
    for (OwnerLight& light : owner.lights)
        light.world = compose(owner.root(), Frame(light.info.viewSpaceLocation));
}

void PreviewScene::stepParticles(Owner& owner) {
    owner.particles.update(owner.pose(), EffectTime{m_now, owner.physicsTime});
}

FrameSnapshot PreviewScene::snapshot() const {
    FrameSnapshot out;
    out.t = m_now;
    out.world = m_world;
    for (const auto& [id, owner] : m_owners) {
        const bool hidden = (owner->state & (state::Hidden | state::NoDraw)) != 0;
        out.owners.push_back(
            OwnerInstance{id, owner->setupId, owner->root(), owner->scale, hidden});
        for (std::size_t i = 0; i < owner->parts.size() && !hidden; ++i) {
            const OwnerPart& part = owner->parts[i];
            if (part.noDraw || part.translucency >= 1.0f || !part.gfxObj)
                continue;
            out.parts.push_back(PartInstance{id, std::int32_t(i), part.gfxObj, part.world,
                                             part.gfxScale, part.translucency, part.luminosity,
                                             part.diffuse});
        }
        for (const EmitterSample& emitter : owner->particles.sample())
            for (const ParticleSample& particle : emitter.particles)
                if (particle.translucency < 1.0f)
                    out.particles.push_back(ParticleInstance{
                        id, emitter.id, emitter.hwGfxObjId, particle.position, particle.orientation,
                        particle.scale, particle.translucency});
        for (const OwnerLight& light : owner->lights)
            out.lights.push_back(LightInstance{id, light.type, light.world, light.info.color,
                                               light.info.intensity, light.info.falloff * 1.5f,
                                               light.info.coneAngle});
    }
    for (const auto& [gfxObj, scroll] : m_scrolls)
        out.uvOffsets[gfxObj] = Vec3{scroll.u, scroll.v, 0};
    return out;
}

void PreviewScene::publishParticleSample() {
    if (!m_events.active())
        return;
    for (const auto& [id, owner] : m_owners) {
        if (owner->particles.emitterCount() == 0)
            continue;
        QJsonArray emitters;
        qint64 live = 0;
        for (const std::uint32_t emitterId : owner->particles.ids()) {
            const ParticleEmitter* emitter = owner->particles.emitter(emitterId);
            const auto count = qint64(emitter->particleCount());
            emitters.append(QJsonObject{{"id", qint64(emitterId)},
                                        {"emitter", dat::didJson(emitter->info().id)},
                                        {"live", count}});
            live += count;
        }
        m_events.publish(m_now, id, QStringLiteral("particles"),
                         {{"emitters", emitters}, {"live", live}});
    }
}

} // namespace portalkit::preview
