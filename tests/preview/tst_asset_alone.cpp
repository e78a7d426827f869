// Assets on their own (docs/preview.md#assets-alone): an emitter played by a bare owner, with
// no Setup, and how far its particles reach; an Animation played on an owner and the Setup an
// Animation is shown on. Synthetic records for the placement rules, the demo DAT for the rest.

#include "datreader/records/animation.h"
#include "datreader/records/particle_emitter_info.h"
#include "datreader/records/setup.h"
#include "preview/scene/asset_alone.h"
#include "preview/scene/preview_scene.h"
#include "support/demo_assets.h"
#include "support/demo_ids.h"
#include "support/preview_fixtures.h"

#include <QObject>
#include <QTest>
#include <cmath>
#include <memory>
#include <set>

using namespace portalkit;
using namespace portalkit::preview;
using namespace portalkit::testing::demo_ids;

namespace {

constexpr std::uint32_t kStill = 0x32000001;
constexpr std::uint32_t kDemoEmitter = 0x32000A03; // births per second, parabolic
constexpr std::uint32_t kPerMeter = 0x32000A01;    // births per metre travelled

std::shared_ptr<Assets> stillAssets() {
    auto assets = std::make_shared<Assets>();
    assets->add(fixtures::stillEmitter(kStill));
    return assets;
}

std::shared_ptr<Assets> demo() {
    return std::make_shared<Assets>(
        std::make_shared<const dat::DatFile>(dat::DatFile::open(PORTALKIT_DEMO_DAT)));
}

} // namespace

class TestAssetAlone : public QObject {
    Q_OBJECT

  private slots:
    void bareOwnerHasNoPartsAndStandsWhereItIsPut() {
        PreviewScene scene(stillAssets(), 1);
        const std::uint32_t owner = scene.createBareOwner(Frame{{2, 3, 0}, {}});
        QVERIFY(owner != 0);
        const FrameSnapshot snapshot = scene.snapshot();
        QCOMPARE(snapshot.owners.size(), std::size_t(1));
        QCOMPARE(snapshot.owners[0].setup, 0u);
        QVERIFY(snapshot.parts.empty());
        QVERIFY(snapshot.particles.empty());
        // A still emitter at the root: its particles are born where the owner stands.
        QVERIFY(scene.createEmitter(owner, kStill) != 0);
        scene.advance(0.5);
        const FrameSnapshot later = scene.snapshot();
        QVERIFY(!later.particles.empty());
        for (const ParticleInstance& p : later.particles) {
            QCOMPARE(p.owner, owner);
            QCOMPARE(p.gfxObj, 0x01000A01u);
            QVERIFY(std::abs(p.position.x - 2) < 1e-4f && std::abs(p.position.y - 3) < 1e-4f);
        }
    }

    void missingEmitterCreatesNothing() {
        PreviewScene scene(stillAssets(), 1);
        const std::uint32_t owner = scene.createBareOwner();
        QCOMPARE(scene.createEmitter(owner, 0x32000099), 0u);
        QCOMPARE(scene.createEmitter(owner + 7, kStill), 0u); // no such owner
        QCOMPARE(playEmitterAlone(scene, 0x32000099), 0u);
        QCOMPARE(scene.ownerIds().size(), std::size_t(1)); // the failed one was removed
        QVERIFY(!emitterReach(stillAssets(), 0x32000099).has_value());
    }

    void demoEmitterAloneFillsOverTime() {
        PreviewScene scene(demo(), 1);
        const std::uint32_t owner = playEmitterAlone(scene, kDemoEmitter);
        QVERIFY(owner != 0);
        std::size_t early = scene.snapshot().particles.size();
        for (int i = 0; i < 25; ++i)
            scene.advance(0.04);
        const FrameSnapshot later = scene.snapshot();
        QVERIFY2(later.particles.size() > early, QByteArray::number(qulonglong(early)));
        QVERIFY(later.parts.empty());
        const auto* info = scene.assets().get<dat::ParticleEmitterInfo>(kDemoEmitter);
        QVERIFY(info);
        for (const ParticleInstance& p : later.particles)
            QCOMPARE(p.gfxObj, info->hwGfxObjId);
    }

    void perMetreEmitterWalksToEmit() {
        PreviewScene scene(demo(), 1);
        const std::uint32_t owner = playEmitterAlone(scene, kPerMeter);
        QVERIFY(owner != 0);
        for (int i = 0; i < 25; ++i)
            scene.advance(0.04);
        QVERIFY(!scene.snapshot().particles.empty());
        const Vec3 at = scene.owner(owner)->root().origin;
        QVERIFY2(at.y > 0.5f && std::abs(at.x) < 1e-4f, QByteArray::number(at.y));
        // One birthing per second stands still.
        PreviewScene still(demo(), 1);
        const std::uint32_t standing = playEmitterAlone(still, kDemoEmitter);
        for (int i = 0; i < 25; ++i)
            still.advance(0.04);
        QCOMPARE(still.owner(standing)->root().origin, Vec3{});
    }

    void reachHoldsEveryParticleAndDependsOnTheEmitter() {
        const auto assets = demo();
        const auto reach = emitterReach(assets, kDemoEmitter, 2.0);
        QVERIFY(reach.has_value());
        QVERIFY(reach->radius > 0 && std::isfinite(reach->radius));
        PreviewScene scene(assets, 1);
        playEmitterAlone(scene, kDemoEmitter);
        while (scene.now() < 2.0 - 1e-9) {
            scene.advance(0.04);
            for (const ParticleInstance& p : scene.snapshot().particles) {
                const Vec3 d = p.position - reach->center;
                QVERIFY(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) <= reach->radius + 1e-3f);
            }
        }
        // A still emitter stays a point grown by its particles' scale (1).
        const auto still = emitterReach(stillAssets(), kStill, 1.0);
        QVERIFY(still.has_value());
        QVERIFY(std::abs(still->radius - 1.0f) < 1e-4f);
    }

    void animationPlaysOnTheOwner() {
        PreviewScene scene(demo(), 1);
        OwnerDesc human;
        human.setup = kHuman;
        const std::uint32_t owner = scene.createOwner(human);
        QVERIFY(owner != 0);
        QVERIFY(!scene.playAnimation(owner, 0x03FFFFFF));
        QVERIFY(!scene.playAnimation(owner + 9, kRecallAnimation));
        QVERIFY(scene.playAnimation(owner, kRecallAnimation));
        QCOMPARE(scene.owner(owner)->sequencer.currentAnimation(), kRecallAnimation);
        // The parts move as the animation plays.
        std::set<std::vector<float>> poses;
        for (int i = 0; i < 40; ++i) {
            scene.advance(0.05);
            std::vector<float> pose;
            for (const PartInstance& part : scene.snapshot().parts)
                pose.insert(pose.end(), {part.world.origin.x, part.world.origin.y,
                                         part.world.origin.z, part.world.orientation.x});
            poses.insert(pose);
        }
        QVERIFY2(poses.size() > 5, QByteArray::number(qulonglong(poses.size())));
        QCOMPARE(scene.owner(owner)->sequencer.currentAnimation(), kRecallAnimation); // loops
    }

    void setupForAnimationKeepsAMatchElseFindsOne() {
        auto assets = demo();
        // The demo's Animations have the human's seven parts.
        QCOMPARE(setupForAnimation(*assets, kRecallAnimation, kHuman), kHuman);
        QCOMPARE(setupForAnimation(*assets, kRecallAnimation, kWisp), kHuman); // one part
        QCOMPARE(setupForAnimation(*assets, kRecallAnimation), kHuman);
        QCOMPARE(setupForAnimation(*assets, 0x03FFFFFF, kHuman), 0u);
        // Two parts: the lowest Setup with two parts; forty: none.
        dat::Animation two;
        two.id = 0x03000F01;
        two.numParts = 2;
        assets->add(two);
        const std::uint32_t pair = setupForAnimation(*assets, two.id, kHuman);
        QVERIFY(pair != 0);
        QCOMPARE(assets->get<dat::Setup>(pair)->parts.size(), std::size_t(2));
        dat::Animation forty;
        forty.id = 0x03000F02;
        forty.numParts = 40;
        assets->add(forty);
        QCOMPARE(setupForAnimation(*assets, forty.id, kHuman), 0u);
    }
};

QTEST_APPLESS_MAIN(TestAssetAlone)
#include "tst_asset_alone.moc"
