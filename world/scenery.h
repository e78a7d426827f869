#pragma once

// Scenery placement for one landblock as CLandBlock::get_land_scenes does it
// (docs/world.md#scenery): per vertex a scene picked by a hash of the vertex, per object a
// frequency draw, a displaced and quarter-turned position, exclusion by roads, buildings, slope
// and the block's edge, a height on the terrain, a heading and a scale.

#include "datreader/records/land_block_info.h"
#include "datreader/records/region.h"
#include "datreader/records/scene.h"
#include "world/terrain.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace portalkit::world {

struct SceneryObject {
    std::uint32_t objectId = 0; // Setup or GfxObj
    Vec3 origin;                // landblock-local
    Quat orientation;
    float scale = 1;
    std::uint32_t cellId = 0; // the outdoor cell holding the origin
    std::uint32_t sceneId = 0;
    std::uint32_t objectIndex = 0; // the object's index in its Scene
    int vertexX = 0, vertexY = 0;  // the vertex it grew from
};

// Gives a decoded Scene by id, or null when it is missing (that vertex then places nothing).
using SceneLookup = std::function<const dat::Scene*(std::uint32_t sceneId)>;
// Gives an object's bounding radius for the block-edge test, or nothing to test its origin.
using RadiusLookup = std::function<std::optional<float>(std::uint32_t objectId)>;

struct SceneryInputs {
    const dat::Region* region = nullptr;      // terrain types and scene types
    const dat::LandBlockInfo* info = nullptr; // buildings, optional
    SceneLookup scenes;
    RadiusLookup radius; // optional; see docs/world.md#scenery
};

// The noise of object k at global vertex (x, y) with constant c, in [0, 1).
double sceneNoise(std::uint32_t x, std::uint32_t y, std::uint32_t k, std::uint32_t c);
// The hash that picks one of a scene type's scenes (before scaling to [0, 1)).
std::uint32_t sceneHash(std::uint32_t x, std::uint32_t y);
// The index the client picks among `count` scenes.
std::uint32_t sceneIndex(std::uint32_t x, std::uint32_t y, std::size_t count);
// ObjectDesc::Place's quarter-turn draw, independent of the object.
double placeQuadrant(std::uint32_t x, std::uint32_t y);
// ObjectDesc::Place: the object's offset from its vertex, before adding the vertex position.
Vec3 placeOffset(const dat::SceneObject& obj, std::uint32_t x, std::uint32_t y, std::uint32_t k);
// ObjectDesc::ScaleObj.
float sceneScale(const dat::SceneObject& obj, std::uint32_t x, std::uint32_t y, std::uint32_t k);
// CLandBlock::on_road for a landblock-local point.
bool onRoad(const LandblockTerrain& terrain, float x, float y);
// The land cells holding a building's origin: where no scenery grows.
std::set<std::uint32_t> buildingCells(const dat::LandBlockInfo& info);
// A frame's orientation turned to a compass heading in degrees (0 north, 90 east), keeping the
// pitch of its forward (+Y) axis: CFrame::set_heading.
Quat withHeading(const Quat& base, float degrees);

std::vector<SceneryObject> placeScenery(const LandblockTerrain& terrain,
                                        const SceneryInputs& inputs);

} // namespace portalkit::world
