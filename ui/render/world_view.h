#pragma once

// The world's Qt3D entities (docs/render.md#the-world): each WorldBlock's terrain as one indexed
// mesh textured by its atlas, and its statics and scenery as GfxObj meshes through the scene's
// mesh and texture caches and materials, lit and blended as Setup parts are. Parts of the same
// GfxObj share their vertex buffers and materials; the transform and renderer are per object. The
// blocks' atlases are drawn from one texture holding them all, placed as on the map.
//
// A new set of blocks keeps the blocks already drawn (moved to their new offset by a transform of
// their own) and adds only the new ones, at once or one per addPending() call, so that walking
// onto a neighbour never makes one frame take in nine blocks (docs/render.md#the-world).
//
// EnvCells (building interiors, dungeons) are drawn the same way from their cell geometry, each
// cell one entity with its statics. setViewpoint culls as the client chooses what to draw
// (docs/render.md#cells): from inside a cell only that cell and its stab list, and the landscape
// only when the cell sees outside; from outdoors everything.

#include "ui/render/frame_graph.h"
#include "ui/render/materials.h"
#include "ui/render/mesh_cache.h"
#include "world/scene/world_builder.h"

#include <QImage>
#include <QRect>
#include <Qt3DCore/QEntity>
#include <Qt3DRender/QLayer>
#include <map>
#include <memory>
#include <vector>

namespace Qt3DRender {
class QAbstractTexture;
class QGeometryRenderer;
class QMaterial;
} // namespace Qt3DRender

namespace portalkit::render {

struct BoundingSphere;

// A camera standing in `cell`: at its centre, eyes 1.5 m above its floor, looking level toward
// the middle of its first portal (the way on), or north (+Y) without one.
OrbitCamera cameraInside(const world::WorldCell& cell);

class WorldView {
  public:
    WorldView(Qt3DCore::QEntity* root, MeshCache& meshes, TextureCache& textures,
              Materials& materials, Qt3DRender::QLayer* opaque, Qt3DRender::QLayer* blend);
    ~WorldView();
    WorldView(const WorldView&) = delete;
    WorldView& operator=(const WorldView&) = delete;

    // Draws these blocks instead of the last set (their atlases go into one texture). Blocks
    // already drawn stay, moved to the offset given; new ones are added now or on request,
    // nearest the origin first.
    void setBlocks(const std::vector<world::WorldBlock>& blocks,
                   WorldPace pace = WorldPace::AtOnce);
    // Adds the next waiting block; false when none waits.
    bool addPending();
    std::size_t pendingCount() const { return m_pending.size(); }
    // Removes every block; call before the caches' assets change.
    void clear();

    std::size_t blockCount() const { return m_blocks.size(); } // drawn, not waiting
    std::size_t partCount() const;
    std::size_t cellCount() const; // cells drawn (with geometry or statics)

    // Where the camera is, in world coordinates: finds its EnvCell (world/cells.h) and shows
    // what can be seen from there. Cheap when the cell does not change; no entity is rebuilt.
    void setViewpoint(QVector3D eye);
    // The EnvCell the last viewpoint is in; 0 outdoors.
    std::uint32_t viewCell() const { return m_viewCell; }
    bool cellShown(std::uint32_t cellId) const;
    std::size_t shownCellCount() const;
    bool outdoorsShown() const { return m_outdoorsShown; }
    // The sphere round every block's terrain box, waiting ones included; radius 0 without blocks.
    BoundingSphere bounds() const;

  private:
    struct Drawable;
    struct Block;
    // The shared terrain texture: an n × n grid of block atlases, block (x, y) in slot
    // (x mod n, y mod n), n the widest side of the block set. A contiguous set never puts two
    // blocks in one slot, and a block keeps its slot (so its UVs) when the set moves by whole
    // blocks, so a kept block needs nothing rebuilt.
    struct Atlas {
        int grid = 0; // n; 0: no block with terrain
        int side = 0; // pixels of one block's atlas
        QImage image; // what the texture holds, north at the top of each slot
        Qt3DRender::QMaterial* material = nullptr;
        Qt3DRender::QAbstractTexture* texture = nullptr;
        bool stale = false;         // image changed since the texture was made
        std::vector<QRect> painted; // slots painted since the last upload
    };
    const Drawable* drawable(std::uint32_t gfxObj);
    const Drawable* cellDrawable(const world::WorldCell& cell);
    std::unique_ptr<Drawable> makeDrawable(const Mesh& mesh);
    void addPart(Qt3DCore::QEntity* parent, const Drawable& d, const QMatrix4x4& transform);
    // The grid and slot side a block set needs; a block's slot (column, row) in an n × n grid.
    static std::pair<int, int> atlasShape(const std::vector<world::WorldBlock>& blocks);
    static std::pair<int, int> atlasSlot(std::uint32_t block, int n);
    void startAtlas(int grid, int side);
    void paintAtlas(const world::WorldBlock& block);
    void uploadAtlas();
    void uploadSlot(const QRect& slot);
    void addTerrain(const world::WorldBlock& block, Qt3DCore::QEntity* parent);
    void addCells(const world::WorldBlock& block, Block& out);
    void addBlock(const world::WorldBlock& block);
    static void moveBlock(Block& block, QVector3D offset);
    std::uint32_t cellAt(QVector3D eye) const;
    void applyVisibility();

    Qt3DCore::QEntity* m_root;
    Qt3DCore::QEntity* m_shared; // geometry and materials shared between parts
    MeshCache& m_meshes;
    TextureCache& m_textures;
    Materials& m_materials;
    Qt3DRender::QLayer* m_opaque;
    Qt3DRender::QLayer* m_blend;
    std::map<std::uint32_t, std::unique_ptr<Drawable>> m_drawables;     // null: not drawable
    std::map<std::uint32_t, std::unique_ptr<Drawable>> m_cellDrawables; // by EnvCell id
    std::map<std::uint32_t, std::unique_ptr<Block>> m_blocks;
    std::vector<world::WorldBlock> m_pending; // nearest the origin first
    Atlas m_atlas;
    std::uint32_t m_viewCell = 0;
    bool m_viewKnown = false; // setViewpoint ran since the blocks changed
    bool m_outdoorsShown = true;
};

} // namespace portalkit::render
