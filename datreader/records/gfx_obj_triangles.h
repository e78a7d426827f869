#pragma once

// A GfxObj's drawing polygons as triangles (docs/formats.md), for everything that draws or
// exports meshes (the renderer's MeshCache, the glTF export), so they all see the same
// triangles. Each polygon is a fan around its first vertex. Its positive side keeps the stored
// vertex order, which winds counter-clockwise seen from that side (right-handed, as the vertex
// normals point); its negative side is the same fan wound the other way.

#include "datreader/records/gfx_obj.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

enum class PolygonSides {
    PositiveOnly, // every polygon's positive side (the renderer's choice so far)
    Both,         // plus the negative side of sides type 1 (same surface and UVs) and 2 (its own)
};

struct TriangleCorner {
    std::uint32_t vertex = 0;  // index into GfxObj::vertices (not the stored vertex id)
    std::int32_t uvIndex = -1; // index into that vertex's uvs; -1 when it has none
};

// The triangles drawn with one surface on one side of their polygons.
struct SurfaceTriangles {
    std::int16_t surfaceIndex = 0;       // into GfxObj::surfaces; bad data may put it out of range
    bool negativeSide = false;           // back faces: their normals are the vertex normals negated
    std::vector<TriangleCorner> corners; // three per triangle
};

struct GfxObjTriangles {
    std::vector<SurfaceTriangles> groups; // ordered by surface index, positive side first
    std::size_t skippedPolygons = 0;      // polygons naming a vertex id that does not exist
    std::size_t droppedTriangles = 0;     // triangles with a non-finite corner position
};

// The UV a polygon corner uses: the polygon's UV index for that corner when it names one of
// the vertex's UVs, else the vertex's first UV, else none (-1).
std::int32_t cornerUVIndex(const GfxObj::Vertex& vertex, const std::vector<std::uint8_t>& uvIndices,
                           std::size_t corner);

// Polygons with fewer than three vertices give nothing. Never throws: faults are counted.
GfxObjTriangles triangulateDrawing(const GfxObj& gfxObj, PolygonSides sides);

} // namespace portalkit::dat
