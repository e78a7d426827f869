// StudioSession's clock (studio_session.h): frames stepped and played, seeking by replay from
// t = 0, the loop length, speed and the QTimer that drives play.

#include "ui/session/studio_session.h"

#include <QScopedValueRollback>
#include <algorithm>
#include <cmath>

namespace portalkit::ui {

namespace {

constexpr double kFrameSlop = 1e-9;
constexpr double kMaxWallPerTick = 10.0; // a stalled event loop does not run minutes at once

} // namespace

void StudioSession::stepFrame() {
    if (!m_scene)
        return;
    if (m_mode == Mode::Scenario) {
        if (m_player->finished())
            return;
        m_player->advanceTo(double(m_frame + 1) * m_frameStep);
    } else {
        m_scene->advance(m_frameStep);
    }
    ++m_frame;
    applyDue();
}

void StudioSession::advanceFrames(std::int64_t frames) {
    if (!m_scene || frames <= 0)
        return;
    for (std::int64_t i = 0; i < frames; ++i) {
        if (m_mode == Mode::Scenario && m_frame >= lengthFrames())
            break;
        stepFrame();
        flush(); // events leave in frame order, each frame's before the next runs
    }
    publishState();
}

double StudioSession::time() const {
    if (m_mode == Mode::Scenario && m_scene)
        return m_scene->now();
    return double(m_frame) * m_frameStep;
}

std::int64_t StudioSession::lengthFrames() const {
    return std::int64_t(std::ceil(length() / m_frameStep - kFrameSlop));
}

double StudioSession::length() const {
    if (m_scenario)
        return m_scenario->duration;
    return m_loopLengthSet ? m_loopLength : std::max(m_loopLength, m_effectLength);
}

void StudioSession::setLoopLength(double seconds) {
    if (std::isfinite(seconds) && seconds > 0) {
        m_loopLength = seconds;
        m_loopLengthSet = true;
    }
}

void StudioSession::setFrameStep(double seconds) {
    if (m_mode == Mode::Scenario || !std::isfinite(seconds) || !(seconds > 0) ||
        seconds == m_frameStep)
        return;
    const double t = time();
    // Recorded frames keep their times on the new grid.
    for (Action& action : m_actions)
        action.frame = std::llround(double(action.frame) * m_frameStep / seconds);
    m_frameStep = seconds;
    measureEffect();
    if (m_scene)
        replayTo(std::llround(t / m_frameStep));
}

void StudioSession::setSeed(std::uint32_t seed) {
    if (seed == m_seed)
        return;
    m_seed = seed;
    measureEffect();
    if (m_mode == Mode::Setup)
        replayTo(m_frame);
}

void StudioSession::replayTo(std::int64_t frame) {
    if (m_mode == Mode::Empty)
        return;
    const QScopedValueRollback replaying(m_replaying, true);
    rebuild();
    advanceFrames(frame);
}

void StudioSession::seek(double t) {
    if (m_mode == Mode::Empty || !std::isfinite(t))
        return;
    std::int64_t target = std::max<std::int64_t>(0, std::llround(t / m_frameStep));
    if (m_mode == Mode::Scenario)
        target = std::min(target, lengthFrames());
    m_pending = 0;
    const QScopedValueRollback replaying(m_replaying, true);
    // Forward is the same replay already under way; backward starts again from 0.
    if (target >= m_frame)
        advanceFrames(target - m_frame);
    else
        replayTo(target);
}

void StudioSession::tick(double wallSeconds) {
    if (!m_scene || !std::isfinite(wallSeconds) || wallSeconds <= 0)
        return;
    m_pending += std::min(wallSeconds, kMaxWallPerTick) * m_speed;
    auto frames = std::int64_t(std::floor(m_pending / m_frameStep + kFrameSlop));
    m_pending = std::max(0.0, m_pending - double(frames) * m_frameStep);
    const bool bounded = m_loop || m_mode == Mode::Scenario;
    bool stepped = false;
    while (frames > 0) {
        if (bounded && m_frame >= lengthFrames()) {
            if (!m_loop || lengthFrames() == 0) {
                pause();
                break;
            }
            rebuild(); // loop: a replay from 0, with the recorded actions
        }
        stepFrame();
        flush();
        --frames;
        stepped = true;
    }
    if (m_mode == Mode::Scenario && !m_loop && m_frame >= lengthFrames())
        pause();
    if (stepped)
        publishState();
}

void StudioSession::play() {
    if (m_playing || !m_scene)
        return;
    if (m_mode == Mode::Scenario && !m_loop && m_frame >= lengthFrames())
        replayTo(0);
    m_playing = true;
    m_pending = 0;
    m_wall.start();
    m_timer.start();
    Q_EMIT playingChanged(true);
}

void StudioSession::pause() {
    if (!m_playing)
        return;
    m_playing = false;
    m_timer.stop();
    m_pending = 0;
    Q_EMIT playingChanged(false);
}

void StudioSession::togglePlay() {
    if (m_playing)
        pause();
    else
        play();
}

void StudioSession::step() {
    pause();
    if (m_loop && m_frame >= lengthFrames())
        rebuild();
    advanceFrames(1);
}

void StudioSession::setSpeed(double speed) {
    if (!std::isfinite(speed))
        return;
    const double clamped = std::clamp(speed, kMinSpeed, kMaxSpeed);
    if (clamped == m_speed)
        return;
    m_speed = clamped;
    Q_EMIT speedChanged(m_speed);
}

void StudioSession::setLoop(bool loop) {
    if (loop == m_loop)
        return;
    m_loop = loop;
    Q_EMIT loopChanged(m_loop);
}

void StudioSession::onTimer() {
    const double elapsed = double(m_wall.nsecsElapsed()) * 1e-9;
    m_wall.restart();
    tick(elapsed);
}

} // namespace portalkit::ui
