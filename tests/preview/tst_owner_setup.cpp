// How an owner comes to be (scene/owner_setup): InitDefaults from the Setup, then set_description
// and the starting state.

#include "support/scene_world.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <bit>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::preview::fixtures;

class TestOwnerSetup : public QObject {
    Q_OBJECT
  private slots:
    // oracle: R8
    void aDescriptionTableReplacesTheSetupsEvenWhenZero() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = kSetup;
        desc.scriptTable = 0;
        const std::uint32_t id = scene.createOwner(desc);
        QCOMPARE(scene.owner(id)->scriptTable, 0u);
        QVERIFY(!scene.playTyped(id, kLaunch, 1.0f));
        QVERIFY(world.queued(id).empty());
    }

    // oracle: R10
    void initDefaultsPlaysTheDefaultScriptDirectlyAndInstallsTables() {
        World world;
        auto s = setup(0x02000002, 1);
        s.defaultScript = 0x33000020;
        s.defaultScriptTable = kOtherTable;
        s.defaultSoundTable = 0x20000001;
        world.assets->add(s);
        world.assets->add(script(0x33000020, {{0.0, dat::hooks::NoOp{}}}));
        PreviewScene& scene = world.start();
        OwnerDesc desc;
        desc.setup = s.id;
        const std::uint32_t id = scene.createOwner(desc);
        QCOMPARE(world.queued(id), Ids{0x33000020});
        QVERIFY(world.recorder->ofKind<TableResolved>().empty()); // direct, not typed
        QCOMPARE(scene.owner(id)->scriptTable, kOtherTable);
        QCOMPARE(scene.owner(id)->soundTable, 0x20000001u);
        scene.advance(kTick);
        QCOMPARE(scriptsOf<ScriptFinished>(*world.recorder, id), Ids{0x33000020});
    }

    // oracle: R14
    void aVisibleCreateMakesNoUnHide() {
        World world;
        PreviewScene& scene = world.start();
        OwnerDesc visible;
        visible.setup = kSetup;
        QCOMPARE(visible.state, 0x00400C08u);
        const std::uint32_t id = scene.createOwner(visible);
        QCOMPARE(scene.owner(id)->state, 0x00400C08u);
        QVERIFY(world.resolvedTypes().empty());

        OwnerDesc hidden = visible;
        hidden.state |= state::Hidden;
        const std::uint32_t hiddenId = scene.createOwner(hidden);
        QCOMPARE(world.resolvedTypes(), std::vector<QString>{"Hidden"});
        scene.setState(hiddenId, state::kDefault);
        QCOMPARE(world.resolvedTypes(), (std::vector<QString>{"Hidden", "UnHide"}));
    }
};

QTEST_APPLESS_MAIN(TestOwnerSetup)
#include "tst_owner_setup.moc"
