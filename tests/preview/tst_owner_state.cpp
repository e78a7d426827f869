// An owner's PhysicsState and its side effects (scene/owner_state): set_state, Hidden and
// UnHide, NoDraw, lights.

#include "support/scene_world.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTest>
#include <bit>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

class TestOwnerState : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R11
    void physicsStateHasExactlyTheRetailBits() {
        std::uint32_t all = 0;
        for (const auto& [bit, name] : state::kNames) {
            QCOMPARE(std::popcount(bit), 1);
            QVERIFY((all & bit) == 0);
            all |= bit;
        }
        // Every bit from Static to Frozen except 0x2 and 0x2000, which retail leaves unnamed.
        QCOMPARE(all, 0x01FFDFFDu);
        QCOMPARE(state::Inelastic, 0x20000u);
        QCOMPARE(state::Sledding, 0x800000u);
        QCOMPARE(state::Hidden, 0x4000u);
        QCOMPARE(state::names(0x00400C08),
                 (QStringList{"ReportCollisions", "Gravity", "Lighting", "EdgeSlide"}));
        QCOMPARE(state::names(0x2), QStringList{"0x2"});
    }

    // oracle: R12
    void setStateHandlesLightsAndNoDrawBeforeHidden() {
        World world;
        auto s = setup(0x02000003, 2);
        s.defaultScriptTable = kTable;
        s.lights.push_back({0, dat::LightInfo{{}, 0xFFFF8000, 1.5f, 3.0f, 0}});
        world.assets->add(s);
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        const std::uint32_t id = scene.createOwner(desc);
        Owner& owner = *scene.owner(id);
        QCOMPARE(owner.lights.size(), std::size_t(1)); // Lighting is in the default state
        world.recorder->clear();

        // Lighting off, NoDraw on and Hidden on in one change.
        scene.setState(id, (state::kDefault & ~state::Lighting) | state::NoDraw | state::Hidden);
        QVERIFY(owner.lights.empty());
        QVERIFY(owner.parts[0].noDraw && owner.parts[1].noDraw);
        QStringList order;
        for (const Event& e : world.recorder->all())
            order << QString::fromLatin1(eventName(e).data());
        QVERIFY2(order.indexOf("light") >= 0 &&
                     order.indexOf("light") < order.indexOf("table_resolved"),
                 qPrintable(order.join(',')));
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});

        scene.setState(id, state::kDefault);
        QCOMPARE(owner.lights.size(), std::size_t(1));
        QVERIFY(!owner.parts[0].noDraw);
    }

    // oracle: R13
    void hiddenAndUnHideTransitions() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t parentId = scene.createOwner(desc);
        const std::uint32_t childId = scene.createOwner(desc);
        QVERIFY(scene.attach(childId, parentId, 1, Frame{}));
        Owner& parent = *scene.owner(parentId);
        Owner& child = *scene.owner(childId);
        world.recorder->clear();

        scene.setState(parentId, state::kDefault | state::Hidden);
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});
        const auto hidden = world.recorder->ofKind<TableResolved>().front();
        QCOMPARE(hidden.what.intensity, 1.0f);
        QCOMPARE(world.queued(parentId), Ids{kHiddenScript});
        QVERIFY(child.state & state::NoDraw);
        QVERIFY(!(parent.state & state::ReportCollisions));
        QVERIFY(parent.state & state::IgnoreCollisions);

        world.recorder->clear();
        scene.setState(parentId, (state::kDefault & ~state::ReportCollisions));
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"UnHide"});
        QCOMPARE(world.queued(parentId), Ids{kUnHideScript});
        QVERIFY(!(child.state & state::NoDraw));
        QVERIFY(!(parent.state & state::IgnoreCollisions));
        QVERIFY(parent.state & state::ReportCollisions); // set again because it was clear
    }

    // oracle: R15
    void hiddenKeepsScriptsAndParticlesRunning() {
        World world;
        dat::Animation idle;
        idle.id = 0x03000002;
        idle.numParts = 3;
        idle.partFrames.resize(10, dat::AnimationFrame{std::vector<dat::Frame>(3), {}});
        world.assets->add(idle);
        auto s = setup(kSetup, 3);
        s.defaultScriptTable = kTable;
        s.defaultAnimation = idle.id;
        world.assets->add(s);
        world.assets->add(script(0x33000030, {{0.0, createParticle(kEmitter, -1, 7)},
                                              {0.5, dat::hooks::NoOp{}},
                                              {1.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        const std::uint32_t id = scene.createOwner(desc);
        scene.playScript(id, 0x33000030);
        scene.advance(kTick);
        Owner& owner = *scene.owner(id);
        QCOMPARE(owner.particles.emitterCount(), std::size_t(1));
        const std::size_t before = owner.particles.particleCount();
        scene.setState(id, state::kDefault | state::Hidden);
        const double frame = owner.sequencer.frameNumber();
        for (int i = 0; i < 30; ++i)
            scene.advance(kTick);
        QCOMPARE(owner.sequencer.frameNumber(), frame); // only the sequence stops
        QCOMPARE(owner.particles.emitterCount(), std::size_t(1));
        QVERIFY(owner.particles.particleCount() > before);
        QCOMPARE(scriptsOf<ScriptFinished>(*world.recorder, id), (Ids{0x33000030, kHiddenScript}));
        QVERIFY(world.recorder->ofKind<EmitterDestroyed>().empty());
    }
};

QTEST_APPLESS_MAIN(TestOwnerState)
#include "tst_owner_state.moc"
