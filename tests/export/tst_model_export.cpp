// GfxObj and Setup → glTF on the demo DAT: the Khronos validator's verdict, and round trips of
// what was written (vertex and triangle counts, the part hierarchy and poses, the baked
// animation's length and frames, embedded PNG pixels, alpha modes), plus hostile records.

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/animation.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/motion_table.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/setup.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "export/gltf_axes.h"
#include "export/model_export.h"
#include "export/surface_material.h"
#include "gltf_test_support.h"
#include "preview/anim/motion_table_manager.h"
#include "preview/anim/sequencer.h"
#include "support/demo_ids.h"

#include <QByteArray>
#include <QFile>
#include <QIODevice>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringLiteral>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <tuple>

using namespace portalkit;
using namespace portalkit::exports;
using namespace portalkit::testing;
using namespace portalkit::testing::demo_ids;
using preview::Frame;
using preview::Quat;
using preview::Vec3;

namespace {

constexpr std::uint32_t kReadyAnimation = 0x03000001;
constexpr std::uint32_t kArrow = 0x02000124; // no MotionTable
constexpr std::uint32_t kPelvis = 0x01000001;
constexpr std::uint32_t kSparkQuad = 0x01000A01; // double-sided (sides type 2)
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

std::shared_ptr<preview::Assets> demoAssets() {
    return std::make_shared<preview::Assets>(std::make_shared<const dat::DatFile>(
        dat::DatFile::open(QStringLiteral(PORTALKIT_DEMO_DAT))));
}

GltfFile exported(const preview::Assets& assets, std::uint32_t id,
                  const ModelExportOptions& options = {}) {
    return readGltf(exportModel(assets, id, options).bytes);
}

ModelExportOptions withMotion(std::uint32_t motion,
                              Interpolation interpolation = Interpolation::Linear) {
    ModelExportOptions options;
    options.motion = MotionRequest{motion, std::nullopt, 1};
    options.interpolation = interpolation;
    return options;
}

// A frame in glTF axes from a node's translation and rotation (x, y, z, w).
Frame gltfFrame(const QJsonArray& t, const QJsonArray& r) {
    return {Vec3(float(t[0].toDouble()), float(t[1].toDouble()), float(t[2].toDouble())),
            Quat(float(r[3].toDouble()), float(r[0].toDouble()), float(r[1].toDouble()),
                 float(r[2].toDouble()))};
}

// An AC object-space frame in glTF axes, for comparing with what the nodes compose to.
Frame inGltfAxes(const Frame& frame) {
    const auto o = gltfVector(frame.origin);
    const auto q = gltfQuaternion(unitOrIdentity(frame.orientation));
    return {Vec3(o[0], o[1], o[2]), Quat(q[3], q[0], q[1], q[2])};
}

bool sameFrame(const Frame& a, const Frame& b, float tolerance = 1e-4f) {
    const float dq =
        std::fabs(a.orientation.w * b.orientation.w + a.orientation.x * b.orientation.x +
                  a.orientation.y * b.orientation.y + a.orientation.z * b.orientation.z);
    return preview::length(a.origin - b.origin) < tolerance && std::fabs(dq - 1) < tolerance;
}

QString describe(const Frame& f) {
    return QStringLiteral("(%1 %2 %3 | %4 %5 %6 %7)")
        .arg(f.origin.x)
        .arg(f.origin.y)
        .arg(f.origin.z)
        .arg(f.orientation.w)
        .arg(f.orientation.x)
        .arg(f.orientation.y)
        .arg(f.orientation.z);
}

// Each node's parent (-1 for roots), from the children lists.
std::vector<int> parentsOf(const GltfFile& file) {
    std::vector<int> parents(std::size_t(file.count("nodes")), -1);
    for (int n = 0; n < file.count("nodes"); ++n)
        for (const QJsonValue& child : file.item("nodes", n)["children"].toArray())
            parents[std::size_t(child.toInt())] = n;
    return parents;
}

// A node's world frame, with its local frame (and its ancestors') at key `key` of the file's
// first animation when `key` >= 0, else from the nodes' own TRS.
Frame worldFrame(const GltfFile& file, int node, int key = -1) {
    const std::vector<int> parents = parentsOf(file);
    const auto local = [&](int n) {
        const QJsonObject object = file.item("nodes", n);
        QJsonArray t = object["translation"].toArray(), r = object["rotation"].toArray();
        if (t.isEmpty())
            t = QJsonArray{0, 0, 0};
        if (r.isEmpty())
            r = QJsonArray{0, 0, 0, 1};
        if (key >= 0 && file.count("animations")) {
            const QJsonObject animation = file.item("animations", 0);
            for (const QJsonValue& value : animation["channels"].toArray()) {
                const QJsonObject channel = value.toObject();
                const QJsonObject target = channel["target"].toObject();
                if (target["node"].toInt() != n)
                    continue;
                const QJsonObject sampler =
                    animation["samplers"].toArray()[channel["sampler"].toInt()].toObject();
                const std::vector<float> out = file.floats(sampler["output"].toInt());
                if (target["path"].toString() == "translation")
                    t = QJsonArray{out[std::size_t(key) * 3], out[std::size_t(key) * 3 + 1],
                                   out[std::size_t(key) * 3 + 2]};
                else if (target["path"].toString() == "rotation")
                    r = QJsonArray{out[std::size_t(key) * 4], out[std::size_t(key) * 4 + 1],
                                   out[std::size_t(key) * 4 + 2], out[std::size_t(key) * 4 + 3]};
            }
        }
        return gltfFrame(t, r);
    };
    Frame world = local(node);
    for (int p = parents[std::size_t(node)]; p >= 0; p = parents[std::size_t(p)])
        world = preview::compose(local(p), world);
    return world;
}

int nodeNamed(const GltfFile& file, const QString& name) {
    for (int n = 0; n < file.count("nodes"); ++n)
        if (file.item("nodes", n)["name"].toString() == name)
            return n;
    return -1;
}

QJsonObject materialNamed(const GltfFile& file, const QString& name) {
    for (int m = 0; m < file.count("materials"); ++m)
        if (file.item("materials", m)["name"].toString() == name)
            return file.item("materials", m);
    return {};
}

struct Counts {
    std::size_t vertices = 0;
    std::size_t triangles = 0;
};

// What the triangulation must give, counted straight from the polygons: (n − 2) triangles per
// drawn side (sides types 1 and 2 draw both), and one glTF vertex per distinct (side, surface,
// vertex, UV) corner.
Counts expectedCounts(const dat::GfxObj& gfx) {
    std::set<std::uint16_t> ids;
    for (const auto& vertex : gfx.vertices)
        ids.insert(vertex.id);
    std::set<std::tuple<bool, int, int, int>> corners;
    Counts counts;
    for (const auto& polygon : gfx.polygons) {
        const std::size_t n = polygon.vertexIds.size();
        bool complete = n >= 3;
        for (auto id : polygon.vertexIds)
            complete = complete && ids.count(std::uint16_t(id));
        if (!complete)
            continue;
        for (bool back : {false, true}) {
            if (back && polygon.sidesType != 1 && polygon.sidesType != 2)
                continue;
            const bool own = back && polygon.sidesType == 2;
            const auto& uvIndices = own ? polygon.negUVIndices : polygon.posUVIndices;
            counts.triangles += n - 2;
            for (std::size_t i = 0; i < n; ++i) {
                const auto& vertex =
                    *std::find_if(gfx.vertices.begin(), gfx.vertices.end(), [&](const auto& v) {
                        return v.id == std::uint16_t(polygon.vertexIds[i]);
                    });
                int uv = vertex.uvs.empty() ? -1 : 0;
                if (i < uvIndices.size() && uvIndices[i] < vertex.uvs.size())
                    uv = uvIndices[i];
                corners.insert({back, own ? polygon.negSurface : polygon.posSurface,
                                polygon.vertexIds[i], uv});
            }
        }
    }
    counts.vertices = corners.size();
    return counts;
}

Counts exportedCounts(const GltfFile& file, int mesh) {
    Counts counts;
    for (const QJsonValue& value : file.item("meshes", mesh)["primitives"].toArray()) {
        const QJsonObject primitive = value.toObject();
        counts.vertices +=
            file.item("accessors", primitive["attributes"].toObject()["POSITION"].toInt())["count"]
                .toInt();
        counts.triangles +=
            std::size_t(file.item("accessors", primitive["indices"].toInt())["count"].toInt() / 3);
    }
    return counts;
}

// The RenderSurface decoded as the material should show it, straight from the records.
QImage decodedTexture(const preview::Assets& assets, std::uint32_t surfaceId) {
    const auto* surface = assets.get<dat::Surface>(surfaceId);
    const auto* texture = assets.get<dat::SurfaceTexture>(surface->origTextureId);
    const auto* mip = assets.get<dat::RenderSurface>(texture->renderSurfaceIds.front());
    const std::uint32_t paletteId =
        surface->origPaletteId ? surface->origPaletteId : mip->defaultPaletteId;
    const auto* palette = mip->hasDefaultPalette() ? assets.get<dat::Palette>(paletteId) : nullptr;
    return dat::renderSurfaceImage(*mip, palette).convertToFormat(QImage::Format_RGBA8888);
}

// The validator passes `bytes` with no errors and no warnings. Call it last in a test: where
// the validator may be missing, its QSKIP ends only this helper.
void expectValidGltf(const QByteArray& bytes, const QString& suffix = "glb") {
    PORTALKIT_VALIDATE_GLTF(run, bytes, suffix);
    PORTALKIT_EXPECT_VALID(run);
}

} // namespace

class TestModelExport : public QObject {
    Q_OBJECT
    std::shared_ptr<preview::Assets> m_assets;

  private slots:
    void initTestCase() { m_assets = demoAssets(); }

    // --- axes -------------------------------------------------------------------------

    void axesTurnZUpIntoYUp() {
        // Up stays up, north (+Y, where a Setup faces) becomes −Z, east stays +X.
        QCOMPARE(gltfVector(Vec3(0, 0, 1)), (std::array<float, 3>{0, 1, 0}));
        QCOMPARE(gltfVector(Vec3(0, 1, 0)), (std::array<float, 3>{0, 0, -1}));
        QCOMPARE(gltfVector(Vec3(1, 0, 0)), (std::array<float, 3>{1, 0, 0}));
        // A rotation converts so that rotating then converting equals converting then rotating.
        const auto toVec = [](std::array<float, 3> a) { return Vec3(a[0], a[1], a[2]); };
        const auto toQuat = [](std::array<float, 4> q) { return Quat(q[3], q[0], q[1], q[2]); };
        const Vec3 axes[] = {{0, 0, 1}, {1, 0, 0}, {0.3f, -0.8f, 0.5f}};
        for (const Vec3& axis : axes)
            for (float angle : {0.4f, 1.9f, -2.7f}) {
                const Quat q = preview::fromAxisAngle(preview::normalized(axis) * angle);
                for (const Vec3& v : {Vec3(1, 2, 3), Vec3(-0.5f, 0, 4)}) {
                    const Vec3 expected = toVec(gltfVector(preview::rotate(q, v)));
                    const Vec3 got =
                        preview::rotate(toQuat(gltfQuaternion(q)), toVec(gltfVector(v)));
                    QVERIFY(preview::length(expected - got) < 1e-5f);
                }
            }
    }

    // --- the validator ----------------------------------------------------------------

    void validatorAcceptsEveryExport_data() {
        QTest::addColumn<quint32>("id");
        QTest::addColumn<bool>("motion");
        QTest::addColumn<bool>("step");
        QTest::addColumn<QString>("suffix");
        QTest::newRow("GfxObj pelvis") << quint32(kPelvis) << false << false << "glb";
        QTest::newRow("GfxObj double-sided spark")
            << quint32(kSparkQuad) << false << false << "glb";
        QTest::newRow("human") << quint32(kHuman) << false << false << "glb";
        QTest::newRow("human recall") << quint32(kHuman) << true << false << "glb";
        QTest::newRow("human recall, step") << quint32(kHuman) << true << true << "glb";
        QTest::newRow("human recall, .gltf") << quint32(kHuman) << true << false << "gltf";
        QTest::newRow("Flame Bolt (additive)") << quint32(kFlameBolt) << false << false << "glb";
        QTest::newRow("Frost Bolt (alpha, P8)") << quint32(kFrostBolt) << false << false << "glb";
        QTest::newRow("Force Bolt (colour)") << quint32(kForceBolt) << false << false << "glb";
    }
    void validatorAcceptsEveryExport() {
        QFETCH(quint32, id);
        QFETCH(bool, motion);
        QFETCH(bool, step);
        QFETCH(QString, suffix);
        ModelExportOptions options =
            motion ? withMotion(kRecall, step ? Interpolation::Step : Interpolation::Linear)
                   : ModelExportOptions{};
        options.container = suffix == "glb" ? Container::Glb : Container::Gltf;
        options.spheres = id >> 24 == 0x02;
        const ModelExport result = exportModel(*m_assets, id, options);
        QVERIFY2(result.warnings.isEmpty(), qPrintable(result.warnings.join('\n')));
        expectValidGltf(result.bytes, suffix);
    }

    void validatorAcceptsTranslucentAndClipMappedSurfaces() {
        // The human's one Surface made translucent, then a clip map, over the demo records.
        preview::Assets assets(*m_assets);
        dat::Surface skin = *assets.get<dat::Surface>(0x08000A06);
        skin.translucency = 0.25f;
        assets.add(skin);
        PORTALKIT_VALIDATE_GLTF(translucent, exportModel(assets, kHuman, {}).bytes, "glb");
        PORTALKIT_EXPECT_VALID(translucent);
        skin.translucency = 0;
        skin.type = dat::Surface::kBase1ClipMap;
        assets.add(skin);
        PORTALKIT_VALIDATE_GLTF(clipped, exportModel(assets, kHuman, {}).bytes, "glb");
        PORTALKIT_EXPECT_VALID(clipped);
    }

    // --- round trips ------------------------------------------------------------------

    void gfxObjVertexAndTriangleCounts_data() {
        QTest::addColumn<quint32>("id");
        for (std::uint32_t id : {kPelvis, 0x01000003u, kSparkQuad, 0x01000B03u, 0x01000B08u})
            QTest::newRow(qPrintable(dat::didJson(id))) << quint32(id);
    }
    void gfxObjVertexAndTriangleCounts() {
        QFETCH(quint32, id);
        const GltfFile file = exported(*m_assets, id);
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        QCOMPARE(file.count("meshes"), 1);
        const auto* gfx = m_assets->get<dat::GfxObj>(id);
        const Counts expected = expectedCounts(*gfx);
        const Counts written = exportedCounts(file, 0);
        QVERIFY(expected.triangles > 0);
        QCOMPARE(written.vertices, expected.vertices);
        QCOMPARE(written.triangles, expected.triangles);

        // Every position is a vertex origin in glTF axes, and POSITION's bounds are exact.
        std::set<std::array<float, 3>> origins;
        for (const auto& vertex : gfx->vertices)
            origins.insert(gltfVector(Vec3(vertex.origin)));
        for (const QJsonValue& value : file.item("meshes", 0)["primitives"].toArray()) {
            const int accessor = value.toObject()["attributes"].toObject()["POSITION"].toInt();
            const std::vector<float> positions = file.floats(accessor);
            float lowY = positions[1];
            for (std::size_t i = 0; i < positions.size(); i += 3) {
                QVERIFY(origins.count({positions[i], positions[i + 1], positions[i + 2]}));
                lowY = std::min(lowY, positions[i + 1]);
            }
            QCOMPARE(float(file.item("accessors", accessor)["min"].toArray()[1].toDouble()), lowY);
        }
    }

    void frontFacesWindCounterClockwiseAlongTheirNormals() {
        // In glTF the front of a triangle winds counter-clockwise; the demo meshes' vertex
        // normals point out of the front, so each triangle's winding normal must agree.
        const GltfFile file = exported(*m_assets, 0x01000003); // the head, a sphere
        for (const QJsonValue& value : file.item("meshes", 0)["primitives"].toArray()) {
            const QJsonObject primitive = value.toObject();
            const auto positions =
                file.floats(primitive["attributes"].toObject()["POSITION"].toInt());
            const auto normals = file.floats(primitive["attributes"].toObject()["NORMAL"].toInt());
            const auto indices = file.indices(primitive["indices"].toInt());
            const auto at = [&](const std::vector<float>& v, std::uint32_t i) {
                return Vec3(v[i * 3], v[i * 3 + 1], v[i * 3 + 2]);
            };
            for (std::size_t t = 0; t < indices.size(); t += 3) {
                const Vec3 a = at(positions, indices[t]), b = at(positions, indices[t + 1]),
                           c = at(positions, indices[t + 2]);
                const Vec3 winding = preview::cross(b - a, c - a);
                if (preview::length(winding) < 1e-9f)
                    continue; // a sphere's pole triangles may be degenerate
                QVERIFY(preview::dot(winding, at(normals, indices[t])) > 0);
            }
        }
    }

    void doubleSidedPolygonsGetBackFaces() {
        const GltfFile file = exported(*m_assets, kSparkQuad);
        const QJsonArray primitives = file.item("meshes", 0)["primitives"].toArray();
        QCOMPARE(primitives.size(), 2);
        QCOMPARE(primitives[0].toObject()["extras"].toObject()["side"].toString(),
                 QString("positive"));
        QCOMPARE(primitives[1].toObject()["extras"].toObject()["side"].toString(),
                 QString("negative"));
        const auto front =
            file.floats(primitives[0].toObject()["attributes"].toObject()["NORMAL"].toInt());
        const auto back =
            file.floats(primitives[1].toObject()["attributes"].toObject()["NORMAL"].toInt());
        QCOMPARE(front.size(), back.size());
        for (std::size_t i = 0; i < front.size(); ++i)
            QCOMPARE(back[i], -front[i]);
    }

    void setupHierarchyAndRestPose() {
        const GltfFile file = exported(*m_assets, kHuman);
        QVERIFY2(file.error.isEmpty(), qPrintable(file.error));
        const auto* setup = m_assets->get<dat::Setup>(kHuman);
        const int root = file.json["scenes"].toArray()[0].toObject()["nodes"].toArray()[0].toInt();
        QCOMPARE(file.item("nodes", root)["name"].toString(), QString("Setup 0x02000001"));
        const std::vector<int> parents = parentsOf(file);
        std::vector<int> partNode(setup->parts.size(), -1);
        for (int n = 0; n < file.count("nodes"); ++n) {
            const QJsonValue part = file.item("nodes", n)["extras"].toObject()["part"];
            if (!part.isUndefined())
                partNode[std::size_t(part.toInt())] = n;
        }
        // pelvis → torso → head/arms, pelvis → legs: the Setup's parent indices, node for node.
        const dat::AnimationFrame& placement = setup->placementFrames.front().second;
        for (std::size_t i = 0; i < setup->parts.size(); ++i) {
            QVERIFY(partNode[i] >= 0);
            const std::uint32_t parent = setup->parentIndices[i];
            QCOMPARE(parents[std::size_t(partNode[i])],
                     parent == 0xFFFFFFFF ? root : partNode[parent]);
            QCOMPARE(file.item("nodes", partNode[i])["mesh"].toInt(-1) >= 0, true);
            // The nodes compose back to the Default placement, in glTF axes.
            const Frame world = worldFrame(file, partNode[i]);
            const Frame expected = inGltfAxes(Frame(placement.parts[i]));
            QVERIFY2(sameFrame(world, expected),
                     qPrintable(QStringLiteral("part %1: %2, expected %3")
                                    .arg(i)
                                    .arg(describe(world), describe(expected))));
        }
        // Seven parts, one mesh each, one shared material.
        QCOMPARE(file.count("meshes"), 7);
        QCOMPARE(file.count("materials"), 1);
        QCOMPARE(file.count("animations"), 0);
    }

    void recallAnimationLengthAndFrames() {
        // The chain as the preview's own MotionTableManager resolves it.
        preview::Sequencer sequencer(*m_assets);
        preview::MotionTableManager manager(*m_assets, kHumanTable);
        manager.initializeState(sequencer);
        QVERIFY(manager.perform(kRecall, 1, sequencer).success);
        double duration = 0;
        for (const auto& node : sequencer.nodes())
            duration += (node.highFrame - node.lowFrame + 1) / std::fabs(double(node.framerate));
        QCOMPARE(sequencer.nodes().size(), std::size_t(2)); // recall, then the Ready cycle

        const GltfFile file = exported(*m_assets, kHuman, withMotion(kRecall));
        QCOMPARE(file.count("animations"), 1);
        const QJsonObject animation = file.item("animations", 0);
        QCOMPARE(animation["name"].toString(), QString("motion 0x10000153"));
        QCOMPARE(animation["channels"].toArray().size(), 7 * 2); // no root motion in the recall
        const int input = animation["samplers"].toArray()[0].toObject()["input"].toInt();
        const std::vector<float> times = file.floats(input);
        // 150 recall frames, 30 Ready frames, and the wrap key at the end.
        QCOMPARE(times.size(), std::size_t(150 + 30 + 1));
        QCOMPARE(times.front(), 0.0f);
        QVERIFY(std::fabs(times.back() - duration) < 1e-4);
        QVERIFY(std::fabs(file.item("accessors", input)["max"].toArray()[0].toDouble() - duration) <
                1e-4);
        QCOMPARE(animation["extras"].toObject()["duration"].toDouble(), duration);
        QCOMPARE(animation["samplers"].toArray()[0].toObject()["interpolation"].toString(),
                 QString("LINEAR"));

        // Each key poses the parts with the Animation frame the sequencer shows then.
        const auto* setup = m_assets->get<dat::Setup>(kHuman);
        const auto* recall = m_assets->get<dat::Animation>(kRecallAnimation);
        const auto* ready = m_assets->get<dat::Animation>(kReadyAnimation);
        for (int key : {0, 16, 17, 75, 149, 150, 165, 179, 180}) {
            const dat::AnimationFrame& shown =
                key < 150 ? recall->partFrames[std::size_t(key)]
                          : ready->partFrames[std::size_t(key == 180 ? 0 : key - 150)];
            for (std::size_t part = 0; part < setup->parts.size(); ++part) {
                const Frame world =
                    worldFrame(file,
                               nodeNamed(file, QStringLiteral("part %1 (GfxObj %2)")
                                                   .arg(part)
                                                   .arg(dat::didJson(setup->parts[part]))),
                               key);
                const Frame expected = inGltfAxes(Frame(shown.parts[part]));
                QVERIFY2(sameFrame(world, expected),
                         qPrintable(QStringLiteral("key %1 part %2: %3, expected %4")
                                        .arg(key)
                                        .arg(part)
                                        .arg(describe(world), describe(expected))));
            }
        }

        // The recall's hooks, at the moment their frame is left (docs/animation.md).
        const QJsonArray hooks = animation["extras"].toObject()["hooks"].toArray();
        QCOMPARE(hooks.size(), 5);
        const int frames[] = {16, 16, 46, 76, 116};
        for (int i = 0; i < 5; ++i) {
            const QJsonObject hook = hooks[i].toObject();
            QCOMPARE(hook["frame"].toInt(), frames[i]);
            QVERIFY(std::fabs(hook["time"].toDouble() - (frames[i] + 1) / double(9.96f)) < 1e-9);
        }
        QCOMPARE(hooks[0].toObject()["hook"].toObject()["type"].toString(),
                 QString("CreateParticle"));
    }

    void stepInterpolationHoldsFrames() {
        const GltfFile file = exported(*m_assets, kHuman, withMotion(kRecall, Interpolation::Step));
        for (const QJsonValue& sampler : file.item("animations", 0)["samplers"].toArray())
            QCOMPARE(sampler.toObject()["interpolation"].toString(), QString("STEP"));
    }

    void styleIsPerformedFirst() {
        // NonCombat is the table's default style: performing it first changes nothing.
        ModelExportOptions options = withMotion(kRecall);
        options.motion->style = 0x8000003D;
        const GltfFile file = exported(*m_assets, kHuman, options);
        QCOMPARE(file.item("animations", 0)["extras"].toObject()["style"].toString(),
                 QString("0x8000003D"));
        QCOMPARE(file.item("animations", 0)["extras"].toObject()["chain"].toArray().size(), 2);
    }

    void embeddedPngsAreTheDecodedTextures_data() {
        QTest::addColumn<quint32>("setup");
        QTest::addColumn<quint32>("surface");
        QTest::newRow("R8G8B8 skin") << quint32(kHuman) << quint32(0x08000A06);
        QTest::newRow("DXT5 flame") << quint32(kFlameBolt) << quint32(0x08000A05);
        QTest::newRow("P8 frost, palette") << quint32(kFrostBolt) << quint32(0x08000A03);
        QTest::newRow("A8R8G8B8 wisp") << quint32(0x02000002) << quint32(0x08000A01);
        QTest::newRow("DXT1 arrow") << quint32(kArrow) << quint32(0x08000A04);
    }
    void embeddedPngsAreTheDecodedTextures() {
        QFETCH(quint32, setup);
        QFETCH(quint32, surface);
        const GltfFile file = exported(*m_assets, setup);
        const QJsonObject material = materialNamed(file, "Surface " + dat::didJson(surface));
        QVERIFY(!material.isEmpty());
        const QImage embedded = file.baseColorImage(material);
        QVERIFY(!embedded.isNull());
        QCOMPARE(embedded, decodedTexture(*m_assets, surface));
        QCOMPARE(file.item("images", 0)["mimeType"].toString(), QString("image/png"));
    }

    void alphaModesFollowTheSurfaceBits() {
        // Image only: opaque, no alphaMode written (OPAQUE is glTF's default).
        QJsonObject human = materialNamed(exported(*m_assets, kHuman), "Surface 0x08000A06");
        QVERIFY(!human.contains("alphaMode"));
        // Additive and luminous: BLEND, said to be additive, lit by emission.
        QJsonObject flame = materialNamed(exported(*m_assets, kFlameBolt), "Surface 0x08000A05");
        QCOMPARE(flame["alphaMode"].toString(), QString("BLEND"));
        QCOMPARE(flame["extras"].toObject()["blend"].toString(), QString("additive"));
        QCOMPARE(flame["emissiveFactor"].toArray(), (QJsonArray{1, 1, 1}));
        QVERIFY(flame.contains("emissiveTexture"));
        // The Alpha bit: BLEND.
        QJsonObject frost = materialNamed(exported(*m_assets, kFrostBolt), "Surface 0x08000A03");
        QCOMPARE(frost["alphaMode"].toString(), QString("BLEND"));
        // A solid colour: its sRGB bytes linearised into baseColorFactor, no texture.
        QJsonObject force = materialNamed(exported(*m_assets, kForceBolt), "Surface 0x08000B07");
        const QJsonArray factor =
            force["pbrMetallicRoughness"].toObject()["baseColorFactor"].toArray();
        QCOMPARE(float(factor[0].toDouble()), linearFromSrgb(0xB0));
        QCOMPARE(float(factor[1].toDouble()), linearFromSrgb(0x70));
        QCOMPARE(float(factor[2].toDouble()), 1.0f);
        QCOMPARE(factor[3].toDouble(), 1.0);
        QVERIFY(!force["pbrMetallicRoughness"].toObject().contains("baseColorTexture"));
        QVERIFY(!force.contains("alphaMode"));

        // Translucency fades baseColorFactor's alpha and blends; a clip map is alpha-tested.
        preview::Assets assets(*m_assets);
        dat::Surface skin = *assets.get<dat::Surface>(0x08000A06);
        skin.translucency = 0.25f;
        assets.add(skin);
        QJsonObject faded = materialNamed(exported(assets, kHuman), "Surface 0x08000A06");
        QCOMPARE(faded["alphaMode"].toString(), QString("BLEND"));
        QCOMPARE(
            faded["pbrMetallicRoughness"].toObject()["baseColorFactor"].toArray()[3].toDouble(),
            0.75);
        skin.translucency = 0;
        skin.type = dat::Surface::kBase1ClipMap;
        assets.add(skin);
        QJsonObject clipped = materialNamed(exported(assets, kHuman), "Surface 0x08000A06");
        QCOMPARE(clipped["alphaMode"].toString(), QString("MASK"));
        QCOMPARE(clipped["alphaCutoff"].toDouble(), 0.5);
    }

    void spheresBecomeEmptyNodes() {
        ModelExportOptions options;
        options.spheres = true;
        const GltfFile file = exported(*m_assets, kHuman, options);
        const auto* setup = m_assets->get<dat::Setup>(kHuman);
        for (std::size_t i = 0; i < setup->spheres.size(); ++i) {
            const int node = nodeNamed(file, QStringLiteral("sphere %1").arg(i));
            QVERIFY(node >= 0);
            const QJsonObject object = file.item("nodes", node);
            QVERIFY(!object.contains("mesh"));
            const auto centre = gltfVector(Vec3(setup->spheres[i].center));
            QCOMPARE(object["translation"].toArray(),
                     (QJsonArray{centre[0], centre[1], centre[2]}));
            const double r = setup->spheres[i].radius;
            QCOMPARE(object["scale"].toArray(), (QJsonArray{r, r, r}));
            QCOMPARE(object["extras"].toObject()["kind"].toString(), QString("sphere"));
        }
        QVERIFY(nodeNamed(file, "selection sphere") >= 0);
        QCOMPARE(nodeNamed(exported(*m_assets, kHuman), "sphere 0"), -1);
    }

    // --- errors and hostile records ------------------------------------------------------

    void aSetupNamingAMissingGfxObjNamesBoth() {
        preview::Assets assets(*m_assets);
        dat::Setup setup;
        setup.id = 0x02000F02;
        setup.parts = {kPelvis, 0x01000FFF};
        assets.add(setup);
        try {
            exportModel(assets, 0x02000F02, {});
            QFAIL("exported a Setup with a missing part");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.did().value_or(0), 0x02000F02u);
            QCOMPARE(QString::fromStdString(error.field()), QString("setup.parts[1]"));
            QVERIFY2(QString(error.what()).contains("0x01000FFF"), error.what());
        }
    }

    void motionErrorsNameTheRecord() {
        try {
            exportModel(*m_assets, kArrow, withMotion(kRecall));
            QFAIL("a Setup without a MotionTable played a motion");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.did().value_or(0), kArrow);
        }
        try {
            exportModel(*m_assets, kHuman, withMotion(0x10000999));
            QFAIL("an unknown motion resolved");
        } catch (const dat::DatError& error) {
            QCOMPARE(error.did().value_or(0), kHumanTable);
            QVERIFY2(QString(error.what()).contains("0x10000999"), error.what());
        }
        QVERIFY_THROWS_EXCEPTION(dat::DatError, exportModel(*m_assets, 0x02000FFF, {}));
    }

    void optionsThatDoNotApplyAreRefused() {
        QVERIFY_THROWS_EXCEPTION(ExportError, exportModel(*m_assets, 0x06000A01, {}));
        QVERIFY_THROWS_EXCEPTION(ExportError, exportModel(*m_assets, kPelvis, withMotion(kRecall)));
        QTemporaryDir dir;
        QVERIFY_THROWS_EXCEPTION(
            ExportError, exportModelToFile(*m_assets, kHuman, dir.filePath("human.obj"), {}));
        QVERIFY_THROWS_EXCEPTION(
            ExportError,
            exportModelToFile(*m_assets, kHuman, dir.filePath("no/such/dir/h.glb"), {}));
    }

    void writesTheContainerTheSuffixNames() {
        QTemporaryDir dir;
        ModelExportOptions options;
        options.container = Container::Gltf; // the suffix wins
        QVERIFY(exportModelToFile(*m_assets, kHuman, dir.filePath("human.GLB"), options).isEmpty());
        QFile glb(dir.filePath("human.GLB"));
        QVERIFY(glb.open(QIODevice::ReadOnly));
        QVERIFY(glb.read(4) == "glTF");
        exportModelToFile(*m_assets, kHuman, dir.filePath("human.gltf"), {});
        QFile gltf(dir.filePath("human.gltf"));
        QVERIFY(gltf.open(QIODevice::ReadOnly));
        const GltfFile file = readGltf(gltf.readAll());
        QVERIFY(file.error.isEmpty());
        QCOMPARE(file.count("meshes"), 7);
    }

    void absurdFramerateStillGivesIncreasingKeys() {
        // The Ready cycle at 10^9 frames/s after 15 s of recall: its frames are closer than a
        // float can tell apart at that time.
        preview::Assets assets(*m_assets);
        dat::MotionTable table = *assets.get<dat::MotionTable>(kHumanTable);
        table.cycles.front().motion.anims.front().framerate = 1e9f;
        assets.add(table);
        const ModelExport result = exportModel(assets, kHuman, withMotion(kRecall));
        const GltfFile file = readGltf(result.bytes);
        const std::vector<float> times = file.floats(
            file.item("animations", 0)["samplers"].toArray()[0].toObject()["input"].toInt());
        for (std::size_t k = 1; k < times.size(); ++k)
            QVERIFY(times[k] > times[k - 1]);
        expectValidGltf(result.bytes);
    }

    void aSetupWithoutPartsGetsNoAnimation() {
        preview::Assets assets(*m_assets);
        dat::Setup empty;
        empty.id = 0x02000F03;
        empty.defaultMotionTable = kHumanTable;
        assets.add(empty);
        const ModelExport result = exportModel(assets, 0x02000F03, withMotion(kRecall));
        QVERIFY(result.warnings.join('\n').contains("no animation written"));
        QCOMPARE(readGltf(result.bytes).count("animations"), 0);
        expectValidGltf(result.bytes);
    }

    void hostileRecordsExportWithWarnings() {
        preview::Assets assets(*m_assets);
        dat::GfxObj gfx;
        gfx.id = 0x01000F01;
        gfx.flags = dat::GfxObj::kHasDrawing;
        gfx.surfaces = {0x08000A06, 0x08000FFF}; // the second Surface is not in the DAT
        const auto vertex = [](std::uint16_t id, Vec3 origin, Vec3 normal) {
            dat::GfxObj::Vertex v;
            v.id = id;
            v.origin = {origin.x, origin.y, origin.z};
            v.normal = {normal.x, normal.y, normal.z};
            v.uvs = {{kNaN, 0.5f}};
            return v;
        };
        gfx.vertices = {vertex(0, {0, 0, 0}, {0, 0, 0}), vertex(1, {1, 0, 0}, {kNaN, 0, 1}),
                        vertex(2, {0, 1, 0}, {0, 0, 1e30f}), vertex(3, {kNaN, 0, 0}, {0, 0, 1}),
                        vertex(4, {0, 0, 1}, {0, 0, 1})};
        gfx.vertices[4].uvs.clear();
        const auto polygon = [](std::vector<std::int16_t> ids, std::int16_t surface, int sides) {
            dat::GfxObj::Polygon p;
            p.vertexIds = std::move(ids);
            p.posSurface = surface;
            p.negSurface = surface;
            p.sidesType = sides;
            p.posUVIndices = {0, 7, 0};
            return p;
        };
        gfx.polygons = {polygon({0, 1, 2}, 0, 1),  polygon({0, 1, 3}, 0, 0),
                        polygon({0, 1, 99}, 0, 0), polygon({0, 2, 4}, 5, 0),
                        polygon({0, 4, 1}, 1, 2),  polygon({0, 1}, 0, 0)};
        assets.add(gfx);

        dat::Setup setup;
        setup.id = 0x02000F01;
        setup.flags = dat::Setup::kHasParent | dat::Setup::kHasDefaultScale;
        setup.parts = {0x01000F01, 0x01000F01, kPelvis, kPelvis};
        setup.parentIndices = {1, 0, 7, 2};
        setup.defaultScales = {{kNaN, 1, 1}, {2, 2, 2}, {1, 1, 1}, {0, 0, 0}};
        dat::AnimationFrame placement;
        placement.parts = {dat::Frame{{kNaN, 0, 0}, {1, 0, 0, 0}},
                           dat::Frame{{0, 0, 1}, {0, 0, 0, 0}},
                           dat::Frame{{0, 0, 2}, {kNaN, 0, 0, 0}}};
        setup.placementFrames = {{0, placement}};
        setup.spheres = {{{kNaN, 0, 0}, 1}, {{0, 0, 0}, -1}, {{0, 0, 1}, 0.5f}};
        setup.selectionSphere = {{0, 0, 0}, kNaN};
        assets.add(setup);

        ModelExportOptions options;
        options.spheres = true;
        const ModelExport result = exportModel(assets, 0x02000F01, options);
        const QString warnings = result.warnings.join('\n');
        for (const char* expected :
             {"polygons name vertices", "non-finite positions", "surface 5 of 2", "0x08000FFF",
              "parents loop", "parent 7 of 4", "non-finite default scale"})
            QVERIFY2(warnings.contains(expected), qPrintable(expected + ("\nin:\n" + warnings)));
        expectValidGltf(result.bytes);
    }
};

QTEST_GUILESS_MAIN(TestModelExport)
#include "tst_model_export.moc"
