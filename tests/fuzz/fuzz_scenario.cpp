// libFuzzer target for scenario files: the input is one scenario's JSON. Loading must not
// crash, hang or allocate without bound; a scenario that loads is played for at most two
// seconds against a scene with one synthetic Setup (guid-created objects of any other Setup are
// reported missing), so the SmartBox's gates and the physics see whatever values the file holds.
// A world of "geometry": "dat" flies in a synthetic cell world standing in for the demo's: the
// 3x3 landblocks round 0xA9B4 with hills, water and a house with a doorway, so the retail
// transition sees fuzzed positions, velocities, scales and block crossings.

#include "datreader/authoring/generators.h"
#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "datreader/records/setup.h"
#include "preview/physics/dat_world.h"
#include "preview/timeline/scenario.h"
#include "world/coords.h"

#include <QJsonDocument>
#include <algorithm>
#include <cstdint>
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

// The synthetic world: landblocks 0xA8B3..0xAAB5, heights rising west to east with a water
// corner in each block, and one house on 0xA9B4 at (96, 96).
std::shared_ptr<const DatWorld> fuzzWorld() {
    auto out = std::make_shared<DatWorld>();
    dat::LandDefs defs;
    for (int i = 0; i < 256; ++i)
        defs.landHeightTable[std::size_t(i)] = 2.0f * float(i);
    for (int bx = 0xA8; bx <= 0xAA; ++bx)
        for (int by = 0xB3; by <= 0xB5; ++by) {
            dat::LandBlock block;
            block.id = world::landblockId(bx, by);
            for (int v = 0; v < dat::LandBlock::kVertexCount; ++v) {
                const int x = v / 9, y = v % 9;
                block.heights[std::size_t(v)] = std::uint8_t(10 + x + (x * y) % 5);
                const bool water = x < 2 && y < 2;
                block.terrain[std::size_t(v)] =
                    dat::LandBlock::terrainWord(0, std::uint16_t(water ? 20 : 1), 0);
            }
            out->terrain.blocks.emplace(block.id, world::LandblockTerrain(block, defs));
        }
    const QByteArray spec = R"({"size": [8, 6, 3], "doorways": [{"wall": "south", "width": 1.6,
        "height": 2.2}], "roofHeight": 2, "surfaces": {"wall": "0x08000001", "roof": "0x08000002"}})";
    const auto house = std::make_shared<const PhysicsGeometry>(
        PhysicsGeometry::fromGfxObj(authoring::generateBuilding(
            dat::JsonNode(QJsonDocument::fromJson(spec).object(), "house"), 0x01000001)));
    const world::LandblockTerrain& town = *out->terrain.find(0xA9B4FFFF);
    out->terrain.statics.push_back(makeStaticObject(
        0xA9B4FFFF, Frame({96, 96, town.heightAt(96, 96).value_or(0)}, Quat{}), 1, house));
    out->staticModels.push_back(0x01000001);
    return out;
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
    if (scenario.datGeometry && scenario.place) {
        static const std::shared_ptr<const DatWorld> world = fuzzWorld();
        if (!scenario.world)
            scenario.world = PreviewWorld{};
        scenario.world->dat =
            DatGeometry{world, world::landblockOf(scenario.place->cellId), scenario.place->origin};
    }
    PreviewScene scene(assets, scenario.seed);
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    return 0;
}
