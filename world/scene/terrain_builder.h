#pragma once

// A landblock's terrain as plain data the renderer uploads (docs/render.md#terrain): one indexed
// mesh of the 81 vertices and 128 triangles LandblockTerrain builds, and one atlas holding
// the 64 merged cell textures of world::buildCellTexture. No Qt3D objects and no shared state
// beyond the TerrainTextures given, so the studio can build blocks with QtConcurrent.

#include "preview/core/assets.h"
#include "world/terrain.h"
#include "world/tex_merge.h"

#include <QImage>
#include <QVector2D>
#include <QVector3D>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace portalkit::world {

// Floats per interleaved vertex: position (3), normal (3), uv (2), as the renderer's GfxObj meshes.
inline constexpr int kVertexFloats = 8;

// Interleaved as the GfxObj meshes are: position, normal, uv; three indices per triangle,
// counter-clockwise seen from above.
struct TerrainMeshData {
    std::vector<float> vertices;
    std::vector<std::uint32_t> indices;
    int vertexCount() const;
    int triangleCount() const { return int(indices.size() / 3); }
};

// Where landblock `block` lies relative to `origin`'s south-west corner: 192 m per block of
// difference east (+X) and north (+Y), so neighbours stitch (docs/world.md#conventions).
QVector3D blockPosition(std::uint32_t block, std::uint32_t origin);

// The atlas UV of vertex (x, y), 0..8 each: the atlas is the block seen from above, cell
// (cx, cy) at column cx and row 7 - cy, so each cell's texture spans exactly its 24 m cell with u
// east and v south, as the client maps it (docs/render.md#terrain).
QVector2D terrainUv(int x, int y);

// The vertices at `offset`, with the block's own vertex normals, and its triangles.
TerrainMeshData buildTerrainMesh(const LandblockTerrain& terrain, QVector3D offset);

// The palette code of cell (cx, cy) from its corners SW, SE, NE, NW.
std::uint32_t cellPaletteCode(const LandblockTerrain& terrain, int cx, int cy);

// Decoded terrain textures and merged cell textures, cached per SurfaceTexture id and per palette
// code as the client caches its cell surfaces. Not thread-safe: one per building thread, with an
// Assets of its own.
class TerrainTextures {
  public:
    TerrainTextures(const preview::Assets& portal, const dat::TexMerge& merge);

    // The side of one cell texture in texels (cellTextureSize at full detail).
    int cellSize() const { return m_size; }
    // The merged texture of a palette code, RGBA8 rows from the north. When the client would
    // abandon it (an overlay without a fitting alpha map) it is the base texture alone.
    const std::vector<std::uint8_t>& cell(std::uint32_t pcode);
    // Whether the client abandons that code's texture (after cell() built it).
    bool abandoned(std::uint32_t pcode) const { return m_abandoned.count(pcode) > 0; }
    // The block's 64 cell textures in one 8S × 8S RGBA8888 image, north at the top.
    QImage atlas(const LandblockTerrain& terrain);
    // A decoded SurfaceTexture (its first RenderSurface), or null; warns once per id.
    const DecodedTexture* decoded(std::uint32_t surfaceTextureId);

    std::size_t mergedCount() const { return m_cells.size(); }

  private:
    const preview::Assets& m_portal;
    const dat::TexMerge& m_merge;
    int m_size = 8;
    std::map<std::uint32_t, std::optional<DecodedTexture>> m_decoded;
    std::map<std::uint32_t, std::vector<std::uint8_t>> m_cells;
    std::set<std::uint32_t> m_abandoned;
};

} // namespace portalkit::world
