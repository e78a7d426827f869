#pragma once

// The world's Qt3D entities (docs/render.md#the-world): each WorldBlock's terrain as one indexed
// mesh textured by its atlas, and its statics and scenery as GfxObj meshes through the scene's
// mesh and texture caches and materials, lit and blended as Setup parts are. Parts of the same
// GfxObj share their vertex buffers and materials; the transform and renderer are per object. The
// blocks' atlases are drawn from one texture holding them all, placed as on the map.

#include "ui/render/materials.h"
#include "ui/render/mesh_cache.h"
#include "world/scene/world_builder.h"

#include <Qt3DCore/QEntity>
#include <Qt3DRender/QLayer>
#include <map>
#include <memory>
#include <vector>

namespace Qt3DRender {
class QGeometryRenderer;
class QMaterial;
} // namespace Qt3DRender

namespace portalkit::render {

struct BoundingSphere;

class WorldView {
  public:
    WorldView(Qt3DCore::QEntity* root, MeshCache& meshes, TextureCache& textures,
              Materials& materials, Qt3DRender::QLayer* opaque, Qt3DRender::QLayer* blend);
    ~WorldView();
    WorldView(const WorldView&) = delete;
    WorldView& operator=(const WorldView&) = delete;

    // Replaces what is drawn with these blocks (their atlases go into one texture).
    void setBlocks(const std::vector<world::WorldBlock>& blocks);
    // Removes every block; call before the caches' assets change.
    void clear();

    std::size_t blockCount() const { return m_blocks.size(); }
    std::size_t partCount() const;
    // The sphere round every block's terrain box; radius 0 without blocks.
    BoundingSphere bounds() const;

  private:
    struct Drawable;
    struct Block;
    // Where the blocks' atlases sit in the shared texture: block (west, north) top-left.
    struct Grid {
        int west = 0, north = 0, columns = 1, rows = 1;
    };
    const Drawable* drawable(std::uint32_t gfxObj);
    void addBlock(const world::WorldBlock& block, Qt3DRender::QMaterial* material,
                  const Grid& grid);

    Qt3DCore::QEntity* m_root;
    Qt3DCore::QEntity* m_shared; // geometry and materials shared between parts
    MeshCache& m_meshes;
    TextureCache& m_textures;
    Materials& m_materials;
    Qt3DRender::QLayer* m_opaque;
    Qt3DRender::QLayer* m_blend;
    std::map<std::uint32_t, std::unique_ptr<Drawable>> m_drawables; // null: not drawable
    std::map<std::uint32_t, std::unique_ptr<Block>> m_blocks;
};

} // namespace portalkit::render
