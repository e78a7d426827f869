#include "datreader/authoring/terrain_generator.h"

#include "datreader/authoring/generator_spec.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace portalkit::authoring {
namespace {

constexpr double kCell = 24;   // metres between vertices
constexpr double kBlock = 192; // metres per landblock
constexpr std::uint32_t kMaxBlocksPerSide = 16;
constexpr std::size_t kMaxFeatures = 64;
constexpr std::size_t kMaxRoadPoints = 256;
constexpr std::size_t kMaxStatics = 4096;
// Landblock x and y run 0..254: the world is 255 × 255 landblocks.
constexpr std::uint32_t kLastBlock = 0xFE;

constexpr std::array<Named<int>, 8> kRoleNames{{{"rock", 0},
                                                {"grass", 1},
                                                {"forest", 2},
                                                {"dirt", 3},
                                                {"sand", 4},
                                                {"snow", 5},
                                                {"shallowWater", 6},
                                                {"deepWater", 7}}};

struct Area {
    std::uint32_t west, south, east, north;
};

// "blocks": {"from": "0xXXYY", "to": "0xXXYY"}, the south-west and north-east landblocks.
Area areaFrom(const JsonNode& blocks) {
    const auto corner = [](const JsonNode& node) {
        const std::uint32_t value = node.u32();
        if (value > 0xFFFF || (value >> 8) > kLastBlock || (value & 0xFF) > kLastBlock)
            node.fail(dat::formatDid(value) + " is not a landblock 0xXXYY (XX, YY at most 0xFE)");
        return value;
    };
    const std::uint32_t from = corner(blocks["from"]);
    const std::uint32_t to = blocks.has("to") ? corner(blocks["to"]) : from;
    const Area area{from >> 8, from & 0xFF, to >> 8, to & 0xFF};
    if (area.east < area.west || area.north < area.south)
        blocks["to"].fail("lies west or south of \"from\"");
    if (area.east - area.west >= kMaxBlocksPerSide || area.north - area.south >= kMaxBlocksPerSide)
        blocks["to"].fail("the area is more than " + std::to_string(kMaxBlocksPerSide) +
                          " landblocks on a side");
    return area;
}

bool contains(const Area& area, std::uint32_t landblock) {
    const std::uint32_t x = landblock >> 8, y = landblock & 0xFF;
    return x >= area.west && x <= area.east && y >= area.south && y <= area.north;
}

std::vector<JsonNode> listOf(const JsonNode& node, std::size_t max) {
    std::vector<JsonNode> elements = node.elements();
    if (elements.size() > max)
        node.fail(std::to_string(elements.size()) + " entries; at most " + std::to_string(max));
    return elements;
}

std::array<double, 2> pairFrom(const JsonNode& node, double min, double max) {
    if (!node.isArray() || node.value().toArray().size() != 2)
        node.fail("expected [x, y]");
    return {realIn(node[0], min, max), realIn(node[1], min, max)};
}

// The landblock (0xXXYY) a statics entry names, which must lie in the area.
std::uint32_t staticLandblock(const JsonNode& node, const Area& area) {
    const std::uint32_t landblock = node.u32();
    if (landblock > 0xFFFF || !contains(area, landblock))
        node.fail(dat::formatDid(landblock) + " is not a landblock of \"blocks\"");
    return landblock;
}

double smoothstep(double t) {
    return t * t * (3 - 2 * t);
}

// Squared distance from p to the segment a–b.
double distanceSquared(std::array<double, 2> p, std::array<double, 2> a, std::array<double, 2> b) {
    const double dx = b[0] - a[0], dy = b[1] - a[1];
    const double lengthSquared = dx * dx + dy * dy;
    double t = lengthSquared > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double ex = a[0] + t * dx - p[0], ey = a[1] + t * dy - p[1];
    return ex * ex + ey * ey;
}

} // namespace

std::vector<std::uint32_t> TerrainSpec::recordIds(const JsonNode& spec) {
    const Area area = areaFrom(spec["blocks"]);
    std::vector<std::uint32_t> ids;
    for (std::uint32_t x = area.west; x <= area.east; ++x)
        for (std::uint32_t y = area.south; y <= area.north; ++y)
            ids.push_back(x << 24 | y << 16 | 0xFFFF);
    for (const JsonNode& entry : listOf(spec["statics"], kMaxStatics)) {
        const std::uint32_t info = staticLandblock(entry["landblock"], area) << 16 | 0xFFFE;
        if (std::find(ids.begin(), ids.end(), info) == ids.end())
            ids.push_back(info);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

TerrainSpec::TerrainSpec(const JsonNode& spec, const dat::Region& region)
    : m_spec(spec), m_table(region.landDefs.landHeightTable) {
    for (const dat::TerrainType& type : region.terrain.terrainTypes)
        m_sceneTypeCounts.push_back(type.sceneTypes.size());
    const Area area = areaFrom(spec["blocks"]);
    m_west = area.west, m_south = area.south, m_east = area.east, m_north = area.north;
    m_originX = kBlock * m_west;
    m_originY = kBlock * m_south;
    readTypes(spec["types"]);
    readFeatures(spec);
    readStatics(spec["statics"]);
}

void TerrainSpec::readTypes(const JsonNode& types) {
    if (types.isMissing())
        return; // the terrain may need none, and type() names what it does need
    for (const std::string& key : types.keys()) {
        const auto role = std::find_if(kRoleNames.begin(), kRoleNames.end(),
                                       [&](const Named<int>& name) { return name.name == key; });
        if (role == kRoleNames.end())
            types[key].fail("not a terrain role (rock, grass, forest, dirt, sand, snow, "
                            "shallowWater, deepWater)");
        const std::uint32_t index = types[key].u32();
        if (index >= m_sceneTypeCounts.size() || index > 0x1F)
            types[key].fail("the Region has no terrain type " + std::to_string(index) +
                            " (it has " + std::to_string(m_sceneTypeCounts.size()) + ")");
        m_types[std::size_t(role->value)] = std::uint16_t(index);
    }
}

void TerrainSpec::readFeatures(const JsonNode& spec) {
    m_base = realIn(spec["base"], -kMaxLength, kMaxLength, 0.0);
    const JsonNode hills = spec["hills"];
    m_hillAmplitude = realIn(hills["amplitude"], 0, kMaxLength, 0.0);
    m_hillWavelength = realIn(hills["wavelength"], kCell, kMaxLength, 144.0);
    m_hillSeed = hills["seed"].u32(1);
    for (const JsonNode& entry : listOf(spec["ramps"], kMaxFeatures)) {
        Ramp ramp;
        static constexpr std::array<Named<bool>, 2> kAxes{{{"x", false}, {"y", true}}};
        ramp.alongY = choice<bool>(entry["axis"], std::span(kAxes));
        ramp.from = realIn(entry["from"], -kMaxLength, kMaxLength);
        ramp.to = realIn(entry["to"], -kMaxLength, kMaxLength);
        if (std::abs(ramp.to - ramp.from) < kMinLength)
            entry["to"].fail("a ramp needs \"to\" apart from \"from\"");
        ramp.rise = realIn(entry["rise"], -kMaxLength, kMaxLength);
        m_ramps.push_back(ramp);
    }
    for (const JsonNode& entry : listOf(spec["flats"], kMaxFeatures)) {
        Flat flat;
        const auto centre = pairFrom(entry["centre"], -kMaxLength, kMaxLength);
        flat.x = m_originX + centre[0];
        flat.y = m_originY + centre[1];
        flat.radius = realIn(entry["radius"], 0, kMaxLength);
        flat.blend = realIn(entry["blend"], 0, kMaxLength, 0.0);
        flat.height = realIn(entry["height"], -kMaxLength, kMaxLength);
        if (entry.has("type"))
            flat.type = type(TypeRole(choice<int>(entry["type"], std::span(kRoleNames))));
        m_flats.push_back(flat);
    }
    for (const JsonNode& entry : listOf(spec["roads"], kMaxFeatures)) {
        Road road;
        road.halfWidth = realIn(entry["width"], kMinLength, kMaxLength, kCell / 2) / 2;
        for (const JsonNode& point : listOf(entry["points"], kMaxRoadPoints)) {
            const auto local = pairFrom(point, -kMaxLength, kMaxLength);
            road.points.push_back({m_originX + local[0], m_originY + local[1]});
        }
        if (road.points.size() < 2)
            entry["points"].fail("a road needs at least two points");
        m_roads.push_back(std::move(road));
    }
    const JsonNode water = spec["water"];
    m_waterLevel = realIn(water["level"], -kMaxLength, kMaxLength, -kMaxLength);
    m_shallowDepth = realIn(water["shallowDepth"], 0, kMaxLength, 0.0);
    m_beach = realIn(water["beach"], 0, kMaxLength, 0.0);
    m_snowLine = realIn(spec["snowLine"], -kMaxLength, kMaxLength, kMaxLength);
    m_rockNormalZ = realIn(spec["rockBelow"], 0, 1, 0.0);
    const JsonNode forest = spec["forest"];
    m_forestWavelength = realIn(forest["wavelength"], kCell, kMaxLength, 96.0);
    m_forestSeed = forest["seed"].u32(2);
    m_forestAbove = realIn(forest["above"], 0, 1, 1.0);
}

void TerrainSpec::readStatics(const JsonNode& statics) {
    const Area area{m_west, m_south, m_east, m_north};
    for (const JsonNode& entry : listOf(statics, kMaxStatics)) {
        Static placed;
        placed.landblock = staticLandblock(entry["landblock"], area);
        placed.model = entry["model"].u32();
        if (placed.model >> 24 != 0x01 && placed.model >> 24 != 0x02)
            entry["model"].fail(dat::formatDid(placed.model) + " is not a GfxObj or a Setup");
        // Strictly inside the block: an origin on the east or north edge belongs to the next.
        const auto at = pairFrom(entry["at"], 0, kBlock - kMinLength);
        placed.x = at[0], placed.y = at[1];
        placed.sink = realIn(entry["sink"], -kMaxLength, kMaxLength, 0.0);
        placed.heading = realIn(entry["heading"], -360, 360, 0.0);
        m_statics.push_back(placed);
    }
}

std::uint16_t TerrainSpec::type(TypeRole role) const {
    if (!m_types[role])
        JsonNode(QJsonValue(), m_spec.path() + ".types." + std::string(kRoleNames[role].name),
                 m_spec.did())
            .fail("needed by this terrain but not given");
    return *m_types[role];
}

// Smooth value noise in 0..1 on a lattice `wavelength` metres apart in world coordinates.
double TerrainSpec::noise(double worldX, double worldY, double wavelength,
                          std::uint32_t seed) const {
    const double gx = worldX / wavelength, gy = worldY / wavelength;
    const double fx0 = std::floor(gx), fy0 = std::floor(gy);
    const auto ix = std::int64_t(fx0), iy = std::int64_t(fy0);
    const auto lattice = [seed](std::int64_t x, std::int64_t y) {
        return SplitMix64(std::uint64_t(seed) << 40 ^ std::uint64_t(std::uint32_t(x)) << 20 ^
                          std::uint64_t(std::uint32_t(y)))
            .unit();
    };
    const double fx = smoothstep(gx - fx0), fy = smoothstep(gy - fy0);
    const double south = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * fx;
    const double north = lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * fx;
    return south + (north - south) * fy;
}

double TerrainSpec::metres(double worldX, double worldY) const {
    const double localX = worldX - m_originX, localY = worldY - m_originY;
    double height = m_base;
    if (m_hillAmplitude > 0)
        height += m_hillAmplitude * (2 * noise(worldX, worldY, m_hillWavelength, m_hillSeed) - 1);
    for (const Ramp& ramp : m_ramps) {
        const double along = ramp.alongY ? localY : localX;
        height += ramp.rise * std::clamp((along - ramp.from) / (ramp.to - ramp.from), 0.0, 1.0);
    }
    // Flats come last and win: inside the radius the ground is exactly their height, so every
    // vertex there gets the same height index.
    for (const Flat& flat : m_flats) {
        const double dx = worldX - flat.x, dy = worldY - flat.y;
        const double distance = std::sqrt(dx * dx + dy * dy);
        if (distance <= flat.radius)
            height = flat.height;
        else if (distance < flat.radius + flat.blend)
            height = flat.height +
                     (height - flat.height) * smoothstep((distance - flat.radius) / flat.blend);
    }
    return height;
}

std::uint8_t TerrainSpec::heightIndex(double worldX, double worldY) const {
    const double height = metres(worldX, worldY);
    // The nearest entry, the lowest index on a tie; NaN entries never win.
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < m_table.size(); ++i)
        if (const double distance = std::abs(double(m_table[i]) - height); distance < bestDistance)
            best = i, bestDistance = distance;
    return std::uint8_t(best);
}

std::uint16_t TerrainSpec::terrainTypeAt(double worldX, double worldY) const {
    const auto stored = [&](double x, double y) { return double(m_table[heightIndex(x, y)]); };
    const double height = stored(worldX, worldY);
    // Water and beach follow the stored height, so "water" means "below the level" exactly.
    if (height < m_waterLevel - m_shallowDepth)
        return type(DeepWater);
    if (height < m_waterLevel)
        return type(ShallowWater);
    if (height < m_waterLevel + m_beach)
        return type(Sand);
    for (const Flat& flat : m_flats) {
        const double dx = worldX - flat.x, dy = worldY - flat.y;
        if (flat.type && dx * dx + dy * dy <= flat.radius * flat.radius)
            return *flat.type;
    }
    // The slope from the stored heights of the neighbouring vertices.
    const double slopeX = (stored(worldX + kCell, worldY) - stored(worldX - kCell, worldY)) / 48;
    const double slopeY = (stored(worldX, worldY + kCell) - stored(worldX, worldY - kCell)) / 48;
    if (1 / std::sqrt(1 + slopeX * slopeX + slopeY * slopeY) < m_rockNormalZ)
        return type(Rock);
    if (height >= m_snowLine)
        return type(Snow);
    if (noise(worldX, worldY, m_forestWavelength, m_forestSeed) >= m_forestAbove)
        return type(Forest);
    return type(Grass);
}

// Scenery bits index the terrain type's scene types; one of them is picked per vertex.
std::uint16_t TerrainSpec::sceneryAt(std::uint16_t type, double worldX, double worldY) const {
    const std::size_t count = std::min<std::size_t>(m_sceneTypeCounts[type], 32);
    if (count <= 1)
        return 0;
    const auto vx = std::uint64_t(worldX / kCell), vy = std::uint64_t(worldY / kCell);
    return std::uint16_t(SplitMix64(vx << 32 | vy).below(count));
}

bool TerrainSpec::onRoad(double worldX, double worldY) const {
    for (const Road& road : m_roads)
        for (std::size_t i = 1; i < road.points.size(); ++i)
            if (distanceSquared({worldX, worldY}, road.points[i - 1], road.points[i]) <
                road.halfWidth * road.halfWidth)
                return true;
    return false;
}

std::uint16_t TerrainSpec::terrainWord(double worldX, double worldY) const {
    const std::uint16_t type = terrainTypeAt(worldX, worldY);
    return dat::LandBlock::terrainWord(onRoad(worldX, worldY) ? 1 : 0, type,
                                       sceneryAt(type, worldX, worldY));
}

dat::LandBlock TerrainSpec::landBlock(std::uint32_t did) const {
    const std::uint32_t x = did >> 24, y = (did >> 16) & 0xFF;
    if ((did & 0xFFFF) != 0xFFFF || !contains({m_west, m_south, m_east, m_north}, did >> 16))
        m_spec["blocks"].fail(dat::formatDid(did) + " is not a LandBlock of these blocks");
    dat::LandBlock block;
    block.id = did;
    for (int ix = 0; ix < dat::LandBlock::kSide; ++ix)
        for (int iy = 0; iy < dat::LandBlock::kSide; ++iy) {
            const double worldX = kBlock * x + kCell * ix, worldY = kBlock * y + kCell * iy;
            const int vertex = dat::LandBlock::vertexIndex(ix, iy);
            block.heights[std::size_t(vertex)] = heightIndex(worldX, worldY);
            block.terrain[std::size_t(vertex)] = terrainWord(worldX, worldY);
        }
    return block;
}

// The terrain surface at landblock-local (x, y): the cell's two triangles split as the client
// splits them (docs/formats.md#landblock), so a static stands on the ground the client draws.
double TerrainSpec::surfaceHeight(std::uint32_t landblock, double x, double y) const {
    const std::uint32_t blockX = landblock >> 8, blockY = landblock & 0xFF;
    const int cx = std::min(int(x / kCell), 7), cy = std::min(int(y / kCell), 7);
    const double dx = (x - kCell * cx) / kCell, dy = (y - kCell * cy) / kCell;
    const auto corner = [&](int ix, int iy) {
        return double(m_table[heightIndex(kBlock * blockX + kCell * (cx + ix),
                                          kBlock * blockY + kCell * (cy + iy))]);
    };
    const double sw = corner(0, 0), se = corner(1, 0), ne = corner(1, 1), nw = corner(0, 1);
    const std::uint32_t gx = 8 * blockX + std::uint32_t(cx), gy = 8 * blockY + std::uint32_t(cy);
    const std::uint32_t split =
        gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
    if (split >= 0x80000000u) // diagonal south-west to north-east
        return dx >= dy ? sw + (se - sw) * dx + (ne - se) * dy
                        : sw + (ne - nw) * dx + (nw - sw) * dy;
    // diagonal south-east to north-west
    if (dx + dy <= 1)
        return sw + (se - sw) * dx + (nw - sw) * dy;
    return ne + (nw - ne) * (1 - dx) + (se - ne) * (1 - dy);
}

dat::LandBlockInfo TerrainSpec::landBlockInfo(std::uint32_t did) const {
    dat::LandBlockInfo info;
    info.id = did;
    for (const Static& placed : m_statics) {
        if (placed.landblock != did >> 16)
            continue;
        dat::Stab stab;
        stab.id = placed.model;
        stab.frame.origin = {
            float(placed.x), float(placed.y),
            float(surfaceHeight(placed.landblock, placed.x, placed.y) - placed.sink)};
        // A compass heading (clockwise from north) is a turn about -z.
        const double half = -placed.heading * std::numbers::pi / 360;
        // q and -q are one rotation; store the one with w >= 0.
        const double sign = std::cos(half) < 0 ? -1 : 1;
        stab.frame.orientation = {float(sign * std::cos(half)), 0, 0, float(sign * std::sin(half))};
        info.objects.push_back(stab);
    }
    if (info.objects.empty())
        m_spec["statics"].fail("places nothing on " + dat::formatDid(did));
    return info;
}

} // namespace portalkit::authoring
