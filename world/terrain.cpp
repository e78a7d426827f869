#include "world/terrain.h"

#include <algorithm>
#include <cmath>

namespace portalkit::world {

std::uint32_t splitHash(std::uint32_t gx, std::uint32_t gy) {
    // CLandBlockStruct::ConstructPolygons (docs/retail-behaviour.md#world-terrain); every
    // product wraps in 32 bits, as the client's unsigned arithmetic does.
    return gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
}

Split splitDirection(std::uint32_t gx, std::uint32_t gy) {
    // The client scales the hash to [0, 1) and compares with 0.5: that is bit 31.
    return (splitHash(gx, gy) & 0x80000000u) ? Split::SWtoNE : Split::SEtoNW;
}

Plane trianglePlane(Vec3 a, Vec3 b, Vec3 c) {
    Vec3 n = cross(b - a, c - a);
    const float len = length(n);
    if (len > 0)
        n = n * (1.0f / len);
    const float d = -(dot(n, a) + dot(n, b) + dot(n, c)) / 3.0f;
    return {n, d};
}

bool pointInTriangle2D(Vec3 a, Vec3 b, Vec3 c, float x, float y) {
    const Vec3 v[3] = {a, b, c};
    for (int i = 0; i < 3; ++i) {
        const Vec3 from = v[i], to = v[(i + 1) % 3];
        const float side = (to.x - from.x) * (y - from.y) - (to.y - from.y) * (x - from.x);
        if (side < 0)
            return false; // strictly right of a counter-clockwise edge
    }
    return true;
}

std::optional<float> planeHeight(const Plane& plane, float x, float y) {
    if (std::fabs(plane.normal.z) <= kEpsilon)
        return std::nullopt;
    return -(plane.normal.x * x + plane.normal.y * y + plane.d) / plane.normal.z;
}

LandblockTerrain::LandblockTerrain(const dat::LandBlock& block, const dat::LandDefs& landDefs)
    : id_(landblockOf(block.id)), words_(block.terrain) {
    // ConstructVertices: vertex (x, y) at (24x, 24y, heightTable[height[9x + y]]).
    for (int x = 0; x < kSide; ++x)
        for (int y = 0; y < kSide; ++y) {
            const std::size_t vi = std::size_t(vertexIndex(x, y));
            vertices_[vi] = {kCellLength * float(x), kCellLength * float(y),
                             landDefs.landHeightTable[block.heights[vi]]};
        }
    buildPolygons();
    classifyWater();
}

void LandblockTerrain::buildPolygons() {
    const std::uint32_t gx0 = std::uint32_t(kCellsPerBlock * blockX(id_));
    const std::uint32_t gy0 = std::uint32_t(kCellsPerBlock * blockY(id_));
    for (int cx = 0; cx < kCellsPerBlock; ++cx)
        for (int cy = 0; cy < kCellsPerBlock; ++cy) {
            const int c = cellIndex(cx, cy);
            const int sw = vertexIndex(cx, cy), se = vertexIndex(cx + 1, cy);
            const int ne = vertexIndex(cx + 1, cy + 1), nw = vertexIndex(cx, cy + 1);
            const Split split = splitDirection(gx0 + std::uint32_t(cx), gy0 + std::uint32_t(cy));
            splits_[std::size_t(c)] = split;
            std::array<std::array<int, 3>, 2> tris;
            if (split == Split::SWtoNE)
                tris = {{{sw, se, ne}, {sw, ne, nw}}};
            else
                tris = {{{sw, se, nw}, {ne, nw, se}}};
            for (int k = 0; k < 2; ++k) {
                TerrainPolygon& poly = polygons_[std::size_t(2 * c + k)];
                poly.vertices = tris[std::size_t(k)];
                poly.plane = trianglePlane(vertices_[std::size_t(poly.vertices[0])],
                                           vertices_[std::size_t(poly.vertices[1])],
                                           vertices_[std::size_t(poly.vertices[2])]);
            }
        }
}

void LandblockTerrain::classifyWater() {
    // CalcCellWater / CalcWater: a cell by its four corners, the block by its cells.
    bool anyWater = false, allEntire = true;
    for (int cx = 0; cx < kCellsPerBlock; ++cx)
        for (int cy = 0; cy < kCellsPerBlock; ++cy) {
            int wet = 0;
            for (const auto& [dx, dy] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 1}})
                wet += isWaterType(terrainType(cx + dx, cy + dy)) ? 1 : 0;
            const WaterClass w = wet == 0   ? WaterClass::None
                                 : wet == 4 ? WaterClass::Entire
                                            : WaterClass::Partial;
            water_[std::size_t(cellIndex(cx, cy))] = w;
            anyWater = anyWater || wet > 0;
            allEntire = allEntire && w == WaterClass::Entire;
        }
    blockWater_ = allEntire  ? WaterClass::Entire
                  : anyWater ? WaterClass::Partial
                             : WaterClass::None;
}

namespace {

// The cell of a coordinate in [0, 192], the far edge belonging to the last cell.
int edgeCell(float v) {
    return std::clamp(int(std::floor(v / kCellLength)), 0, kCellsPerBlock - 1);
}

bool insideClosed(float x, float y) {
    return x >= 0 && x <= kBlockLength && y >= 0 && y <= kBlockLength;
}

} // namespace

const TerrainPolygon* LandblockTerrain::findTerrainPoly(float x, float y) const {
    if (!insideClosed(x, y))
        return nullptr;
    const int cx = edgeCell(x), cy = edgeCell(y);
    for (int k = 0; k < 2; ++k) {
        const TerrainPolygon& poly = polygon(cx, cy, k);
        const auto& v = poly.vertices;
        if (pointInTriangle2D(vertices_[std::size_t(v[0])], vertices_[std::size_t(v[1])],
                              vertices_[std::size_t(v[2])], x, y))
            return &poly;
    }
    return nullptr;
}

std::optional<float> LandblockTerrain::heightAt(float x, float y) const {
    const TerrainPolygon* poly = findTerrainPoly(x, y);
    if (!poly)
        return std::nullopt;
    return planeHeight(poly->plane, x, y);
}

float LandblockTerrain::waterDepth(float x, float y) const {
    // CObjCell::get_water_depth and CLandBlockStruct::calc_water_depth
    // (docs/retail-behaviour.md#r54); the quadrant split at 12 m follows ACE, the decompile
    // having lost the comparison.
    if (!insideClosed(x, y))
        return 0.1f; // no landblock under the point
    const int cx = edgeCell(x), cy = edgeCell(y);
    switch (cellWater(cx, cy)) {
    case WaterClass::None:
        return 0.0f;
    case WaterClass::Entire:
        return 0.89999998f;
    case WaterClass::Partial:
        break;
    }
    const int vx = cx + ((x - kCellLength * float(cx)) >= 12.0f ? 1 : 0);
    const int vy = cy + ((y - kCellLength * float(cy)) >= 12.0f ? 1 : 0);
    return isWaterType(terrainType(vx, vy)) ? 0.44999999f : 0.1f;
}

std::array<Vec3, LandblockTerrain::kVertexCount> LandblockTerrain::vertexNormals() const {
    // CLandBlockStruct::calc_lighting sums only this block's faces, so an edge vertex can light
    // differently from the same vertex seen from the neighbouring block.
    std::array<Vec3, kVertexCount> sums{};
    for (const TerrainPolygon& poly : polygons_)
        for (const int v : poly.vertices)
            sums[std::size_t(v)] = sums[std::size_t(v)] + poly.plane.normal;
    for (Vec3& n : sums) {
        const float len = length(n);
        n = len < kEpsilon ? Vec3{0, 0, 1} : n * (1.0f / len);
    }
    return sums;
}

} // namespace portalkit::world
