// Table resolution, the per-owner script FIFO and the timed object hooks, each on its own.

#include "preview/core/retail_random.h"
#include "preview/effects/script_manager.h"
#include "preview/effects/script_table.h"
#include "preview/effects/timed_hooks.h"
#include "support/preview_fixtures.h"

#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTest>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

namespace {

constexpr std::uint32_t kLaunch = 4;
constexpr std::uint32_t kExplode = 5;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// What ScriptManager::update ran: (script, hook start time, clock) per hook.
struct Ran {
    std::uint32_t script;
    double hookTime;
    bool operator==(const Ran&) const = default;
};

} // namespace

class TestScripts : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R19
    void lookupIsByExactTypeOnly() {
        const auto t =
            table(0x34000001, {{kLaunch, {{1.0f, 0x33000001}}}, {kExplode, {{1.0f, 0x33000002}}}});
        QCOMPARE(resolveScript(t, kLaunch, 0.5f), std::optional<std::uint32_t>(0x33000001));
        QCOMPARE(resolveScript(t, kExplode, 0.5f), std::optional<std::uint32_t>(0x33000002));
        QCOMPARE(resolveScript(t, 6, 0.5f), std::nullopt);
        QCOMPARE(resolveScript(t, kLaunch | 0x100, 0.5f), std::nullopt);
    }

    // oracle: R20
    void storedOrderFirstThresholdWinsWithoutSortingOrFallback() {
        // Deliberately unsorted: a sorting resolver would answer 0.4 with the 0.5 entry.
        const auto t = table(0x34000001, {{kLaunch, {{1.0f, 0x330000AA}, {0.5f, 0x330000BB}}}});
        QCOMPARE(resolveScript(t, kLaunch, 0.4f), std::optional<std::uint32_t>(0x330000AA));
        QCOMPARE(resolveScript(t, kLaunch, 1.0f), std::optional<std::uint32_t>(0x330000AA));
        // Above every threshold: nothing, not the first entry.
        QCOMPARE(resolveScript(t, kLaunch, 1.0001f), std::nullopt);

        const auto sorted = table(0x34000002, {{kLaunch, {{0.0f, 1}, {0.5f, 2}, {1.0f, 3}}}});
        QCOMPARE(resolveScript(sorted, kLaunch, 0.0f), std::optional<std::uint32_t>(1));
        QCOMPARE(resolveScript(sorted, kLaunch, 0.5f), std::optional<std::uint32_t>(2));
        QCOMPARE(resolveScript(sorted, kLaunch, 0.50001f), std::optional<std::uint32_t>(3));
    }

    // oracle: R21
    void nonFiniteIntensities() {
        const auto t = table(0x34000001, {{kLaunch, {{0.0f, 1}, {0.5f, 2}, {1.0f, 3}}}});
        QCOMPARE(resolveScript(t, kLaunch, kNaN), std::nullopt);
        QCOMPARE(resolveScript(t, kLaunch, -kNaN), std::nullopt);
        QCOMPARE(resolveScript(t, kLaunch, kInf), std::nullopt);
        QCOMPARE(resolveScript(t, kLaunch, -kInf), std::optional<std::uint32_t>(1));
    }

    void playScriptNamesRoundTrip() {
        QCOMPARE(playScriptFromName("Launch"), std::optional<std::uint32_t>(4));
        QCOMPARE(playScriptFromName("unhide"), std::optional<std::uint32_t>(0x75));
        QCOMPARE(playScriptFromName("DisappearDestroy"), std::optional<std::uint32_t>(0x77));
        QCOMPARE(playScriptFromName("ProjectileCollision"), std::optional<std::uint32_t>(0x5A));
        QCOMPARE(playScriptFromName("NoSuchType"), std::nullopt);
        QCOMPARE(playScriptName(0x76), QStringLiteral("Hidden"));
        QCOMPARE(playScriptName(0x1000), QString());
    }

    // oracle: R23
    void serialFifoChainsStartsAndKeepsDuplicates() {
        Events events;
        EventRecorder recorder(events);
        ScriptManager manager(1, events);
        const auto a = script(0x33000001, {{0.0, dat::hooks::NoOp{}}, {1.5, dat::hooks::NoOp{}}});
        manager.add(a.id, a, 10.0);
        manager.add(a.id, a, 10.2); // the same script again: appended, not merged
        manager.add(a.id, a, 10.3);
        QCOMPARE(manager.size(), std::size_t(3));
        QCOMPARE(manager.queue()[0].start, 10.0);
        QCOMPARE(manager.queue()[1].start, 11.5); // tail.start + tail.length
        QCOMPARE(manager.queue()[2].start, 13.0);
        QCOMPARE(ScriptManager::length(a), 1.5);
        QCOMPARE(recorder.ofKind<ScriptQueued>().size(), std::size_t(3));
    }

    // oracle: R24
    void headWaitsForItsFirstHook() {
        Events events;
        ScriptManager manager(1, events);
        const auto late = script(0x33000001, {{0.5, dat::hooks::NoOp{}}});
        manager.add(late.id, late, 2.0);
        QCOMPARE(manager.nextHookTime(), 2.5);
        int ran = 0;
        manager.update(2.49, [&](const auto&, const auto&) { ++ran; });
        QCOMPARE(ran, 0);
        manager.update(2.5, [&](const auto&, const auto&) { ++ran; });
        QCOMPARE(ran, 1);
    }

    // oracle: R25
    void longFrameDrainsEveryDueHookInOrder() {
        Events events;
        EventRecorder recorder(events);
        ScriptManager first(1, events), second(2, events);
        const auto a = script(
            0x33000001,
            {{0.0, dat::hooks::NoOp{}}, {0.1, dat::hooks::NoOp{}}, {0.2, dat::hooks::NoOp{}}});
        const auto b = script(0x33000002, {{0.05, dat::hooks::NoOp{}}, {0.3, dat::hooks::NoOp{}}});
        first.add(a.id, a, 0.0);
        first.add(b.id, b, 0.0); // starts at 0.2
        second.add(b.id, b, 0.0);

        std::vector<Ran> ran;
        auto record = [&](const ScriptManager::Queued& q, const dat::PhysicsScript::Entry& e) {
            ran.push_back({q.id, q.start + e.startTime});
        };
        first.update(0.1, record);
        QCOMPARE(ran, (std::vector<Ran>{{a.id, 0.0}, {a.id, 0.1}}));
        // One frame much longer than both scripts: everything left runs, in order.
        first.update(5.0, record);
        QCOMPARE(ran, (std::vector<Ran>{
                          {a.id, 0.0}, {a.id, 0.1}, {a.id, 0.2}, {b.id, 0.25}, {b.id, 0.5}}));
        QVERIFY(first.empty());
        QCOMPARE(scriptsOf<ScriptFinished>(recorder), (Ids{a.id, b.id}));
        // The other owner's queue was not touched.
        QCOMPARE(second.size(), std::size_t(1));
        ran.clear();
        second.update(5.0, record);
        QCOMPARE(ran, (std::vector<Ran>{{b.id, 0.05}, {b.id, 0.3}}));
    }

    void scriptAddedWhileRunningJoinsTheTail() {
        Events events;
        ScriptManager manager(1, events);
        const auto a = script(0x33000001, {{0.0, dat::hooks::NoOp{}}});
        const auto b = script(0x33000002, {{0.0, dat::hooks::NoOp{}}});
        manager.add(a.id, a, 0.0);
        std::vector<std::uint32_t> ran;
        manager.update(0.0, [&](const ScriptManager::Queued& q, const auto&) {
            ran.push_back(q.id);
            if (q.id == a.id)
                manager.add(b.id, b, 0.0);
        });
        QCOMPARE(ran, (std::vector<std::uint32_t>{a.id, b.id}));
        QVERIFY(manager.empty());
    }

    void emptyScriptIsQueuedAndRetired() {
        Events events;
        EventRecorder recorder(events);
        ScriptManager manager(1, events);
        const dat::PhysicsScript empty{0x33000009, {}};
        manager.add(empty.id, empty, 1.0);
        manager.update(1.0, [](const auto&, const auto&) { QFAIL("no hooks to run"); });
        QVERIFY(manager.empty());
        QCOMPARE(scriptsOf<ScriptFinished>(recorder), Ids{empty.id});
    }

    // oracle: R26
    void timedHooksRunNewestFirst() {
        TimedHooks hooks;
        hooks.add({TimedHook::Type::CallPES, 0.0, 0.3, 0, 1, 0x33000001});
        hooks.add({TimedHook::Type::CallPES, 0.0, 0.2, 0, 1, 0x33000002});
        std::vector<std::uint32_t> fired;
        auto fire = [&](const TimedHook& hook, float value) {
            if (value >= 1.0f)
                fired.push_back(hook.user);
        };
        hooks.process(0.1, fire);
        QVERIFY(fired.empty());
        QCOMPARE(hooks.size(), std::size_t(2));
        // Both due in the same evaluation: the one added last comes first.
        hooks.process(0.5, fire);
        QCOMPARE(fired, (std::vector<std::uint32_t>{0x33000002, 0x33000001}));
        QVERIFY(hooks.empty());
    }

    void timedRampLerpsAndEndsExactlyOnce() {
        TimedHooks hooks;
        hooks.add({TimedHook::Type::Transparent, 1.0, 2.0, 0.0f, 1.0f, 0});
        std::vector<float> values;
        auto record = [&](const TimedHook&, float value) { values.push_back(value); };
        hooks.process(0.5, record); // before creation: the start value
        hooks.process(2.0, record);
        hooks.process(3.5, record); // past the end: the end value, then removed
        hooks.process(4.0, record);
        QCOMPARE(values, (std::vector<float>{0.0f, 0.5f, 1.0f}));
    }

    void ran2IsDeterministicAndInRange() {
        Ran2 a(7), b(7), zero(0), one(1);
        double low = 1, high = 0, sum = 0;
        for (int i = 0; i < 20000; ++i) {
            const double x = a.next();
            QCOMPARE(x, b.next());
            QCOMPARE(zero.next(), one.next()); // Seed(0) behaves as Seed(1)
            QVERIFY(x > 0 && x < 1);
            low = std::min(low, x);
            high = std::max(high, x);
            sum += x;
        }
        QVERIFY(low < 0.001 && high > 0.999);
        QVERIFY(std::abs(sum / 20000 - 0.5) < 0.01);
        QCOMPARE(a.rollDice(3.0, 3.0), 3.0);
        for (int i = 0; i < 100; ++i) {
            const double r = a.rollDice(2.0, -1.0); // swapped bounds
            QVERIFY(r >= -1.0 && r < 2.0);
        }
    }

    void crtRandMatchesTheMsvcSequence() {
        // srand(1): the first values every MSVC program prints for rand().
        CrtRand crt(1);
        QCOMPARE(crt.next(), 41);
        QCOMPARE(crt.next(), 18467);
        QCOMPARE(crt.next(), 6334);
        QCOMPARE(crt.next(), 26500);
    }
};

QTEST_APPLESS_MAIN(TestScripts)
#include "tst_scripts.moc"
