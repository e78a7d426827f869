#include "export/world_labels.h"

#include "datreader/records/env_cell.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "datreader/records/scene.h"
#include "export/gltf_json.h"
#include "world/coords.h"
#include "world/scenery.h"
#include "world/terrain.h"

namespace portalkit::exports {

namespace {

// Appends one label per part of `object` as modelParts expands it (nothing for an unknown id,
// as modelParts places nothing for it).
void addObject(const preview::Assets& portal, std::uint32_t object, const QString& placed,
               int index, std::vector<PartLabel>& out) {
    const std::vector<world::WorldPart> parts = world::modelParts(portal, object, QMatrix4x4());
    for (std::size_t i = 0; i < parts.size(); ++i)
        out.push_back({object, placed, index, int(i), int(parts.size()), parts[i].gfxObj});
}

// The labels fit the parts only when both list the same GfxObjs in the same order.
bool matches(const std::vector<PartLabel>& labels, const std::vector<world::WorldPart>& parts) {
    if (labels.size() != parts.size())
        return false;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (labels[i].gfxObj != parts[i].gfxObj)
            return false;
    return true;
}

// The scenery objects of a block, as world_builder's addScenery asks placeScenery for them.
void addScenery(const world::WorldSources& sources, std::uint32_t block,
                const dat::LandBlockInfo* info, std::vector<PartLabel>& out) {
    const auto* land = sources.cells->get<dat::LandBlock>(block);
    if (!land || !sources.region)
        return;
    const world::LandblockTerrain terrain(*land, sources.region->landDefs);
    world::SceneryInputs in;
    in.region = sources.region;
    in.info = info;
    in.scenes = [&sources](std::uint32_t id) { return sources.portal->get<dat::Scene>(id); };
    int index = 0;
    for (const world::SceneryObject& object : world::placeScenery(terrain, in))
        addObject(*sources.portal, object.objectId, QStringLiteral("scenery"), index++, out);
}

} // namespace

QString PartLabel::name() const {
    QString out = QStringLiteral("%1 @ %2 %3").arg(hex(object), placed).arg(index);
    if (parts > 1)
        out += QStringLiteral(" part %1").arg(part);
    return out;
}

std::vector<PartLabel> blockPartLabels(const world::WorldSources& sources,
                                       const world::WorldBlock& block) {
    std::vector<PartLabel> out;
    if (!sources.portal || !sources.cells)
        return out;
    const auto* info = sources.cells->get<dat::LandBlockInfo>(block.id - 1);
    if (info) {
        for (std::size_t i = 0; i < info->objects.size(); ++i)
            addObject(*sources.portal, info->objects[i].id, QStringLiteral("static"), int(i), out);
        for (std::size_t i = 0; i < info->buildings.size(); ++i)
            addObject(*sources.portal, info->buildings[i].modelId, QStringLiteral("building"),
                      int(i), out);
    }
    addScenery(sources, block.id, info, out);
    if (!matches(out, block.parts))
        out.clear();
    return out;
}

std::vector<PartLabel> cellPartLabels(const world::WorldSources& sources,
                                      const world::WorldCell& cell) {
    std::vector<PartLabel> out;
    if (!sources.portal || !sources.cells)
        return out;
    const QString placed = QStringLiteral("cell %1 static").arg(hex(cell.id));
    if (const auto* envCell = sources.cells->get<dat::EnvCell>(cell.id))
        for (std::size_t i = 0; i < envCell->statics.size(); ++i)
            addObject(*sources.portal, envCell->statics[i].id, placed, int(i), out);
    if (!matches(out, cell.statics))
        out.clear();
    return out;
}

} // namespace portalkit::exports
