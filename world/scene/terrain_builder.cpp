#include "world/scene/terrain_builder.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface_texture.h"
#include "world/coords.h"

#include <QLoggingCategory>
#include <cstring>
#include <exception>

namespace portalkit::world {

Q_LOGGING_CATEGORY(lcTerrain, "portalkit.world.terrain")

int TerrainMeshData::vertexCount() const {
    return int(vertices.size() / kVertexFloats);
}

QVector3D blockPosition(std::uint32_t block, std::uint32_t origin) {
    const Vec3 offset = blockOffset(origin, block);
    return {offset.x, offset.y, 0};
}

QVector2D terrainUv(int x, int y) {
    constexpr float kCells = kCellsPerBlock;
    return {float(x) / kCells, 1.0f - float(y) / kCells};
}

TerrainMeshData buildTerrainMesh(const LandblockTerrain& terrain, QVector3D offset) {
    TerrainMeshData out;
    const auto normals = terrain.vertexNormals();
    out.vertices.reserve(std::size_t(LandblockTerrain::kVertexCount) * kVertexFloats);
    // Index 9x + y, as the terrain numbers its vertices, so its triangles index this buffer.
    for (int x = 0; x < LandblockTerrain::kSide; ++x)
        for (int y = 0; y < LandblockTerrain::kSide; ++y) {
            const Vec3 p = terrain.vertex(x, y);
            const Vec3 n = normals[std::size_t(LandblockTerrain::vertexIndex(x, y))];
            const QVector2D uv = terrainUv(x, y);
            out.vertices.insert(out.vertices.end(),
                                {p.x + offset.x(), p.y + offset.y(), p.z + offset.z(), n.x, n.y,
                                 n.z, uv.x(), uv.y()});
        }
    out.indices.reserve(terrain.polygons().size() * 3);
    for (const world::TerrainPolygon& polygon : terrain.polygons())
        for (int v : polygon.vertices)
            out.indices.push_back(std::uint32_t(v));
    return out;
}

std::uint32_t cellPaletteCode(const LandblockTerrain& terrain, int cx, int cy) {
    return world::paletteCode({terrain.terrainWord(cx, cy), terrain.terrainWord(cx + 1, cy),
                               terrain.terrainWord(cx + 1, cy + 1),
                               terrain.terrainWord(cx, cy + 1)});
}

TerrainTextures::TerrainTextures(const preview::Assets& portal, const dat::TexMerge& merge)
    : m_portal(portal), m_merge(merge), m_size(cellTextureSize(merge)) {}

const DecodedTexture* TerrainTextures::decoded(std::uint32_t id) {
    if (auto it = m_decoded.find(id); it != m_decoded.end())
        return it->second ? &*it->second : nullptr;
    auto& slot = m_decoded[id];
    QString why;
    const auto* texture = m_portal.get<dat::SurfaceTexture>(id);
    const auto* surface = texture && !texture->renderSurfaceIds.empty()
                              ? m_portal.get<dat::RenderSurface>(texture->renderSurfaceIds.front())
                              : nullptr;
    if (!surface) {
        why = texture ? QStringLiteral("no RenderSurface")
                      : m_portal.whyMissing<dat::SurfaceTexture>(id);
    } else {
        const auto* palette = surface->defaultPaletteId
                                  ? m_portal.get<dat::Palette>(surface->defaultPaletteId)
                                  : nullptr;
        try {
            const QImage image =
                dat::renderSurfaceImage(*surface, palette).convertToFormat(QImage::Format_RGBA8888);
            DecodedTexture out;
            out.width = image.width();
            out.height = image.height();
            out.bytes.resize(std::size_t(out.width) * std::size_t(out.height) * 4);
            for (int row = 0; row < out.height; ++row)
                std::memcpy(out.bytes.data() + std::size_t(row) * std::size_t(out.width) * 4,
                            image.constScanLine(row), std::size_t(out.width) * 4);
            slot = std::move(out);
            return &*slot;
        } catch (const std::exception& error) {
            why = QString::fromLocal8Bit(error.what());
        }
    }
    qCWarning(lcTerrain, "terrain texture 0x%08X not drawn: %s", id, qPrintable(why));
    return nullptr;
}

const std::vector<std::uint8_t>& TerrainTextures::cell(std::uint32_t pcode) {
    if (auto it = m_cells.find(pcode); it != m_cells.end())
        return it->second;
    const world::TextureLookup lookup = [this](std::uint32_t id) { return decoded(id); };
    world::CellTexture merged = world::buildCellTexture(m_merge, pcode, m_size, lookup);
    if (!merged.complete) {
        // The client gives this cell's surface up (docs/world.md#terrain-textures); we draw its
        // base texture alone rather than a hole (docs/render.md#terrain).
        m_abandoned.insert(pcode);
        const auto* base = world::terrainTexture(m_merge, world::chooseTerrain(pcode).baseType);
        merged.rgba.assign(std::size_t(m_size) * std::size_t(m_size) * 4, 0);
        world::tileTexture(merged.rgba, m_size, base ? decoded(base->textureId) : nullptr);
    }
    return m_cells.emplace(pcode, std::move(merged.rgba)).first->second;
}

QImage TerrainTextures::atlas(const LandblockTerrain& terrain) {
    const int side = kCellsPerBlock * m_size;
    QImage image(side, side, QImage::Format_RGBA8888);
    const std::size_t rowBytes = std::size_t(m_size) * 4;
    for (int cx = 0; cx < kCellsPerBlock; ++cx)
        for (int cy = 0; cy < kCellsPerBlock; ++cy) {
            const std::vector<std::uint8_t>& texels = cell(cellPaletteCode(terrain, cx, cy));
            // North at the top: cell row cy sits at atlas row 7 - cy.
            const int top = (kCellsPerBlock - 1 - cy) * m_size, left = cx * m_size;
            for (int row = 0; row < m_size; ++row)
                std::memcpy(image.scanLine(top + row) + std::size_t(left) * 4,
                            texels.data() + std::size_t(row) * rowBytes, rowBytes);
        }
    return image;
}

} // namespace portalkit::world
