// Flights in the cell DAT's world (docs/physics.md#flights-in-the-real-world): the collision world
// built round a place, and the bundled scenarios of "geometry": "dat" played on the demo DATs,
// each checked against the rule it shows.
#include "datreader/io/dat_error.h"
#include "datreader/records/region.h"
#include "preview/physics/body.h"
#include "preview/physics/dat_world.h"
#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
#include "support/demo_assets.h"
#include "world/coords.h"
#include "world/scene/scenario_world.h"

#include <QObject>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <map>

using namespace portalkit;
using namespace portalkit::preview;
using portalkit::testing::demoCellAssets;
using portalkit::testing::demoPortalAssets;

namespace {

const QString kScenarios = QStringLiteral(PORTALKIT_SCENARIOS);
constexpr std::uint32_t kHouse = 0x01000D01; // the demo house's GfxObj

world::WorldSources demoSources() {
    return {&demoPortalAssets(), &demoCellAssets(),
            demoPortalAssets().get<dat::Region>(world::kRegionId)};
}

// One object's flight: its physics and transition events in time order, and its collisions.
struct Flight {
    std::vector<Published<PhysicsQuantum>> quanta;
    std::vector<Published<TransitionDone>> transitions;
    std::vector<Published<CollisionHit>> collisions;
};

// A bundled scenario played to its end on the demo DATs with its world's geometry attached
// (`dt` overrides the file's frame step when positive); the flights by the guids created.
std::map<std::uint32_t, Flight> play(const QString& file, double dt = 0) {
    Scenario scenario = loadScenarioFile(kScenarios + "/" + file);
    if (dt > 0)
        scenario.dt = dt;
    QString why;
    if (!world::attachDatGeometry(scenario, demoSources(), &why))
        qFatal("%s", qPrintable(why));
    auto assets = std::make_shared<Assets>(demoPortalAssets());
    PreviewScene scene(assets, scenario.seed);
    EventRecorder recorder(scene.events());
    ScenarioPlayer player(scene, scenario);
    std::map<std::uint32_t, std::uint32_t> owners; // owner → guid, as each is created
    for (const TimedMessage& message : scenario.messages)
        if (const auto* wire = std::get_if<wire::Message>(&message.what))
            if (const auto* create = std::get_if<wire::CreateObject>(wire)) {
                player.advanceTo(message.t);
                owners[player.smartBox().ownerOf(create->guid)] = create->guid;
            }
    player.advanceTo(scenario.duration);
    std::map<std::uint32_t, Flight> out;
    for (const auto& e : recorder.ofKind<PhysicsQuantum>())
        out[owners[e.owner]].quanta.push_back(e);
    for (const auto& e : recorder.ofKind<TransitionDone>())
        out[owners[e.owner]].transitions.push_back(e);
    for (const auto& e : recorder.ofKind<CollisionHit>())
        out[owners[e.owner]].collisions.push_back(e);
    return out;
}

bool near(Vec3 a, Vec3 b, float tolerance) {
    return length(a - b) <= tolerance;
}

} // namespace

class TestScenarioWorld : public QObject {
    Q_OBJECT

  private slots:
    void theTownsCollisionWorldHasItsBlocksAndObjects() {
        world::CollisionWorldCounts counts;
        const DatWorld w = world::buildCollisionWorld(demoSources(), 0xA9B4FFFF, 1, &counts);
        QCOMPARE(counts.blocks, 9); // the demo's 3x3 round the town
        QCOMPARE(int(w.terrain.blocks.size()), 9);
        QCOMPARE(w.staticModels.size(), w.terrain.statics.size());
        QCOMPARE(int(w.terrain.statics.size()), counts.physicsParts);
        QVERIFY(std::count(w.staticModels.begin(), w.staticModels.end(), kHouse) == 1);
        // One geometry per GfxObj, shared by all its placements.
        QVERIFY(counts.geometries > 0 && counts.geometries <= counts.physicsParts);
        for (const StaticObject& s : w.terrain.statics) {
            QVERIFY(s.reach > 0);
            QVERIFY(w.terrain.find(s.block));
        }
        // The house stands at its LandBlockInfo frame, landblock-local.
        const auto house = std::find(w.staticModels.begin(), w.staticModels.end(), kHouse);
        const StaticObject& h = w.terrain.statics[std::size_t(house - w.staticModels.begin())];
        QCOMPARE(h.block, 0xA9B4FFFFu);
        QVERIFY(near(h.frame.origin, Vec3{96, 96, 40.25f}, 1e-3f));
    }

    void aDatWorldNeedsAPlaceAndAKnownGeometry() {
        QVERIFY_THROWS_EXCEPTION(dat::DatError,
                                 loadScenario(R"({"world": {"geometry": "dat"}})", "inline"));
        QVERIFY_THROWS_EXCEPTION(
            dat::DatError,
            loadScenario(R"({"world": {"landblock": "0xA9B4", "geometry": "bsp"}})", "inline"));
        const Scenario plain = loadScenario(R"({"world": {"landblock": "0xA9B4"}})", "inline");
        QVERIFY(!plain.datGeometry);
        Scenario copy = plain;
        QVERIFY(world::attachDatGeometry(copy, demoSources())); // nothing to attach
        QVERIFY(!copy.world->dat);
        Scenario missing =
            loadScenario(R"({"world": {"landblock": "0x1234", "geometry": "dat"}})", "inline");
        QString why;
        QVERIFY(!world::attachDatGeometry(missing, demoSources(), &why));
        QVERIFY2(why.contains("0x1234"), qPrintable(why));
    }

    // oracle: R59
    void theArrowSweepsEveryStepOfAFullQuantum() {
        // Frames of 0.2 s are one quantum each: 10 m at 50 m/s in steps of the 0.1 m sphere's
        // radius, all 100 taken, none capped.
        const auto flights = play("house_arrow.json", 0.2);
        const Flight& arrow = flights.at(0x80000102);
        QVERIFY(!arrow.transitions.empty());
        QCOMPARE(arrow.transitions.front().what.stepsPlanned, 100);
        QCOMPARE(arrow.transitions.front().what.steps, 100);
    }

    // oracle: R60
    void theArrowStopsAtTheHouseWallAndNeverTunnels() {
        const auto flights = play("house_arrow.json");
        const Flight& arrow = flights.at(0x80000102);
        QVERIFY(!arrow.collisions.empty());
        const CollisionHit& wall = arrow.collisions.front().what;
        QCOMPARE(wall.hit, HitKind::Static);
        QCOMPARE(wall.id.value_or(0), kHouse);
        QVERIFY(near(wall.normal, Vec3{-1, 0, 0}, 1e-3f));
        QVERIFY(!wall.walkable);
        QCOMPARE(wall.response, Response::Reflected);
        // The wall is 22 m east of the scenario origin; the arrow never passes it.
        float eastmost = -1e9f;
        for (const auto& q : arrow.quanta)
            eastmost = std::max(eastmost, q.what.frame.origin.x);
        QVERIFY2(eastmost < 22.0f && eastmost > 21.0f, qPrintable(QString::number(eastmost)));
        // The transition names the polygon of the house's physics BSP.
        const auto stop = std::find_if(arrow.transitions.begin(), arrow.transitions.end(),
                                       [](const auto& t) { return t.what.hit.has_value(); });
        QVERIFY(stop != arrow.transitions.end());
        QCOMPARE(*stop->what.hit, HitKind::Static);
        QCOMPARE(stop->what.hitId, kHouse);
        QVERIFY(stop->what.polygon.has_value());
    }

    // oracle: R58
    void theArrowComesToRestOnTheTownFloor() {
        const auto flights = play("house_arrow.json");
        const Flight& arrow = flights.at(0x80000102);
        const auto landed = std::find_if(arrow.quanta.begin(), arrow.quanta.end(),
                                         [](const auto& q) { return q.what.contact; });
        QVERIFY(landed != arrow.quanta.end());
        QVERIFY(landed->what.onWalkable); // the flat floor
        QVERIFY(landed->t > 0.44);        // after the wall
        // On the floor at 40.25 m, the scenario's z = 0: the origin rests near it.
        QVERIFY(std::abs(arrow.quanta.back().what.frame.origin.z) < 0.5f);
    }

    // oracle: R58
    void aBoltOnTheCliffFaceIsInContactButNotOnWalkableGround() {
        const auto flights = play("slope_bolts.json");
        const Flight& cliff = flights.at(0x80000201);
        QVERIFY(!cliff.collisions.empty());
        const CollisionHit& face = cliff.collisions.front().what;
        QCOMPARE(face.hit, HitKind::Terrain);
        QVERIFY(face.normal.z < kFloorZ && face.normal.z > 0.3f);
        QVERIFY(!face.walkable);
        const auto at = std::find_if(cliff.quanta.begin(), cliff.quanta.end(),
                                     [](const auto& q) { return q.what.contact; });
        QVERIFY(at != cliff.quanta.end());
        QVERIFY(!at->what.onWalkable);

        const Flight& ground = flights.at(0x80000202);
        QVERIFY(!ground.collisions.empty());
        QVERIFY(ground.collisions.front().what.walkable);
        const auto down = std::find_if(ground.quanta.begin(), ground.quanta.end(),
                                       [](const auto& q) { return q.what.contact; });
        QVERIFY(down != ground.quanta.end() && down->what.onWalkable);
    }

    // oracle: R55
    void aBoltDivesIntoTheSeaToItsDepthAndOneLandsOnTheBeach() {
        const auto flights = play("shore_bolts.json");
        const Flight& sea = flights.at(0x80000301);
        const auto wet = std::find_if(sea.transitions.begin(), sea.transitions.end(),
                                      [](const auto& t) { return t.what.contact; });
        QVERIFY(wet != sea.transitions.end());
        QVERIFY(wet->what.water);
        QCOMPARE(*wet->what.hit, HitKind::Terrain);
        // The sea floor is the terrain at 0 m, the scenario's z = 0; the missile went on to the
        // water depth below it: its sphere's low point 0.9 m under the plane.
        const auto q = std::find_if(sea.quanta.begin(), sea.quanta.end(),
                                    [&](const auto& p) { return p.t == wet->t; });
        QVERIFY(q != sea.quanta.end());
        QVERIFY2(q->what.frame.origin.z < 0, qPrintable(QString::number(q->what.frame.origin.z)));

        const Flight& beach = flights.at(0x80000302);
        const auto dry = std::find_if(beach.transitions.begin(), beach.transitions.end(),
                                      [](const auto& t) { return t.what.contact; });
        QVERIFY(dry != beach.transitions.end());
        QVERIFY(!dry->what.water);
        QVERIFY(dry->what.walkable);
        QVERIFY(dry->what.contactNormal.z < 0.99f); // the beach slopes
    }

    // oracle: R56
    void boltsCrossEachLandblockEdgeUnbroken() {
        const auto flights = play("edge_bolts.json");
        const std::map<std::uint32_t, std::pair<std::uint32_t, Vec3>> expected{
            {0x80000401, {0xAAB4FFFF, {10, 0, 0}}},
            {0x80000402, {0xA8B4FFFF, {-10, 0, 0}}},
            {0x80000403, {0xA9B5FFFF, {0, 10, 0}}},
            {0x80000404, {0xA9B3FFFF, {0, -10, 0}}}};
        for (const auto& [guid, into] : expected) {
            const Flight& bolt = flights.at(guid);
            QVERIFY(bolt.collisions.empty());
            QCOMPARE(world::landblockOf(bolt.transitions.front().what.cell), 0xA9B4FFFFu);
            QCOMPARE(world::landblockOf(bolt.transitions.back().what.cell), into.first);
            // The scenario-frame path stays a straight line at 10 m/s across the edge.
            const Vec3 start =
                bolt.quanta.front().what.frame.origin - into.second * float(bolt.quanta.front().t);
            for (const auto& q : bolt.quanta)
                QVERIFY(near(q.what.frame.origin, start + into.second * float(q.t), 2e-3f));
        }
    }

    // oracle: R60
    void aBoltRunsThroughTheDungeonsPortalsIntoTheFarWall() {
        const auto flights = play("dungeon_bolt.json");
        const Flight& bolt = flights.at(0x80000501);
        // It starts in the hall (placed in the EnvCell its origin is in) and passes the
        // corridor into the north room, in that order.
        std::vector<std::uint32_t> cells;
        for (const auto& t : bolt.transitions)
            if (cells.empty() || cells.back() != t.what.cell)
                cells.push_back(t.what.cell);
        QCOMPARE(cells, (std::vector<std::uint32_t>{0x01D90100, 0x01D90101, 0x01D90102}));
        QVERIFY(!bolt.collisions.empty());
        const CollisionHit& wall = bolt.collisions.front().what;
        QCOMPARE(wall.hit, HitKind::Cell);
        QCOMPARE(wall.id.value_or(0), 0x01D90102u);
        QVERIFY(near(wall.normal, Vec3{0, -1, 0}, 1e-3f));
        // The room's north wall is at y = 85, the scenario's y = 27: never passed.
        for (const auto& q : bolt.quanta)
            QVERIFY(q.what.frame.origin.y < 27.0f);
    }

    // oracle: R53
    void aPlayerIsRefusedAtTheRestrictedHouseWhileAnotherObjectGoesIn() {
        const auto flights = play("house_door.json");
        const Flight& player = flights.at(0x50000601);
        const Flight& other = flights.at(0x50000602);
        const auto refused = std::find_if(player.transitions.begin(), player.transitions.end(),
                                          [](const auto& t) { return t.what.restricted; });
        QVERIFY(refused != player.transitions.end());
        QCOMPARE(refused->what.hitId, 0xA9B40100u);
        for (const auto& t : player.transitions)
            QVERIFY(t.what.cell != 0xA9B40100u); // never inside
        // Stopped short of y = 96 (the scenario's 8), where the interior begins for the client.
        QVERIFY(player.quanta.back().what.frame.origin.y < 8.0f);
        QVERIFY(std::none_of(other.transitions.begin(), other.transitions.end(),
                             [](const auto& t) { return t.what.restricted; }));
        QCOMPARE(other.transitions.back().what.cell, 0xA9B40100u);
        QVERIFY(other.quanta.back().what.frame.origin.y > 10.0f); // at the north wall, y = 99
    }

    void theTownBoltStillMeetsTheCreatureOnTopOfTheTerrain() {
        // Spheres of other objects are swept over the same move as the transition.
        const auto flights = play("town_bolt.json");
        const Flight& bolt = flights.at(0x80000101);
        QVERIFY(!bolt.collisions.empty());
        QCOMPARE(bolt.collisions.front().what.hit, HitKind::Sphere);
        QCOMPARE(bolt.collisions.front().what.id.value_or(0), 0x50000002u);
        QVERIFY(!bolt.transitions.empty());
    }

    // oracle: R51
    void aScaledCreatureStepsUpTheLowLedgeAndIsRefusedByTheHighOne() {
        // The town's stone ledges (docs/demo.md#the-town): 0.75 m at (110, 70), 1.2 m at
        // (120, 70); the scenario's origin is (110, 64) on the town floor. The human's 0.4 m
        // step-up height × scale 1.5 reaches a top 0.9 m up (1.5 × 0.6 m), × 1 only 0.6 m.
        const auto flights = play("ledge_step.json");
        const Flight& climber = flights.at(0x50000701);
        const Flight& refused = flights.at(0x50000702);
        const Flight& small = flights.at(0x50000703);
        // On the low ledge's top (z 0.75, the sphere's 0.0075 m below the origin at scale 1.5),
        // walking on over it, on walkable ground the whole way.
        const PhysicsQuantum& up = climber.quanta.back().what;
        QVERIFY(std::abs(up.frame.origin.z - 0.7575f) < 1e-3f);
        QVERIFY(up.frame.origin.y > 4.5f && up.frame.origin.y < 7.5f); // over y 68.5..71.5
        QVERIFY(up.contact && up.onWalkable && up.velocity.y > 1.9f);
        for (const auto& q : climber.quanta)
            QVERIFY(!q.what.transitionFailed && q.what.contact);
        // Stopped on the ground at the faces it could not climb (the static ledges' GfxObjs).
        const PhysicsQuantum& stopped = refused.quanta.back().what;
        QVERIFY(std::abs(stopped.frame.origin.z - 0.0075f) < 1e-3f);
        QVERIFY(stopped.frame.origin.y < 4.5f - 0.72f + 1e-3f);
        QVERIFY(stopped.contact && stopped.onWalkable);
        QCOMPARE(refused.collisions.back().what.id.value_or(0), 0x01000C08u);
        const PhysicsQuantum& short1 = small.quanta.back().what;
        QVERIFY(std::abs(short1.frame.origin.z - 0.005f) < 1e-3f);
        QVERIFY(short1.frame.origin.x > 1.5f + 0.48f - 1e-3f); // the low ledge's east face
        QCOMPARE(small.collisions.back().what.id.value_or(0), 0x01000C07u);
        // The trace says which quantum took the step up, and only the climber's did.
        const auto stepped = [](const Flight& f) {
            return std::count_if(f.transitions.begin(), f.transitions.end(),
                                 [](const auto& t) { return t.what.stepsUp > 0; });
        };
        QVERIFY(stepped(climber) >= 1);
        QCOMPARE(stepped(refused), 0);
        QCOMPARE(stepped(small), 0);
    }
};

QTEST_GUILESS_MAIN(TestScenarioWorld)
#include "tst_scenario_world.moc"
