// The physics suite's real-world cases (bench/physics_world.h): the demo town's collision world
// built from the demo DATs against decoding its records alone, and a 100-missile volley over the
// town in the cell DAT's world against the same volley over the preview's ground plane.

#include "bench/bench_common.h"
#include "bench/physics_world.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "preview/core/assets.h"
#include "preview/physics/dat_world.h"
#include "preview/scene/preview_scene.h"
#include "preview/timeline/scenario.h"
#include "world/scene/scenario_world.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <memory>
#include <random>
#include <set>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;

constexpr std::uint32_t kTown = 0xA9B4FFFF;
constexpr int kTownRadius = 1; // the 3x3 round the town, as the town's scenarios load it
constexpr double kTargetBlockMs = 20, kTargetRealTime = 20;
constexpr int kMissiles = 100;
constexpr double kVolleyDt = 1.0 / 30;

struct Dats {
    std::shared_ptr<const dat::DatFile> portal, cells;
    std::shared_ptr<Assets> portalAssets; // the Region and the volley's Setups, decoded once
    const dat::Region* region = nullptr;
};

std::optional<Dats> openDats(const QString& portalPath, const QString& cellPath) {
    Dats d;
    try {
        d.portal = std::make_shared<const dat::DatFile>(dat::DatFile::open(portalPath));
        d.cells = std::make_shared<const dat::DatFile>(dat::DatFile::open(cellPath));
    } catch (const dat::DatError& error) {
        printError(QString::fromStdString(error.what()));
        return std::nullopt;
    }
    d.portalAssets = std::make_shared<Assets>(d.portal);
    d.region = d.portalAssets->get<dat::Region>(world::kRegionId);
    if (!d.region) {
        printError(portalPath + ": the physics suite's world cases need the demo's Region");
        return std::nullopt;
    }
    return d;
}

double msSince(Clock::time_point start) {
    return secondsSince(start) * 1000;
}

// --- Building the collision geometry ---------------------------------------------------------

struct BuildFigures {
    world::CollisionWorldCounts counts;
    std::size_t envCells = 0;
    std::vector<double> coldMs;   // fresh Assets: decoding and building
    std::vector<double> warmMs;   // records already decoded: building alone
    std::vector<double> decodeMs; // the baseline: decoding the world's records alone
};

// The records the built world is made of, decoded through fresh Assets: each block's LandBlock
// and LandBlockInfo, its EnvCells and the GfxObjs with physics. A lower bound of the decoding
// a cold build does (it also reads Setups, Scenes, Environments and drawn-only GfxObjs).
double decodeAloneMs(const Dats& d, const DatWorld& built) {
    Assets portal(d.portal), cells(d.cells);
    const std::set<std::uint32_t> models(built.staticModels.begin(), built.staticModels.end());
    const auto start = Clock::now();
    int found = 0;
    for (const auto& [id, terrain] : built.terrain.blocks)
        found += (cells.get<dat::LandBlock>(id) != nullptr) +
                 (cells.get<dat::LandBlockInfo>(id - 1) != nullptr);
    for (const auto& [id, cell] : built.terrain.envCells)
        found += cells.get<dat::EnvCell>(id) != nullptr;
    for (const std::uint32_t id : models)
        found += portal.get<dat::GfxObj>(id) != nullptr;
    const double ms = msSince(start);
    return found > 0 ? ms : 0;
}

BuildFigures measureBuild(const Dats& d, int runs) {
    BuildFigures f;
    for (int run = 0; run < runs; ++run) {
        // A fresh cache each run, so every record is read and decoded as a scene's first build.
        const Assets portal(d.portal), cells(d.cells);
        const world::WorldSources sources{&portal, &cells, d.region};
        auto start = Clock::now();
        const DatWorld built = world::buildCollisionWorld(sources, kTown, kTownRadius, &f.counts);
        f.coldMs.push_back(msSince(start));
        f.envCells = built.terrain.envCells.size();
        start = Clock::now();
        const DatWorld again = world::buildCollisionWorld(sources, kTown, kTownRadius);
        f.warmMs.push_back(msSince(start));
        f.decodeMs.push_back(decodeAloneMs(d, built));
    }
    return f;
}

// --- The volley -------------------------------------------------------------------------------

QJsonArray vec(double x, double y, double z) {
    return QJsonArray{x, y, z};
}

// An Arrow (Setup 0x02000124, state 0x748: missile, gravity) created at `at` in the scenario
// frame, flying at `velocity`, as house_arrow.json creates its arrow.
QJsonObject arrow(int index, double t, const QJsonArray& at, const QJsonArray& velocity) {
    const QJsonObject physics{
        {"setupId", "0x02000124"},
        {"state", "0x00000748"},
        {"position", QJsonObject{{"cellId", "0xA9B40001"},
                                 {"origin", at},
                                 {"orientation", QJsonArray{1, 0, 0, 0}}}},
        {"timestamps", QJsonObject{{"Instance", 1}, {"Position", 1}, {"State", 1}, {"Vector", 1}}},
        {"velocity", velocity}};
    const QString guid =
        QStringLiteral("0x%1").arg(0x80000200u + unsigned(index), 8, 16, QLatin1Char('0'));
    return QJsonObject{
        {"t", t},
        {"message", QJsonObject{{"name", "CreateObject"}, {"guid", guid}, {"physics", physics}}}};
}

// 100 arrows launched over the first second from round the scenario origin, landblock 0xA9B4's
// (70, 96) on the town floor, 22 m west of the house: a quarter east into the house's west
// wall, a quarter diving into the ground, the rest lobbed every which way to land on the
// terrain, at 20-60 m/s.
QJsonArray volleyMessages(std::uint64_t seed) {
    std::mt19937_64 random(seed ^ 0x5EEDB017ull);
    std::uniform_real_distribution<double> unit(0, 1);
    QJsonArray out;
    for (int i = 0; i < kMissiles; ++i) {
        const double speed = 20 + 40 * unit(random);
        double heading = 6.2831853 * unit(random), x = -15 + 25 * unit(random),
               y = -15 + 30 * unit(random), z = 1.5, vz = -2 + 12 * unit(random);
        if (i % 4 == 0) { // at the house: the wall spans y -4..4 here
            heading = 0.17 * (unit(random) - 0.5);
            y = -3 + 6 * unit(random);
            vz = 2 * unit(random);
        } else if (i % 4 == 1) { // into the ground
            z = 3 + 5 * unit(random);
            vz = -(5 + 15 * unit(random));
        }
        out.append(arrow(i, 0.01 * i, vec(x, y, z),
                         vec(std::cos(heading) * speed, std::sin(heading) * speed, vz)));
    }
    return out;
}

// The volley as a scenario: in the cell DAT's world, or over a flat ground plane at the town
// floor (the baseline, so every sweep meets one plane instead of terrain, statics and cells).
Scenario volleyScenario(std::uint64_t seed, double seconds, bool datWorld) {
    QJsonObject world{{"landblock", "0xA9B4"}, {"origin", vec(70, 96, 40.25)}, {"radius", 1}};
    if (datWorld)
        world["geometry"] = "dat";
    else
        world["ground"] = QJsonObject{{"height", 0}};
    const QJsonObject file{{"name", "100-missile volley"},
                           {"duration", seconds},
                           {"dt", kVolleyDt},
                           {"seed", 1},
                           {"world", world},
                           {"messages", volleyMessages(seed)}};
    return loadScenario(QJsonDocument(file).toJson(QJsonDocument::Compact),
                        QStringLiteral("the physics bench's volley"));
}

struct VolleyPlay {
    double wallSeconds = 0;
    std::int64_t transitions = 0, steps = 0, quanta = 0, hitsStatic = 0, hitsTerrain = 0,
                 hitsGround = 0;
    bool sameWorld = true; // the scene still holds the collision world attached before the play
};

VolleyPlay play(const Dats& d, const Scenario& scenario) {
    VolleyPlay p;
    const auto start = Clock::now();
    PreviewScene scene(d.portalAssets, scenario.seed);
    // Tallies only: the listener is in both plays, so it costs the baseline the same.
    scene.events().listen([&p](const Event& event) {
        if (const auto* done = event.as<TransitionDone>()) {
            ++p.transitions;
            p.steps += done->steps;
        } else if (event.is<PhysicsQuantum>()) {
            ++p.quanta;
        } else if (const auto* hit = event.as<CollisionHit>()) {
            p.hitsStatic += hit->hit == HitKind::Static;
            p.hitsTerrain += hit->hit == HitKind::Terrain;
            p.hitsGround += hit->hit == HitKind::Ground;
        }
    });
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    p.wallSeconds = secondsSince(start);
    if (scenario.world && scenario.world->dat)
        p.sameWorld = scene.world() && scene.world()->dat &&
                      scene.world()->dat->world == scenario.world->dat->world;
    return p;
}

struct VolleyFigures {
    std::vector<double> datFactors, planeFactors; // simulated / wall seconds, each run
    VolleyPlay dat, plane;                        // the last run's tallies
    int builds = 0;                               // collision worlds built for all the plays
    bool sameWorld = true;
};

std::optional<VolleyFigures> measureVolley(const Dats& d, const PhysicsWorldRuns& runs,
                                           std::uint64_t seed) {
    VolleyFigures f;
    Scenario inTown = volleyScenario(seed, runs.volleySeconds, true);
    const Scenario overPlane = volleyScenario(seed, runs.volleySeconds, false);
    // Built once, here, for every quantum of every play: the scene shares the attached world.
    const Assets cells(d.cells);
    const world::WorldSources sources{d.portalAssets.get(), &cells, d.region};
    QString why;
    if (!world::attachDatGeometry(inTown, sources, &why)) {
        printError(why);
        return std::nullopt;
    }
    ++f.builds;
    for (int run = 0; run < runs.volleyRuns; ++run) {
        f.dat = play(d, inTown);
        f.plane = play(d, overPlane);
        f.sameWorld = f.sameWorld && f.dat.sameWorld;
        f.datFactors.push_back(runs.volleySeconds / f.dat.wallSeconds);
        f.planeFactors.push_back(runs.volleySeconds / f.plane.wallSeconds);
    }
    return f;
}

// --- The report -------------------------------------------------------------------------------

QString passText(bool pass) {
    return pass ? QStringLiteral("pass") : QStringLiteral("FAIL");
}

QJsonObject buildJson(const BuildFigures& f, int runs) {
    const double cold = median(f.coldMs), perBlock = cold / std::max(f.counts.blocks, 1);
    return {{"runs", runs},
            {"landblock", "0xA9B4"},
            {"radius", kTownRadius},
            {"blocks", f.counts.blocks},
            {"objects", f.counts.objects},
            {"physicsParts", f.counts.physicsParts},
            {"geometries", f.counts.geometries},
            {"partsWithoutPhysics", f.counts.partsWithout},
            {"envCells", qint64(f.envCells)},
            {"msMedian", cold},
            {"msRuns", toJsonArray(f.coldMs)},
            {"msPerBlockMedian", perBlock},
            {"cachedRecordsMsMedian", median(f.warmMs)},
            {"decodeAloneMsMedian", median(f.decodeMs)},
            {"buildOverDecode", cold / std::max(median(f.decodeMs), 1e-9)},
            {"targetMsPerBlock", kTargetBlockMs},
            {"pass", perBlock <= kTargetBlockMs}};
}

QString buildText(const QJsonObject& j) {
    return QStringLiteral("collision geometry of 0xA9B4 and its ring (%1 blocks, %11 objects, "
                          "%2 physics parts, %3 geometries, %12 EnvCells): median %4 ms cold, %5 "
                          "ms/block (records "
                          "cached: %6 ms; decoding the records alone: %7 ms, build = %8 x that); "
                          "target <= %9 ms/block: %10\n")
        .arg(j["blocks"].toInt())
        .arg(j["physicsParts"].toInt())
        .arg(j["geometries"].toInt())
        .arg(fixed(j["msMedian"].toDouble(), 2), fixed(j["msPerBlockMedian"].toDouble(), 2),
             fixed(j["cachedRecordsMsMedian"].toDouble(), 2),
             fixed(j["decodeAloneMsMedian"].toDouble(), 2),
             fixed(j["buildOverDecode"].toDouble(), 1), fixed(kTargetBlockMs, 0),
             passText(j["pass"].toBool()))
        .arg(j["objects"].toInt())
        .arg(j["envCells"].toInt());
}

QJsonObject volleyJson(const VolleyFigures& f, const PhysicsWorldRuns& runs) {
    const double factor = median(f.datFactors), plane = median(f.planeFactors);
    return {{"runs", runs.volleyRuns},
            {"missiles", kMissiles},
            {"simulatedSeconds", runs.volleySeconds},
            {"dt", kVolleyDt},
            {"realTimeFactorMedian", factor},
            {"realTimeFactorRuns", toJsonArray(f.datFactors)},
            {"groundPlaneRealTimeFactorMedian", plane},
            {"groundPlaneOverDat", plane / std::max(factor, 1e-9)},
            {"transitions", qint64(f.dat.transitions)},
            {"transitionSteps", qint64(f.dat.steps)},
            {"quanta", qint64(f.dat.quanta)},
            {"hitsStatic", qint64(f.dat.hitsStatic)},
            {"hitsTerrain", qint64(f.dat.hitsTerrain)},
            {"groundPlaneHits", qint64(f.plane.hitsGround)},
            {"collisionWorldBuilds", f.builds},
            {"sameCollisionWorldThroughout", f.sameWorld},
            {"targetRealTimeFactor", kTargetRealTime},
            {"pass", factor >= kTargetRealTime}};
}

QString volleyText(const QJsonObject& j) {
    return QStringLiteral("%1-missile volley over the town, %2 s at dt 1/30 in the cell DAT's "
                          "world: median %3 x real time (ground plane only: %4 x, %5 x the "
                          "DAT world's); %6 transitions, %7 steps, %8 hits on statics, %9 on "
                          "terrain; collision world built %10 time(s) for %11 quanta; "
                          "target >= %12 x: %13\n")
        .arg(j["missiles"].toInt())
        .arg(j["simulatedSeconds"].toDouble())
        .arg(fixed(j["realTimeFactorMedian"].toDouble(), 1),
             fixed(j["groundPlaneRealTimeFactorMedian"].toDouble(), 1),
             fixed(j["groundPlaneOverDat"].toDouble(), 2), count(j["transitions"].toDouble()),
             count(j["transitionSteps"].toDouble()), count(j["hitsStatic"].toDouble()),
             count(j["hitsTerrain"].toDouble()))
        .arg(j["collisionWorldBuilds"].toInt())
        .arg(count(j["quanta"].toDouble()), fixed(kTargetRealTime, 0),
             passText(j["pass"].toBool()));
}

} // namespace

std::optional<PhysicsWorldResult> measurePhysicsWorld(const QString& portalPath,
                                                      const QString& cellPath,
                                                      const PhysicsWorldRuns& runs,
                                                      std::uint64_t seed) {
    const auto dats = openDats(portalPath, cellPath);
    if (!dats)
        return std::nullopt;
    const BuildFigures build = measureBuild(*dats, std::max(runs.buildRuns, 1));
    if (build.counts.blocks == 0) {
        printError(cellPath + ": no landblock 0xA9B4 (the demo town) in this cell DAT");
        return std::nullopt;
    }
    std::optional<VolleyFigures> volley;
    try {
        volley = measureVolley(*dats, runs, seed);
    } catch (const dat::DatError& error) { // the generated scenario is the bench's own fault
        printError(QString::fromStdString(error.what()));
    }
    if (!volley)
        return std::nullopt;
    PhysicsWorldResult out;
    out.geometryBuild = buildJson(build, std::max(runs.buildRuns, 1));
    out.volley = volleyJson(*volley, runs);
    out.text = buildText(out.geometryBuild) + volleyText(out.volley);
    out.pass = out.geometryBuild["pass"].toBool() && out.volley["pass"].toBool();
    return out;
}

} // namespace portalkit::bench
