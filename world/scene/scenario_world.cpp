#include "world/scene/scenario_world.h"

#include "world/coords.h"
#include "world/scene/placed_world.h"

#include <memory>

namespace portalkit::world {

bool attachDatGeometry(preview::Scenario& scenario, const WorldSources& sources, QString* why,
                       CollisionWorldCounts* counts) {
    if (!scenario.datGeometry || !scenario.place)
        return true;
    const preview::ScenarioPlace& place = *scenario.place;
    const std::uint32_t block = landblockOf(place.cellId);
    // At least the ring round the block: a projectile may cross an edge (R56).
    auto world = std::make_shared<preview::DatWorld>(
        buildCollisionWorld(sources, block, std::max(place.radius, 1), counts));
    if (world->terrain.blocks.empty() && world->terrain.statics.empty()) {
        if (why)
            *why = QStringLiteral("landblock 0x%1 is not in the cell DAT")
                       .arg(block >> 16, 4, 16, QLatin1Char('0'));
        return false;
    }
    const auto origin = placeOrigin(sources, place, why);
    if (!origin)
        return false;
    if (!scenario.world)
        scenario.world = preview::PreviewWorld{};
    scenario.world->dat = preview::DatGeometry{std::move(world), block,
                                               preview::Vec3{origin->x, origin->y, origin->z}};
    return true;
}

} // namespace portalkit::world
