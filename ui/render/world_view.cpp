#include "ui/render/world_view.h"

#include "ui/render/scene_view.h"
#include "ui/render/texture_cache.h"
#include "world/coords.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DRender/QGeometryRenderer>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace portalkit::render {

static_assert(kVertexFloats == world::kVertexFloats,
              "terrain and GfxObj vertices share one layout");

namespace {

QByteArray bytesOf(const void* data, std::size_t size) {
    return QByteArray(static_cast<const char*>(data), qsizetype(size));
}

Qt3DRender::QGeometryRenderer* indexedRenderer(const SubMesh& sub, Qt3DCore::QNode* parent) {
    auto* geometry = new Qt3DCore::QGeometry(parent);
    addSubMeshAttributes(geometry, sub);
    auto* r = new Qt3DRender::QGeometryRenderer(parent);
    r->setGeometry(geometry);
    r->setVertexCount(sub.indexCount);
    r->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    return r;
}

} // namespace

// One GfxObj's submeshes, each with its buffers, material and layer, shared by every part; each
// part gets renderer nodes of its own (renderers shared between entities drew nothing).
struct WorldView::Drawable {
    struct Piece {
        SubMesh sub;
        Qt3DRender::QMaterial* material = nullptr;
        Qt3DRender::QLayer* layer = nullptr;
    };
    std::vector<Piece> pieces;
};

struct WorldView::Block {
    Qt3DCore::QEntity* entity = nullptr; // the terrain and every part, deleted together
    QVector3D min, max;
    std::size_t parts = 0;
    ~Block() { delete entity; }
};

WorldView::WorldView(Qt3DCore::QEntity* root, MeshCache& meshes, TextureCache& textures,
                     Materials& materials, Qt3DRender::QLayer* opaque, Qt3DRender::QLayer* blend)
    : m_root(root), m_shared(new Qt3DCore::QEntity(root)), m_meshes(meshes), m_textures(textures),
      m_materials(materials), m_opaque(opaque), m_blend(blend) {}

WorldView::~WorldView() {
    m_blocks.clear();
}

void WorldView::clear() {
    m_blocks.clear();
    m_drawables.clear();
    delete m_shared; // the shared renderers and materials with it
    m_shared = new Qt3DCore::QEntity(m_root);
}

std::size_t WorldView::partCount() const {
    std::size_t n = 0;
    for (const auto& [id, block] : m_blocks)
        n += block->parts;
    return n;
}

const WorldView::Drawable* WorldView::drawable(std::uint32_t gfxObj) {
    if (auto it = m_drawables.find(gfxObj); it != m_drawables.end())
        return it->second.get();
    auto& slot = m_drawables[gfxObj];
    const Mesh* mesh = m_meshes.get(gfxObj);
    if (!mesh)
        return nullptr;
    slot = std::make_unique<Drawable>();
    for (const SubMesh& sub : mesh->subMeshes) {
        const SurfaceLook& look = m_textures.get(sub.surface);
        slot->pieces.push_back({sub, m_materials.make(look, Shading::Mesh, m_shared),
                                Materials::blended(look, 0) ? m_blend : m_opaque});
    }
    return slot.get();
}

void WorldView::setBlocks(const std::vector<world::WorldBlock>& blocks) {
    clear();
    if (blocks.empty())
        return;
    // One texture for every block's atlas, blocks placed as on the map (north at the top).
    // A texture per block was the plan, but Qt3D's OpenGL backend then drew every block with the
    // first block's texture; one shared texture and material sidestep that (docs/render.md).
    int minX = 255, maxX = 0, minY = 255, maxY = 0;
    for (const world::WorldBlock& block : blocks) {
        minX = std::min(minX, world::blockX(block.id));
        maxX = std::max(maxX, world::blockX(block.id));
        minY = std::min(minY, world::blockY(block.id));
        maxY = std::max(maxY, world::blockY(block.id));
    }
    const int side = blocks.front().atlas.width();
    const Grid grid{minX, maxY, maxX - minX + 1, maxY - minY + 1};
    QImage atlas(grid.columns * side, grid.rows * side, QImage::Format_RGBA8888);
    atlas.fill(Qt::black);
    for (const world::WorldBlock& block : blocks) {
        const QImage image = block.atlas.convertToFormat(QImage::Format_RGBA8888);
        const int left = (world::blockX(block.id) - grid.west) * side;
        const int top = (grid.north - world::blockY(block.id)) * side;
        for (int row = 0; row < std::min(side, image.height()); ++row)
            std::memcpy(atlas.scanLine(top + row) + std::size_t(left) * 4, image.constScanLine(row),
                        std::size_t(std::min(side, image.width())) * 4);
    }
    SurfaceLook look;
    look.texture = makeImageTexture(atlas, m_shared, false);
    auto* material = m_materials.make(look, Shading::Mesh, m_shared);
    for (const world::WorldBlock& block : blocks)
        addBlock(block, material, grid);
}

void WorldView::addBlock(const world::WorldBlock& block, Qt3DRender::QMaterial* material,
                         const Grid& grid) {
    auto out = std::make_unique<Block>();
    out->entity = new Qt3DCore::QEntity(m_root);
    // The terrain: one indexed mesh lit per pixel like a part; its UVs move into the block's
    // place in the shared atlas, which clamps at its edges.
    auto* terrain = new Qt3DCore::QEntity(out->entity);
    std::vector<float> vertices = block.mesh.vertices;
    const float column = float(world::blockX(block.id) - grid.west),
                row = float(grid.north - world::blockY(block.id));
    for (std::size_t i = 0; i + kVertexFloats <= vertices.size(); i += kVertexFloats) {
        vertices[i + 6] = (column + vertices[i + 6]) / float(grid.columns);
        vertices[i + 7] = (row + vertices[i + 7]) / float(grid.rows);
    }
    SubMesh sub;
    sub.vertices = new Qt3DCore::QBuffer(terrain);
    sub.vertices->setData(bytesOf(vertices.data(), vertices.size() * sizeof(float)));
    sub.vertexCount = block.mesh.vertexCount();
    sub.indices = new Qt3DCore::QBuffer(terrain);
    sub.indices->setData(bytesOf(block.mesh.indices.data(), block.mesh.indices.size() * 4));
    sub.indexCount = int(block.mesh.indices.size());
    terrain->addComponent(indexedRenderer(sub, terrain));
    terrain->addComponent(material);
    terrain->addComponent(m_opaque);
    for (const world::WorldPart& part : block.parts) {
        const Drawable* d = drawable(part.gfxObj);
        if (!d)
            continue;
        auto* entity = new Qt3DCore::QEntity(out->entity);
        auto* transform = new Qt3DCore::QTransform(entity);
        transform->setMatrix(part.transform);
        entity->addComponent(transform);
        for (const Drawable::Piece& piece : d->pieces) {
            auto* child = new Qt3DCore::QEntity(entity);
            child->addComponent(indexedRenderer(piece.sub, child));
            child->addComponent(piece.material);
            child->addComponent(piece.layer);
        }
        ++out->parts;
    }
    const QVector3D corner(block.mesh.vertices[0], block.mesh.vertices[1], 0);
    out->min = QVector3D(corner.x(), corner.y(), block.minZ);
    out->max = QVector3D(corner.x() + 192, corner.y() + 192, block.maxZ);
    m_blocks[block.id] = std::move(out);
}

BoundingSphere WorldView::bounds() const {
    if (m_blocks.empty())
        return {};
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    for (const auto& [id, block] : m_blocks) {
        lo = QVector3D(std::min(lo.x(), block->min.x()), std::min(lo.y(), block->min.y()),
                       std::min(lo.z(), block->min.z()));
        hi = QVector3D(std::max(hi.x(), block->max.x()), std::max(hi.y(), block->max.y()),
                       std::max(hi.z(), block->max.z()));
    }
    return {(lo + hi) / 2, (hi - lo).length() / 2};
}

} // namespace portalkit::render
