// The 'physics' suite: transition steps per second of the retail sweep (issue 23,
// preview/physics/terrain_transition.h) on one core. Missiles fly through a retail-shaped 3x3 of
// landblocks (seeded rolling heights, every cell split the client's way) with 36 houses on the
// centre block, some level, some diving into the ground, across block edges; the figure is
// validated steps divided by the time, against the same flights with nothing loaded. Then the
// real-world cases on the demo DATs (bench/physics_world.h): the town's collision geometry built,
// and a 100-missile volley over it played headless.

#include "bench/bench_common.h"
#include "bench/physics_world.h"
#include "bench/suites.h"
#include "datreader/authoring/generators.h"
#include "datreader/io/json_node.h"
#include "preview/physics/object_info.h"
#include "preview/physics/terrain_transition.h"
#include "preview/timeline/scenario.h"
#include "world/coords.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <random>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;

constexpr int kRuns = 5;
constexpr double kTargetStepsPerSecond = 200'000;
constexpr int kFlightsPerRun = 2'000;
constexpr std::uint32_t kCentre = 0x7F7FFFFF; // the middle of the world
constexpr int kHousesPerSide = 6;             // 36 houses on the centre block

// Heights rise 1 m a step up to index 200, then 4 m a step: a retail-like table.
dat::LandDefs landDefs() {
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = i <= 200 ? float(i) : 200.0f + 4.0f * float(i - 200);
    return defs;
}

// A town's worth of statics on the centre block: houses (the demo's building generator, an
// 8 x 6 x 3 m box with a doorway) in a grid, turned every which way, standing on the ground.
void addHouses(TerrainWorld& world, std::mt19937_64& random) {
    const QByteArray spec = R"({"size": [8, 6, 3], "doorways": [{"wall": "south", "width": 1.6,
        "height": 2.2}], "roofHeight": 2, "surfaces": {"wall": "0x08000001", "roof": "0x08000002"}})";
    const auto house =
        std::make_shared<PhysicsGeometry>(PhysicsGeometry::fromGfxObj(authoring::generateBuilding(
            dat::JsonNode(QJsonDocument::fromJson(spec).object(), "house"), 0x01000001)));
    const world::LandblockTerrain& centre = *world.find(kCentre);
    for (int gx = 0; gx < kHousesPerSide; ++gx)
        for (int gy = 0; gy < kHousesPerSide; ++gy) {
            const float x = 16 + float(gx) * 160 / float(kHousesPerSide - 1),
                        y = 16 + float(gy) * 160 / float(kHousesPerSide - 1);
            const float half = 3.14159265f * float(random() % 360) / 360.0f; // half the heading
            const Frame frame({x, y, centre.heightAt(x, y).value_or(0)},
                              Quat{std::cos(half), 0, 0, std::sin(half)});
            world.statics.push_back(makeStaticObject(kCentre, frame, 1.0f, house));
        }
}

TerrainWorld terrain(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    TerrainWorld out;
    const dat::LandDefs defs = landDefs();
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            dat::LandBlock block;
            block.id = world::landblockId(world::blockX(kCentre) + dx, world::blockY(kCentre) + dy);
            // Rolling heights round index 60 (a few tens of metres of relief), some water.
            for (int v = 0; v < dat::LandBlock::kVertexCount; ++v) {
                block.heights[std::size_t(v)] = std::uint8_t(50 + random() % 24);
                block.terrain[std::size_t(v)] =
                    dat::LandBlock::terrainWord(0, std::uint16_t(random() % 10 == 0 ? 18 : 1), 0);
            }
            out.blocks.emplace(block.id, world::LandblockTerrain(block, defs));
        }
    addHouses(out, random);
    return out;
}

struct Flight {
    TerrainMove move;
};

// Flights over the centre block at 20-80 m/s for one 0.2 s quantum: level 3 m up, or diving.
std::vector<Flight> flights(const TerrainWorld& world, std::uint64_t seed) {
    std::mt19937_64 random(seed ^ 0x9E3779B97F4A7C15ull);
    std::uniform_real_distribution<float> unit(0, 1);
    const world::LandblockTerrain& centre = *world.find(kCentre);
    std::vector<Flight> out;
    for (int i = 0; i < kFlightsPerRun; ++i) {
        const float x = 8 + 176 * unit(random), y = 8 + 176 * unit(random);
        const float heading = 6.2831853f * unit(random), speed = 20 + 60 * unit(random);
        const float ground = centre.heightAt(x, y).value_or(0);
        const bool dive = i % 2 == 1;
        Flight f;
        f.move.beginCell = *world::cellAt(kCentre, x, y);
        f.move.begin = {x, y, ground + 3};
        f.move.end = f.move.begin + Vec3{std::cos(heading) * speed * 0.2f,
                                         std::sin(heading) * speed * 0.2f, dive ? -8.0f : 0.0f};
        f.move.spheres[0] = {{0, 0, 0}, 0.1f + 0.2f * unit(random)};
        out.push_back(f);
    }
    return out;
}

// The real-world cases on this build's demo DATs (bench/physics_world.h), added to the report
// as "geometryBuild" and "volley"; "worldCases": "skipped" when the demo DATs are not there.
void addWorldCases(QJsonObject& figures, std::uint64_t seed) {
    const QString app = QCoreApplication::applicationDirPath();
    const QString portal = bundledDemoFile(app, "client_portal.dat"),
                  cells = bundledDemoFile(app, "client_cell_1.dat");
    if (!QFileInfo::exists(portal) || !QFileInfo::exists(cells)) {
        printOut("real-world cases skipped: no demo DATs at " + portal + " and " + cells + "\n");
        figures["worldCases"] = "skipped";
        return;
    }
    const auto world = measurePhysicsWorld(portal, cells, PhysicsWorldRuns{}, seed);
    if (!world) {
        figures["worldCases"] = "failed";
        return;
    }
    printOut(world->text);
    figures["worldCases"] = "measured";
    figures["geometryBuild"] = world->geometryBuild;
    figures["volley"] = world->volley;
}

} // namespace

Outcome runPhysicsSuite(const QString& jsonPath, std::uint64_t seed) {
    const TerrainWorld world = terrain(seed);
    const std::vector<Flight> all = flights(world, seed);
    MoverDescription bolt;
    bolt.physicsState = 0x40; // Missile
    const ObjectInfo info = makeObjectInfo(bolt);
    // The baseline: the same flights with no landblock loaded, so every step is the sweep's own
    // bookkeeping and no cell is tested.
    const TerrainWorld nothing;
    std::vector<double> rates, baseline;
    std::int64_t stepsPerRun = 0, stopped = 0;
    for (int run = 0; run < kRuns; ++run) {
        std::int64_t steps = 0, emptySteps = 0;
        stopped = 0;
        auto start = Clock::now();
        for (const Flight& f : all)
            emptySteps += terrainTransition(nothing, info, f.move).stepsTaken;
        baseline.push_back(double(emptySteps) / secondsSince(start));
        start = Clock::now();
        for (const Flight& f : all) {
            const TerrainTransition t = terrainTransition(world, info, f.move);
            steps += t.stepsTaken;
            stopped += t.collision.collisionNormalValid ? 1 : 0;
        }
        rates.push_back(double(steps) / secondsSince(start));
        stepsPerRun = steps;
    }
    const double rate = median(rates);
    const double emptyRate = median(baseline);
    const bool pass = rate >= kTargetStepsPerSecond;
    QStringList runs;
    for (double r : rates)
        runs << count(r);
    printOut(QStringLiteral("\nphysics benchmark, seed %1, one thread, %2\n"
                            "missile sweeps over a 3x3 of landblocks with %12 houses: %3 flights, "
                            "%4 validated steps a run, %5 stopped by the ground or a wall\n"
                            "transition steps/s: median %6 (runs %7); no landblock loaded: %10, "
                            "%11 x the loaded world's\n"
                            "target: >= %8 steps/s (issue 23): %9\n")
                 .arg(seed)
                 .arg(coresAndCpu())
                 .arg(kFlightsPerRun)
                 .arg(stepsPerRun)
                 .arg(stopped)
                 .arg(count(rate), runs.join(' '), count(kTargetStepsPerSecond),
                      pass ? QStringLiteral("pass") : QStringLiteral("FAIL"))
                 .arg(count(emptyRate), fixed(emptyRate / rate, 2))
                 .arg(world.statics.size()));
    QJsonObject figures{{"runs", kRuns},
                        {"flights", kFlightsPerRun},
                        {"stepsPerRun", qint64(stepsPerRun)},
                        {"stoppedByGroundOrWall", qint64(stopped)},
                        {"houses", qint64(world.statics.size())},
                        {"stepsPerSecondMedian", rate},
                        {"stepsPerSecondRuns", toJsonArray(rates)},
                        {"emptyWorldStepsPerSecondMedian", emptyRate},
                        {"targetStepsPerSecond", kTargetStepsPerSecond},
                        {"pass", pass}};
    addWorldCases(figures, seed);
    return writeReport(jsonPath, report("physics", seed, figures)) ? Outcome::Success
                                                                   : Outcome::Error;
}

} // namespace portalkit::bench
