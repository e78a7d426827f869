#pragma once

// GfxObj → Qt3D vertex buffers, one submesh per surface (docs/render.md). World stays in DAT
// coordinates (+Z up); polygons are fanned into triangles with their positive-side surface and
// UVs, drawn indexed so corners that share a vertex and UV are shaded once (the vertex stage
// runs on the CPU under llvmpipe). A GfxObj that is missing or undecodable is logged once and
// yields no mesh.

#include "preview/core/assets.h"

#include <QVector3D>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace portalkit::dat {
struct GfxObj;
}

namespace portalkit::render {

// Interleaved vertex: position (3), normal (3), uv (2) floats.
constexpr int kVertexFloats = 8;

struct SubMesh {
    std::uint32_t surface = 0; // Surface DID, 0 when the polygon's index is out of range
    Qt3DCore::QBuffer* vertices = nullptr;
    int vertexCount = 0;
    Qt3DCore::QBuffer* indices = nullptr; // unsigned 32-bit, three per triangle
    int indexCount = 0;
};

struct Mesh {
    std::vector<SubMesh> subMeshes;
    QVector3D min, max;
    float radius = 0;    // of the sphere around the local origin holding every vertex
    int degradeMode = 1; // the first GfxObjDegradeInfo level's mode; 1 without one
};

// Adds vertexPosition, vertexNormal and vertexTexCoord reading `buffer` to `geometry`.
void addVertexAttributes(Qt3DCore::QGeometry* geometry, Qt3DCore::QBuffer* buffer, int count);
// Adds the submesh's vertex attributes and its index attribute to `geometry`.
void addSubMeshAttributes(Qt3DCore::QGeometry* geometry, const SubMesh& sub);

class MeshCache {
  public:
    // Buffers are parented to `owner`, which must outlive every entity using them.
    explicit MeshCache(Qt3DCore::QNode* owner) : m_owner(owner) {}
    void setAssets(std::shared_ptr<const preview::Assets> assets);

    // Null when the GfxObj is absent or has no drawable polygons.
    const Mesh* get(std::uint32_t gfxObj);

    // The mesh of a GfxObj made at run time rather than read from the DAT (an EnvCell's
    // geometry, world/scene/cell_builder.h), cached under `key` apart from GfxObj ids: EnvCell
    // ids such as 0x01D90100 fall in the GfxObj range. Null when it has no drawable polygons.
    const Mesh* getMade(std::uint32_t key, const dat::GfxObj& gfx);
    // Drops the made meshes and their buffers; no entity may still use them.
    void clearMade();

  private:
    std::unique_ptr<Mesh> build(const dat::GfxObj& gfx, Qt3DCore::QNode* owner) const;

    Qt3DCore::QNode* m_owner;
    Qt3DCore::QNode* m_madeOwner = nullptr; // parent of the made meshes' buffers
    std::shared_ptr<const preview::Assets> m_assets;
    std::map<std::uint32_t, std::unique_ptr<Mesh>> m_meshes; // null entries: known missing
    std::map<std::uint32_t, std::unique_ptr<Mesh>> m_made;   // by made key; null: nothing drawn
};

} // namespace portalkit::render
