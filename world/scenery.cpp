#include "world/scenery.h"

#include <cmath>

namespace portalkit::world {

// The formulas of CLandBlock::get_land_scenes and ObjectDesc (docs/world.md#scenery,
// docs/retail-behaviour.md#world-scenery). Every product wraps in 32 bits.

namespace {

double unit(std::uint32_t h) {
    return double(h) * 2.3283064e-10;
}

constexpr float kRoadHalfWidth = 5.0f; // rMin; rMax is the cell length minus it

Quat multiply(const Quat& a, const Quat& b) {
    return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

// The forward (+Y) axis of an orientation, in the parent's axes.
Vec3 forwardOf(const Quat& q) {
    return {2 * (q.x * q.y - q.w * q.z), 1 - 2 * (q.x * q.x + q.z * q.z),
            2 * (q.y * q.z + q.w * q.x)};
}

constexpr double kDegrees = 3.14159265358979323846 / 180.0;

// The compass heading of a vector's horizontal part; 0 when it has none.
float compassHeading(Vec3 v) {
    if (std::hypot(v.x, v.y) < kEpsilon)
        return 0.0f;
    const double h = std::atan2(double(v.x), double(v.y)) / kDegrees;
    return float(h < 0 ? h + 360.0 : h);
}

} // namespace

double sceneNoise(std::uint32_t x, std::uint32_t y, std::uint32_t k, std::uint32_t c) {
    return unit(1813693831u * y - (k + c) * (1360117743u * x * y + 1888038839u) - 1109124029u * x);
}

std::uint32_t sceneHash(std::uint32_t x, std::uint32_t y) {
    return y * (712977289u * x + 1813693831u) - 1109124029u * x + 2139937281u;
}

std::uint32_t sceneIndex(std::uint32_t x, std::uint32_t y, std::size_t count) {
    if (count <= 1)
        return 0;
    const auto i = std::uint32_t(std::floor(unit(sceneHash(x, y)) * double(count)));
    return i >= count ? 0 : i;
}

double placeQuadrant(std::uint32_t x, std::uint32_t y) {
    return unit(1813693831u * y - x * (1870387557u * y + 1109124029u) - 402451965u);
}

Vec3 placeOffset(const dat::SceneObject& obj, std::uint32_t x, std::uint32_t y, std::uint32_t k) {
    // Displacement is drawn in [0, displace), not centred; then one of four quarter turns.
    const dat::Vec3& base = obj.baseLocation.origin;
    const float dx =
        base.x + (obj.displaceX > 0 ? float(sceneNoise(x, y, k, 45773)) * obj.displaceX : 0.0f);
    const float dy =
        base.y + (obj.displaceY > 0 ? float(sceneNoise(x, y, k, 72719)) * obj.displaceY : 0.0f);
    const double q = placeQuadrant(x, y);
    if (q < 0.25)
        return {dx, dy, base.z};
    if (q < 0.5)
        return {-dy, dx, base.z};
    if (q < 0.75)
        return {-dx, -dy, base.z};
    return {dy, -dx, base.z};
}

float sceneScale(const dat::SceneObject& obj, std::uint32_t x, std::uint32_t y, std::uint32_t k) {
    if (obj.minScale == obj.maxScale)
        return obj.maxScale;
    return obj.minScale * std::pow(obj.maxScale / obj.minScale, float(sceneNoise(x, y, k, 32593)));
}

bool onRoad(const LandblockTerrain& terrain, float x, float y) {
    const int cx = std::clamp(int(std::floor(x / kCellLength)), 0, kCellsPerBlock - 1);
    const int cy = std::clamp(int(std::floor(y / kCellLength)), 0, kCellsPerBlock - 1);
    const float dx = x - kCellLength * float(cx), dy = y - kCellLength * float(cy);
    const float lo = kRoadHalfWidth, hi = kCellLength - kRoadHalfWidth;
    enum : int { SW = 1, NW = 2, SE = 4, NE = 8 };
    const int mask = (terrain.road(cx, cy) ? SW : 0) | (terrain.road(cx, cy + 1) ? NW : 0) |
                     (terrain.road(cx + 1, cy) ? SE : 0) | (terrain.road(cx + 1, cy + 1) ? NE : 0);
    switch (mask) {
    case 0:
        return false;
    case SW | NW | SE | NE:
        return true;
    case SW | NW | SE:
        return dx < lo || dy < lo;
    case SW | NW | NE:
        return dx < lo || dy > hi;
    case SW | SE | NE:
        return dx > hi || dy < lo;
    case NW | SE | NE:
        return dx > hi || dy > hi;
    case SW | NW:
        return dx < lo;
    case SW | SE:
        return dy < lo;
    case SE | NE:
        return dx > hi;
    case NW | NE:
        return dy > hi;
    case SW | NE:
        return std::fabs(dx - dy) < lo;
    case NW | SE:
        return std::fabs(dx + dy - kCellLength) < lo;
    case SW:
        return dx + dy < lo;
    case NW:
        return kCellLength + dx - dy < lo;
    case SE:
        return kCellLength - dx + dy < lo;
    default: // NE
        return 2 * kCellLength - dx - dy < lo;
    }
}

std::set<std::uint32_t> buildingCells(const dat::LandBlockInfo& info) {
    std::set<std::uint32_t> cells;
    for (const dat::BuildingInfo& building : info.buildings) {
        const dat::Vec3& o = building.frame.origin;
        if (const auto at = adjustToOutside(landblockOf(info.id), {o.x, o.y, o.z}))
            if (landblockOf(at->cellId) == landblockOf(info.id))
                cells.insert(at->cellId);
    }
    return cells;
}

Quat withHeading(const Quat& base, float degrees) {
    const Vec3 forward = forwardOf(base);
    const float pitch =
        std::asin(std::clamp(forward.z / std::max(length(forward), kEpsilon), -1.0f, 1.0f));
    const double yaw = -double(degrees) * kDegrees; // compass turns clockwise seen from above
    const Quat turn{float(std::cos(yaw / 2)), 0, 0, float(std::sin(yaw / 2))};
    const Quat tilt{std::cos(pitch / 2), std::sin(pitch / 2), 0, 0};
    return multiply(turn, tilt);
}

namespace {

struct VertexContext {
    const LandblockTerrain& terrain;
    const SceneryInputs& inputs;
    const std::set<std::uint32_t>& buildings;
    int ix = 0, iy = 0;
    std::uint32_t x = 0, y = 0; // global vertex coordinates
};

bool withinBlock(const SceneryInputs& inputs, std::uint32_t objectId, Vec3 p) {
    // obj_within_block needs the object's spheres; with a radius the centre must stay that far
    // inside, without one only the origin is tested (docs/world.md#scenery).
    const std::optional<float> r = inputs.radius ? inputs.radius(objectId) : std::nullopt;
    const float m = r ? *r : 0.0f;
    return p.x >= m && p.x < kBlockLength - m && p.y >= m && p.y < kBlockLength - m;
}

std::optional<SceneryObject> placeObject(const VertexContext& v, const dat::SceneObject& obj,
                                         std::uint32_t sceneId, std::uint32_t k) {
    if (sceneNoise(v.x, v.y, k, 23399) >= double(obj.frequency))
        return std::nullopt;
    if (obj.weenieObj != 0)
        return std::nullopt; // placed by the server, not scenery
    Vec3 p = placeOffset(obj, v.x, v.y, k);
    p.x += kCellLength * float(v.ix);
    p.y += kCellLength * float(v.iy);
    if (!(p.x >= 0 && p.x < kBlockLength && p.y >= 0 && p.y < kBlockLength))
        return std::nullopt;
    if (onRoad(v.terrain, p.x, p.y))
        return std::nullopt;
    const auto cell = cellAt(v.terrain.id(), p.x, p.y);
    if (!cell || v.buildings.count(*cell))
        return std::nullopt;
    const TerrainPolygon* poly = v.terrain.findTerrainPoly(p.x, p.y);
    if (!poly)
        return std::nullopt;
    const float nz = poly->plane.normal.z;
    if (!(obj.minSlope <= nz && nz <= obj.maxSlope))
        return std::nullopt;
    if (const auto z = planeHeight(poly->plane, p.x, p.y))
        p.z = *z;
    const dat::Quat& b = obj.baseLocation.orientation;
    Quat q{b.w, b.x, b.y, b.z};
    if (obj.align != 0) // ObjAlign: the heading of -N, which points up the slope
        q = withHeading(q, compassHeading(poly->plane.normal * -1.0f));
    else if (obj.maxRotation > 0) // GetObjFrame: a random heading
        q = withHeading(q, float(sceneNoise(v.x, v.y, k, 63127)) * obj.maxRotation);
    if (!withinBlock(v.inputs, obj.objectId, p))
        return std::nullopt;
    return SceneryObject{obj.objectId, p,   q, sceneScale(obj, v.x, v.y, k), *cell, sceneId, k,
                         v.ix,         v.iy};
}

// The Scene a vertex grows, through its terrain type's scene types; 0 for none.
std::uint32_t vertexScene(const dat::Region& region, std::uint16_t word, std::uint32_t x,
                          std::uint32_t y) {
    const auto& types = region.terrain.terrainTypes;
    const std::size_t tt = dat::LandBlock::terrainType(word), st = dat::LandBlock::scenery(word);
    if (tt >= types.size() || st >= types[tt].sceneTypes.size())
        return 0;
    const std::uint32_t index = types[tt].sceneTypes[st];
    if (index == dat::SceneType::kNone || index >= region.scene.sceneTypes.size())
        return 0;
    const auto& scenes = region.scene.sceneTypes[index].scenes;
    if (scenes.empty())
        return 0;
    return scenes[sceneIndex(x, y, scenes.size())];
}

} // namespace

std::vector<SceneryObject> placeScenery(const LandblockTerrain& terrain,
                                        const SceneryInputs& inputs) {
    std::vector<SceneryObject> placed;
    if (!inputs.region || !inputs.scenes)
        return placed;
    const std::set<std::uint32_t> buildings =
        inputs.info ? buildingCells(*inputs.info) : std::set<std::uint32_t>{};
    const auto x0 = std::uint32_t(kCellsPerBlock * blockX(terrain.id()));
    const auto y0 = std::uint32_t(kCellsPerBlock * blockY(terrain.id()));
    for (int ix = 0; ix < LandblockTerrain::kSide; ++ix)
        for (int iy = 0; iy < LandblockTerrain::kSide; ++iy) {
            const VertexContext v{terrain,           inputs,           buildings, ix, iy,
                                  x0 + unsigned(ix), y0 + unsigned(iy)};
            const std::uint32_t sceneId =
                vertexScene(*inputs.region, terrain.terrainWord(ix, iy), v.x, v.y);
            const dat::Scene* scene = sceneId ? inputs.scenes(sceneId) : nullptr;
            if (!scene)
                continue;
            for (std::uint32_t k = 0; k < scene->objects.size(); ++k)
                if (auto obj = placeObject(v, scene->objects[k], sceneId, k))
                    placed.push_back(*obj);
        }
    return placed;
}

} // namespace portalkit::world
