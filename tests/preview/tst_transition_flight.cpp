// A body's quantum in a cell DAT's world (preview/physics/transition_flight.cpp,
// docs/physics.md#flights-in-the-real-world), on a hand-built landblock: what SetPositionInternal
// commits from the transition (R54, R58), what a failed transition keeps (R57), a move no body can
// make refused and reported, and the cell kept between quanta.
#include "datreader/records/land_block.h"
#include "preview/physics/dat_world.h"
#include "preview/physics/flight.h"
#include "world/coords.h"

#include <QObject>
#include <QTest>
#include <cmath>
#include <limits>

using namespace portalkit;
using namespace portalkit::preview;

namespace {

constexpr std::uint32_t kBlock = 0x7F7FFFFF;
constexpr float kGround = 20; // height index 10 at 2 m a step

// One flat landblock at 20 m whose south-west cell (0x7F7F0001) is entirely water; the scenario
// frame's (0, 0, 0) is the block's point (100, 100, 20).
PreviewWorld flatWorld() {
    auto world = std::make_shared<DatWorld>();
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = 2.0f * float(i);
    dat::LandBlock block;
    block.id = kBlock;
    for (int v = 0; v < dat::LandBlock::kVertexCount; ++v) {
        const int x = v / 9, y = v % 9;
        block.heights[std::size_t(v)] = 10;
        const bool water = x <= 1 && y <= 1;
        block.terrain[std::size_t(v)] =
            dat::LandBlock::terrainWord(0, std::uint16_t(water ? 20 : 1), 0);
    }
    world->terrain.blocks.emplace(kBlock, world::LandblockTerrain(block, defs));
    PreviewWorld out;
    out.dat = DatGeometry{world, kBlock, Vec3{100, 100, kGround}};
    return out;
}

// A missile with one 0.1 m sphere at its origin.
PhysicsBody missile(Vec3 at, Vec3 velocity) {
    PhysicsBody body;
    body.id = 1;
    body.frame.origin = at;
    body.velocity = velocity;
    body.state = state::Missile | state::ReportCollisions;
    body.spheres.push_back({{0, 0, 0}, 0.1f});
    return body;
}

Frame movedBy(const PhysicsBody& body, Vec3 by) {
    Frame to = body.frame;
    to.origin += by;
    return to;
}

} // namespace

class TestTransitionFlight : public QObject {
    Q_OBJECT

  private slots:
    // oracle: R58
    void aLandingCommitsContactAndWalkableFromTheContactPlane() {
        const PreviewWorld world = flatWorld();
        PhysicsBody body = missile({0, 0, 0.5f}, {0, 0, -5});
        const QuantumRecord r = commitCandidate(body, world, movedBy(body, {0, 0, -1}), 0.2);
        QVERIFY(r.transition && r.transition->ok);
        QVERIFY(r.transition->contact && r.transition->walkable && !r.transition->water);
        QVERIFY(body.contact() && body.onWalkable());
        QVERIFY((body.transientState & transient::WaterContact) == 0);
        // The sphere rests on the plane: its centre one radius above the ground.
        QVERIFY2(std::abs(body.frame.origin.z - 0.1f) < 1e-3f,
                 qPrintable(QString::number(body.frame.origin.z)));
        QVERIFY(r.collision && r.collision->kind == HitKind::Terrain);
        QCOMPARE(body.cellId, world::outdoorCellId(kBlock, 4, 4)); // (100, 100) is cell (4, 4)
    }

    // oracle: R54
    void aLandingInWaterSetsWaterContact() {
        const PreviewWorld world = flatWorld();
        // (10, 10) in the block is the water cell: the scenario's (−90, −90).
        PhysicsBody body = missile({-90, -90, 0.5f}, {0, 0, -5});
        const QuantumRecord r = commitCandidate(body, world, movedBy(body, {0, 0, -1.5f}), 0.2);
        QVERIFY(r.transition && r.transition->water);
        QVERIFY(body.contact());
        QVERIFY((body.transientState & transient::WaterContact) != 0);
        // A missile goes on under the surface to the water depth (R55).
        QVERIFY(body.frame.origin.z < 0);
    }

    // oracle: R57
    void aFailedTransitionKeepsTheOriginTakesTheRotationAndAnswersNothing() {
        const PreviewWorld world = flatWorld();
        const float huge = 1e7f; // off any world a Position can name: no begin cell
        PhysicsBody body = missile({huge, 0, 5}, {10, 0, 0});
        Frame candidate = movedBy(body, {2, 0, 0});
        candidate.orientation = Quat{0.7071068f, 0, 0, 0.7071068f};
        body.cachedVelocity = {1, 2, 3};
        const QuantumRecord r = commitCandidate(body, world, candidate, 0.2);
        QVERIFY(r.transitionFailed);
        QVERIFY(r.transition && !r.transition->ok);
        QCOMPARE(body.frame.origin, (Vec3{huge, 0, 5}));
        QCOMPARE(body.frame.orientation, candidate.orientation);
        QCOMPARE(body.cachedVelocity, Vec3{});
        QCOMPARE(body.velocity, (Vec3{10, 0, 0})); // no response
        QVERIFY(!r.collision);
    }

    void aMoveNoBodyCanMakeIsRefusedAndReported() {
        const PreviewWorld world = flatWorld();
        PhysicsBody body = missile({0, 0, 5}, {10, 0, 0});
        body.spheres[0].radius = 1e-6f; // 2 m in steps of a micrometre: two million steps
        const QuantumRecord r = commitCandidate(body, world, movedBy(body, {2, 0, 0}), 0.2);
        QVERIFY(r.transition && r.transition->refused && !r.transition->ok);
        QCOMPARE(body.frame.origin, (Vec3{0, 0, 5}));
        PhysicsBody lost = missile({0, 0, 5}, {10, 0, 0});
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const QuantumRecord n = commitCandidate(lost, world, movedBy(lost, {nan, 0, 0}), 0.2);
        QVERIFY(n.transitionFailed && n.transition && n.transition->refused);
        QCOMPARE(lost.frame.origin, (Vec3{0, 0, 5}));
    }

    // A new object finds what it stands on within its step-down height, as in the preview's own
    // world; higher up it is in the air.
    void placementFindsTheGroundBelow() {
        const PreviewWorld world = flatWorld();
        PhysicsBody body = missile({0, 0, 0.3f}, {});
        body.state = state::kDefault;
        body.stepDownHeight = 0.4f;
        placeBody(body, world);
        QVERIFY(body.contact() && body.onWalkable());
        QVERIFY2(std::abs(body.frame.origin.z - 0.1f) < 1e-3f,
                 qPrintable(QString::number(body.frame.origin.z)));
        QCOMPARE(body.cellId, world::outdoorCellId(kBlock, 4, 4));
        PhysicsBody high = missile({0, 0, 3}, {});
        high.state = state::kDefault;
        high.stepDownHeight = 0.4f;
        high.transientState = transient::Contact | transient::OnWalkable;
        placeBody(high, world);
        QVERIFY(!high.contact());
        QCOMPARE(high.frame.origin, (Vec3{0, 0, 3}));
    }

    // oracle: R56
    void aFlightOutOfTheBlockKeepsItsScenarioFramePath() {
        const PreviewWorld world = flatWorld();
        // From (190, 100) in the block east across the edge into the unloaded next block.
        PhysicsBody body = missile({90, 0, 5}, {20, 0, 0});
        const QuantumRecord r = commitCandidate(body, world, movedBy(body, {4, 0, 0}), 0.2);
        QVERIFY(r.transition && r.transition->ok);
        QCOMPARE(world::landblockOf(body.cellId), world::landblockId(0x80, 0x7F));
        QVERIFY(std::abs(body.frame.origin.x - 94) < 1e-3f);
    }
};

QTEST_GUILESS_MAIN(TestTransitionFlight)
#include "tst_transition_flight.moc"
