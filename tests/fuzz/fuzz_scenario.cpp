// libFuzzer target for scenario files: the input is one scenario's JSON. Loading must not
// crash, hang or allocate without bound; a scenario that loads is played for at most two
// seconds against a scene with one synthetic Setup (guid-created objects of any other Setup are
// reported missing), so the SmartBox's gates and the physics see whatever values the file holds.

#include "datreader/io/dat_error.h"
#include "datreader/records/setup.h"
#include "preview/timeline/scenario.h"

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
    PreviewScene scene(assets, scenario.seed);
    ScenarioPlayer player(scene, scenario);
    player.advanceTo(scenario.duration);
    return 0;
}
