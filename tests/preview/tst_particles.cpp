// Particle emitters on synthetic ParticleEmitterInfo records: the manager's id rules (R28–R34),
// every particle type's formula against hand-computed values, the RNG draw order, and the
// emission and end rules of docs/retail-behaviour.md.

#include "preview/core/retail_random.h"
#include "preview/effects/particle_manager.h"
#include "support/preview_fixtures.h"

#include <QByteArray>
#include <QObject>
#include <QStringLiteral>
#include <QTest>
#include <cmath>
#include <numbers>
#include <vector>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

namespace {

constexpr std::uint32_t kOwner = 0x50000001;
constexpr std::uint32_t kStill = 0x32000001;
constexpr std::uint32_t kOther = 0x32000002;
constexpr float kHalfSqrt2 = 0.70710678f;
// A quarter turn about +Z: x → y, y → −x.
constexpr Quat kQuarterZ{kHalfSqrt2, 0, 0, kHalfSqrt2};

bool close(float got, float want, float tolerance = 1e-4f) {
    return std::fabs(got - want) <= tolerance;
}
bool close(Vec3 got, Vec3 want, float tolerance = 1e-4f) {
    return close(got.x, want.x, tolerance) && close(got.y, want.y, tolerance) &&
           close(got.z, want.z, tolerance);
}
// q and −q are the same rotation.
bool close(Quat got, Quat want, float tolerance = 1e-4f) {
    const float d = got.w * want.w + got.x * want.x + got.y * want.y + got.z * want.z;
    return close(std::fabs(d), 1.0f, tolerance);
}
QByteArray text(Vec3 v) {
    return QByteArray::number(v.x) + ", " + QByteArray::number(v.y) + ", " +
           QByteArray::number(v.z);
}

// The wanted value may hold commas (braced vectors), hence the variadic tail.
#define QVERIFY_NEAR(got, ...)                                                                     \
    QVERIFY2(close(got, __VA_ARGS__), "got " + text(got) + ", want " + text(__VA_ARGS__))

// An info whose draws cannot change anything: every spread is zero, every multiplier range is
// a point and the spawn radius is 0, so only Explode's direction depends on the RNG.
dat::ParticleEmitterInfo fixedInfo(std::int32_t particleType) {
    dat::ParticleEmitterInfo info = stillEmitter(kStill);
    info.emitterType = 0; // only the initial burst
    info.particleType = particleType;
    info.maxParticles = 4;
    info.initialParticles = 1;
    info.lifespan = 10;
    info.a = {1, 2, 3};
    info.b = {0.5f, -1, 2};
    info.c = {0.25f, 0.5f, 1};
    return info;
}

// Owner at (10, 20, 30), turned a quarter about Z; R·(x, y, z) = (−y, x, z).
OwnerPose turnedPose() {
    return {Frame{{10, 20, 30}, kQuarterZ}, {}};
}
Vec3 turn(Vec3 v) {
    return {-v.y, v.x, v.z};
}

// One particle of `info` born at physics time 0 with the hook offset (0, 1, 0), stepped to `t`.
struct OneParticle {
    explicit OneParticle(const dat::ParticleEmitterInfo& info, const OwnerPose& pose,
                         std::int32_t seed = 7)
        : rng(seed), emitter(info, -1, Frame{{0, 1, 0}, Quat{}}) {
        emitter.start(pose, {0, 0}, rng);
    }
    void stepTo(const OwnerPose& pose, double t) { emitter.update(pose, {t, t}, rng); }
    Vec3 position() const { return emitter.particles().position[0]; }
    Quat orientation() const { return emitter.particles().orientation[0]; }

    Ran2 rng;
    ParticleEmitter emitter;
};

// The expected orientation of a rotating type: the frame turned by t·C about its own axes.
Quat turnedLocally(Quat frame, Vec3 c, float t) {
    return normalized(frame * fromAxisAngle(c * t));
}

struct Fixture {
    Assets assets;
    Events events;
    EventRecorder recorder{events};
    Ran2 rng{1};
    ParticleManager manager{kOwner, assets, rng, events};
    std::vector<Frame> parts;
    OwnerPose pose;
};

dat::hooks::CreateParticle hookAt(std::uint32_t info, std::int32_t part, std::uint32_t id,
                                  Vec3 offset = {}) {
    dat::hooks::CreateParticle hook = createParticle(info, part, id);
    hook.offset.origin = {offset.x, offset.y, offset.z};
    return hook;
}

} // namespace

class TestParticles : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R29
    void normalCreateReplacesTheLiveIdAndZeroIsAnonymous() {
        Fixture f;
        f.assets.add(stillEmitter(kStill));
        f.assets.add(stillEmitter(kOther));
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 7), false, f.pose, {0, 0}), 7u);
        QCOMPARE(f.manager.particleCount(), 0u);
        f.manager.update(f.pose, {0.1, 0.1});
        QCOMPARE(f.manager.particleCount(), 1u);

        QCOMPARE(f.manager.create(hookAt(kOther, -1, 7), false, f.pose, {0.2, 0.2}), 7u);
        QCOMPARE(f.manager.emitterCount(), 1u);
        QCOMPARE(f.manager.emitter(7)->info().id, kOther);
        QCOMPARE(f.manager.particleCount(), 0u); // the old particles went with it
        const auto& events = f.recorder.all();
        QCOMPARE(events.size(), 3u);
        const auto* replaced = events[1].as<EmitterReplaced>();
        QVERIFY(replaced);
        QCOMPARE(replaced->emitter, kStill);
        const auto* created = events[2].as<EmitterCreated>();
        QVERIFY(created);
        QCOMPARE(created->emitter, kOther);
        QCOMPARE(created->id, 7u);

        QCOMPARE(f.manager.create(hookAt(kStill, -1, 0), false, f.pose, {0.3, 0.3}), 0xFFFF0000u);
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 0), false, f.pose, {0.3, 0.3}), 0xFFFF0001u);
        QCOMPARE(f.manager.emitterCount(), 3u);
        QCOMPARE(f.manager.ids(), (std::vector<std::uint32_t>{7, 0xFFFF0000, 0xFFFF0001}));
    }

    // oracle: R29
    void aFailedReplacementStillEndsTheOldEmitter() {
        Fixture f;
        f.assets.add(stillEmitter(kStill));
        f.manager.create(hookAt(kStill, -1, 7), false, f.pose, {0, 0});
        QCOMPARE(f.manager.create(hookAt(0x32000999, -1, 7), false, f.pose, {0.1, 0.1}), 0u);
        QCOMPARE(f.manager.emitterCount(), 0u);
        QCOMPARE(f.recorder.ofKind<EmitterReplaced>().size(), 1u);
        QCOMPARE(f.recorder.ofKind<EmitterMissing>().size(), 1u);
    }

    // oracle: R30
    void blockingCreateLeavesALiveIdAlone() {
        Fixture f;
        f.assets.add(stillEmitter(kStill));
        f.assets.add(stillEmitter(kOther));
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 5), true, f.pose, {0, 0}), 5u);
        f.manager.update(f.pose, {0.1, 0.1});
        QCOMPARE(f.manager.create(hookAt(kOther, -1, 5), true, f.pose, {0.2, 0.2}), 0u);
        QCOMPARE(f.manager.emitterCount(), 1u);
        QCOMPARE(f.manager.emitter(5)->info().id, kStill);
        QCOMPARE(f.manager.particleCount(), 1u); // untouched
        const auto suppressed = f.recorder.ofKind<EmitterSuppressed>();
        QCOMPARE(suppressed.size(), 1u);
        QCOMPARE(suppressed[0].what.requested, kOther);
        QVERIFY(f.recorder.ofKind<EmitterReplaced>().empty());

        // A free id and the anonymous id create as normal.
        QCOMPARE(f.manager.create(hookAt(kOther, -1, 6), true, f.pose, {0.3, 0.3}), 6u);
        QCOMPARE(f.manager.create(hookAt(kOther, -1, 0), true, f.pose, {0.3, 0.3}), 0xFFFF0000u);
        QCOMPARE(f.manager.emitterCount(), 3u);
    }

    // oracle: R28
    void blockingHookWithTheFullPayloadCreatesAtItsAnchor() {
        Fixture f;
        auto info = fixedInfo(1);
        info.id = 0x3200078E;
        f.assets.add(info);
        f.parts = {Frame{{1, 0, 0}, Quat{}}, Frame{{0, 0, 2}, kQuarterZ}};
        f.pose = {Frame{}, f.parts};
        dat::hooks::CreateBlockingParticle hook;
        hook.emitterInfoId = 0x3200078E;
        hook.partIndex = 1;
        hook.offset = {{1, 0, 0.5f}, {kHalfSqrt2, kHalfSqrt2, 0, 0}};
        hook.emitterId = 19;
        QCOMPARE(f.manager.create(hook, true, f.pose, {0, 0}), 19u);
        const ParticleEmitter* emitter = f.manager.emitter(19);
        QVERIFY(emitter);
        QCOMPARE(emitter->info().id, 0x3200078Eu);
        QCOMPARE(emitter->partIndex(), 1);
        QVERIFY(emitter->hookOffset() == Frame(hook.offset));
        QVERIFY_NEAR(emitter->anchor(), (Vec3{0, 1, 2.5f}));
        QVERIFY_NEAR(emitter->particles().position[0], (Vec3{0, 1, 2.5f}));
        const auto created = f.recorder.ofKind<EmitterCreated>();
        QCOMPARE(created.size(), 1u);
        QCOMPARE(created[0].owner, kOwner);
        QCOMPARE(created[0].what.emitter, 0x3200078Eu);
        QCOMPARE(created[0].what.part, 1);
        QCOMPARE(created[0].what.id, 19u);
    }

    // oracle: R31
    void onlyTheOffsetOriginPlacesTheEmitter() {
        Fixture f;
        auto info = fixedInfo(2); // LocalVelocity: A turns with the owner, not with the offset
        f.assets.add(info);
        f.parts = {Frame{{0, 0, 1}, Quat{}}, Frame{{5, 0, 0}, kQuarterZ}};
        f.pose = {Frame{{100, 0, 0}, Quat{}}, f.parts};

        auto turned = hookAt(kStill, 1, 1, {1, 0, 0});
        turned.offset.orientation = {kHalfSqrt2, kHalfSqrt2, 0, 0}; // a quarter about X
        auto plain = hookAt(kStill, 1, 2, {1, 0, 0});
        f.manager.create(turned, false, f.pose, {0, 0});
        f.manager.create(plain, false, f.pose, {0, 0});
        // Part 1 turns (1,0,0) to (0,1,0).
        QVERIFY_NEAR(f.manager.emitter(1)->anchor(), (Vec3{5, 1, 0}));
        QVERIFY_NEAR(f.manager.emitter(1)->particles().position[0], (Vec3{5, 1, 0}));
        f.manager.update(f.pose, {1, 1});
        const Vec3 moved = f.manager.emitter(1)->particles().position[0];
        QVERIFY_NEAR(moved, (Vec3{5, 1, 0} + turn({1, 2, 3})));
        QVERIFY_NEAR(moved, f.manager.emitter(2)->particles().position[0]);

        // -1 (0xFFFFFFFF in the record) and a part the pose lacks both mean the root.
        f.manager.create(hookAt(kStill, -1, 3, {1, 0, 0}), false, f.pose, {1, 1});
        f.manager.create(hookAt(kStill, 9, 4, {1, 0, 0}), false, f.pose, {1, 1});
        QCOMPARE(f.manager.emitter(3)->partIndex(), -1);
        QVERIFY_NEAR(f.manager.emitter(3)->anchor(), (Vec3{101, 0, 0}));
        QVERIFY_NEAR(f.manager.emitter(4)->anchor(), (Vec3{101, 0, 0}));
    }

    // oracle: R32
    void worldReleasedParticlesStayParentLocalOnesFollow() {
        for (std::uint32_t parentLocal : {0u, 1u}) {
            auto info = fixedInfo(1);
            info.isParentLocal = parentLocal;
            info.emitterType = 1;
            info.birthrate = 0.5;
            OwnerPose pose{Frame{{0, 0, 0}, Quat{}}, {}};
            OneParticle p(info, pose);
            QVERIFY_NEAR(p.position(), (Vec3{0, 1, 0}));
            pose.root = Frame{{10, 0, 0}, kQuarterZ};
            p.stepTo(pose, 0.1); // no emission yet
            QCOMPARE(p.emitter.particleCount(), 1u);
            if (parentLocal) // translates with the owner; O was turned at birth, not again
                QVERIFY_NEAR(p.position(), (Vec3{10, 1, 0}));
            else
                QVERIFY_NEAR(p.position(), (Vec3{0, 1, 0}));
            p.stepTo(pose, 0.6); // the second particle is born at the moved owner
            QCOMPARE(p.emitter.particleCount(), 2u);
            QVERIFY_NEAR(p.emitter.particles().position[1], (Vec3{9, 0, 0}));
            QVERIFY_NEAR(p.emitter.anchor(), (Vec3{9, 0, 0}));
        }
    }

    // oracle: R33
    void naturalRetirementFreesTheId() {
        Fixture f;
        auto info = stillEmitter(kStill);
        info.totalParticles = 1;
        info.lifespan = 0.5;
        f.assets.add(info);
        f.manager.create(hookAt(kStill, -1, 3), false, f.pose, {0, 0});
        f.manager.update(f.pose, {0.1, 0.1}); // emits its one particle and stops
        QVERIFY(f.manager.emitter(3)->stopped());
        QCOMPARE(f.recorder.ofKind<EmitterStopped>().size(), 1u);
        QCOMPARE(f.recorder.ofKind<EmitterStopped>()[0].what.cause,
                 EmitterStopCause::TotalParticles);
        f.manager.update(f.pose, {0.5, 0.5});
        QVERIFY(f.manager.has(3));
        f.manager.update(f.pose, {0.7, 0.7}); // its particle died at 0.5 s of age
        QVERIFY(!f.manager.has(3));
        QCOMPARE(f.recorder.ofKind<EmitterRetired>().size(), 1u);
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 3), true, f.pose, {0.7, 0.7}), 3u);
    }

    // oracle: R33
    void stopKeepsTheIdUntilTheParticlesAreGone() {
        Fixture f;
        auto info = stillEmitter(kStill);
        info.lifespan = 1;
        info.initialParticles = 2;
        f.assets.add(info);
        f.manager.create(hookAt(kStill, -1, 4), false, f.pose, {0, 0});
        f.manager.stop(0, {0, 0}); // ignored
        f.manager.stop(4, {0.1, 0.1});
        QCOMPARE(f.recorder.ofKind<EmitterStopped>().size(), 1u);
        f.manager.update(f.pose, {0.5, 0.5});
        QCOMPARE(f.manager.particleCount(), 2u); // no emission after the stop
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 4), true, f.pose, {0.6, 0.6}), 0u);
        f.manager.update(f.pose, {1.0, 1.0}); // both die; the emitter goes in the same update
        QVERIFY(!f.manager.has(4));
        QCOMPARE(f.recorder.ofKind<EmitterRetired>().size(), 1u);
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 4), true, f.pose, {1.1, 1.1}), 4u);
    }

    // oracle: R33
    void destroyFreesTheIdAtOnce() {
        Fixture f;
        auto info = stillEmitter(kStill);
        info.initialParticles = 3;
        f.assets.add(info);
        f.manager.create(hookAt(kStill, -1, 8), false, f.pose, {0, 0});
        QCOMPARE(f.manager.particleCount(), 3u);
        f.manager.destroy(0, {0.1, 0.1});
        QCOMPARE(f.manager.emitterCount(), 1u);
        f.manager.destroy(8, {0.1, 0.1});
        QCOMPARE(f.manager.emitterCount(), 0u);
        QCOMPARE(f.manager.particleCount(), 0u);
        QCOMPARE(f.recorder.ofKind<EmitterDestroyed>().size(), 1u);
        QVERIFY(f.recorder.ofKind<EmitterRetired>().empty());
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 8), true, f.pose, {0.2, 0.2}), 8u);
    }

    // oracle: R34
    void aMissingInfoIsLoggedAndCreatesNothing() {
        Fixture f;
        QCOMPARE(f.manager.create(hookAt(0x32000404, 0, 12), false, f.pose, {0.5, 0.5}), 0u);
        QCOMPARE(f.manager.emitterCount(), 0u);
        QCOMPARE(f.manager.particleCount(), 0u);
        const auto missing = f.recorder.ofKind<EmitterMissing>();
        QCOMPARE(missing.size(), 1u);
        QCOMPARE(missing[0].owner, kOwner);
        QCOMPARE(missing[0].t, 0.5);
        QCOMPARE(missing[0].what.emitter, 0x32000404u);
        QVERIFY(!missing[0].what.reason.isEmpty());
        QVERIFY(f.recorder.ofKind<EmitterCreated>().empty());
        // Nothing drew from the shared stream either.
        QCOMPARE(f.rng.next(), Ran2(1).next());
        // The anonymous counter is untouched: the next anonymous emitter is still the first.
        f.assets.add(stillEmitter(kStill));
        QCOMPARE(f.manager.create(hookAt(0x32000404, 0, 0), false, f.pose, {0.5, 0.5}), 0u);
        QCOMPARE(f.manager.create(hookAt(kStill, 0, 0), false, f.pose, {0.5, 0.5}), 0xFFFF0000u);
    }

    // oracle: R34
    void aRecordOfAnotherTypeOrWithoutAMeshCreatesNothing() {
        Fixture f;
        f.assets.add(setup(0x02000001));
        auto meshless = stillEmitter(kStill);
        meshless.hwGfxObjId = 0;
        f.assets.add(meshless);
        QCOMPARE(f.manager.create(hookAt(0x02000001, -1, 1), false, f.pose, {0, 0}), 0u);
        QCOMPARE(f.recorder.ofKind<EmitterMissing>()[0].what.reason,
                 QStringLiteral("is a Setup, not a ParticleEmitterInfo"));
        QCOMPARE(f.manager.create(hookAt(kStill, -1, 1), false, f.pose, {0, 0}), 0u);
        QCOMPARE(f.recorder.ofKind<EmitterInvalid>().size(), 1u);
        QCOMPARE(f.manager.emitterCount(), 0u);
    }

    void stillAndVelocityTypes() {
        const OwnerPose pose = turnedPose();
        const Vec3 born = Vec3{10, 20, 30} + turn({0, 1, 0});
        const float t = 1.5f;
        OneParticle still(fixedInfo(1), pose);
        still.stepTo(pose, t);
        QVERIFY_NEAR(still.position(), born);
        OneParticle local(fixedInfo(2), pose);
        local.stepTo(pose, t);
        QVERIFY_NEAR(local.position(), born + turn({1, 2, 3}) * t);
        OneParticle global(fixedInfo(12), pose);
        global.stepTo(pose, t);
        QVERIFY_NEAR(global.position(), born + Vec3{1, 2, 3} * t);
        QVERIFY(global.orientation() == Quat{}); // non-rotating types keep identity
    }

    void parabolicTypes() {
        const OwnerPose pose = turnedPose();
        const Vec3 born = Vec3{10, 20, 30} + turn({0, 1, 0});
        const Vec3 a{1, 2, 3}, b{0.5f, -1, 2};
        const float t = 1.5f, half = 0.5f * t * t;
        OneParticle lvga(fixedInfo(3), pose);
        lvga.stepTo(pose, t);
        QVERIFY_NEAR(lvga.position(), born + turn(a) * t + b * half);
        OneParticle lvla(fixedInfo(8), pose);
        lvla.stepTo(pose, t);
        QVERIFY_NEAR(lvla.position(), born + turn(a) * t + turn(b) * half);
        OneParticle gvga(fixedInfo(10), pose);
        gvga.stepTo(pose, t);
        QVERIFY_NEAR(gvga.position(), born + a * t + b * half);
    }

    void rotatingTypesTurnAboutTheirOwnAxes() {
        const OwnerPose pose = turnedPose();
        const Vec3 born = Vec3{10, 20, 30} + turn({0, 1, 0});
        const Vec3 a{1, 2, 3}, b{0.5f, -1, 2}, c{0.25f, 0.5f, 1};
        const float t = 1.5f, half = 0.5f * t * t;
        OneParticle lvgagr(fixedInfo(4), pose);
        lvgagr.stepTo(pose, t);
        QVERIFY_NEAR(lvgagr.position(), born + turn(a) * t + b * half);
        QVERIFY(close(lvgagr.orientation(), turnedLocally(kQuarterZ, c, t)));
        // LR: C was turned into world axes at birth and is read as local again.
        OneParticle lvlalr(fixedInfo(9), pose);
        lvlalr.stepTo(pose, t);
        QVERIFY_NEAR(lvlalr.position(), born + turn(a) * t + turn(b) * half);
        QVERIFY(close(lvlalr.orientation(), turnedLocally(kQuarterZ, turn(c), t)));
        QVERIFY(!close(lvlalr.orientation(), lvgagr.orientation()));
        OneParticle gvgagr(fixedInfo(11), pose);
        gvgagr.stepTo(pose, t);
        QVERIFY_NEAR(gvgagr.position(), born + a * t + b * half);
        QVERIFY(close(gvgagr.orientation(), turnedLocally(kQuarterZ, c, t)));
    }

    void swarmCirclesWithAmplitudeC() {
        const OwnerPose pose = turnedPose();
        const Vec3 born = Vec3{10, 20, 30} + turn({0, 1, 0});
        const float t = 1.5f;
        OneParticle swarm(fixedInfo(5), pose);
        swarm.stepTo(pose, t);
        // B are frequencies and C amplitudes, both raw; A is turned.
        const Vec3 swirl{std::cos(t * 0.5f) * 0.25f, std::sin(t * -1.0f) * 0.5f,
                         std::cos(t * 2.0f) * 1.0f};
        QVERIFY_NEAR(swarm.position(), born + turn({1, 2, 3}) * t + swirl);
    }

    void explodeUsesASpeedAlongADirectionAndAVerticalDrift() {
        auto info = fixedInfo(6);
        info.a = {2, 7, 0.5f}; // A.y is never read
        info.c = {1, 1, 2};    // stretches the directions toward ±Z
        const OwnerPose pose = turnedPose();
        OneParticle explode(info, pose, 11);

        // Replay: 5 fade/scale draws, C, B, A, 3 offset draws and the radius, then az, el.
        Ran2 replay(11);
        for (int i = 0; i < 12; ++i)
            replay.next();
        const double az = replay.rollDice(-std::numbers::pi, std::numbers::pi);
        const double el = replay.rollDice(-std::numbers::pi, std::numbers::pi);
        const Vec3 dir =
            normalized(Vec3{float(std::cos(az) * std::cos(el)), float(std::sin(az) * std::cos(el)),
                            float(2 * std::sin(el))});
        QVERIFY_NEAR(explode.emitter.particles().c[0], dir);

        const float t = 1.5f;
        explode.stepTo(pose, t);
        const Vec3 o = turn({0, 1, 0});
        const Vec3 b{0.5f, -1, 2};
        const Vec3 want{10 + o.x + t * (t * b.x + dir.x * 2), 20 + o.y + t * (t * b.y + dir.y * 2),
                        30 + o.z + t * (t * b.z + dir.z * 2 + 0.5f)};
        QVERIFY_NEAR(explode.position(), want);
    }

    void implodeStartsAtTwiceTheOffsetAndMeetsTheCentre() {
        auto info = fixedInfo(7);
        info.a = {float(std::numbers::pi) / 2, 0, 0}; // reaches the centre at t = 1
        info.b = {0, 0, 0.25f};
        info.c = {2, 3, 4};
        const OwnerPose pose = turnedPose();
        OneParticle implode(info, pose);
        const Vec3 o = hadamard(turn({0, 1, 0}), {2, 3, 4}); // (−2, 0, 0)
        QVERIFY_NEAR(implode.emitter.particles().c[0], o);
        QVERIFY_NEAR(implode.position(), Vec3(10, 20, 30) + o * 2);
        implode.stepTo(pose, 1.0);
        QVERIFY_NEAR(implode.position(), Vec3(10, 20, 30) + o + Vec3{0, 0, 0.25f});
    }

    void unknownTypesWriteNoPositionButStillFade() {
        for (std::int32_t type : {0, 13}) {
            auto info = fixedInfo(type);
            info.finalScale = 3;
            const OwnerPose pose = turnedPose();
            OneParticle p(info, pose);
            p.stepTo(pose, 5);
            QVERIFY(p.position() == Vec3{});
            QVERIFY(close(p.emitter.particles().scale[0], 2.0f));
        }
    }

    void scaleAndTranslucencyFollowTheAge() {
        auto info = fixedInfo(1);
        info.startScale = 1;
        info.finalScale = 3;
        info.startTrans = 0.2f;
        info.finalTrans = 1;
        info.lifespan = 2;
        const OwnerPose pose = turnedPose();
        OneParticle p(info, pose);
        QCOMPARE(p.emitter.particles().scale[0], 1.0f);
        p.stepTo(pose, 0.5);
        QVERIFY(close(p.emitter.particles().scale[0], 1.5f));
        QVERIFY(close(p.emitter.particles().trans[0], 0.4f));
    }

    void drawsFollowTheClientsOrder() {
        dat::ParticleEmitterInfo info = fixedInfo(11); // GVGAGR stores A, B and C raw
        info.lifespan = 2;
        info.lifespanRand = 0.5;
        info.startTrans = 0.3f;
        info.finalTrans = 0.5f;
        info.transRand = 0.2f;
        info.startScale = 1;
        info.finalScale = 2;
        info.scaleRand = 0.5f;
        info.minA = 0.5f, info.maxA = 1.5f;
        info.minB = 2, info.maxB = 3;
        info.minC = 0.1f, info.maxC = 0.2f;
        info.offsetDir = {0, 0, 1}; // spawn on the XY plane
        info.minOffset = 1, info.maxOffset = 2;
        const OwnerPose pose{};
        OneParticle p(info, pose, 4242);

        Ran2 r(4242);
        const double lifespan = 2 + r.rollDice(-1, 1) * 0.5;
        const double finalTrans = 0.5 + r.rollDice(-1, 1) * 0.2;
        const double startTrans = 0.3 + r.rollDice(-1, 1) * 0.2;
        const double finalScale = 2 + r.rollDice(-1, 1) * 0.5;
        const double startScale = 1 + r.rollDice(-1, 1) * 0.5;
        const double c = 0.1 + r.rollDice(0, 1) * 0.1;
        const double b = 2 + r.rollDice(0, 1) * 1;
        const double a = 0.5 + r.rollDice(0, 1) * 1;
        r.rollDice(-1, 1); // the offset's z, drawn first and then dropped by OffsetDir
        const double y = r.rollDice(-1, 1);
        const double x = r.rollDice(-1, 1);
        const double radius = 1 + r.rollDice(0, 1);

        const ParticleStore& s = p.emitter.particles();
        QVERIFY(std::fabs(s.lifespan[0] - lifespan) < 1e-9);
        QVERIFY(close(s.finalTrans[0], float(finalTrans)));
        QVERIFY(close(s.startTrans[0], float(startTrans)));
        QVERIFY(close(s.finalScale[0], float(finalScale)));
        QVERIFY(close(s.startScale[0], float(startScale)));
        QVERIFY(close(s.scale[0], float(startScale)));
        QVERIFY_NEAR(s.c[0], (Vec3{0.25f, 0.5f, 1} * float(c)));
        QVERIFY_NEAR(s.b[0], (Vec3{0.5f, -1, 2} * float(b)));
        QVERIFY_NEAR(s.a[0], (Vec3{1, 2, 3} * float(a)));
        // The hook offset (0,1,0) plus the spawn offset, z dropped by OffsetDir.
        const Vec3 spawn = normalized(Vec3{float(x), float(y), 0}) * float(radius);
        QVERIFY_NEAR(s.offset[0], (Vec3{0, 1, 0} + spawn));
        QVERIFY(close(length(spawn), float(radius)));
        // Nothing else was drawn: the next draw is the next particle's.
        QCOMPARE(p.rng.next(), r.next());
    }

    void atMostOneEmissionPerUpdate() {
        auto info = stillEmitter(kStill); // Birthrate 0.001 s, 10 slots
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {0, 0}, rng);
        QCOMPARE(emitter.particleCount(), 0u);
        emitter.update(pose, {1.0, 1.0}, rng); // a thousand periods late
        QCOMPARE(emitter.particleCount(), 1u);
        emitter.update(pose, {2.0, 2.0}, rng);
        QCOMPARE(emitter.particleCount(), 2u);
        QCOMPARE(emitter.lastEmitTime(), 2.0);
    }

    void perSecondNeedsStrictlyMoreThanTheBirthrate() {
        auto info = stillEmitter(kStill);
        info.birthrate = 0.5;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {1.0, 1.0}, rng);
        emitter.update(pose, {1.5, 1.5}, rng);
        QCOMPARE(emitter.particleCount(), 0u);
        emitter.update(pose, {1.5001, 1.5001}, rng);
        QCOMPARE(emitter.particleCount(), 1u);
        // The PerSec test reads the Timer clock; the stamp is the physics clock.
        emitter.update(pose, {1.9, 2.1}, rng);
        QCOMPARE(emitter.particleCount(), 1u);
        QCOMPARE(emitter.lastEmitTime(), 1.5001);
    }

    void perMeterEmitsAfterMovingMoreThanTheBirthrate() {
        auto info = stillEmitter(kStill);
        info.emitterType = 2;
        info.birthrate = 1;
        OwnerPose pose{Frame{{0.5f, 0, 0}, Quat{}}, {}};
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{{0, 0.5f, 0}, Quat{}});
        emitter.start(pose, {0, 0}, rng);
        emitter.update(pose, {0.1, 0.1}, rng); // |(0.5, 0.5, 0)| from the world origin
        QCOMPARE(emitter.particleCount(), 0u);
        pose.root.origin = {5, 0, 0};
        emitter.update(pose, {0.2, 0.2}, rng);
        QCOMPARE(emitter.particleCount(), 1u);
        pose.root.origin = {5.9f, 0, 0};
        emitter.update(pose, {0.3, 0.3}, rng);
        QCOMPARE(emitter.particleCount(), 1u);
        pose.root.origin = {6.1f, 0, 0};
        emitter.update(pose, {0.4, 0.4}, rng);
        QCOMPARE(emitter.particleCount(), 2u);
    }

    void emitterTypeZeroNeverEmits() {
        auto info = stillEmitter(kStill);
        info.emitterType = 0;
        info.initialParticles = 2;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {0, 0}, rng);
        for (double t = 0.1; t < 2; t += 0.1)
            emitter.update(pose, {t, t}, rng);
        QCOMPARE(emitter.particleCount(), 2u); // the burst only
        QCOMPARE(emitter.totalEmitted(), std::int64_t(2));
    }

    void initialBurstFillsUpToMaxParticles() {
        auto info = stillEmitter(kStill);
        info.initialParticles = 5;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter burst(info, -1, Frame{});
        burst.start(pose, {0, 0}, rng);
        QCOMPARE(burst.particleCount(), 5u);
        QCOMPARE(burst.totalEmitted(), std::int64_t(5));

        info.initialParticles = 20;
        info.maxParticles = 4;
        Ran2 other(1);
        ParticleEmitter capped(info, -1, Frame{});
        capped.start(pose, {0, 0}, other);
        QCOMPARE(capped.particleCount(), 4u);
        QCOMPARE(capped.totalEmitted(), std::int64_t(4)); // a full emitter records nothing
        capped.update(pose, {1, 1}, other);
        QCOMPARE(capped.particleCount(), 4u);
        QCOMPARE(capped.totalEmitted(), std::int64_t(4));
    }

    void aFreedSlotIsReusedFirst() {
        auto info = fixedInfo(1);
        info.emitterType = 1;
        info.birthrate = 0.3;
        info.lifespan = 1;
        const OwnerPose pose = turnedPose();
        OneParticle p(info, pose); // slot 0, born at 0
        p.stepTo(pose, 0.5);       // slot 1, born at 0.5
        p.stepTo(pose, 1.0);       // slot 0 dies, then the emission takes it again
        const ParticleStore& s = p.emitter.particles();
        QCOMPARE(p.emitter.particleCount(), 2u);
        QCOMPARE(s.lifetime[0], 0.0);
        QCOMPARE(s.lifetime[1], 0.5);
        QVERIFY(!s.live[2]);
    }

    void totalParticlesStopsTheEmitter() {
        auto info = stillEmitter(kStill);
        info.totalParticles = 3;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {0, 0}, rng);
        emitter.update(pose, {0.1, 0.1}, rng);
        emitter.update(pose, {0.2, 0.2}, rng);
        QVERIFY(!emitter.stopped());
        emitter.update(pose, {0.3, 0.3}, rng);
        QVERIFY(emitter.stopped());
        QCOMPARE(emitter.stopCause(), ParticleEmitter::StopCause::TotalParticles);
        emitter.update(pose, {0.4, 0.4}, rng);
        QCOMPARE(emitter.particleCount(), 3u);
    }

    void totalSecondsStopsStrictlyAfterTheDuration() {
        auto info = stillEmitter(kStill);
        info.totalSeconds = 1;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {0, 0}, rng);
        QVERIFY(emitter.update(pose, {1.0, 1.0}, rng));
        QVERIFY(!emitter.stopped());
        QVERIFY(emitter.update(pose, {1.01, 1.01}, rng));
        QCOMPARE(emitter.stopCause(), ParticleEmitter::StopCause::TotalSeconds);
        QCOMPARE(emitter.particleCount(), 2u);
    }

    void negativeTotalParticlesEmitsOnceThenStops() {
        auto info = stillEmitter(kStill);
        info.totalParticles = -1;
        OwnerPose pose;
        Ran2 rng(1);
        ParticleEmitter emitter(info, -1, Frame{});
        emitter.start(pose, {0, 0}, rng);
        QVERIFY(!emitter.stopped());
        emitter.update(pose, {0.1, 0.1}, rng);
        QCOMPARE(emitter.particleCount(), 1u); // unlimited for ShouldEmit...
        QVERIFY(emitter.stopped());            // ...but stopped by StopEmitter
        emitter.update(pose, {0.2, 0.2}, rng);
        QCOMPARE(emitter.particleCount(), 1u);
    }

    void lifespanZeroIsPlacedOnceAndDiesNextUpdate() {
        auto info = fixedInfo(1);
        info.lifespan = 0;
        info.startScale = 1;
        info.finalScale = 2;
        const OwnerPose pose = turnedPose();
        OneParticle p(info, pose);
        QCOMPARE(p.emitter.particleCount(), 1u);
        QCOMPARE(p.emitter.particles().scale[0], 2.0f); // age 0 is already the end
        p.stepTo(pose, 0);
        QCOMPARE(p.emitter.particleCount(), 0u);
    }

    void particlesDieWhenTheirAgeReachesTheLifespan() {
        auto info = fixedInfo(1);
        info.lifespan = 1;
        const OwnerPose pose = turnedPose();
        OneParticle p(info, pose);
        p.stepTo(pose, 0.5);
        QCOMPARE(p.emitter.particleCount(), 1u);
        p.stepTo(pose, 1.0);
        QCOMPARE(p.emitter.particleCount(), 0u);
    }

    void theSampleListsLiveParticlesInSlotOrder() {
        Fixture f;
        auto info = fixedInfo(1);
        info.initialParticles = 2;
        f.assets.add(info);
        f.pose = turnedPose();
        f.manager.create(hookAt(kStill, -1, 2), false, f.pose, {0, 0});
        const auto sample = f.manager.sample();
        QCOMPARE(sample.size(), 1u);
        QCOMPARE(sample[0].id, 2u);
        QCOMPARE(sample[0].info, kStill);
        QCOMPARE(sample[0].hwGfxObjId, info.hwGfxObjId);
        QCOMPARE(sample[0].particles.size(), 2u);
        QVERIFY_NEAR(sample[0].particles[1].position, (Vec3{10, 20, 30}));
        QCOMPARE(sample[0].particles[1].scale, 1.0f);
    }
};

QTEST_APPLESS_MAIN(TestParticles)
#include "datreader/records/particle_emitter_info.h"
#include "tst_particles.moc"
