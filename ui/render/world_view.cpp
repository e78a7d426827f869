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
#include <numbers>

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

namespace {

// A cell's entity and what deciding its visibility needs.
struct CellEntity {
    Qt3DCore::QEntity* entity = nullptr;
    std::vector<std::uint32_t> visible; // the stab list
    bool seesOutside = false;
};

} // namespace

struct WorldView::Block {
    Qt3DCore::QEntity* entity = nullptr;   // the terrain, every part and cell, deleted together
    Qt3DCore::QEntity* outdoors = nullptr; // the terrain and the parts on it
    std::map<std::uint32_t, CellEntity> cells;
    std::vector<world::CellVolume> volumes;
    QVector3D offset, min, max;
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
    m_cellDrawables.clear();
    m_meshes.clearMade(); // the cells' buffers, now no entity uses them
    delete m_shared;      // the shared renderers and materials with it
    m_shared = new Qt3DCore::QEntity(m_root);
    m_viewCell = 0;
    m_viewKnown = false;
    m_outdoorsShown = true;
}

std::size_t WorldView::partCount() const {
    std::size_t n = 0;
    for (const auto& [id, block] : m_blocks)
        n += block->parts;
    return n;
}

std::size_t WorldView::cellCount() const {
    std::size_t n = 0;
    for (const auto& [id, block] : m_blocks)
        n += block->cells.size();
    return n;
}

std::unique_ptr<WorldView::Drawable> WorldView::makeDrawable(const Mesh& mesh) {
    auto out = std::make_unique<Drawable>();
    for (const SubMesh& sub : mesh.subMeshes) {
        const SurfaceLook& look = m_textures.get(sub.surface);
        out->pieces.push_back({sub, m_materials.make(look, Shading::Mesh, m_shared),
                               Materials::blended(look, 0) ? m_blend : m_opaque});
    }
    return out;
}

const WorldView::Drawable* WorldView::drawable(std::uint32_t gfxObj) {
    if (auto it = m_drawables.find(gfxObj); it != m_drawables.end())
        return it->second.get();
    auto& slot = m_drawables[gfxObj];
    if (const Mesh* mesh = m_meshes.get(gfxObj))
        slot = makeDrawable(*mesh);
    return slot.get();
}

// Cells are keyed by EnvCell id in a map of their own: those ids overlap GfxObj ids.
const WorldView::Drawable* WorldView::cellDrawable(const world::WorldCell& cell) {
    if (auto it = m_cellDrawables.find(cell.id); it != m_cellDrawables.end())
        return it->second.get();
    auto& slot = m_cellDrawables[cell.id];
    if (cell.geometry)
        if (const Mesh* mesh = m_meshes.getMade(cell.id, *cell.geometry))
            slot = makeDrawable(*mesh);
    return slot.get();
}

void WorldView::addPart(Qt3DCore::QEntity* parent, const Drawable& d, const QMatrix4x4& transform) {
    auto* entity = new Qt3DCore::QEntity(parent);
    auto* t = new Qt3DCore::QTransform(entity);
    t->setMatrix(transform);
    entity->addComponent(t);
    for (const Drawable::Piece& piece : d.pieces) {
        auto* child = new Qt3DCore::QEntity(entity);
        child->addComponent(indexedRenderer(piece.sub, child));
        child->addComponent(piece.material);
        child->addComponent(piece.layer);
    }
}

// One texture for every block's atlas, blocks placed as on the map (north at the top); null when
// no block has terrain (a dungeon). A texture per block was the plan, but Qt3D's OpenGL backend
// then drew every block with the first block's texture; one shared texture and material
// sidestep that (docs/render.md).
Qt3DRender::QMaterial* WorldView::makeAtlas(const std::vector<world::WorldBlock>& blocks,
                                            Grid& grid) {
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
        return nullptr;
    grid = Grid{minX, maxY, maxX - minX + 1, maxY - minY + 1};
    QImage atlas(grid.columns * side, grid.rows * side, QImage::Format_RGBA8888);
    atlas.fill(Qt::black);
    for (const world::WorldBlock& block : blocks) {
        if (block.mesh.vertices.empty() || block.atlas.isNull())
            continue;
        const QImage image = block.atlas.convertToFormat(QImage::Format_RGBA8888);
        const int left = (world::blockX(block.id) - grid.west) * side;
        const int top = (grid.north - world::blockY(block.id)) * side;
        for (int row = 0; row < std::min(side, image.height()); ++row)
            std::memcpy(atlas.scanLine(top + row) + std::size_t(left) * 4, image.constScanLine(row),
                        std::size_t(std::min(side, image.width())) * 4);
    }
    SurfaceLook look;
    look.texture = makeImageTexture(atlas, m_shared, false);
    return m_materials.make(look, Shading::Mesh, m_shared);
}

void WorldView::setBlocks(const std::vector<world::WorldBlock>& blocks) {
    clear();
    if (blocks.empty())
        return;
    Grid grid;
    Qt3DRender::QMaterial* material = makeAtlas(blocks, grid);
    for (const world::WorldBlock& block : blocks)
        addBlock(block, material, grid);
}

// The terrain: one indexed mesh lit per pixel like a part; its UVs move into the block's place
// in the shared atlas, which clamps at its edges.
void WorldView::addTerrain(const world::WorldBlock& block, Qt3DCore::QEntity* parent,
                           Qt3DRender::QMaterial* material, const Grid& grid) {
    auto* terrain = new Qt3DCore::QEntity(parent);
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
}

namespace {

// Grows [lo, hi] by the eight corners of a local box placed by `transform`.
void growBox(QVector3D& lo, QVector3D& hi, const Mesh& mesh, const QMatrix4x4& transform) {
    for (int i = 0; i < 8; ++i) {
        const QVector3D p = transform.map(QVector3D(i & 1 ? mesh.max.x() : mesh.min.x(),
                                                    i & 2 ? mesh.max.y() : mesh.min.y(),
                                                    i & 4 ? mesh.max.z() : mesh.min.z()));
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
}

} // namespace

// Each cell is one entity (its geometry and statics) so culling enables or disables it whole;
// a block without terrain is bounded by its cells.
void WorldView::addCells(const world::WorldBlock& block, Block& out) {
    for (const world::WorldCell& cell : block.cells) {
        CellEntity entry;
        entry.entity = new Qt3DCore::QEntity(out.entity);
        entry.visible = cell.visibleCells;
        entry.seesOutside = cell.seesOutside();
        if (const Drawable* d = cellDrawable(cell)) {
            addPart(entry.entity, *d, cell.transform);
            if (const Mesh* mesh = m_meshes.getMade(cell.id, *cell.geometry))
                growBox(out.min, out.max, *mesh, cell.transform);
        }
        for (const world::WorldPart& part : cell.statics)
            if (const Drawable* d = drawable(part.gfxObj))
                addPart(entry.entity, *d, part.transform);
        out.cells[cell.id] = entry;
        out.volumes.push_back(cell.volume);
    }
}

void WorldView::addBlock(const world::WorldBlock& block, Qt3DRender::QMaterial* material,
                         const Grid& grid) {
    auto out = std::make_unique<Block>();
    out->entity = new Qt3DCore::QEntity(m_root);
    out->outdoors = new Qt3DCore::QEntity(out->entity);
    out->offset = block.offset;
    out->min = QVector3D(1e30f, 1e30f, 1e30f);
    out->max = -out->min;
    if (!block.mesh.vertices.empty() && material) {
        addTerrain(block, out->outdoors, material, grid);
        out->min = block.offset + QVector3D(0, 0, block.minZ);
        out->max = block.offset + QVector3D(world::kBlockLength, world::kBlockLength, block.maxZ);
    }
    for (const world::WorldPart& part : block.parts)
        if (const Drawable* d = drawable(part.gfxObj)) {
            addPart(out->outdoors, *d, part.transform);
            ++out->parts;
        }
    addCells(block, *out);
    if (out->min.x() > out->max.x()) { // nothing drawn: the block's square at its heights
        out->min = block.offset + QVector3D(0, 0, block.minZ);
        out->max = block.offset + QVector3D(world::kBlockLength, world::kBlockLength, block.maxZ);
    }
    m_blocks[block.id] = std::move(out);
}

// The EnvCell holding `eye`, searched from the last one as the client does; 0 outdoors.
std::uint32_t WorldView::cellAt(QVector3D eye) const {
    for (const auto& [id, block] : m_blocks) {
        if (block->volumes.empty())
            continue;
        const QVector3D local = eye - block->offset;
        if (const auto cell =
                world::findCell(block->volumes, {local.x(), local.y(), local.z()}, m_viewCell))
            return *cell;
    }
    return 0;
}

void WorldView::setViewpoint(QVector3D eye) {
    const std::uint32_t cell = cellAt(eye);
    if (m_viewKnown && cell == m_viewCell)
        return; // nothing to switch
    m_viewCell = cell;
    m_viewKnown = true;
    applyVisibility();
}

// Outdoors every cell is drawn (interiors show through doorways); inside a cell, that cell and
// its stab list, and the landscape only when the cell sees outside.
void WorldView::applyVisibility() {
    const CellEntity* from = nullptr;
    for (const auto& [id, block] : m_blocks)
        if (auto it = block->cells.find(m_viewCell); it != block->cells.end())
            from = &it->second;
    m_outdoorsShown = !from || from->seesOutside;
    for (auto& [id, block] : m_blocks) {
        block->outdoors->setEnabled(m_outdoorsShown);
        for (auto& [cellId, cell] : block->cells) {
            const bool shown = !from || cellId == m_viewCell ||
                               std::find(from->visible.begin(), from->visible.end(), cellId) !=
                                   from->visible.end();
            cell.entity->setEnabled(shown);
        }
    }
}

bool WorldView::cellShown(std::uint32_t cellId) const {
    for (const auto& [id, block] : m_blocks)
        if (auto it = block->cells.find(cellId); it != block->cells.end())
            return it->second.entity->isEnabled();
    return false;
}

std::size_t WorldView::shownCellCount() const {
    std::size_t n = 0;
    for (const auto& [id, block] : m_blocks)
        for (const auto& [cellId, cell] : block->cells)
            n += cell.entity->isEnabled() ? 1 : 0;
    return n;
}

OrbitCamera cameraInside(const world::WorldCell& cell) {
    const QVector3D eye(cell.centre.x(), cell.centre.y(), cell.floorZ + 1.5f);
    QVector3D ahead(0, 1, 0);
    if (!cell.portals.empty() && !cell.portals.front().polygon.empty()) {
        QVector3D middle;
        for (const QVector3D& corner : cell.portals.front().polygon)
            middle += corner;
        middle /= float(cell.portals.front().polygon.size());
        const QVector3D level(middle.x() - eye.x(), middle.y() - eye.y(), 0);
        if (level.length() > 0.01f)
            ahead = level.normalized();
    }
    // The orbit camera looks at its target from yaw/pitch: put the target a step ahead of the
    // eye, and the yaw that places the eye behind it (eye = target + distance·(sin yaw, cos yaw)).
    OrbitCamera camera;
    camera.pitch = 0;
    camera.distance = 0.5f;
    camera.target = eye + ahead * camera.distance;
    camera.yaw = std::atan2(-ahead.x(), -ahead.y()) * 180.0f / std::numbers::pi_v<float>;
    return camera;
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
