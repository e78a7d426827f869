#include "export/world_export.h"

#include "datreader/records/gfx_obj.h"
#include "datreader/records/region.h"
#include "export/gfx_obj_meshes.h"
#include "export/gltf_axes.h"
#include "export/gltf_json.h"
#include "export/gltf_trs.h"
#include "export/world_labels.h"
#include "world/coords.h"
#include "world/scene/cell_builder.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSaveFile>
#include <cmath>
#include <set>

#ifndef PORTALKIT_VERSION
#define PORTALKIT_VERSION "dev"
#endif

namespace portalkit::exports {

namespace {

using preview::Vec3;

// Sampler enums (glTF 2.0 §5.26). The atlas clamps: its edges are the block's edges.
constexpr int kLinear = 9729;
constexpr int kLinearMipmapLinear = 9987;
constexpr int kClampToEdge = 33071;
constexpr int kTriangles = 4;

// "0xA9B4": the landblock as people name it.
QString blockName(std::uint32_t block) {
    return QStringLiteral("0x") + QString::number(block >> 16, 16).toUpper().rightJustified(4, '0');
}

QString kindName(const WorldRequest& request) {
    return request.kind == WorldRequest::Kind::Dungeon ? QStringLiteral("dungeon")
                                                       : QStringLiteral("landblock");
}

// The node's transform as glTF TRS; warns when the matrix was not rotation × scale.
void setTrs(QJsonObject& node, const QMatrix4x4& matrix, const QString& name,
            QStringList& warnings) {
    const GltfTrs trs = gltfTrs(matrix);
    if (trs.approximate)
        warnings << QStringLiteral("%1: its matrix is not a rotation and scale; the nearest one "
                                   "written")
                        .arg(name);
    node["translation"] = jsonArray(trs.translation);
    node["rotation"] = jsonArray(trs.rotation);
    if (trs.scale != std::array<float, 3>{1, 1, 1})
        node["scale"] = jsonArray(trs.scale);
}

class SceneWriter {
  public:
    SceneWriter(const world::WorldSources& sources, Container container)
        : m_sources(sources), m_container(container),
          m_doc(QStringLiteral("PortalKit " PORTALKIT_VERSION)) {}

    int block(const world::WorldBlock& block);
    int dungeon(std::uint32_t block, const std::vector<world::WorldCell>& cells);
    ModelExport finish(const QJsonArray& roots, const QJsonObject& source) {
        m_doc.setScene(QJsonObject{{"nodes", roots}});
        QJsonObject extras = source;
        extras["axes"] = "glTF (x, y, z) = AC (x, z, -y); metres; AC is +Z up";
        m_doc.setExtras(QJsonObject{{"portalkit", extras}});
        return {m_doc.write(m_container), m_warnings};
    }

  private:
    int terrain(const world::WorldBlock& block);
    int terrainMaterial(const world::WorldBlock& block);
    int part(const world::WorldPart& part, const PartLabel* label, int ordinal);
    void cell(const world::WorldCell& cell, QJsonArray& children);

    const world::WorldSources& m_sources;
    Container m_container;
    GltfDocument m_doc;
    QStringList m_warnings;
    GfxObjMeshes m_meshes{*m_sources.portal, m_doc, m_warnings};
    std::set<std::uint32_t> m_missing; // GfxObjs already warned about
    int m_clampSampler = -1;
};

// The block's atlas as an embedded PNG behind an opaque, rough material.
int SceneWriter::terrainMaterial(const world::WorldBlock& block) {
    const QString name = QStringLiteral("terrain %1").arg(blockName(block.id));
    QJsonObject pbr{{"metallicFactor", 0}, {"roughnessFactor", 1}};
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!block.atlas.isNull() && block.atlas.save(&buffer, "PNG")) {
        const int image = m_doc.addPngImage(png, QStringLiteral("%1 atlas").arg(name));
        if (m_clampSampler < 0)
            m_clampSampler = m_doc.add("samplers", QJsonObject{{"magFilter", kLinear},
                                                               {"minFilter", kLinearMipmapLinear},
                                                               {"wrapS", kClampToEdge},
                                                               {"wrapT", kClampToEdge}});
        const int texture =
            m_doc.add("textures", QJsonObject{{"sampler", m_clampSampler}, {"source", image}});
        pbr["baseColorTexture"] = QJsonObject{{"index", texture}};
    } else {
        m_warnings << QStringLiteral("landblock %1 has no terrain atlas; its terrain is plain")
                          .arg(blockName(block.id));
    }
    return m_doc.add("materials", QJsonObject{{"name", name}, {"pbrMetallicRoughness", pbr}});
}

// The terrain mesh node: the interleaved vertices split into glTF's attribute arrays.
int SceneWriter::terrain(const world::WorldBlock& block) {
    const QString name = QStringLiteral("terrain %1").arg(blockName(block.id));
    const int count = block.mesh.vertexCount();
    std::vector<float> positions, normals, uvs;
    for (int i = 0; i < count; ++i) {
        const float* v = block.mesh.vertices.data() + std::size_t(i) * world::kVertexFloats;
        for (float f : gltfVector(finiteOrZero({v[0], v[1], v[2]})))
            positions.push_back(f);
        Vec3 normal = finiteOrZero({v[3], v[4], v[5]});
        // glTF requires unit normals; a degenerate one points up.
        normal = preview::length(normal) > 1e-6f ? preview::normalized(normal) : Vec3{0, 0, 1};
        for (float f : gltfVector(normal))
            normals.push_back(f);
        uvs.push_back(std::isfinite(v[6]) ? v[6] : 0.0f);
        uvs.push_back(std::isfinite(v[7]) ? v[7] : 0.0f);
    }
    QJsonObject node{{"name", name},
                     {"extras", QJsonObject{{"landblock", hex(block.id)},
                                            {"abandonedCells", block.abandonedCells}}}};
    if (count == 0 || block.mesh.indices.empty())
        return m_doc.add("nodes", node);
    const int material = terrainMaterial(block);
    QJsonObject attributes{
        {"POSITION", m_doc.addFloatAccessor(positions, 3, BufferTarget::ArrayBuffer, true)},
        {"NORMAL", m_doc.addFloatAccessor(normals, 3, BufferTarget::ArrayBuffer, false)},
        {"TEXCOORD_0", m_doc.addFloatAccessor(uvs, 2, BufferTarget::ArrayBuffer, false)}};
    const QJsonObject primitive{{"attributes", attributes},
                                {"indices", m_doc.addIndexAccessor(block.mesh.indices)},
                                {"material", material},
                                {"mode", kTriangles}};
    node["mesh"] =
        m_doc.add("meshes", QJsonObject{{"name", name},
                                        {"primitives", QJsonArray{primitive}},
                                        {"extras", QJsonObject{{"landblock", hex(block.id)}}}});
    return m_doc.add("nodes", node);
}

// One placed GfxObj: a node naming what placed it, the GfxObj's shared mesh, its world TRS.
int SceneWriter::part(const world::WorldPart& part, const PartLabel* label, int ordinal) {
    const QString name =
        label ? label->name()
              : QStringLiteral("GfxObj %1 @ part %2").arg(hex(part.gfxObj)).arg(ordinal);
    QJsonObject extras{{"gfxObj", hex(part.gfxObj)}};
    if (label) {
        extras["object"] = hex(label->object);
        extras["placed"] = label->placed;
        extras["index"] = label->index;
        if (label->parts > 1)
            extras["part"] = label->part;
    }
    QJsonObject node{{"name", name}, {"extras", extras}};
    setTrs(node, part.transform, name, m_warnings);
    if (const auto* gfx = m_sources.portal->get<dat::GfxObj>(part.gfxObj)) {
        if (const int mesh = m_meshes.gfxObj(part.gfxObj, *gfx); mesh >= 0)
            node["mesh"] = mesh;
    } else if (m_missing.insert(part.gfxObj).second) {
        m_warnings << QStringLiteral("GfxObj %1 cannot be read: %2; its nodes have no mesh")
                          .arg(hex(part.gfxObj),
                               m_sources.portal->whyMissing<dat::GfxObj>(part.gfxObj));
    }
    return m_doc.add("nodes", node);
}

// An EnvCell: its geometry's node (the cell's own mesh at its frame), then its statics.
void SceneWriter::cell(const world::WorldCell& cell, QJsonArray& children) {
    const QString name = QStringLiteral("cell %1").arg(hex(cell.id));
    QJsonObject node{
        {"name", name},
        {"extras", QJsonObject{{"envCell", hex(cell.id)}, {"seenOutside", cell.seenOutside}}}};
    setTrs(node, cell.transform, name, m_warnings);
    if (!cell.geometry)
        m_warnings << QStringLiteral("%1 has no drawable structure (Environment, CellStruct or "
                                     "drawing BSP missing); its node has no mesh")
                          .arg(name);
    else if (const int mesh = m_meshes.cell(cell.id, *cell.geometry); mesh >= 0)
        node["mesh"] = mesh;
    children.append(m_doc.add("nodes", node));
    const std::vector<PartLabel> labels = cellPartLabels(m_sources, cell);
    for (std::size_t i = 0; i < cell.statics.size(); ++i)
        children.append(part(cell.statics[i], labels.empty() ? nullptr : &labels[i], int(i)));
}

int SceneWriter::block(const world::WorldBlock& block) {
    QJsonArray children{terrain(block)};
    const std::vector<PartLabel> labels = blockPartLabels(m_sources, block);
    for (std::size_t i = 0; i < block.parts.size(); ++i)
        children.append(part(block.parts[i], labels.empty() ? nullptr : &labels[i], int(i)));
    for (const world::WorldCell& c : block.cells)
        cell(c, children);
    return m_doc.add("nodes",
                     QJsonObject{{"name", QStringLiteral("landblock %1").arg(blockName(block.id))},
                                 {"children", children},
                                 {"extras", QJsonObject{{"landblock", hex(block.id)},
                                                        {"statics", block.statics},
                                                        {"buildings", block.buildings},
                                                        {"scenery", block.scenery}}}});
}

int SceneWriter::dungeon(std::uint32_t block, const std::vector<world::WorldCell>& cells) {
    QJsonArray children;
    for (const world::WorldCell& c : cells)
        cell(c, children);
    QJsonObject node{{"name", QStringLiteral("dungeon %1").arg(blockName(block))},
                     {"extras", QJsonObject{{"landblock", hex(block)}}}};
    if (!children.isEmpty())
        node["children"] = children;
    return m_doc.add("nodes", node);
}

} // namespace

std::optional<std::uint32_t> landblockFromId(std::uint32_t id) {
    const std::uint32_t block = id <= 0xFFFF ? (id << 16) | 0xFFFF : world::landblockOf(id);
    if (world::blockX(block) >= world::kBlocksPerSide ||
        world::blockY(block) >= world::kBlocksPerSide)
        return std::nullopt;
    return block;
}

WorldContent buildWorld(const world::WorldSources& sources, const WorldRequest& request) {
    if (!sources.portal || !sources.cells)
        throw ExportError("the world needs both the portal and the cell DAT");
    WorldContent out;
    out.origin = world::landblockOf(request.block);
    const QString what = QStringLiteral("%1 %2").arg(kindName(request), blockName(out.origin));
    if (request.kind == WorldRequest::Kind::Dungeon) {
        out.cells = world::buildBlockCells(sources, out.origin, out.origin);
        if (out.cells.empty())
            throw ExportError(QStringLiteral("%1: the cell DAT has no EnvCells for landblock %2")
                                  .arg(what, hex(out.origin))
                                  .toStdString());
        return out;
    }
    if (request.radius < 0 || request.radius > kMaxWorldRadius)
        throw ExportError(
            QStringLiteral("--radius takes 0 to %1").arg(kMaxWorldRadius).toStdString());
    if (!sources.region)
        throw ExportError(QStringLiteral("Region %1 cannot be read from the portal DAT")
                              .arg(hex(world::kRegionId))
                              .toStdString());
    world::TerrainTextures textures(*sources.portal, sources.region->terrain.texMerge);
    for (std::uint32_t id : world::blocksAround(out.origin, request.radius)) {
        if (auto block = world::buildWorldBlock(sources, id, out.origin, textures))
            out.blocks.push_back(std::move(*block));
        else if (id == out.origin)
            throw ExportError(QStringLiteral("%1 is not in the cell DAT (no LandBlock %2)")
                                  .arg(what, hex(id))
                                  .toStdString());
        else
            out.notes << QStringLiteral("neighbour %1 is not in the cell DAT; left out")
                             .arg(blockName(id));
    }
    return out;
}

ModelExport exportWorld(const world::WorldSources& sources, const WorldContent& content,
                        Container container) {
    if (!sources.portal)
        throw ExportError("the world needs the portal DAT");
    SceneWriter writer(sources, container);
    QJsonArray roots;
    for (const world::WorldBlock& block : content.blocks)
        roots.append(writer.block(block));
    if (!content.cells.empty())
        roots.append(writer.dungeon(content.origin, content.cells));
    const bool dungeon = content.blocks.empty();
    ModelExport out = writer.finish(
        roots,
        QJsonObject{{"source", QStringLiteral("%1 %2").arg(dungeon ? "dungeon" : "landblock",
                                                           blockName(content.origin))},
                    {"landblocks", qint64(content.blocks.size())},
                    {"origin", QStringLiteral("the south-west corner of landblock %1, height 0")
                                   .arg(blockName(content.origin))}});
    out.warnings = content.notes + out.warnings;
    return out;
}

QStringList exportWorldToFile(const preview::Assets& portal, const preview::Assets& cells,
                              const WorldRequest& request, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("glb") && suffix != QLatin1String("gltf"))
        throw ExportError(
            QStringLiteral("%1: the world is written as .glb or .gltf").arg(path).toStdString());
    const Container container = suffix == QLatin1String("glb") ? Container::Glb : Container::Gltf;
    const world::WorldSources sources{&portal, &cells, portal.get<dat::Region>(world::kRegionId)};
    const ModelExport result = exportWorld(sources, buildWorld(sources, request), container);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(result.bytes) != result.bytes.size() ||
        !file.commit())
        throw ExportError(
            QStringLiteral("cannot write %1: %2").arg(path, file.errorString()).toStdString());
    return result.warnings;
}

} // namespace portalkit::exports
