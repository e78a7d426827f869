#include "ui/render/world_view.h"

#include "ui/render/scene_view.h"
#include "ui/render/texture_cache.h"
#include "world/coords.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>
#include <algorithm>
#include <cmath>
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
    Qt3DCore::QTransform* shift = nullptr; // from where the vertices were built to `offset`
    QVector3D built, offset, min, max;
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
    m_pending.clear();
    m_atlas = Atlas{};
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
        out->pieces.push_back({sub, m_materials.make(look, Shading::World, m_shared),
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

void WorldView::setBlocks(const std::vector<world::WorldBlock>& blocks, WorldPace pace) {
    const auto [grid, side] = atlasShape(blocks);
    // Nothing drawn to keep, or an atlas that cannot keep its slots: start over. (Building a
    // first set on what setAssets' clear left crashed in Qt3D's node set-up in the studio.)
    if (m_blocks.empty() || blocks.empty() || grid != m_atlas.grid || side != m_atlas.side) {
        clear();
        startAtlas(grid, side);
    }
    std::map<std::uint32_t, const world::WorldBlock*> wanted;
    for (const world::WorldBlock& block : blocks)
        wanted[block.id] = &block;
    for (auto it = m_blocks.begin(); it != m_blocks.end();)
        it = wanted.count(it->first) ? std::next(it) : m_blocks.erase(it);
    m_pending.clear();
    for (const world::WorldBlock& block : blocks) {
        if (auto it = m_blocks.find(block.id); it != m_blocks.end())
            moveBlock(*it->second, block.offset);
        else
            m_pending.push_back(block);
    }
    // The block the camera looks at first: the one at the origin, then outward.
    std::stable_sort(m_pending.begin(), m_pending.end(), [](const auto& a, const auto& b) {
        return a.offset.lengthSquared() < b.offset.lengthSquared();
    });
    m_viewKnown = false;
    if (pace == WorldPace::AtOnce) {
        for (const world::WorldBlock& block : m_pending)
            paintAtlas(block);
        uploadAtlas(); // before the terrains that use it
        for (const world::WorldBlock& block : m_pending)
            addBlock(block);
        m_pending.clear();
    }
}

bool WorldView::addPending() {
    if (m_pending.empty())
        return false;
    const world::WorldBlock block = std::move(m_pending.front());
    m_pending.erase(m_pending.begin());
    paintAtlas(block);
    uploadAtlas();
    addBlock(block);
    if (m_viewKnown)
        applyVisibility(); // the new block's cells follow the current viewpoint
    return !m_pending.empty();
}

// A kept block is drawn where the new set puts it: its entity's transform moves it from where its
// vertices were built; the culling's block-local test moves with it.
void WorldView::moveBlock(Block& block, QVector3D offset) {
    const QVector3D by = offset - block.offset;
    block.offset = offset;
    block.min += by;
    block.max += by;
    block.shift->setTranslation(offset - block.built);
}

// The terrain: one indexed mesh lit per vertex like the rest of the world; its UVs move into the
// block's slot of the shared atlas, which clamps at its edges.
void WorldView::addTerrain(const world::WorldBlock& block, Qt3DCore::QEntity* parent) {
    auto* terrain = new Qt3DCore::QEntity(parent);
    std::vector<float> vertices = block.mesh.vertices;
    const auto [column, row] = atlasSlot(block.id, m_atlas.grid);
    const float n = float(m_atlas.grid);
    for (std::size_t i = 0; i + kVertexFloats <= vertices.size(); i += kVertexFloats) {
        vertices[i + 6] = (float(column) + vertices[i + 6]) / n;
        vertices[i + 7] = (float(row) + vertices[i + 7]) / n;
    }
    SubMesh sub;
    sub.vertices = new Qt3DCore::QBuffer(terrain);
    sub.vertices->setData(bytesOf(vertices.data(), vertices.size() * sizeof(float)));
    sub.vertexCount = block.mesh.vertexCount();
    sub.indices = new Qt3DCore::QBuffer(terrain);
    sub.indices->setData(bytesOf(block.mesh.indices.data(), block.mesh.indices.size() * 4));
    sub.indexCount = int(block.mesh.indices.size());
    terrain->addComponent(indexedRenderer(sub, terrain));
    terrain->addComponent(m_atlas.material);
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

void WorldView::addBlock(const world::WorldBlock& block) {
    auto out = std::make_unique<Block>();
    out->entity = new Qt3DCore::QEntity(m_root);
    out->shift = new Qt3DCore::QTransform(out->entity);
    out->entity->addComponent(out->shift);
    out->outdoors = new Qt3DCore::QEntity(out->entity);
    out->offset = out->built = block.offset;
    out->min = QVector3D(1e30f, 1e30f, 1e30f);
    out->max = -out->min;
    if (!block.mesh.vertices.empty() && m_atlas.material) {
        addTerrain(block, out->outdoors);
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
    if (m_blocks.empty() && m_pending.empty())
        return {};
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    const auto grow = [&](QVector3D min, QVector3D max) {
        lo = QVector3D(std::min(lo.x(), min.x()), std::min(lo.y(), min.y()),
                       std::min(lo.z(), min.z()));
        hi = QVector3D(std::max(hi.x(), max.x()), std::max(hi.y(), max.y()),
                       std::max(hi.z(), max.z()));
    };
    for (const auto& [id, block] : m_blocks)
        grow(block->min, block->max);
    for (const world::WorldBlock& block : m_pending) // not drawn yet: its square at its heights
        grow(block.offset + QVector3D(0, 0, block.minZ),
             block.offset + QVector3D(world::kBlockLength, world::kBlockLength, block.maxZ));
    return {(lo + hi) / 2, (hi - lo).length() / 2};
}

} // namespace portalkit::render
