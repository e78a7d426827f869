#include "ui/render/world_view.h"
#include "world/coords.h"

#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QTexture>
#include <Qt3DRender/QTextureDataUpdate>
#include <Qt3DRender/QTextureImageData>
#include <algorithm>
#include <cstring>

// The world's shared terrain texture (world_view.h, docs/render.md#terrain): block slots, painting
// new blocks in, and uploading one slot at a time with its mip chain.

namespace portalkit::render {

// The widest side, in blocks, of the blocks with terrain, and the largest atlas side in pixels.
std::pair<int, int> WorldView::atlasShape(const std::vector<world::WorldBlock>& blocks) {
    int minX = 255, maxX = 0, minY = 255, maxY = 0, side = 0;
    for (const world::WorldBlock& block : blocks) {
        if (block.mesh.vertices.empty() || block.atlas.isNull())
            continue;
        minX = std::min(minX, world::blockX(block.id));
        maxX = std::max(maxX, world::blockX(block.id));
        minY = std::min(minY, world::blockY(block.id));
        maxY = std::max(maxY, world::blockY(block.id));
        side = std::max(side, block.atlas.width());
    }
    if (side == 0)
        return {0, 0};
    return {std::max(maxX - minX, maxY - minY) + 1, side};
}

// A block's slot in an n-slot atlas: column and row, north at the top within a window.
std::pair<int, int> WorldView::atlasSlot(std::uint32_t block, int n) {
    return {world::blockX(block) % n, n - 1 - world::blockY(block) % n};
}

// One texture for every block's atlas. A texture per block was the plan, but Qt3D's OpenGL
// backend then drew every block with the first block's texture; one shared texture and material
// sidestep that (docs/render.md).
void WorldView::startAtlas(int grid, int side) {
    m_atlas = Atlas{};
    m_atlas.grid = grid;
    m_atlas.side = side;
    if (grid == 0)
        return;
    m_atlas.image = QImage(grid * side, grid * side, QImage::Format_RGBA8888);
    m_atlas.image.fill(Qt::black);
}

void WorldView::paintAtlas(const world::WorldBlock& block) {
    if (!m_atlas.grid || block.mesh.vertices.empty() || block.atlas.isNull())
        return;
    const QImage image = block.atlas.convertToFormat(QImage::Format_RGBA8888);
    const auto [column, row] = atlasSlot(block.id, m_atlas.grid);
    const int side = m_atlas.side, left = column * side, top = row * side;
    for (int y = 0; y < std::min(side, image.height()); ++y)
        std::memcpy(m_atlas.image.scanLine(top + y) + std::size_t(left) * 4, image.constScanLine(y),
                    std::size_t(std::min(side, image.width())) * 4);
    m_atlas.painted.push_back(QRect(left, top, side, side));
    m_atlas.stale = true;
}

// Hands the texture what was painted since the last upload; the first time, makes the texture
// and the material every terrain shares.
void WorldView::uploadAtlas() {
    if (!m_atlas.stale)
        return;
    m_atlas.stale = false;
    if (m_atlas.texture) {
        // Only the slots painted since (a whole 3x3 atlas is 9 MB to upload, one slot 1 MB), with
        // their mip levels: a partial update does not make the driver regenerate them.
        for (const QRect& slot : m_atlas.painted)
            uploadSlot(slot);
        m_atlas.painted.clear();
        return;
    }
    m_atlas.painted.clear();
    // The first blocks: the texture and the material the terrains share. The texture has no
    // image node: every texel, mip levels included, arrives as a data update (an image node's
    // texels were lost when the first partial update arrived).
    auto* texture = new Qt3DRender::QTexture2D(m_shared);
    texture->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
    texture->setSize(m_atlas.image.width(), m_atlas.image.height());
    int levels = 1;
    while ((m_atlas.image.width() >> levels) > 0)
        ++levels;
    texture->setMipLevels(levels);
    texture->setGenerateMipMaps(false);
    texture->setMinificationFilter(Qt3DRender::QAbstractTexture::LinearMipMapNearest);
    texture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
    texture->wrapMode()->setX(Qt3DRender::QTextureWrapMode::ClampToEdge);
    texture->wrapMode()->setY(Qt3DRender::QTextureWrapMode::ClampToEdge);
    m_atlas.texture = texture;
    uploadSlot(m_atlas.image.rect());
    SurfaceLook look;
    look.texture = texture;
    m_atlas.material = m_materials.make(look, Shading::World, m_shared);
}

// One slot's texels and its mip chain (halved with smoothing, as the driver's box filter does),
// each at its level's offset; slots are a power of two, so each level's slot is whole texels.
void WorldView::uploadSlot(const QRect& slot) {
    QImage level = m_atlas.image.copy(slot);
    for (int mip = 0; (slot.width() >> mip) > 0 && (slot.height() >> mip) > 0; ++mip) {
        if (mip > 0)
            level = level.scaled(slot.width() >> mip, slot.height() >> mip, Qt::IgnoreAspectRatio,
                                 Qt::SmoothTransformation);
        auto data = Qt3DRender::QTextureImageDataPtr::create();
        data->setImage(level);
        Qt3DRender::QTextureDataUpdate update;
        update.setX(slot.x() >> mip);
        update.setY(slot.y() >> mip);
        update.setMipLevel(mip);
        update.setData(data);
        m_atlas.texture->updateData(update);
    }
}

} // namespace portalkit::render
