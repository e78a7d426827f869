#include "export/model_export.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/gfx_obj_triangles.h"
#include "datreader/records/setup.h"
#include "export/gltf_axes.h"
#include "export/surface_material.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#ifndef PORTALKIT_VERSION
#define PORTALKIT_VERSION "dev"
#endif

namespace portalkit::exports {

namespace {

using preview::Frame;
using preview::Quat;
using preview::Vec3;

// Sampler enums (glTF 2.0 §5.26).
constexpr int kLinear = 9729;
constexpr int kLinearMipmapLinear = 9987;
constexpr int kRepeat = 10497;
constexpr int kTriangles = 4;
constexpr std::uint32_t kNoParent = 0xFFFFFFFF;

QJsonArray jsonArray(std::initializer_list<float> values) {
    QJsonArray out;
    for (float v : values)
        out.append(double(v));
    return out;
}

template <std::size_t N> QJsonArray jsonArray(const std::array<float, N>& values) {
    QJsonArray out;
    for (float v : values)
        out.append(double(v));
    return out;
}

QString hex(std::uint32_t value) {
    return dat::didJson(value);
}

dat::DatError recordError(std::uint32_t did, const std::string& field, const QString& message) {
    return dat::DatError(field, message.toStdString(), 0, dat::OffsetKind::Entry, did);
}

// Finite, not too short to normalise, not so long its length overflows.
bool usableDirection(const Vec3& v) {
    const float length = preview::length(v);
    return std::isfinite(length) && length > 1e-6f;
}

// Translation and rotation of a node in glTF axes.
void setTransform(QJsonObject& node, const Frame& frame) {
    const Frame clean = cleanFrame(frame);
    node["translation"] = jsonArray(gltfVector(clean.origin));
    node["rotation"] = jsonArray(gltfQuaternion(clean.orientation));
}

class ModelBuilder {
  public:
    ModelBuilder(const preview::Assets& assets, const ModelExportOptions& options)
        : m_assets(assets), m_options(options),
          m_doc(QStringLiteral("PortalKit " PORTALKIT_VERSION)) {}

    ModelExport gfxObj(std::uint32_t id, const dat::GfxObj& gfx) {
        if (m_options.motion || m_options.spheres)
            throw ExportError(QStringLiteral("%1 is a GfxObj: --motion and --spheres need a Setup")
                                  .arg(hex(id))
                                  .toStdString());
        QJsonObject node{{"name", QStringLiteral("GfxObj %1").arg(hex(id))}};
        if (const int mesh = meshFor(id, gfx); mesh >= 0)
            node["mesh"] = mesh;
        const int root = m_doc.add("nodes", node);
        return finish(id, "GfxObj", root);
    }

    ModelExport setup(std::uint32_t id, const dat::Setup& setup);

  private:
    int meshFor(std::uint32_t id, const dat::GfxObj& gfx);
    int materialFor(std::uint32_t surface);
    int textureFor(const SurfaceMaterial& material);
    void addSpheres(const dat::Setup& setup, QJsonArray& rootChildren);
    void addAnimation(const dat::Setup& setup, const BakedMotion& baked,
                      const std::vector<std::int64_t>& parents, int rootNode, int firstPartNode);
    ModelExport finish(std::uint32_t id, const char* type, int root) {
        m_doc.setScene(QJsonObject{{"nodes", QJsonArray{root}}});
        m_doc.setExtras(QJsonObject{
            {"portalkit",
             QJsonObject{{"source", hex(id)},
                         {"type", type},
                         {"axes", "glTF (x, y, z) = AC (x, z, -y); metres; AC is +Z up"}}}});
        return {m_doc.write(m_options.container), m_warnings};
    }

    const preview::Assets& m_assets;
    const ModelExportOptions& m_options;
    GltfDocument m_doc;
    QStringList m_warnings;
    std::map<std::uint32_t, int> m_meshes;    // GfxObj → mesh, -1 = nothing to draw
    std::map<std::uint32_t, int> m_materials; // Surface → material
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> m_textures; // (mip, palette) → texture
    int m_sampler = -1;
};

int ModelBuilder::meshFor(std::uint32_t id, const dat::GfxObj& gfx) {
    if (auto it = m_meshes.find(id); it != m_meshes.end())
        return it->second;
    int& slot = m_meshes[id];
    slot = -1;
    const dat::GfxObjTriangles triangles = dat::triangulateDrawing(gfx, dat::PolygonSides::Both);
    if (triangles.skippedPolygons)
        m_warnings << QStringLiteral("GfxObj %1: %2 polygons name vertices it does not have; "
                                     "left out")
                          .arg(hex(id))
                          .arg(triangles.skippedPolygons);
    if (triangles.droppedTriangles)
        m_warnings << QStringLiteral("GfxObj %1: %2 triangles with non-finite positions left out")
                          .arg(hex(id))
                          .arg(triangles.droppedTriangles);
    QJsonArray primitives;
    for (const dat::SurfaceTriangles& group : triangles.groups) {
        // Corners that share vertex, UV and side share one glTF vertex.
        std::map<std::pair<std::uint32_t, std::int32_t>, std::uint32_t> indexOf;
        std::vector<float> positions, normals, uvs;
        std::vector<std::uint32_t> indices;
        for (std::size_t t = 0; t + 2 < group.corners.size(); t += 3) {
            for (std::size_t c = t; c < t + 3; ++c) {
                const dat::TriangleCorner& corner = group.corners[c];
                auto [it, added] = indexOf.try_emplace({corner.vertex, corner.uvIndex},
                                                       std::uint32_t(indexOf.size()));
                indices.push_back(it->second);
                if (!added)
                    continue;
                const dat::GfxObj::Vertex& vertex = gfx.vertices[corner.vertex];
                // Back faces look the other way.
                Vec3 normal = group.negativeSide ? -Vec3(vertex.normal) : Vec3(vertex.normal);
                if (!usableDirection(normal)) {
                    // No usable stored normal: the triangle's own (fronts wind
                    // counter-clockwise; back-face triangles arrive already reversed).
                    const Vec3 a(gfx.vertices[group.corners[t].vertex].origin);
                    const Vec3 b(gfx.vertices[group.corners[t + 1].vertex].origin);
                    const Vec3 d(gfx.vertices[group.corners[t + 2].vertex].origin);
                    normal = preview::cross(b - a, d - a);
                    if (!usableDirection(normal))
                        normal = {0, 0, 1};
                }
                normal = preview::normalized(normal);
                for (float v : gltfVector(Vec3(vertex.origin)))
                    positions.push_back(v);
                for (float v : gltfVector(normal))
                    normals.push_back(v);
                float u = 0, w = 0;
                if (corner.uvIndex >= 0) {
                    u = vertex.uvs[std::size_t(corner.uvIndex)].u;
                    w = vertex.uvs[std::size_t(corner.uvIndex)].v;
                }
                // AC's UVs are Direct3D's, with v down from the top like glTF's: kept as they are.
                uvs.push_back(std::isfinite(u) ? u : 0.0f);
                uvs.push_back(std::isfinite(w) ? w : 0.0f);
            }
        }
        const bool inRange =
            group.surfaceIndex >= 0 && std::size_t(group.surfaceIndex) < gfx.surfaces.size();
        if (!inRange)
            m_warnings << QStringLiteral("GfxObj %1: polygons name surface %2 of %3; drawn with "
                                         "the magenta stand-in")
                              .arg(hex(id))
                              .arg(group.surfaceIndex)
                              .arg(gfx.surfaces.size());
        const int material =
            materialFor(inRange ? gfx.surfaces[std::size_t(group.surfaceIndex)] : 0);
        QJsonObject attributes{
            {"POSITION", m_doc.addFloatAccessor(positions, 3, BufferTarget::ArrayBuffer, true)},
            {"NORMAL", m_doc.addFloatAccessor(normals, 3, BufferTarget::ArrayBuffer, false)},
            {"TEXCOORD_0", m_doc.addFloatAccessor(uvs, 2, BufferTarget::ArrayBuffer, false)}};
        primitives.append(QJsonObject{
            {"attributes", attributes},
            {"indices", m_doc.addIndexAccessor(indices)},
            {"material", material},
            {"mode", kTriangles},
            {"extras", QJsonObject{{"side", group.negativeSide ? "negative" : "positive"}}}});
    }
    if (primitives.isEmpty()) {
        m_warnings << QStringLiteral("GfxObj %1 has no drawing polygons; its node has no mesh")
                          .arg(hex(id));
        return slot;
    }
    slot = m_doc.add("meshes", QJsonObject{{"name", QStringLiteral("GfxObj %1").arg(hex(id))},
                                           {"primitives", primitives},
                                           {"extras", QJsonObject{{"gfxObj", hex(id)}}}});
    return slot;
}

int ModelBuilder::textureFor(const SurfaceMaterial& material) {
    const auto key = std::make_pair(material.renderSurfaceId, material.paletteId);
    if (auto it = m_textures.find(key); it != m_textures.end())
        return it->second;
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    material.texture.save(&buffer, "PNG");
    QString name = QStringLiteral("RenderSurface %1").arg(hex(material.renderSurfaceId));
    if (material.paletteId)
        name += QStringLiteral(" with Palette %1").arg(hex(material.paletteId));
    const int image = m_doc.addPngImage(png, name);
    if (m_sampler < 0)
        m_sampler = m_doc.add("samplers", QJsonObject{{"magFilter", kLinear},
                                                      {"minFilter", kLinearMipmapLinear},
                                                      {"wrapS", kRepeat},
                                                      {"wrapT", kRepeat}});
    const int texture =
        m_doc.add("textures", QJsonObject{{"sampler", m_sampler}, {"source", image}});
    m_textures.emplace(key, texture);
    return texture;
}

int ModelBuilder::materialFor(std::uint32_t surface) {
    if (auto it = m_materials.find(surface); it != m_materials.end())
        return it->second;
    const SurfaceMaterial look = surfaceMaterial(m_assets, surface);
    if (!look.problem.isEmpty())
        m_warnings << look.problem + QStringLiteral("; drawn magenta");
    QJsonObject pbr{{"baseColorFactor", jsonArray(look.baseColor)},
                    {"metallicFactor", 0},
                    {"roughnessFactor", 1}};
    const int texture = look.texture.isNull() ? -1 : textureFor(look);
    if (texture >= 0)
        pbr["baseColorTexture"] = QJsonObject{{"index", texture}};
    QJsonObject material{{"name", QStringLiteral("Surface %1").arg(hex(surface))},
                         {"pbrMetallicRoughness", pbr}};
    switch (look.alphaMode) {
    case AlphaMode::Opaque:
        break;
    case AlphaMode::Mask:
        material["alphaMode"] = "MASK";
        material["alphaCutoff"] = double(look.alphaCutoff);
        break;
    case AlphaMode::Blend:
        material["alphaMode"] = "BLEND";
        break;
    }
    // Luminosity lights the surface whatever the scene's lights: emission of the same colour.
    if (look.luminosity > 0) {
        material["emissiveFactor"] =
            jsonArray({look.baseColor[0] * look.luminosity, look.baseColor[1] * look.luminosity,
                       look.baseColor[2] * look.luminosity});
        if (texture >= 0)
            material["emissiveTexture"] = QJsonObject{{"index", texture}};
    }
    QJsonObject extras{{"surface", hex(surface)},
                       {"surfaceType", hex(look.type)},
                       {"translucency", double(look.translucency)},
                       {"luminosity", double(look.luminosity)}};
    if (look.additive)
        extras["blend"] = "additive";
    if (look.textureId)
        extras["surfaceTexture"] = hex(look.textureId);
    material["extras"] = extras;
    const int index = m_doc.add("materials", material);
    m_materials.emplace(surface, index);
    return index;
}

void ModelBuilder::addSpheres(const dat::Setup& setup, QJsonArray& rootChildren) {
    const auto add = [&](const QString& name, const char* kind, Vec3 centre, float radius,
                         std::optional<float> height) {
        if (!std::isfinite(radius) || radius <= 0 || (height && !std::isfinite(*height)))
            return;
        const auto scale = height ? std::array<float, 3>{radius, *height, radius}
                                  : std::array<float, 3>{radius, radius, radius};
        QJsonObject extras{{"kind", kind}, {"radius", double(radius)}};
        if (height)
            extras["height"] = double(*height);
        rootChildren.append(m_doc.add(
            "nodes", QJsonObject{{"name", name},
                                 {"translation", jsonArray(gltfVector(finiteOrZero(centre)))},
                                 {"scale", jsonArray(scale)},
                                 {"extras", extras}}));
    };
    for (std::size_t i = 0; i < setup.spheres.size(); ++i)
        add(QStringLiteral("sphere %1").arg(i), "sphere", Vec3(setup.spheres[i].center),
            setup.spheres[i].radius, std::nullopt);
    for (std::size_t i = 0; i < setup.cylSpheres.size(); ++i)
        add(QStringLiteral("cylinder sphere %1").arg(i), "cylinderSphere",
            Vec3(setup.cylSpheres[i].lowPoint), setup.cylSpheres[i].radius,
            setup.cylSpheres[i].height);
    add(QStringLiteral("selection sphere"), "selectionSphere", Vec3(setup.selectionSphere.center),
        setup.selectionSphere.radius, std::nullopt);
    add(QStringLiteral("sorting sphere"), "sortingSphere", Vec3(setup.sortingSphere.center),
        setup.sortingSphere.radius, std::nullopt);
}

// The part's frame relative to its parent part (the Setup's frames are all in object space).
Frame localFrame(const std::vector<Frame>& pose, const std::vector<std::int64_t>& parents,
                 std::size_t part) {
    const Frame self = cleanFrame(pose[part]);
    return parents[part] < 0 ? self
                             : relativeFrame(cleanFrame(pose[std::size_t(parents[part])]), self);
}

void ModelBuilder::addAnimation(const dat::Setup& setup, const BakedMotion& baked,
                                const std::vector<std::int64_t>& parents, int rootNode,
                                int firstPartNode) {
    if (setup.parts.empty() && !baked.rootMoves) {
        // glTF animations need at least one channel.
        m_warnings << QStringLiteral("Setup %1 has no parts and the motion does not move it; no "
                                     "animation written")
                          .arg(hex(setup.id));
        return;
    }
    // Keys must strictly increase as floats: frames shorter than a float step at that time
    // (absurd framerates) are nudged apart rather than written out of order.
    std::vector<float> times;
    for (double time : baked.times)
        times.push_back(times.empty()
                            ? float(time)
                            : std::max(float(time), std::nextafter(times.back(), INFINITY)));
    const int input = m_doc.addFloatAccessor(times, 1, BufferTarget::None, true);
    const char* interpolation = m_options.interpolation == Interpolation::Step ? "STEP" : "LINEAR";
    QJsonArray samplers, channels;
    const auto channel = [&](int node, const char* path, const std::vector<float>& values,
                             int components) {
        const int output = m_doc.addFloatAccessor(values, components, BufferTarget::None, false);
        samplers.append(
            QJsonObject{{"input", input}, {"output", output}, {"interpolation", interpolation}});
        channels.append(QJsonObject{{"sampler", samplers.size() - 1},
                                    {"target", QJsonObject{{"node", node}, {"path", path}}}});
    };
    const auto frameChannels = [&](int node, auto frameAt) {
        std::vector<float> translations, rotations;
        std::array<float, 4> previous{0, 0, 0, 1};
        for (std::size_t k = 0; k < baked.times.size(); ++k) {
            const Frame frame = frameAt(k);
            for (float v : gltfVector(frame.origin))
                translations.push_back(v);
            auto q = gltfQuaternion(frame.orientation);
            // q and -q are one rotation; keep neighbours in one hemisphere so LINEAR
            // interpolation takes the short way.
            if (k &&
                q[0] * previous[0] + q[1] * previous[1] + q[2] * previous[2] + q[3] * previous[3] <
                    0)
                for (float& v : q)
                    v = -v;
            previous = q;
            rotations.insert(rotations.end(), q.begin(), q.end());
        }
        channel(node, "translation", translations, 3);
        channel(node, "rotation", rotations, 4);
    };
    for (std::size_t part = 0; part < setup.parts.size(); ++part)
        frameChannels(firstPartNode + int(part),
                      [&](std::size_t k) { return localFrame(baked.poses[k], parents, part); });
    if (baked.rootMoves)
        frameChannels(rootNode, [&](std::size_t k) { return cleanFrame(baked.root[k]); });

    const MotionRequest& request = *m_options.motion;
    QJsonArray chain;
    for (const auto& node : baked.chain)
        chain.append(QJsonObject{{"animation", hex(node.animation)},
                                 {"lowFrame", node.lowFrame},
                                 {"highFrame", node.highFrame},
                                 {"framerate", double(node.framerate)}});
    QJsonArray hooks;
    for (const BakedHook& hook : baked.hooks)
        hooks.append(QJsonObject{{"time", hook.time},
                                 {"animation", hex(hook.animation)},
                                 {"frame", hook.frame},
                                 {"hook", hook.hook}});
    QJsonObject extras{{"motion", hex(request.motion)},
                       {"motionTable", hex(baked.motionTable)},
                       {"duration", baked.duration},
                       {"chain", chain},
                       {"hooks", hooks}};
    if (request.style)
        extras["style"] = hex(*request.style);
    m_doc.add("animations",
              QJsonObject{{"name", QStringLiteral("motion %1").arg(hex(request.motion))},
                          {"samplers", samplers},
                          {"channels", channels},
                          {"extras", extras}});
}

ModelExport ModelBuilder::setup(std::uint32_t id, const dat::Setup& setup) {
    const std::size_t count = setup.parts.size();
    // Every part's GfxObj first: a Setup that names a missing one cannot be exported.
    std::vector<const dat::GfxObj*> gfxObjs(count);
    for (std::size_t i = 0; i < count; ++i) {
        gfxObjs[i] = m_assets.get<dat::GfxObj>(setup.parts[i]);
        if (!gfxObjs[i])
            throw recordError(
                id, "setup.parts[" + std::to_string(i) + "]",
                QStringLiteral("GfxObj %1 cannot be read: %2")
                    .arg(hex(setup.parts[i]), m_assets.whyMissing<dat::GfxObj>(setup.parts[i])));
    }

    // Parents: -1 for none. An index out of range, naming the part itself or closing a loop makes
    // the part a top-level one.
    std::vector<std::int64_t> parents(count, -1);
    for (std::size_t i = 0; i < count && i < setup.parentIndices.size(); ++i) {
        const std::uint32_t parent = setup.parentIndices[i];
        if (parent == kNoParent)
            continue;
        if (parent >= count || parent == i) {
            m_warnings << QStringLiteral("Setup %1: part %2 names parent %3 of %4 parts; made "
                                         "top-level")
                              .arg(hex(id))
                              .arg(i)
                              .arg(qint64(std::int32_t(parent)))
                              .arg(count);
            continue;
        }
        parents[i] = parent;
    }
    for (std::size_t i = 0; i < count; ++i) {
        std::int64_t at = parents[i];
        for (std::size_t steps = 0; at >= 0 && steps <= count; ++steps) {
            if (std::size_t(at) == i) {
                m_warnings << QStringLiteral("Setup %1: part %2's parents loop; made top-level")
                                  .arg(hex(id))
                                  .arg(i);
                parents[i] = -1;
                break;
            }
            at = parents[std::size_t(at)];
        }
    }

    std::optional<BakedMotion> baked;
    if (m_options.motion) {
        baked = bakeMotion(m_assets, setup, *m_options.motion);
        for (const QString& note : baked->notes)
            m_warnings << note;
    }
    const std::vector<Frame> rest = restPose(setup);

    // Node indices: the root, then one per part, then mesh holders and spheres.
    const int rootNode = m_doc.add("nodes", {});
    const int firstPartNode = m_doc.count("nodes");
    for (std::size_t i = 0; i < count; ++i)
        m_doc.add("nodes", {});
    QJsonArray rootChildren;
    std::vector<QJsonArray> children(count);
    for (std::size_t i = 0; i < count; ++i)
        (parents[i] < 0 ? rootChildren : children[std::size_t(parents[i])])
            .append(firstPartNode + int(i));
    for (std::size_t i = 0; i < count; ++i) {
        QJsonObject node{
            {"name", QStringLiteral("part %1 (GfxObj %2)").arg(i).arg(hex(setup.parts[i]))},
            {"extras", QJsonObject{{"part", qint64(i)}, {"gfxObj", hex(setup.parts[i])}}}};
        setTransform(node, localFrame(rest, parents, i));
        const int mesh = meshFor(setup.parts[i], *gfxObjs[i]);
        Vec3 scale{1, 1, 1};
        if (i < setup.defaultScales.size())
            scale = Vec3(setup.defaultScales[i]);
        if (!(std::isfinite(scale.x) && std::isfinite(scale.y) && std::isfinite(scale.z))) {
            m_warnings << QStringLiteral("Setup %1: part %2 has a non-finite default scale; 1 used")
                              .arg(hex(id))
                              .arg(i);
            scale = {1, 1, 1};
        }
        // The default scale sizes the part's mesh, not the parts below it (as the client scales
        // only the GfxObj), so a scaled mesh hangs from its own child node.
        if (mesh >= 0 && scale == Vec3{1, 1, 1}) {
            node["mesh"] = mesh;
        } else if (mesh >= 0) {
            children[i].append(
                m_doc.add("nodes", QJsonObject{{"name", QStringLiteral("part %1 mesh").arg(i)},
                                               {"mesh", mesh},
                                               {"scale", jsonArray({scale.x, scale.z, scale.y})}}));
        }
        if (!children[i].isEmpty())
            node["children"] = children[i];
        m_doc.replace("nodes", firstPartNode + int(i), node);
    }
    if (m_options.spheres)
        addSpheres(setup, rootChildren);
    QJsonObject root{{"name", QStringLiteral("Setup %1").arg(hex(id))},
                     {"extras", QJsonObject{{"setup", hex(id)}}}};
    if (!rootChildren.isEmpty())
        root["children"] = rootChildren;
    m_doc.replace("nodes", rootNode, root);
    if (baked)
        addAnimation(setup, *baked, parents, rootNode, firstPartNode);
    return finish(id, "Setup", rootNode);
}

} // namespace

bool isModelId(std::uint32_t id) {
    const std::uint32_t type = id >> 24;
    return type == 0x01 || type == 0x02;
}

ModelExport exportModel(const preview::Assets& assets, std::uint32_t id,
                        const ModelExportOptions& options) {
    if (!isModelId(id))
        throw ExportError(QStringLiteral("%1 is neither a GfxObj (0x01…) nor a Setup (0x02…)")
                              .arg(hex(id))
                              .toStdString());
    ModelBuilder builder(assets, options);
    if (id >> 24 == 0x01) {
        const auto* gfx = assets.get<dat::GfxObj>(id);
        if (!gfx)
            throw recordError(
                id, "gfxObj",
                QStringLiteral("cannot be read: %1").arg(assets.whyMissing<dat::GfxObj>(id)));
        return builder.gfxObj(id, *gfx);
    }
    const auto* setup = assets.get<dat::Setup>(id);
    if (!setup)
        throw recordError(
            id, "setup",
            QStringLiteral("cannot be read: %1").arg(assets.whyMissing<dat::Setup>(id)));
    return builder.setup(id, *setup);
}

QStringList exportModelToFile(const preview::Assets& assets, std::uint32_t id, const QString& path,
                              ModelExportOptions options) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("glb"))
        options.container = Container::Glb;
    else if (suffix == QLatin1String("gltf"))
        options.container = Container::Gltf;
    else
        throw ExportError(
            QStringLiteral("%1: a model is written as .glb or .gltf").arg(path).toStdString());
    const ModelExport result = exportModel(assets, id, options);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(result.bytes) != result.bytes.size() ||
        !file.commit())
        throw ExportError(
            QStringLiteral("cannot write %1: %2").arg(path, file.errorString()).toStdString());
    return result.warnings;
}

} // namespace portalkit::exports
