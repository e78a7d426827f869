#pragma once

// The scene suites' hand-built world: a 3-part Setup with table kTable (Hidden, UnHide,
// Launch), a quiet emitter, and whatever scripts a test adds.

#include "datreader/records/animation.h"
#include "preview/effects/script_table.h"
#include "preview/physics/quanta.h"
#include "preview/scene/preview_scene.h"
#include "preview/scene/trace.h"
#include "support/preview_fixtures.h"

#include <QString>
#include <QStringList>
#include <QTest>
#include <bit>
#include <limits>

namespace portalkit::preview::fixtures {

constexpr std::uint32_t kSetup = 0x02000001;
constexpr std::uint32_t kTable = 0x34000001;
constexpr std::uint32_t kOtherTable = 0x34000002;
constexpr std::uint32_t kHiddenType = 0x76;
constexpr std::uint32_t kUnHideType = 0x75;
constexpr std::uint32_t kLaunch = 4;
constexpr std::uint32_t kHiddenScript = 0x33000331;
constexpr std::uint32_t kUnHideScript = 0x3300032F;
constexpr std::uint32_t kEmitter = 0x32000001;
constexpr double kTick = 0.05; // above 1/30: one object tick per advance

struct World {
    std::shared_ptr<Assets> assets = std::make_shared<Assets>();
    std::unique_ptr<PreviewScene> scene;
    std::unique_ptr<EventRecorder> recorder;

    World() {
        auto s = setup(kSetup, 3);
        s.defaultScriptTable = kTable;
        assets->add(s);
        assets->add(table(kTable, {{kHiddenType, {{1.0f, kHiddenScript}}},
                                   {kUnHideType, {{1.0f, kUnHideScript}}},
                                   {kLaunch, {{1.0f, 0x33000004}}}}));
        assets->add(table(kOtherTable, {{kLaunch, {{1.0f, 0x33000044}}}}));
        assets->add(script(kHiddenScript, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(kUnHideScript, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(0x33000004, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(script(0x33000044, {{0.0, dat::hooks::NoOp{}}}));
        assets->add(stillEmitter(kEmitter));
    }
    PreviewScene& start(std::uint32_t seed = 1) {
        scene = std::make_unique<PreviewScene>(assets, seed);
        recorder = std::make_unique<EventRecorder>(scene->events());
        return *scene;
    }
    Ids queued(std::uint32_t owner = 0) const { return scriptsOf<ScriptQueued>(*recorder, owner); }
    std::vector<QString> resolvedTypes() const {
        std::vector<QString> out;
        for (const auto& e : recorder->ofKind<TableResolved>())
            out.push_back(playScriptName(e.what.type));
        return out;
    }
};

// A 3-part Setup `setupId` whose default animation `animationId` (3 frames) moves part 0 to
// x = 2f in frame f, with a CreateParticle of `emitter` on part 0 (logical id 1) stored on frame
// 0: it fires when the playhead leaves frame 0 (R48).
inline void addSlidingPart(Assets& assets, std::uint32_t setupId, std::uint32_t animationId,
                           std::uint32_t emitter) {
    dat::Animation animation;
    animation.id = animationId;
    animation.numParts = 3;
    for (int f = 0; f < 3; ++f) {
        dat::AnimationFrame frame;
        for (int p = 0; p < 3; ++p) {
            dat::Frame part;
            part.origin.x = p == 0 ? float(2 * f) : 0.0f;
            frame.parts.push_back(part);
        }
        if (f == 0)
            frame.hooks.push_back(hook(createParticle(emitter, 0, 1)));
        animation.partFrames.push_back(frame);
    }
    assets.add(animation);
    auto s = setup(setupId, 3);
    s.defaultAnimation = animationId;
    assets.add(s);
}

// The order of one tick's hook, anim_frame, emitter_created and particles events (R47).
inline QStringList tickOrder(const EventRecorder& recorder) {
    QStringList order;
    for (const Event& e : recorder.all())
        if (const auto* fired = e.as<HookFired>())
            order << did(fired->source);
        else if (e.is<AnimFrameShown>() || e.is<EmitterCreated>() || e.is<ParticlesSampled>())
            order << QString::fromLatin1(eventName(e).data());
    return order;
}

} // namespace portalkit::preview::fixtures
