#include "export/model_export.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/setup.h"
#include "export/gfx_obj_meshes.h"
#include "export/gltf_axes.h"
#include "export/gltf_json.h"
#include "preview/appearance/compose.h"

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

constexpr std::uint32_t kNoParent = 0xFFFFFFFF;

dat::DatError recordError(std::uint32_t did, const std::string& field, const QString& message) {
    return dat::DatError(field, message.toStdString(), 0, dat::OffsetKind::Entry, did);
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
        if (m_options.motion || m_options.spheres || m_options.objDesc)
            throw ExportError(QStringLiteral("%1 is a GfxObj: --motion, --spheres and an "
                                             "ObjDesc need a Setup")
                                  .arg(hex(id))
                                  .toStdString());
        QJsonObject node{{"name", QStringLiteral("GfxObj %1").arg(hex(id))}};
        if (const int mesh = m_meshes.gfxObj(id, gfx); mesh >= 0)
            node["mesh"] = mesh;
        const int root = m_doc.add("nodes", node);
        return finish(id, "GfxObj", root);
    }

    ModelExport setup(std::uint32_t id, const dat::Setup& setup);

  private:
    // What each part draws: the Setup's GfxObjs, or those the ObjDesc swaps in, with its look.
    struct DrawnParts {
        std::vector<std::uint32_t> ids;
        std::vector<const dat::GfxObj*> gfxObjs;
        std::optional<preview::appearance::Appearance> look;
    };
    DrawnParts drawnParts(std::uint32_t id, const dat::Setup& setup);
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
    GfxObjMeshes m_meshes{m_assets, m_doc, m_warnings};
};

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

ModelBuilder::DrawnParts ModelBuilder::drawnParts(std::uint32_t id, const dat::Setup& setup) {
    DrawnParts out;
    out.ids = setup.parts;
    // Every part's GfxObj first: a Setup that names a missing one cannot be exported.
    for (std::size_t i = 0; i < setup.parts.size(); ++i) {
        out.gfxObjs.push_back(m_assets.get<dat::GfxObj>(setup.parts[i]));
        if (!out.gfxObjs[i])
            throw recordError(
                id, "setup.parts[" + std::to_string(i) + "]",
                QStringLiteral("GfxObj %1 cannot be read: %2")
                    .arg(hex(setup.parts[i]), m_assets.whyMissing<dat::GfxObj>(setup.parts[i])));
    }
    if (!m_options.objDesc)
        return out;
    // A swap to an unreadable GfxObj keeps the Setup's, as the client does, and is said.
    out.look = preview::appearance::compose(m_assets, setup.parts, *m_options.objDesc);
    for (const QString& problem : out.look->problems)
        m_warnings << QStringLiteral("Setup %1: %2").arg(hex(id), problem);
    for (std::size_t i = 0; i < setup.parts.size(); ++i) {
        out.ids[i] = out.look->parts[i]->gfxObj;
        out.gfxObjs[i] = m_assets.get<dat::GfxObj>(out.ids[i]);
    }
    return out;
}

ModelExport ModelBuilder::setup(std::uint32_t id, const dat::Setup& setup) {
    const std::size_t count = setup.parts.size();
    const DrawnParts drawn = drawnParts(id, setup);

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
        const std::uint32_t gfxId = drawn.ids[i];
        QJsonObject extras{{"part", qint64(i)}, {"gfxObj", hex(gfxId)}};
        if (gfxId != setup.parts[i])
            extras["setupGfxObj"] = hex(setup.parts[i]);
        QJsonObject node{{"name", QStringLiteral("part %1 (GfxObj %2)").arg(i).arg(hex(gfxId))},
                         {"extras", extras}};
        setTransform(node, localFrame(rest, parents, i));
        const int mesh = m_meshes.gfxObj(gfxId, *drawn.gfxObjs[i],
                                         drawn.look ? drawn.look->parts[i].get() : nullptr);
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
    QJsonObject rootExtras{{"setup", hex(id)}};
    if (m_options.objDesc) // what dressed it, in the --objdesc file's form
        rootExtras["objDesc"] = preview::appearance::toJson(*m_options.objDesc);
    QJsonObject root{{"name", QStringLiteral("Setup %1").arg(hex(id))}, {"extras", rootExtras}};
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
