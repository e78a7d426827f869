#pragma once

// The studio's effect session: one PreviewScene on a deterministic clock, the user's actions
// recorded with their frame so that seeking is a replay from t = 0, and the signals the
// launcher, timeline, event log, plot and viewport follow (docs/studio.md).
//
// Time only moves in whole frames of frameStep() seconds (0.04 s, the `simulate` default, or a
// scenario's dt), so playing at any speed, stepping or seeking to a time all give the same
// events and snapshots as `portalkit simulate` with the same actions. The QTimer that drives
// play is the only wall-clock reader; tick(wallSeconds) is the same path without a timer.

#include "preview/appearance/obj_desc.h"
#include "preview/core/assets.h"
#include "preview/core/events.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/preview_scene.h"
#include "preview/scene/snapshot.h"
#include "preview/timeline/scenario.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>
#include <cstdint>
#include <memory>
#include <vector>

namespace portalkit::ui {

class StudioSession : public QObject {
    Q_OBJECT
  public:
    static constexpr double kDefaultFrameStep = 0.04; // the `simulate --dt` default
    static constexpr double kDefaultLength = 5.0;     // a Setup's loop length, `--duration`
    static constexpr double kMinSpeed = 0.1;
    static constexpr double kMaxSpeed = 4.0;
    static constexpr std::uint32_t kRecall = 0x10000153;

    // Emitter: one ParticleEmitterInfo played alone at the origin (docs/preview.md#assets-alone).
    enum class Mode { Empty, Setup, Scenario, Emitter };

    // One recorded user action; `frame` is the frame index before whose tick it applies. A
    // frame, not seconds, so a replay lands on the same frame whatever setFrameStep re-grids.
    struct Action {
        std::int64_t frame = 0;
        preview::EffectAction what;
    };

    explicit StudioSession(std::shared_ptr<const preview::Assets> assets,
                           QObject* parent = nullptr);
    ~StudioSession() override;

    const preview::Assets& assets() const { return *m_assets; }
    std::shared_ptr<const preview::Assets> assetsPtr() const { return m_assets; }

    // A fresh scene with one owner of this Setup at `at` (the origin unless placed in a world;
    // clock at 0, actions cleared). False, with lastError(), when the Setup cannot be loaded; the
    // session is then empty.
    bool showSetup(std::uint32_t setupId, preview::Vec3 at = {});
    // The Setup at the origin with `animation` looping in place of its own sequence (Setup mode,
    // animationId() set). False, with lastError(), when either cannot be loaded.
    bool showAnimation(std::uint32_t setupId, std::uint32_t animation);
    // A fresh scene playing one emitter alone at the origin (Emitter mode). False, with
    // lastError(), when it cannot be loaded; the session is then empty.
    bool showEmitter(std::uint32_t emitterInfo);
    std::uint32_t animationId() const { return m_animation; }
    std::uint32_t emitterId() const { return m_emitter; }
    // Where the Setup's owner stands (its frame's origin at every replay).
    preview::Vec3 setupOrigin() const { return m_setupOrigin; }
    // What the Setup's owner wears (docs/appearance.md); null: the Setup's own look. It belongs
    // to the Setup it was set for: showing that Setup again (moved, stood in a world, after a
    // scenario) keeps it, another subject drops it.
    std::shared_ptr<const preview::appearance::ObjDesc> objDesc() const { return m_objDesc; }
    // Dresses the Setup shown: a replay to the current frame with the recorded actions, as the
    // parts are swapped when the owner is made. An empty ObjDesc is the same as null. False
    // (nothing changed) outside Setup mode.
    bool setObjDesc(std::shared_ptr<const preview::appearance::ObjDesc> desc);
    // A fresh scene playing a flight scenario (docs/scenarios.md) with its own seed and dt.
    // False, with lastError(), when the file cannot be read; the session is then empty.
    bool runScenario(const QString& path);
    void clear();

    Mode mode() const { return m_mode; }
    std::uint32_t setupId() const { return m_setupId; }
    const preview::Scenario* scenario() const { return m_scenario.get(); }
    // The cell DAT's collision world for the running scenario of "geometry": "dat", once its
    // world is built: the scenario starts again in it. Ignored otherwise.
    void setDatGeometry(preview::DatGeometry geometry);
    QString scenarioPath() const { return m_scenarioPath; }
    QString lastError() const { return m_lastError; }

    // The owner actions apply to: the Setup's owner, or in a scenario the lowest live owner id
    // (or the one chosen with setTargetOwner while it lives). 0 when there is none.
    std::uint32_t targetOwner() const;
    void setTargetOwner(std::uint32_t owner) { m_chosenTarget = owner; }
    // The target's Setup, MotionTable and PhysicsScriptTable (0 when absent).
    std::uint32_t targetSetup() const;
    std::uint32_t targetMotionTable() const;
    std::uint32_t targetScriptTable() const;
    bool targetHidden() const;

    // Actions on the target owner, applied now (before the next frame's tick) and recorded at
    // the current frame so a seek replays them. False when there is no owner or the runtime
    // refused (a missing script is still recorded: the log says why).
    bool playScript(std::uint32_t did);
    bool playTyped(std::uint32_t type, float intensity);
    bool performMotion(std::uint32_t command);
    bool setHidden(bool hidden);
    const std::vector<Action>& actions() const { return m_actions; }
    // Forgets the recorded actions; what they did stays in the scene until the next replay.
    void clearActions();

    // The clock.
    double time() const;
    std::int64_t frame() const { return m_frame; }
    double frameStep() const { return m_frameStep; }
    // For Setups only (a scenario keeps its dt); replays to the same time on the new grid.
    void setFrameStep(double seconds);
    std::uint32_t seed() const { return m_seed; }
    void setSeed(std::uint32_t seed); // for Setups; replays
    bool isPlaying() const { return m_playing; }
    // True while seek() (forward too) or a replay runs frames only to reach a time: their
    // events are jumped over, not played, so listeners acting in real time (sound) ignore them.
    // The events of play, step and actions are live.
    bool isReplaying() const { return m_replaying; }
    double speed() const { return m_speed; }
    bool loop() const { return m_loop; }
    // The loop (and timeline) length: the scenario's duration; for a Setup the length set with
    // setLoopLength, else what the recorded actions play (effectLength) but at least 5 s.
    double length() const;
    void setLoopLength(double seconds);
    // For a Setup: when the recorded actions' effects end, measured by playing them on a scene
    // of its own (preview/scene/effect_length.h), at most 30 s after the last action; 0 when
    // nothing is recorded. effectCapped() says the effect was still going at that cap.
    double effectLength() const { return m_effectLength; }
    bool effectCapped() const { return m_effectCapped; }

    void tick(double wallSeconds); // advances by wallSeconds × speed, in whole frames
    void advanceFrames(std::int64_t frames);

    // What to draw now (updated after every frame batch) and the runtime itself.
    const preview::FrameSnapshot& snapshot() const { return m_snapshot; }
    preview::PreviewScene& scene() { return *m_scene; } // requires hasScene()
    const preview::PreviewScene* scenePtr() const { return m_scene.get(); }
    bool hasScene() const { return m_scene != nullptr; }

  public Q_SLOTS:
    void play();
    void pause();
    void togglePlay();
    void step();         // one frame, while paused
    void seek(double t); // replays from 0 with the recorded actions; clamped at 0
    void restart() { seek(0); }
    void setSpeed(double speed); // clamped to 0.1–4
    void setLoop(bool loop);

  Q_SIGNALS:
    void snapshotChanged();
    void eventPublished(const portalkit::preview::Event& event);
    void timeChanged(double t);
    // A new scene, a replay from 0 or a cleared session: listeners drop what they showed.
    void sceneReset();
    void playingChanged(bool playing);
    void speedChanged(double speed);
    void loopChanged(bool loop);
    void actionsChanged();
    void objDescChanged();
    void errorOccurred(const QString& message);

  private:
    void onTimer();
    bool showSubject(Mode mode, std::uint32_t setupId, preview::Vec3 at);
    preview::OwnerDesc setupOwner() const; // the Setup's owner as rebuild and the probe make it
    QString subjectError(std::uint32_t setupId) const; // why the subject cannot be loaded
    bool rebuild();   // a fresh scene at t = 0 (no signals but through its events)
    void stepFrame(); // actions due, then one tick
    void applyDue();
    bool apply(const Action& action);
    bool record(const Action& action);
    void replayTo(std::int64_t frame);
    void publishState();
    void flush(); // hands the buffered events out, in order
    std::int64_t lengthFrames() const;
    void measureEffect();

    std::shared_ptr<const preview::Assets> m_assets;
    std::unique_ptr<preview::Scenario> m_scenario; // declared before the player that reads it
    std::unique_ptr<preview::PreviewScene> m_scene;
    std::unique_ptr<preview::ScenarioPlayer> m_player;
    preview::FrameSnapshot m_snapshot;

    Mode m_mode = Mode::Empty;
    std::uint32_t m_setupId = 0;
    std::uint32_t m_animation = 0; // played on the Setup instead of its own sequence
    std::uint32_t m_emitter = 0;   // Emitter mode's ParticleEmitterInfo
    preview::Vec3 m_setupOrigin;
    std::shared_ptr<const preview::appearance::ObjDesc> m_objDesc;
    std::uint32_t m_objDescSetup = 0; // the Setup m_objDesc was set for
    std::uint32_t m_owner = 0;
    std::uint32_t m_chosenTarget = 0;
    QString m_scenarioPath;
    QString m_lastError;

    std::vector<Action> m_actions; // in frame order; equal frames keep recording order
    std::size_t m_nextAction = 0;
    std::int64_t m_frame = 0;
    double m_frameStep = kDefaultFrameStep;
    std::uint32_t m_seed = 1;
    double m_loopLength = kDefaultLength;
    bool m_loopLengthSet = false; // by setLoopLength: wins over the effect's length
    double m_effectLength = 0;
    bool m_effectCapped = false;

    bool m_playing = false;
    bool m_replaying = false;
    bool m_loop = false;
    double m_speed = 1;
    double m_pending = 0;                 // scaled wall seconds not yet a whole frame
    std::vector<preview::Event> m_buffer; // published by the runtime, not yet handed out
    QTimer m_timer;
    QElapsedTimer m_wall;
};

} // namespace portalkit::ui
