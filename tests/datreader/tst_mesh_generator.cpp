// The mesh generator: closed, consistently wound meshes that round-trip, shapes that span their
// spec, determinism, and errors that name the spec path and DID.

#include "generator_test_support.h"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

V position(const GfxObj& g, std::int16_t vertexId) {
    return of(g.vertices[std::size_t(vertexId)].origin);
}

// Newell's normal: the polygon's area-weighted normal, pointing where its winding is
// counter-clockwise.
V windingNormal(const GfxObj& g, const GfxObj::Polygon& polygon) {
    V n;
    const std::size_t count = polygon.vertexIds.size();
    for (std::size_t i = 0; i < count; ++i) {
        const V a = position(g, polygon.vertexIds[i]);
        const V b = position(g, polygon.vertexIds[(i + 1) % count]);
        n = n + V{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
    }
    return n;
}

struct Box {
    V low{1e30, 1e30, 1e30}, high{-1e30, -1e30, -1e30};
};

Box bounds(const GfxObj& g) {
    Box box;
    for (const auto& vertex : g.vertices) {
        const V p = of(vertex.origin);
        box.low = {std::min(box.low.x, p.x), std::min(box.low.y, p.y), std::min(box.low.z, p.z)};
        box.high = {std::max(box.high.x, p.x), std::max(box.high.y, p.y),
                    std::max(box.high.z, p.z)};
    }
    return box;
}

// Positions on a fine grid, so vertices duplicated for their own normals or UVs meet.
using Point = std::array<long, 3>;
Point key(V p) {
    return {std::lround(p.x * 1e5), std::lround(p.y * 1e5), std::lround(p.z * 1e5)};
}

// Closed and consistently wound: every directed edge is met exactly once, reversed, by
// another polygon.
bool isClosed(const GfxObj& g) {
    std::map<std::pair<Point, Point>, int> edges;
    for (const auto& polygon : g.polygons) {
        const std::size_t count = polygon.vertexIds.size();
        for (std::size_t i = 0; i < count; ++i)
            ++edges[{key(position(g, polygon.vertexIds[i])),
                     key(position(g, polygon.vertexIds[(i + 1) % count]))}];
    }
    for (const auto& [edge, uses] : edges) {
        const auto reverse = edges.find({edge.second, edge.first});
        if (uses != 1 || reverse == edges.end() || reverse->second != 1)
            return false;
    }
    return true;
}

} // namespace

class TestMeshGenerator : public QObject {
    Q_OBJECT
  private slots:
    void everyShapeIsAValidClosedDrawingMesh_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("polygons");
        QTest::addColumn<bool>("closed");
        QTest::newRow("box") << QString(R"({"shape": "box", "surface": "0x08000001"})") << 6
                             << true;
        QTest::newRow("quad") << QString(R"({"shape": "quad", "surface": "0x08000001"})") << 1
                              << false;
        // segments × rings: triangle fans at the poles, quads between.
        QTest::newRow("sphere") << QString(R"({"shape": "sphere", "surface": "0x08000001"})")
                                << 12 * 8 << true;
        // side quads and two cap fans.
        QTest::newRow("cylinder") << QString(R"({"shape": "cylinder", "segments": 10,
                                         "surface": "0x08000001"})")
                                  << 3 * 10 << true;
        QTest::newRow("cone") << QString(
                                     R"({"shape": "cone", "segments": 7, "surface": "0x08000001"})")
                              << 2 * 7 << true;
        // shaft side, back cap, head underside ring, head side.
        QTest::newRow("arrow") << QString(R"({"shape": "arrow", "surface": "0x08000001"})")
                               << 4 * 12 << true;
        QTest::newRow("ring")
            << QString(R"({"shape": "ring", "segments": 32, "surface": "0x08000001"})") << 32
            << false;
        QTest::newRow("sphere, 3 segments, 2 rings")
            << QString(R"({"shape": "sphere", "segments": 3, "rings": 2, "surface": "0x08000001"})")
            << 3 * 2 << true;
    }
    void everyShapeIsAValidClosedDrawingMesh() {
        QFETCH(QString, json);
        QFETCH(int, polygons);
        QFETCH(bool, closed);
        const GfxObj g = mesh(json.toUtf8().constData());

        QCOMPARE(g.id, kMeshDid);
        QCOMPARE(g.flags, GfxObj::kHasDrawing);
        QCOMPARE(g.surfaces, std::vector<std::uint32_t>{0x08000001});
        QCOMPARE(int(g.polygons.size()), polygons);
        QVERIFY(GfxObj::decode(g.encode(), kMeshDid) == g);
        QCOMPARE(isClosed(g), closed);

        for (std::size_t i = 0; i < g.vertices.size(); ++i) {
            const auto& vertex = g.vertices[i];
            QCOMPARE(vertex.id, std::uint16_t(i));
            QVERIFY(std::abs(norm(of(vertex.normal)) - 1) < 1e-5);
            QCOMPARE(vertex.uvs.size(), std::size_t(1));
        }
        for (std::size_t i = 0; i < g.polygons.size(); ++i) {
            const auto& polygon = g.polygons[i];
            QCOMPARE(polygon.id, std::uint16_t(i));
            QVERIFY(polygon.vertexIds.size() == 3 || polygon.vertexIds.size() == 4);
            QCOMPARE(polygon.sidesType, 0);
            QCOMPARE(polygon.stippling, std::uint8_t(0));
            QCOMPARE(polygon.posSurface, std::int16_t(0));
            QCOMPARE(polygon.negSurface, std::int16_t(-1));
            QCOMPARE(polygon.posUVIndices, std::vector<std::uint8_t>(polygon.vertexIds.size(), 0));
            // The front (counter-clockwise) side faces where the vertex normals point.
            V normals;
            for (std::int16_t id : polygon.vertexIds) {
                QVERIFY(id >= 0 && std::size_t(id) < g.vertices.size());
                normals = normals + of(g.vertices[std::size_t(id)].normal);
            }
            QVERIFY2(dot(windingNormal(g, polygon), normals) > 0,
                     qPrintable(QString("polygon %1 is wound backwards").arg(i)));
        }

        // Sort centre and drawing BSP: one node holding every polygon once, within its sphere.
        const Box box = bounds(g);
        QVERIFY(near(of(g.sortCenter), V{(box.low.x + box.high.x) / 2, (box.low.y + box.high.y) / 2,
                                         (box.low.z + box.high.z) / 2}));
        QCOMPARE(g.drawingBsp.nodes.size(), std::size_t(2));
        const BspNode& root = g.drawingBsp.nodes[0];
        QVERIFY(bspNodeKind(root.tag) == BspNodeKind::Internal);
        QVERIFY(bspNodeKind(g.drawingBsp.nodes[1].tag) == BspNodeKind::Leaf);
        std::vector<std::uint16_t> all(g.polygons.size());
        std::iota(all.begin(), all.end(), std::uint16_t(0));
        QCOMPARE(root.polygons, all);
        for (const auto& vertex : g.vertices) {
            QVERIFY(norm(of(vertex.origin) - of(root.boundingSphere.center)) <=
                    root.boundingSphere.radius);
            // every vertex on the positive side of the node's plane
            QVERIFY(dot(of(vertex.origin), of(root.splittingPlane.normal)) +
                        root.splittingPlane.d >=
                    0);
        }
        QVERIFY(g.physicsPolygons.empty() && g.physicsBsp.nodes.empty());
    }

    void boxSpansItsSizeAroundItsOrigin() {
        const GfxObj g = mesh(R"({"shape": "box", "size": [2, 3, 4], "origin": [1, 0, -1],
                                  "surface": "0x08000001"})");
        const Box box = bounds(g);
        QVERIFY(near(box.low, {0, -1.5, -3}));
        QVERIFY(near(box.high, {2, 1.5, 1}));
        QVERIFY(near(of(g.sortCenter), {1, 0, -1}));
        QCOMPARE(g.vertices.size(), std::size_t(24)); // each face its own normals and UVs
    }

    void quadIsTheBillboardFacingMinusY() {
        const GfxObj g = mesh(R"({"shape": "quad", "size": [2, 9, 0.5], "surface": "0x08000001"})");
        const Box box = bounds(g);
        QVERIFY(near(box.low, {-1, 0, -0.25}));
        QVERIFY(near(box.high, {1, 0, 0.25}));
        for (const auto& vertex : g.vertices)
            QVERIFY(near(of(vertex.normal), {0, -1, 0}));
        const V facing = windingNormal(g, g.polygons[0]);
        QVERIFY(facing.y < 0 && std::abs(facing.x) < 1e-6 && std::abs(facing.z) < 1e-6);
    }

    void roundShapesSpanTheirRadiusAndLength() {
        const Box sphere = bounds(mesh(R"({"shape": "sphere", "radius": 2, "origin": [0, 0, 5],
                                          "surface": "0x08000001"})"));
        QVERIFY(near(sphere.low, {-2, -2, 3}));
        QVERIFY(near(sphere.high, {2, 2, 7}));

        // From the origin to +length along the axis; radius across it.
        const Box cylinder =
            bounds(mesh(R"({"shape": "cylinder", "radius": 0.5, "length": 2, "axis": "x",
                            "origin": [0, 0, 1], "surface": "0x08000001"})"));
        QVERIFY(near(cylinder.low, {0, -0.5, 0.5}));
        QVERIFY(near(cylinder.high, {2, 0.5, 1.5}));

        const Box ring = bounds(mesh(R"({"shape": "ring", "radius": 3, "innerRadius": 2,
                                         "axis": "y", "surface": "0x08000001"})"));
        QVERIFY(near(ring.low, {-3, 0, -3}));
        QVERIFY(near(ring.high, {3, 0, 3}));
    }

    void arrowPointsAlongPlusAxis_data() {
        QTest::addColumn<QString>("axis");
        QTest::addColumn<int>("component");
        QTest::newRow("x") << QString("x") << 0;
        QTest::newRow("y") << QString("y") << 1;
        QTest::newRow("z") << QString("z") << 2;
    }
    void arrowPointsAlongPlusAxis() {
        QFETCH(QString, axis);
        QFETCH(int, component);
        const QByteArray json = QStringLiteral(R"({"shape": "arrow", "length": 2, "axis": "%1",
                                                   "surface": "0x08000001"})")
                                    .arg(axis)
                                    .toUtf8();
        const GfxObj g = mesh(json.constData());
        const auto along = [&](V p) { return component == 0 ? p.x : component == 1 ? p.y : p.z; };
        const auto across = [&](V p) { return std::sqrt(dot(p, p) - along(p) * along(p)); };
        V tip{-1, -1, -1}, widest;
        for (const auto& vertex : g.vertices) {
            const V p = of(vertex.origin);
            QVERIFY(along(p) >= -1e-6 && along(p) <= 2 + 1e-6);
            if (along(p) > along(tip))
                tip = p;
            if (across(p) > across(widest) + 1e-6)
                widest = p;
        }
        QVERIFY(std::abs(along(tip) - 2) < 1e-6);
        QVERIFY2(across(tip) < 1e-6, "the tip is off the axis");
        QVERIFY2(along(widest) > 1, "the head (the widest part) is not at the front");
    }

    void doubleSidedPolygonsDrawTheirBackWithTheSameSurface() {
        const GfxObj g = mesh(R"({"shape": "ring", "doubleSided": true, "surface": "0x08000001"})");
        for (const auto& polygon : g.polygons) {
            QCOMPARE(polygon.sidesType, GfxObj::kSidesClockwise);
            QVERIFY(polygon.storesNegUVIndices());
            QCOMPARE(polygon.negSurface, std::int16_t(0));
            QCOMPARE(polygon.negUVIndices, polygon.posUVIndices);
        }
        QVERIFY(GfxObj::decode(g.encode(), kMeshDid) == g);
    }

    void uvScaleStretchesTheUVs() {
        const GfxObj g = mesh(R"({"shape": "box", "uvScale": 4, "surface": "0x08000001"})");
        float highest = 0;
        for (const auto& vertex : g.vertices)
            highest = std::max({highest, vertex.uvs[0].u, vertex.uvs[0].v});
        QCOMPARE(highest, 4.0f);
    }

    void meshesAreDeterministic() {
        const char* json = R"({"shape": "sphere", "segments": 17, "rings": 9, "radius": 0.3,
                               "axis": "y", "origin": [1, 2, 3], "surface": "0x08000001"})";
        QCOMPARE(mesh(json).encode(), mesh(json).encode());
    }

    void badMeshSpecsNameTheirPath_data() {
        addBadSpecColumns();
        const auto row = [](const char* name, const QString& json, const char* path) {
            QTest::newRow(name) << json << QString(path);
        };
        // Most specs are bad in one field and otherwise name a good surface.
        const auto onSurface = [](const char* fields) {
            return QString("{%1, \"surface\": \"0x08000001\"}").arg(QLatin1String(fields));
        };
        row("unknown shape", onSurface(R"("shape": "torus")"), "mesh.shape");
        row("no surface", R"({"shape": "box"})", "mesh.surface");
        row("not a surface", R"({"shape": "box", "surface": "0x06000001"})", "mesh.surface");
        row("too many segments", onSurface(R"("shape": "cone", "segments": 1000)"),
            "mesh.segments");
        row("too few segments", onSurface(R"("shape": "cone", "segments": 2)"), "mesh.segments");
        row("too many rings", onSurface(R"("shape": "sphere", "rings": 65)"), "mesh.rings");
        row("flat box", onSurface(R"("shape": "box", "size": [1, 0, 1])"), "mesh.size[1]");
        row("short size", onSurface(R"("shape": "box", "size": [1, 1])"), "mesh.size");
        row("negative radius", onSurface(R"("shape": "sphere", "radius": -1)"), "mesh.radius");
        row("inner radius too big", onSurface(R"("shape": "ring", "radius": 1, "innerRadius": 1)"),
            "mesh.innerRadius");
        row("unknown axis", onSurface(R"("shape": "arrow", "axis": "w")"), "mesh.axis");
        row("infinite origin", onSurface(R"("shape": "box", "origin": [0, "inf", 0])"),
            "mesh.origin[1]");
        row("double sided not a bool", onSurface(R"("shape": "box", "doubleSided": 1)"),
            "mesh.doubleSided");
    }
    void badMeshSpecsNameTheirPath() {
        badSpecFailsAt([](const char* text) { mesh(text); }, kMeshDid);
    }
};

QTEST_GUILESS_MAIN(TestMeshGenerator)
#include "tst_mesh_generator.moc"
