// The action values `simulate --at`, `render --at` and the studio's session share: their text
// form, applying one to a scene (the same as the direct call it stands for), and the timed
// script that replays them in time order.

#include "preview/core/physics_state.h"
#include "preview/effects/script_table.h"
#include "preview/scene/effect_actions.h"
#include "preview/scene/preview_scene.h"
#include "preview/scene/trace.h"
#include "support/demo_ids.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTest>
#include <cmath>
#include <functional>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::testing::demo_ids;

namespace {

constexpr std::uint32_t kScript = 0x33000AEA;
constexpr double kTick = 0.04;

// One human on the demo DAT, every event kept as its trace line.
struct Stage {
    std::unique_ptr<PreviewScene> scene;
    QByteArray trace;
    std::uint32_t human = 0;

    Stage() {
        auto dat = std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT));
        scene = std::make_unique<PreviewScene>(std::make_shared<Assets>(dat), 1);
        scene->events().listen([this](const Event& event) { trace += traceLine(event); });
        OwnerDesc desc;
        desc.setup = kHuman;
        human = scene->createOwner(desc);
    }
    void run(int ticks) {
        for (int i = 0; i < ticks; ++i)
            scene->advance(kTick);
    }
    std::uint32_t state() const { return scene->owner(human)->state; }
};

EffectAction parsed(const QString& text) {
    QString error;
    const auto action = parseEffectAction(text, error);
    if (!action)
        qFatal("'%s' did not parse: %s", qPrintable(text), qPrintable(error));
    return *action;
}

} // namespace

// A direct call on the scene's owner, as a test column.
using DirectCall = std::function<void(PreviewScene&, std::uint32_t)>;
Q_DECLARE_METATYPE(DirectCall)

class TestEffectActions : public QObject {
    Q_OBJECT
  private slots:
    void parsesEachSpelling() {
        const EffectAction script = parsed("script:0x33000AEA");
        QCOMPARE(script.kind, EffectAction::Kind::Script);
        QCOMPARE(script.value, kScript);

        const EffectAction motion = parsed("MOTION: 0x10000153");
        QCOMPARE(motion.kind, EffectAction::Kind::Motion);
        QCOMPARE(motion.value, kRecall);

        const EffectAction state = parsed("state:0x00404C08");
        QCOMPARE(state.kind, EffectAction::Kind::State);
        QCOMPARE(state.value, 0x00404C08u);
        QCOMPARE(parsed("state:16").value, 16u); // any number, not only a DID

        const EffectAction typed = parsed("typed:Launch@0.5");
        QCOMPARE(typed.kind, EffectAction::Kind::Typed);
        QCOMPARE(typed.value, *playScriptFromName("Launch"));
        QCOMPARE(typed.intensity, 0.5f);
        QCOMPARE(parsed("typed:0x4").value, 4u);
        QCOMPARE(parsed("typed:UnHide").intensity, 1.0f); // no @: full intensity
        QVERIFY(std::isnan(parsed("typed:Launch@nan").intensity));
        QCOMPARE(parsed("typed:Launch@-inf").intensity, -std::numeric_limits<float>::infinity());
    }

    void refusesWithAReason_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("named"); // what the error must quote
        const auto row = [](const char* name, const char* text, const char* named) {
            QTest::newRow(name) << QString(text) << QString(named);
        };
        row("no kind", "0x33000AEA", "0x33000AEA");
        row("unknown kind", "hidden:1", "hidden:1");
        row("bad script", "script:nope", "nope");
        row("DID too long", "script:0x330000AEA", "0x330000AEA");
        row("bad state", "state:0xZZ", "0xZZ");
        row("unknown type", "typed:NoSuchType", "NoSuchType");
        row("bad intensity", "typed:Launch@lots", "Launch@lots");
    }
    void refusesWithAReason() {
        QFETCH(QString, text);
        QFETCH(QString, named);
        QString error;
        QVERIFY(!parseEffectAction(text, error));
        QVERIFY2(error.contains(named), qPrintable(error));
    }

    void numbersAreDecimalOrHex() {
        QCOMPARE(parseNumber("42"), std::optional<std::uint32_t>(42));
        QCOMPARE(parseNumber(" 0x2A "), std::optional<std::uint32_t>(42));
        QCOMPARE(parseNumber("0X2a"), std::optional<std::uint32_t>(42));
        QVERIFY(!parseNumber("2A"));
        QVERIFY(!parseNumber(""));
        QCOMPARE(parseScriptType("Launch"), playScriptFromName("Launch"));
        QCOMPARE(parseScriptType("7"), std::optional<std::uint32_t>(7));
    }

    // Each action does exactly what the call it stands for does: the same events, to the byte.
    void applyingIsTheDirectCall_data() {
        using Call = DirectCall;
        QTest::addColumn<QString>("text");
        QTest::addColumn<Call>("direct");
        QTest::newRow("script") << "script:0x33000AEA"
                                << Call([](PreviewScene& s, std::uint32_t o) {
                                       s.playScript(o, kScript);
                                   });
        QTest::newRow("typed") << "typed:UnHide@0.5" << Call([](PreviewScene& s, std::uint32_t o) {
            s.playTyped(o, *playScriptFromName("UnHide"), 0.5f);
        });
        QTest::newRow("motion") << "motion:0x10000153"
                                << Call([](PreviewScene& s, std::uint32_t o) {
                                       s.performMotion(o, kRecall);
                                   });
        QTest::newRow("state") << "state:0x00404C08" << Call([](PreviewScene& s, std::uint32_t o) {
            s.setState(o, 0x00404C08);
        });
    }
    void applyingIsTheDirectCall() {
        QFETCH(QString, text);
        QFETCH(DirectCall, direct);
        Stage byAction, byCall;
        QVERIFY(byAction.human && byCall.human);
        byAction.run(5);
        byCall.run(5);
        applyAction(*byAction.scene, byAction.human, parsed(text));
        direct(*byCall.scene, byCall.human);
        byAction.run(50);
        byCall.run(50);
        Stage idle;
        idle.run(55);
        QVERIFY2(byAction.trace != idle.trace, "the action did nothing");
        QCOMPARE(byAction.trace, byCall.trace);
    }

    // Hidden is set_state with the one bit changed, side effects and all.
    void hiddenIsSetStateWithTheBitFlipped() {
        Stage byAction, byCall;
        const std::uint32_t before = byAction.state();
        QVERIFY(!(before & state::Hidden));
        QVERIFY(applyAction(*byAction.scene, byAction.human, {EffectAction::Kind::Hidden, 1, 0}));
        byCall.scene->setState(byCall.human, before | state::Hidden);
        QVERIFY(byAction.state() & state::Hidden);
        QCOMPARE(byAction.state(), byCall.state());
        byAction.run(10);
        byCall.run(10);
        const std::uint32_t hidden = byAction.state();
        QVERIFY(applyAction(*byAction.scene, byAction.human, {EffectAction::Kind::Hidden, 0, 0}));
        byCall.scene->setState(byCall.human, hidden & ~state::Hidden);
        QVERIFY(!(byAction.state() & state::Hidden));
        byAction.run(10);
        byCall.run(10);
        QCOMPARE(byAction.state(), byCall.state());
        QCOMPARE(byAction.trace, byCall.trace);
    }

    void refusedWithoutTheOwner() {
        Stage stage;
        const std::uint32_t nobody = stage.human + 100;
        for (const EffectAction::Kind kind :
             {EffectAction::Kind::Script, EffectAction::Kind::Typed, EffectAction::Kind::Motion,
              EffectAction::Kind::State, EffectAction::Kind::Hidden})
            QVERIFY(!applyAction(*stage.scene, nobody, {kind, kScript, 1}));
        // A motion the human's table lacks is refused by the runtime.
        QVERIFY(
            !applyAction(*stage.scene, stage.human, {EffectAction::Kind::Motion, 0x10FFFFFF, 0}));
    }

    // Time order; equal times in the order given; each action once, on the first frame whose
    // clock has reached it.
    void scriptAppliesInTimeOrder() {
        Stage stage;
        ActionScript script({{0.2, {EffectAction::Kind::State, 0x3, 0}},
                             {0.08, {EffectAction::Kind::State, 0x1, 0}},
                             {0.08, {EffectAction::Kind::State, 0x2, 0}}});
        QCOMPARE(script.actions().front().what.value, 0x1u);
        QCOMPARE(script.actions().back().at, 0.2);
        const std::uint32_t start = stage.state();
        script.applyDue(*stage.scene, stage.human);
        QCOMPARE(script.applied(), std::size_t(0));
        stage.run(1);
        script.applyDue(*stage.scene, stage.human);
        QCOMPARE(stage.state(), start);
        stage.run(1); // 0.08: both actions due there, in their order
        script.applyDue(*stage.scene, stage.human);
        QCOMPARE(script.applied(), std::size_t(2));
        QCOMPARE(stage.state(), 0x2u);
        stage.run(2);
        script.applyDue(*stage.scene, stage.human);
        QCOMPARE(script.applied(), std::size_t(2));
        stage.run(1); // 0.2, reached by five additions of 0.04 within the slop
        script.applyDue(*stage.scene, stage.human);
        QCOMPARE(script.applied(), std::size_t(3));
        QCOMPARE(stage.state(), 0x3u);
        script.applyDue(*stage.scene, stage.human); // nothing applies twice
        QCOMPARE(script.applied(), std::size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestEffectActions)
#include "tst_effect_actions.moc"
