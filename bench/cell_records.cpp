#include "bench/cell_records.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace portalkit::bench {
namespace {

using authoring::RandomDraws;

constexpr double kLandblockMetres = 192; // a landblock is 8 × 8 cells of 24 m
constexpr std::uint16_t kFirstEnvCell = 0x0100;

dat::Quat turnAboutZ(double radians) {
    return {float(std::cos(radians / 2)), 0, 0, float(std::sin(radians / 2))};
}

// Somewhere on the landblock at a height in [zLow, zHigh), turned about the vertical.
dat::Frame placed(RandomDraws& draws, double zLow, double zHigh) {
    return {
        {draws.real(0, kLandblockMetres), draws.real(0, kLandblockMetres), draws.real(zLow, zHigh)},
        turnAboutZ(draws.uniform(0, 2 * std::numbers::pi))};
}

// Scenery and furniture: mostly Setups, the rest bare GfxObjs, from the low ids of each range.
dat::Stab randomStab(RandomDraws& draws, double zLow, double zHigh) {
    const std::uint32_t id =
        draws.chance(0.6) ? 0x02000000 | draws.below(0x2000) : 0x01000000 | draws.below(0x8000);
    return {id, placed(draws, zLow, zHigh)};
}

std::vector<dat::Stab> randomStabs(RandomDraws& draws, std::uint32_t count, double zLow,
                                   double zHigh) {
    std::vector<dat::Stab> stabs;
    stabs.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i)
        stabs.push_back(randomStab(draws, zLow, zHigh));
    return stabs;
}

// Terrain that changes little from vertex to vertex: one main terrain type, a sloped and
// slightly rough height field, roads more often in towns, and scenery codes everywhere.
dat::LandBlock makeLandBlock(RandomDraws& draws, const PlannedLandblock& landblock) {
    dat::LandBlock block;
    block.id = landblock.base | 0xFFFF;
    block.hasObjects = landblock.kind == LandblockKind::Wild ? 0 : 1;
    const std::uint16_t mainType = std::uint16_t(draws.below(32));
    const double roadChance = landblock.kind == LandblockKind::Town ? 0.15 : 0.03;
    const double base = draws.uniform(20, 200);
    const double slopeX = draws.uniform(-4, 4);
    const double slopeY = draws.uniform(-4, 4);
    for (int x = 0; x < dat::LandBlock::kSide; ++x) {
        for (int y = 0; y < dat::LandBlock::kSide; ++y) {
            const int at = dat::LandBlock::vertexIndex(x, y);
            const auto type = draws.chance(0.7) ? mainType : std::uint16_t(draws.below(32));
            const auto road = draws.chance(roadChance) ? std::uint16_t(draws.between(1, 3)) : 0;
            block.terrain[at] = dat::LandBlock::terrainWord(std::uint16_t(road), type,
                                                            std::uint16_t(draws.below(32)));
            const double height = base + slopeX * x + slopeY * y + draws.uniform(-3, 3);
            block.heights[at] = std::uint8_t(std::clamp<long>(std::lround(height), 0, 255));
        }
    }
    return block;
}

std::vector<std::uint32_t> randomSurfaces(RandomDraws& draws, double median) {
    std::vector<std::uint32_t> surfaces(draws.around(median, 0.5, 1, 16));
    for (std::uint32_t& surface : surfaces)
        surface = dat::EnvCell::kSurfaceType | draws.below(0x1000);
    return surfaces;
}

dat::EnvCell emptyCell(RandomDraws& draws, std::uint32_t base, std::uint32_t index,
                       double surfaceMedian) {
    dat::EnvCell cell;
    cell.id = base | (kFirstEnvCell + index);
    cell.cellId = cell.id;
    cell.surfaces = randomSurfaces(draws, surfaceMedian);
    cell.environmentId = dat::EnvCell::kEnvironmentType | draws.below(0x400);
    cell.cellStructure = std::uint16_t(draws.below(8));
    return cell;
}

// A portal from cell `from` to cell `to` and its way back.
void connect(RandomDraws& draws, std::vector<dat::EnvCell>& cells, std::uint32_t from,
             std::uint32_t to) {
    const auto fromPortal = std::uint16_t(cells[from].portals.size());
    const auto toPortal = std::uint16_t(cells[to].portals.size());
    const auto flags = [&] { return std::uint16_t(draws.chance(0.5) ? 0x2 : 0x0); };
    cells[from].portals.push_back(
        {flags(), std::uint16_t(draws.below(24)), std::uint16_t(kFirstEnvCell + to), toPortal});
    cells[to].portals.push_back(
        {flags(), std::uint16_t(draws.below(24)), std::uint16_t(kFirstEnvCell + from), fromPortal});
}

// The cells a dungeon cell sees: a run of its neighbours in id order, itself left out.
std::vector<std::uint16_t> visibleRun(RandomDraws& draws, std::uint32_t index,
                                      std::uint32_t count) {
    const std::uint32_t seen = draws.around(30, 0.8, 0, std::min<std::uint32_t>(count - 1, 800));
    std::uint32_t first = index - std::min(index, seen / 2);
    first = std::min(first, count - 1 - seen);
    std::vector<std::uint16_t> visible;
    visible.reserve(seen);
    for (std::uint32_t other = first; visible.size() < seen; ++other)
        if (other != index)
            visible.push_back(std::uint16_t(kFirstEnvCell + other));
    return visible;
}

// A dungeon: cells on a 10 m grid below ground, each opening onto one of the few cells made
// just before it (a corridor that branches), some seeing the surface, a third furnished.
std::vector<dat::EnvCell> makeDungeon(RandomDraws& draws, std::uint32_t base, std::uint32_t count) {
    std::vector<dat::EnvCell> cells;
    cells.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        dat::EnvCell cell = emptyCell(draws, base, i, 3);
        cell.position = {
            {10.0f * draws.below(20), 10.0f * draws.below(20), -6.0f * draws.below(12)},
            turnAboutZ(draws.below(4) * std::numbers::pi / 2)};
        cell.flags = draws.chance(0.03) ? dat::EnvCell::kSeenOutside : 0;
        if (draws.chance(0.3)) {
            cell.flags |= dat::EnvCell::kHasStaticObjects;
            cell.statics = randomStabs(draws, draws.around(2, 0.8, 1, 30), -72, 0);
        }
        cells.push_back(std::move(cell));
        if (i > 0) {
            std::uint32_t parent = i - 1 - draws.below(std::min<std::uint32_t>(i, 6));
            if (cells[parent].portals.size() >= 12) // a hub that full takes no more corridors
                parent = i - 1;
            connect(draws, cells, i, parent);
        }
    }
    for (std::uint32_t i = 0; i < count; ++i)
        cells[i].visibleCells = visibleRun(draws, i, count);
    return cells;
}

// A run of EnvCells that make one building's interior.
struct Interior {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    std::optional<std::uint32_t> house; // the house object the building's cells are restricted to
};

std::vector<Interior> splitIntoBuildings(RandomDraws& draws, std::uint32_t cellCount) {
    std::vector<Interior> interiors;
    for (std::uint32_t first = 0; first < cellCount;) {
        Interior interior;
        interior.first = first;
        interior.count = std::min(cellCount - first, draws.around(5, 0.6, 1, 24));
        if (draws.chance(0.4))
            interior.house = 0x70000000 | draws.below(0x100000);
        first += interior.count;
        interiors.push_back(interior);
    }
    return interiors;
}

// A building's cells: the first opens onto the outside, each other onto an earlier one, and
// every cell sees the rest of the building and the outdoors.
void addBuildingCells(RandomDraws& draws, std::uint32_t base, const Interior& interior,
                      std::vector<dat::EnvCell>& cells) {
    const dat::Frame building = placed(draws, 0, 120);
    for (std::uint32_t k = 0; k < interior.count; ++k) {
        dat::EnvCell cell = emptyCell(draws, base, interior.first + k, 4);
        cell.flags = dat::EnvCell::kSeenOutside;
        cell.position = {{building.origin.x + draws.real(-8, 8),
                          building.origin.y + draws.real(-8, 8),
                          building.origin.z + 3.0f * draws.below(4)},
                         building.orientation};
        for (std::uint32_t other = 0; other < interior.count; ++other)
            if (other != k)
                cell.visibleCells.push_back(std::uint16_t(kFirstEnvCell + interior.first + other));
        if (draws.chance(0.6)) {
            cell.flags |= dat::EnvCell::kHasStaticObjects;
            cell.statics = randomStabs(draws, draws.around(4, 0.8, 1, 40), 0, 130);
        }
        if (interior.house) {
            cell.flags |= dat::EnvCell::kHasRestrictionObject;
            cell.restrictionObject = *interior.house;
        }
        cells.push_back(std::move(cell));
        if (k == 0)
            cells.back().portals.push_back(
                {0x2, std::uint16_t(draws.below(24)), dat::CellPortal::kOutside, 0xFFFF});
        else
            connect(draws, cells, interior.first + k, interior.first + draws.below(k));
    }
}

dat::BuildingInfo makeBuilding(RandomDraws& draws, const Interior& interior) {
    dat::BuildingInfo building;
    building.modelId = 0x01000000 | draws.below(0x8000);
    building.frame = placed(draws, 0, 120);
    building.numLeaves = draws.around(8, 0.6, 1, 80);
    std::vector<std::uint16_t> stabs;
    for (std::uint32_t k = 0; k < interior.count; ++k)
        stabs.push_back(std::uint16_t(kFirstEnvCell + interior.first + k));
    const std::uint32_t doors = draws.around(1.3, 0.5, 1, 4);
    for (std::uint32_t door = 0; door < doors; ++door) {
        dat::BuildingPortal portal;
        portal.flags = draws.chance(0.5) ? 0x2 : 0x0;
        portal.otherCellId = std::uint16_t(kFirstEnvCell + interior.first);
        portal.otherPortalId = std::uint16_t(door);
        portal.stabs = stabs;
        building.portals.push_back(std::move(portal));
    }
    return building;
}

// Outdoor objects, the town's buildings and their cells, and a restriction table when some
// are houses: a land cell of the landblock (0x0001-0x0040) keyed to each house.
void makeTown(RandomDraws& draws, const PlannedLandblock& landblock, LandblockRecords& records) {
    dat::LandBlockInfo& info = *records.info;
    for (const Interior& interior : splitIntoBuildings(draws, landblock.envCells)) {
        info.buildings.push_back(makeBuilding(draws, interior));
        addBuildingCells(draws, landblock.base, interior, records.cells);
        if (interior.house)
            info.restrictions.push_back({landblock.base | draws.between(1, 64), *interior.house});
    }
    if (!info.restrictions.empty()) {
        info.flags = dat::LandBlockInfo::kHasRestrictions;
        info.restrictionBuckets = 8;
    }
}

} // namespace

LandblockRecords makeLandblockRecords(RandomDraws& draws, const PlannedLandblock& landblock) {
    LandblockRecords records;
    records.block = makeLandBlock(draws, landblock);
    if (landblock.kind == LandblockKind::Wild)
        return records;
    dat::LandBlockInfo& info = records.info.emplace();
    info.id = landblock.base | 0xFFFE;
    info.numCells = landblock.envCells;
    switch (landblock.kind) {
    case LandblockKind::Outdoor:
        info.objects = randomStabs(draws, draws.around(12, 0.9, 1, 250), 0, 200);
        break;
    case LandblockKind::Town:
        info.objects = randomStabs(draws, draws.around(30, 0.7, 1, 250), 0, 200);
        makeTown(draws, landblock, records);
        break;
    case LandblockKind::Dungeon:
        info.objects = randomStabs(draws, draws.around(1, 1.0, 0, 8), 0, 200);
        records.cells = makeDungeon(draws, landblock.base, landblock.envCells);
        break;
    case LandblockKind::Wild:
        break;
    }
    return records;
}

} // namespace portalkit::bench
