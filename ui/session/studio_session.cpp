#include "ui/session/studio_session.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/animation.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/setup.h"
#include "preview/core/physics_state.h"
#include "preview/scene/asset_alone.h"
#include "preview/scene/effect_length.h"

#include <algorithm>
#include <cmath>

namespace portalkit::ui {

namespace {

constexpr int kTimerIntervalMs = 16;
constexpr double kEffectCap = 30.0; // seconds after the last action an effect may run

} // namespace

StudioSession::StudioSession(std::shared_ptr<const preview::Assets> assets, QObject* parent)
    : QObject(parent), m_assets(std::move(assets)) {
    m_timer.setInterval(kTimerIntervalMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &StudioSession::onTimer);
}

StudioSession::~StudioSession() {
    // The player reads the scene and the scenario; end it first.
    m_player.reset();
    m_scene.reset();
}

bool StudioSession::showSetup(std::uint32_t setupId, preview::Vec3 at) {
    m_animation = 0;
    return showSubject(Mode::Setup, setupId, at);
}

bool StudioSession::showAnimation(std::uint32_t setupId, std::uint32_t animation) {
    m_animation = animation;
    return showSubject(Mode::Setup, setupId, {});
}

bool StudioSession::showEmitter(std::uint32_t emitterInfo) {
    m_emitter = emitterInfo;
    return showSubject(Mode::Emitter, 0, {});
}

bool StudioSession::showSubject(Mode mode, std::uint32_t setupId, preview::Vec3 at) {
    pause();
    if (mode != Mode::Setup || setupId != m_objDescSetup) { // the clothes stay with their Setup
        const bool dropped = m_objDesc != nullptr;
        m_objDesc.reset();
        m_objDescSetup = 0;
        if (dropped)
            Q_EMIT objDescChanged();
    }
    m_mode = mode;
    m_setupId = setupId;
    m_setupOrigin = at;
    m_scenario.reset();
    m_scenarioPath.clear();
    m_frameStep = kDefaultFrameStep;
    m_actions.clear();
    m_chosenTarget = 0;
    if (!rebuild()) {
        const QString why = subjectError(setupId);
        clear();
        m_lastError = why;
        Q_EMIT errorOccurred(m_lastError);
        return false;
    }
    m_lastError.clear();
    measureEffect();
    Q_EMIT actionsChanged();
    return true;
}

bool StudioSession::runScenario(const QString& path) {
    pause();
    std::unique_ptr<preview::Scenario> scenario;
    try {
        scenario = std::make_unique<preview::Scenario>(preview::loadScenarioFile(path));
    } catch (const dat::DatError& error) {
        clear();
        m_lastError = QString::fromStdString(error.what());
        Q_EMIT errorOccurred(m_lastError);
        return false;
    }
    if (!(scenario->dt > 0) || !std::isfinite(scenario->duration) ||
        scenario->duration / scenario->dt > 10'000'000) {
        clear();
        m_lastError = QStringLiteral("%1: dt must be positive and duration / dt at most 10 "
                                     "million frames")
                          .arg(path);
        Q_EMIT errorOccurred(m_lastError);
        return false;
    }
    m_player.reset();
    m_scene.reset();
    m_mode = Mode::Scenario;
    m_setupId = 0;
    m_setupOrigin = {};
    m_scenario = std::move(scenario);
    m_scenarioPath = path;
    m_frameStep = m_scenario->dt;
    m_actions.clear();
    m_chosenTarget = 0;
    rebuild();
    m_lastError.clear();
    Q_EMIT actionsChanged();
    return true;
}

void StudioSession::setDatGeometry(preview::DatGeometry geometry) {
    if (m_mode != Mode::Scenario || !m_scenario || !m_scenario->datGeometry)
        return;
    if (!m_scenario->world)
        m_scenario->world = preview::PreviewWorld{};
    m_scenario->world->dat = std::move(geometry);
    rebuild();
}

void StudioSession::clear() {
    pause();
    m_player.reset();
    m_scene.reset();
    m_scenario.reset();
    m_mode = Mode::Empty;
    m_setupId = 0;
    m_animation = 0;
    m_emitter = 0;
    m_setupOrigin = {};
    m_owner = 0;
    m_scenarioPath.clear();
    m_actions.clear();
    m_nextAction = 0;
    m_effectLength = 0;
    m_effectCapped = false;
    m_frame = 0;
    m_pending = 0;
    m_snapshot = {};
    Q_EMIT sceneReset();
    Q_EMIT actionsChanged();
    Q_EMIT snapshotChanged();
    Q_EMIT timeChanged(0);
}

QString StudioSession::subjectError(std::uint32_t setupId) const {
    const auto did = [](std::uint32_t id) { return dat::didJson(id); };
    if (m_mode == Mode::Emitter)
        return QStringLiteral("ParticleEmitterInfo %1 cannot be loaded: %2")
            .arg(did(m_emitter), m_assets->whyMissing<dat::ParticleEmitterInfo>(m_emitter));
    if (m_animation && !m_assets->get<dat::Animation>(m_animation))
        return QStringLiteral("Animation %1 cannot be loaded: %2")
            .arg(did(m_animation), m_assets->whyMissing<dat::Animation>(m_animation));
    return QStringLiteral("Setup %1 cannot be loaded: %2")
        .arg(did(setupId), m_assets->whyMissing<dat::Setup>(setupId));
}

bool StudioSession::rebuild() {
    m_player.reset();
    m_scene =
        std::make_unique<preview::PreviewScene>(m_assets, m_scenario ? m_scenario->seed : m_seed);
    m_scene->events().listen([this](const preview::Event& event) { m_buffer.push_back(event); });
    m_buffer.clear();
    m_frame = 0;
    m_nextAction = 0;
    m_pending = 0;
    m_owner = 0;
    bool ok = true;
    if (m_mode == Mode::Setup) {
        m_owner = m_scene->createOwner(setupOwner());
        ok = m_owner != 0 && (!m_animation || m_scene->playAnimation(m_owner, m_animation));
    } else if (m_mode == Mode::Emitter) {
        m_owner = preview::playEmitterAlone(*m_scene, m_emitter);
        ok = m_owner != 0;
    } else if (m_mode == Mode::Scenario) {
        m_player = std::make_unique<preview::ScenarioPlayer>(*m_scene, *m_scenario);
    }
    if (!ok) {
        m_buffer.clear();
        return false;
    }
    Q_EMIT sceneReset();
    applyDue();
    flush();
    publishState();
    return true;
}

preview::OwnerDesc StudioSession::setupOwner() const {
    preview::OwnerDesc desc;
    desc.setup = m_setupId;
    desc.frame.origin = m_setupOrigin;
    desc.objDesc = m_objDesc;
    return desc;
}

bool StudioSession::setObjDesc(std::shared_ptr<const preview::appearance::ObjDesc> desc) {
    if (m_mode != Mode::Setup)
        return false;
    if (desc && desc->empty())
        desc.reset();
    m_objDesc = std::move(desc);
    m_objDescSetup = m_objDesc ? m_setupId : 0;
    // A swapped part may move the effects' length: measured again on the dressed owner.
    measureEffect();
    replayTo(m_frame);
    Q_EMIT objDescChanged();
    return true;
}

std::uint32_t StudioSession::targetOwner() const {
    if (!m_scene)
        return 0;
    if (m_mode == Mode::Setup || m_mode == Mode::Emitter)
        return m_scene->owner(m_owner) ? m_owner : 0;
    if (m_chosenTarget && m_scene->owner(m_chosenTarget))
        return m_chosenTarget;
    const std::vector<std::uint32_t> ids = m_scene->ownerIds();
    return ids.empty() ? 0 : *std::min_element(ids.begin(), ids.end());
}

std::uint32_t StudioSession::targetSetup() const {
    const preview::Owner* owner = m_scene ? m_scene->owner(targetOwner()) : nullptr;
    return owner ? owner->setupId : 0;
}

std::uint32_t StudioSession::targetMotionTable() const {
    const preview::Owner* owner = m_scene ? m_scene->owner(targetOwner()) : nullptr;
    return owner ? owner->motionTable : 0;
}

std::uint32_t StudioSession::targetScriptTable() const {
    const preview::Owner* owner = m_scene ? m_scene->owner(targetOwner()) : nullptr;
    return owner ? owner->scriptTable : 0;
}

bool StudioSession::targetHidden() const {
    const preview::Owner* owner = m_scene ? m_scene->owner(targetOwner()) : nullptr;
    return owner && (owner->state & preview::state::Hidden);
}

bool StudioSession::playScript(std::uint32_t did) {
    return record({m_frame, {preview::EffectAction::Kind::Script, did, 0}});
}

bool StudioSession::playTyped(std::uint32_t type, float intensity) {
    return record({m_frame, {preview::EffectAction::Kind::Typed, type, intensity}});
}

bool StudioSession::performMotion(std::uint32_t command) {
    return record({m_frame, {preview::EffectAction::Kind::Motion, command, 0}});
}

bool StudioSession::setHidden(bool hidden) {
    return record({m_frame, {preview::EffectAction::Kind::Hidden, hidden ? 1u : 0u, 0}});
}

void StudioSession::clearActions() {
    m_actions.clear();
    m_nextAction = 0;
    measureEffect();
    Q_EMIT actionsChanged();
}

bool StudioSession::record(const Action& action) {
    if (!m_scene || !targetOwner())
        return false;
    // Everything up to this frame has been applied: the new action goes after them, before
    // any recorded later (a seek back keeps what was recorded further on).
    m_actions.insert(m_actions.begin() + std::ptrdiff_t(m_nextAction), action);
    ++m_nextAction;
    const bool ok = apply(action);
    measureEffect();
    flush();
    publishState();
    Q_EMIT actionsChanged();
    return ok;
}

bool StudioSession::apply(const Action& action) {
    const std::uint32_t owner = targetOwner();
    return owner && preview::applyAction(*m_scene, owner, action.what);
}

void StudioSession::applyDue() {
    while (m_nextAction < m_actions.size() && m_actions[m_nextAction].frame <= m_frame)
        apply(m_actions[m_nextAction++]);
}

void StudioSession::measureEffect() {
    m_effectLength = 0;
    m_effectCapped = false;
    if (m_mode != Mode::Setup || m_actions.empty())
        return;
    // The same scene the replay builds, so what is measured is what plays.
    preview::PreviewScene probe(m_assets, m_seed);
    const std::uint32_t owner = probe.createOwner(setupOwner());
    if (!owner)
        return;
    std::size_t next = 0;
    const auto applyDue = [&](std::int64_t frame) {
        for (; next < m_actions.size() && m_actions[next].frame <= frame; ++next)
            preview::applyAction(probe, owner, m_actions[next].what);
    };
    const double lastAction = double(m_actions.back().frame) * m_frameStep;
    const preview::EffectLength length =
        preview::measureEffectLength(probe, applyDue, m_frameStep, lastAction + kEffectCap);
    m_effectLength = std::max(length.seconds, lastAction);
    m_effectCapped = length.capped;
}

void StudioSession::flush() {
    // Listeners may act on the session (play a script on an event): hand the events out only
    // once the runtime is between frames.
    std::vector<preview::Event> events;
    events.swap(m_buffer);
    for (const preview::Event& event : events)
        Q_EMIT eventPublished(event);
}

void StudioSession::publishState() {
    m_snapshot = m_scene ? m_scene->snapshot() : preview::FrameSnapshot{};
    Q_EMIT snapshotChanged();
    Q_EMIT timeChanged(time());
}

} // namespace portalkit::ui
