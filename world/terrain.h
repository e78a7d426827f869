#pragma once

// A landblock's terrain as the client builds it (docs/world.md#terrain): 81 vertices through the
// Region's height table, two counter-clockwise triangles per 24 m cell split the client's way,
// their planes, heights and polygons at a point, water per cell and vertex normals for lighting.

#include "datreader/records/land_block.h"
#include "datreader/records/region.h"
#include "world/coords.h"
#include "world/geometry.h"

#include <array>
#include <cstdint>
#include <optional>

namespace portalkit::world {

// Which diagonal cuts a cell: south-west to north-east, or south-east to north-west.
enum class Split : std::uint8_t { SWtoNE, SEtoNW };

// The per-cell hash of CLandBlockStruct::ConstructPolygons for global cell (gx, gy), in u32
// arithmetic; its bit 31 chooses the diagonal.
std::uint32_t splitHash(std::uint32_t gx, std::uint32_t gy);
Split splitDirection(std::uint32_t gx, std::uint32_t gy);

enum class WaterClass : std::uint8_t { None = 0, Partial = 1, Entire = 2 };

// Terrain types 16-20 (running, fresh, shallow sea, still sea, deep sea) are water.
constexpr bool isWaterType(int type) {
    return type >= 16 && type <= 20;
}

struct TerrainPolygon {
    std::array<int, 3> vertices{}; // vertex indices 9*x + y, counter-clockwise seen from above
    Plane plane;
};

class LandblockTerrain {
  public:
    static constexpr int kSide = 9;
    static constexpr int kVertexCount = 81;
    static constexpr int kCellCount = 64;

    // Heights are landDefs.landHeightTable[height byte]; the block's position comes from its id.
    LandblockTerrain(const dat::LandBlock& block, const dat::LandDefs& landDefs);

    std::uint32_t id() const { return id_; }
    static constexpr int vertexIndex(int x, int y) { return kSide * x + y; }
    static constexpr int cellIndex(int cx, int cy) { return kCellsPerBlock * cx + cy; }

    const std::array<Vec3, kVertexCount>& vertices() const { return vertices_; }
    Vec3 vertex(int x, int y) const { return vertices_[std::size_t(vertexIndex(x, y))]; }
    std::uint16_t terrainWord(int x, int y) const { return words_[std::size_t(vertexIndex(x, y))]; }
    const std::array<std::uint16_t, kVertexCount>& terrainWords() const { return words_; }
    int terrainType(int x, int y) const { return dat::LandBlock::terrainType(terrainWord(x, y)); }
    int road(int x, int y) const { return dat::LandBlock::road(terrainWord(x, y)); }
    int sceneType(int x, int y) const { return dat::LandBlock::scenery(terrainWord(x, y)); }

    Split split(int cx, int cy) const { return splits_[std::size_t(cellIndex(cx, cy))]; }
    // Polygon 2c and 2c+1 belong to cell c = 8*cx + cy.
    const std::array<TerrainPolygon, 2 * kCellCount>& polygons() const { return polygons_; }
    const TerrainPolygon& polygon(int cx, int cy, int k) const {
        return polygons_[std::size_t(2 * cellIndex(cx, cy) + k)];
    }

    // CLandCell::find_terrain_poly: the first of the cell's two polygons holding (x, y), edges
    // included. Points on the east and north edges (x or y = 192) use the last cell, so both
    // blocks of a shared edge answer there. Nothing outside [0, 192].
    const TerrainPolygon* findTerrainPoly(float x, float y) const;
    // The height of that polygon's plane at (x, y).
    std::optional<float> heightAt(float x, float y) const;

    WaterClass cellWater(int cx, int cy) const { return water_[std::size_t(cellIndex(cx, cy))]; }
    WaterClass blockWater() const { return blockWater_; }
    // The depth the transition adds to a terrain contact at (x, y): 0.9 in an entirely-water cell,
    // 0.45 / 0.1 at the water / dry corner quadrant of a partly-water cell, 0 on dry land.
    float waterDepth(float x, float y) const;

    // Per vertex, the normalised sum of the normals of this block's polygons that use it
    // ((0,0,1) when that sum vanishes): the vertex lighting normal.
    std::array<Vec3, kVertexCount> vertexNormals() const;

  private:
    void buildPolygons();
    void classifyWater();

    std::uint32_t id_ = 0;
    std::array<Vec3, kVertexCount> vertices_{};
    std::array<std::uint16_t, kVertexCount> words_{};
    std::array<Split, kCellCount> splits_{};
    std::array<TerrainPolygon, 2 * kCellCount> polygons_{};
    std::array<WaterClass, kCellCount> water_{};
    WaterClass blockWater_ = WaterClass::None;
};

// CPolygon::make_plane for a triangle: the unit normal of (b-a)x(c-a) and d = -mean(N·v).
Plane trianglePlane(Vec3 a, Vec3 b, Vec3 c);
// CPolygon::point_in_poly2D: not strictly right of any counter-clockwise edge.
bool pointInTriangle2D(Vec3 a, Vec3 b, Vec3 c, float x, float y);
// Plane::set_height: the z of the plane above (x, y); nothing for a (near) vertical plane.
std::optional<float> planeHeight(const Plane& plane, float x, float y);

} // namespace portalkit::world
