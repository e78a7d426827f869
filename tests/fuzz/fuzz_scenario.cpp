// libFuzzer target for scenario files: the input is one scenario's JSON. Loading must not
// crash, hang or allocate without bound; a scenario that loads is played for at most two
// seconds against a scene with one synthetic Setup (guid-created objects of any other Setup are
// reported missing), so the SmartBox's gates and the physics see whatever values the file holds.
// A world of "geometry": "dat" flies in the demo world round its place (the town, the coast, the
// dungeon), so the retail transition sees fuzzed positions, velocities, scales and crossings.

#include "datreader/authoring/dat_sources.h"
#include "datreader/container/dat_file.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/region.h"
#include "datreader/records/setup.h"
#include "preview/physics/dat_world.h"
#include "preview/timeline/scenario.h"
#include "world/coords.h"
#include "world/scene/placed_world.h"
#include "world/scene/scenario_world.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>

using namespace portalkit;
using namespace portalkit::preview;

extern "C" const char* __ubsan_default_options() {
    return "halt_on_error=1:print_stacktrace=1";
}

namespace {

std::shared_ptr<const Assets> fuzzAssets() {
    auto assets = std::make_shared<Assets>();
    dat::Setup setup;
    setup.id = 0x02000001;
    setup.parts.push_back(0x01000001);
    setup.spheres.push_back({{0, 0, 0.5f}, 0.5f});
    setup.spheres.push_back({{0, 0.2f, 1.5f}, 0.25f});
    setup.stepDownHeight = setup.stepUpHeight = 0.4f;
    assets->add(setup);
    return assets;
}

// The demo world, built in memory from its declarative sources (the portal and cell DATs the
// build makes from resources/demo and resources/demo-cell), so fuzzed scenarios fly through the
// demo town's terrain, house, trees and dungeon.
struct DemoWorld {
    std::shared_ptr<Assets> portal, cells;
    world::WorldSources sources;
    std::map<std::uint32_t, std::shared_ptr<const DatWorld>> built; // by place block
};

std::shared_ptr<Assets> builtDat(const char* folder) {
    const auto sources = authoring::buildSources(QString::fromUtf8(folder));
    return std::make_shared<Assets>(std::make_shared<const dat::DatFile>(
        dat::DatFile::fromBytes(authoring::writerFor(sources).build())));
}

DemoWorld& demoWorld() {
    static DemoWorld world = [] {
        DemoWorld out;
        out.portal = builtDat(PORTALKIT_DEMO_SOURCES);
        out.cells = builtDat(PORTALKIT_DEMO_CELL_SOURCES);
        out.sources = {out.portal.get(), out.cells.get(),
                       out.portal->get<dat::Region>(world::kRegionId)};
        return out;
    }();
    return world;
}

// A scenario of "geometry": "dat" gets the demo world round its place, each place's world built
// once; a place the demo lacks plays in the scenario's own world.
void attachDemoWorld(Scenario& scenario) {
    if (!scenario.datGeometry || !scenario.place)
        return;
    DemoWorld& demo = demoWorld();
    const std::uint32_t block = world::landblockOf(scenario.place->cellId);
    auto& cached = demo.built[block];
    if (!cached) {
        Scenario probe = scenario;
        if (!world::attachDatGeometry(probe, demo.sources) || !probe.world || !probe.world->dat)
            return;
        cached = probe.world->dat->world;
    }
    const auto origin = world::placeOrigin(demo.sources, *scenario.place);
    if (!origin)
        return;
    if (!scenario.world)
        scenario.world = PreviewWorld{};
    scenario.world->dat = DatGeometry{cached, block, Vec3{origin->x, origin->y, origin->z}};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::shared_ptr<const Assets> assets = fuzzAssets();
    Scenario scenario;
    try {
        scenario = loadScenario(QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)),
                                QStringLiteral("fuzz"));
    } catch (const dat::DatError&) {
        return 0; // a bad file is refused with its place, which is the point
    }
    // Bounded playback: the loader already refuses more than 10 million frames; the fuzzer
    // wants a few hundred.
    scenario.duration = std::min(scenario.duration, 2.0);
    scenario.dt = std::max(scenario.dt, 0.01);
    attachDemoWorld(scenario);
    PreviewScene scene(assets, scenario.seed);
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    return 0;
}
