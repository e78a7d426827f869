// Procedural generators: properties of what they make (closed, consistently wound meshes that
// round-trip; textures that decode back to their pattern in every format; palettes, tones and
// animations that match their spec), determinism, and errors that name the spec path and DID.

#include "datreader/authoring/generators.h"
#include "datreader/imaging/surface_image.h"
#include "support/le_bytes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <map>
#include <numbers>
#include <numeric>

using namespace portalkit;
using namespace portalkit::dat;
using authoring::generateAnimation;
using authoring::generateMesh;
using authoring::generatePalette;
using authoring::generateTexture;
using authoring::generateTone;

namespace {

constexpr std::uint32_t kMeshDid = 0x01000042;
constexpr std::uint32_t kTextureDid = 0x06000042;
constexpr std::uint32_t kPaletteDid = 0x04000042;
constexpr std::uint32_t kWaveDid = 0x0A000042;
constexpr std::uint32_t kAnimationDid = 0x03000042;

// A spec as a source file would give it: JSON text, read under `root`.
JsonNode spec(const char* json, const char* root, std::uint32_t did) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad test JSON: %s", qPrintable(error.errorString()));
    return JsonNode(document.object(), root, did);
}

GfxObj mesh(const char* json) {
    return generateMesh(spec(json, "mesh", kMeshDid), kMeshDid);
}

RenderSurface texture(const QJsonObject& object, const Palette* palette = nullptr) {
    return generateTexture(JsonNode(object, "texture", kTextureDid), kTextureDid, palette);
}

Palette palette(const QJsonObject& object) {
    return generatePalette(JsonNode(object, "palette", kPaletteDid), kPaletteDid);
}

Wave tone(const char* json) {
    return generateTone(spec(json, "tone", kWaveDid), kWaveDid);
}

Animation animation(const char* json) {
    return generateAnimation(spec(json, "anim", kAnimationDid), kAnimationDid);
}

// `fn` must fail through JsonNode: the field is the spec path, the DID the entry's.
template <typename Fn> bool failsAt(Fn&& fn, const std::string& path, std::uint32_t did) {
    const DatError error = testing::expectDatError(std::forward<Fn>(fn));
    [&] {
        QVERIFY2(error.field() == path, error.what());
        QVERIFY2(error.did() == did, error.what());
        QVERIFY2(testing::mentions(error, formatDid(did)), error.what());
    }();
    return !QTest::currentTestFailed();
}

// --- geometry ---

struct V {
    double x = 0, y = 0, z = 0;
};
V operator-(V a, V b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
V operator+(V a, V b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
double dot(V a, V b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
double norm(V a) {
    return std::sqrt(dot(a, a));
}
V of(const Vec3& v) {
    return {v.x, v.y, v.z};
}

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

bool near(V a, V b, double tolerance = 1e-5) {
    return norm(a - b) <= tolerance;
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

// --- pixels ---

using Pixel = std::array<int, 4>;

Pixel pixelAt(const QImage& image, int x, int y) {
    const std::uint8_t* p = image.constScanLine(y) + 4 * x;
    return {p[0], p[1], p[2], p[3]};
}

QString describe(const Pixel& p) {
    return QString::asprintf("(%d, %d, %d, %d)", p[0], p[1], p[2], p[3]);
}

// The levels an n-bit channel can show after surface_image widens it by bit replication.
std::vector<int> shownLevels(int bits) {
    std::vector<int> levels;
    for (int level = 0; level < (1 << bits); ++level)
        levels.push_back(bits == 4 ? level * 17
                                   : (level << (8 - bits)) | (level >> (2 * bits - 8)));
    return levels;
}

// Whether `shown` is as close to `wanted` as any level the channel could show.
bool isNearestLevel(int shown, int wanted, const std::vector<int>& levels) {
    for (int level : levels)
        if (std::abs(level - wanted) < std::abs(shown - wanted))
            return false;
    return std::find(levels.begin(), levels.end(), shown) != levels.end();
}

int distance2(const Pixel& a, const Pixel& b) {
    int sum = 0;
    for (std::size_t c = 0; c < 4; ++c)
        sum += (a[c] - b[c]) * (a[c] - b[c]);
    return sum;
}

Pixel fromArgb(std::uint32_t argb) {
    return {int(argb >> 16 & 0xFF), int(argb >> 8 & 0xFF), int(argb & 0xFF), int(argb >> 24)};
}

Pixel rgba(const char* hex) {
    const QString text(hex);
    Pixel p;
    for (int c = 0; c < 4; ++c)
        p[std::size_t(c)] = text.mid(1 + 2 * c, 2).toInt(nullptr, 16);
    return p;
}

// --- sound ---

std::vector<std::int16_t> samplesOf(const Wave& wave) {
    std::vector<std::int16_t> samples;
    for (std::size_t i = 0; i + 1 < wave.data.size(); i += 2)
        samples.push_back(std::int16_t(wave.data[i] | wave.data[i + 1] << 8));
    return samples;
}

int signChanges(const std::vector<std::int16_t>& samples, std::size_t from, std::size_t to) {
    int changes = 0;
    int previous = 0;
    for (std::size_t i = from; i < to; ++i) {
        const int sign = samples[i] > 0 ? 1 : samples[i] < 0 ? -1 : 0;
        if (sign != 0 && previous != 0 && sign != previous)
            ++changes;
        if (sign != 0)
            previous = sign;
    }
    return changes;
}

std::uint32_t le32(const QByteArray& bytes, int at) {
    return std::uint8_t(bytes[at]) | std::uint8_t(bytes[at + 1]) << 8 |
           std::uint8_t(bytes[at + 2]) << 16 | std::uint32_t(std::uint8_t(bytes[at + 3])) << 24;
}

// --- rotations ---

double quatNorm(const Quat& q) {
    return std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
}

// Equal as rotations: q and -q turn the same way.
bool sameRotation(const Quat& a, const Quat& b) {
    const double d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
    return std::abs(std::abs(d) - 1) < 1e-6;
}

Quat aboutZ(double degrees) {
    const double half = degrees * std::numbers::pi / 360;
    return {float(std::cos(half)), 0, 0, float(std::sin(half))};
}

} // namespace

class TestGenerators : public QObject {
    Q_OBJECT
  private slots:
    // --- meshes ---

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
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("unknown shape")
            << QString(R"({"shape": "torus", "surface": "0x08000001"})") << QString("mesh.shape");
        QTest::newRow("no surface") << QString(R"({"shape": "box"})") << QString("mesh.surface");
        QTest::newRow("not a surface")
            << QString(R"({"shape": "box", "surface": "0x06000001"})") << QString("mesh.surface");
        QTest::newRow("too many segments")
            << QString(R"({"shape": "cone", "segments": 1000, "surface": "0x08000001"})")
            << QString("mesh.segments");
        QTest::newRow("too few segments")
            << QString(R"({"shape": "cone", "segments": 2, "surface": "0x08000001"})")
            << QString("mesh.segments");
        QTest::newRow("too many rings")
            << QString(R"({"shape": "sphere", "rings": 65, "surface": "0x08000001"})")
            << QString("mesh.rings");
        QTest::newRow("flat box")
            << QString(R"({"shape": "box", "size": [1, 0, 1], "surface": "0x08000001"})")
            << QString("mesh.size[1]");
        QTest::newRow("short size")
            << QString(R"({"shape": "box", "size": [1, 1], "surface": "0x08000001"})")
            << QString("mesh.size");
        QTest::newRow("negative radius")
            << QString(R"({"shape": "sphere", "radius": -1, "surface": "0x08000001"})")
            << QString("mesh.radius");
        QTest::newRow("inner radius too big")
            << QString(
                   R"({"shape": "ring", "radius": 1, "innerRadius": 1, "surface": "0x08000001"})")
            << QString("mesh.innerRadius");
        QTest::newRow("unknown axis")
            << QString(R"({"shape": "arrow", "axis": "w", "surface": "0x08000001"})")
            << QString("mesh.axis");
        QTest::newRow("infinite origin")
            << QString(R"({"shape": "box", "origin": [0, "inf", 0], "surface": "0x08000001"})")
            << QString("mesh.origin[1]");
        QTest::newRow("double sided not a bool")
            << QString(R"({"shape": "box", "doubleSided": 1, "surface": "0x08000001"})")
            << QString("mesh.doubleSided");
    }
    void badMeshSpecsNameTheirPath() {
        QFETCH(QString, json);
        QFETCH(QString, path);
        const QByteArray text = json.toUtf8();
        failsAt([&] { mesh(text.constData()); }, path.toStdString(), kMeshDid);
    }

    // --- textures ---

    void patternsLookLikeTheirName() {
        const auto image = [](const char* pattern, const QJsonObject& extra = {}) {
            QJsonObject object{{"format", "A8R8G8B8"},
                               {"width", 64},
                               {"height", 32},
                               {"pattern", pattern},
                               {"cells", 4},
                               {"colors", QJsonArray{"#FF000080", "#00FF00FF", "#0000FFFF"}}};
            for (auto it = extra.begin(); it != extra.end(); ++it)
                object[it.key()] = it.value();
            return renderSurfaceImage(texture(object), nullptr);
        };
        const Pixel red = rgba("#FF000080"), green = rgba("#00FF00FF"), blue = rgba("#0000FFFF");
        const auto closest = [&](const Pixel& p) {
            const int toRed = distance2(p, red), toGreen = distance2(p, green),
                      toBlue = distance2(p, blue);
            return toRed <= std::min(toGreen, toBlue) ? red : toGreen <= toBlue ? green : blue;
        };

        const QImage gradient = image("gradient");
        for (int x = 0; x < 64; ++x) {
            QCOMPARE(pixelAt(gradient, x, 0), red);
            QCOMPARE(pixelAt(gradient, x, 31), blue);
        }
        QCOMPARE(closest(pixelAt(gradient, 0, 15)), green);

        const QImage radial = image("radial");
        QCOMPARE(closest(pixelAt(radial, 32, 16)), red);
        QCOMPARE(pixelAt(radial, 0, 0), blue); // the corners lie past the circle

        const QImage ring = image("ring");
        QCOMPARE(pixelAt(ring, 32, 16), blue);              // the centre is far from the ring
        QCOMPARE(closest(pixelAt(ring, 32 + 22, 16)), red); // on it: 0.7 of the half-width out

        const QImage spark = image("spark");
        QCOMPARE(pixelAt(spark, 32, 16), red);
        QCOMPARE(closest(pixelAt(spark, 16, 16)), green); // on a streak
        QCOMPARE(closest(pixelAt(spark, 16, 4)), blue);   // beside it

        // 4 cells across 64 and down 32 px; colours cycle cell by cell.
        const QImage checker = image("checker");
        QCOMPARE(pixelAt(checker, 0, 0), red);
        QCOMPARE(pixelAt(checker, 16, 0), green);
        QCOMPARE(pixelAt(checker, 16, 8), blue);
        QCOMPARE(pixelAt(checker, 63, 31), red); // cell 3 + 3 = 6 → colour 0

        const QImage stripes = image("stripes");
        for (int y = 0; y < 32; ++y) {
            QCOMPARE(pixelAt(stripes, 15, y), red);
            QCOMPARE(pixelAt(stripes, 16, y), green);
            QCOMPARE(pixelAt(stripes, 48, y), red);
        }

        const QImage noise = image("noise", {{"seed", 7}});
        QCOMPARE(noise, image("noise", {{"seed", 7}}));
        QVERIFY(noise != image("noise", {{"seed", 8}}));
        QVERIFY(noise != image("noise", {{"cells", 2}, {"seed", 7}}));
    }

    void everyFormatDecodesBackToThePattern_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("pattern");
        for (const char* format :
             {"A8R8G8B8", "R8G8B8", "A8", "R5G6B5", "A4R4G4B4", "P8", "DXT1", "DXT3", "DXT5"})
            for (const char* pattern :
                 {"radial", "checker", "gradient", "ring", "spark", "noise", "stripes"})
                QTest::addRow("%s %s", format, pattern) << QString(format) << QString(pattern);
    }
    void everyFormatDecodesBackToThePattern() {
        QFETCH(QString, format);
        QFETCH(QString, pattern);
        // DXT keeps two colours per 4×4 block and DXT1 only 1-bit alpha, so DXT patterns are
        // two-colour ramps, opaque for DXT1: what it can hold, as effect textures are.
        const QJsonArray colours = format == "DXT1" ? QJsonArray{"#FF8000FF", "#2040C0FF"}
                                   : format == "DXT3" || format == "DXT5"
                                       ? QJsonArray{"#FFC040FF", "#2040C000"}
                                       : QJsonArray{"#FF800040", "#2040C0FF", "#F0F0F000"};
        QJsonObject object{{"width", 32},       {"height", 16}, {"pattern", pattern},
                           {"colors", colours}, {"cells", 4},   {"seed", 3}};
        QJsonObject reference = object;
        reference["format"] = "A8R8G8B8"; // lossless: the pattern itself
        const QImage wanted = renderSurfaceImage(texture(reference), nullptr);

        Palette levels; // 64 greys at four alphas, for P8
        levels.id = 0x04000007;
        for (std::uint32_t i = 0; i < 256; ++i)
            levels.colors.push_back((i % 4 * 0x55) << 24 | (i / 4 * 4) * 0x010101);
        object["format"] = format;
        if (format == "P8")
            object["palette"] = "0x04000007";

        const RenderSurface surface = texture(object, &levels);
        QCOMPARE(surface.id, kTextureDid);
        QVERIFY(RenderSurface::decode(surface.encode(), kTextureDid) == surface);
        const QImage shown = renderSurfaceImage(surface, &levels);
        QCOMPARE(shown.size(), wanted.size());

        const auto five = shownLevels(5), six = shownLevels(6), four = shownLevels(4);
        double totalError = 0;
        for (int y = 0; y < wanted.height(); ++y)
            for (int x = 0; x < wanted.width(); ++x) {
                const Pixel want = pixelAt(wanted, x, y), got = pixelAt(shown, x, y);
                const QString where = QString("pixel %1,%2: wanted %3, shown %4")
                                          .arg(x)
                                          .arg(y)
                                          .arg(describe(want), describe(got));
                bool exact = true;
                if (format == "R8G8B8")
                    exact = got == Pixel{want[0], want[1], want[2], 255};
                else if (format == "A8")
                    exact = got == Pixel{255, 255, 255, want[3]};
                else if (format == "R5G6B5")
                    exact = isNearestLevel(got[0], want[0], five) &&
                            isNearestLevel(got[1], want[1], six) &&
                            isNearestLevel(got[2], want[2], five) && got[3] == 255;
                else if (format == "A4R4G4B4")
                    for (std::size_t c = 0; c < 4; ++c)
                        exact = exact && isNearestLevel(got[c], want[c], four);
                else if (format == "P8")
                    exact = std::all_of(levels.colors.begin(), levels.colors.end(),
                                        [&](std::uint32_t colour) {
                                            return distance2(want, got) <=
                                                   distance2(want, fromArgb(colour));
                                        }) &&
                            std::find_if(levels.colors.begin(), levels.colors.end(),
                                         [&](std::uint32_t colour) {
                                             return fromArgb(colour) == got;
                                         }) != levels.colors.end();
                for (std::size_t c = 0; c < 4; ++c)
                    totalError += std::abs(want[c] - got[c]);
                QVERIFY2(exact, qPrintable(where));
            }
        if (format.startsWith("DXT")) {
            const double meanError = totalError / (4.0 * wanted.width() * wanted.height());
            QVERIFY2(meanError < 6, qPrintable(QString("mean abs error %1").arg(meanError)));
        }
    }

    void defaultColoursFadeWhiteToTransparent() {
        const QImage image = renderSurfaceImage(
            generateTexture(spec(R"({"format": "A8R8G8B8", "width": 16, "height": 16,
                                     "pattern": "radial"})",
                                 "texture", kTextureDid),
                            kTextureDid, nullptr),
            nullptr);
        QCOMPARE(pixelAt(image, 0, 0), (Pixel{255, 255, 255, 0}));
        QVERIFY(pixelAt(image, 8, 8)[3] > 220);
    }

    void texturesAreDeterministic() {
        const QJsonObject object{
            {"format", "DXT5"},   {"width", 64}, {"height", 64},
            {"pattern", "noise"}, {"seed", 99},  {"colors", QJsonArray{"#102030FF", "#F0E0D000"}}};
        QCOMPARE(texture(object).encode(), texture(object).encode());
    }

    void p8StoresItsPaletteAndNeedsIt() {
        Palette greys;
        greys.id = 0x04000009;
        greys.colors = {0xFF000000, 0xFFFFFFFF};
        const QJsonObject object{{"format", "P8"},
                                 {"width", 4},
                                 {"height", 4},
                                 {"pattern", "checker"},
                                 {"cells", 2},
                                 {"palette", "0x04000009"},
                                 {"colors", QJsonArray{"#101010FF", "#E0E0E0FF"}}};
        const RenderSurface surface = texture(object, &greys);
        QCOMPARE(surface.pixelFormat, std::uint32_t(PixelFormat::P8));
        QCOMPARE(surface.defaultPaletteId, 0x04000009u);
        QCOMPARE(surface.sourceData,
                 (std::vector<std::uint8_t>{0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0}));

        if (!failsAt([&] { texture(object, nullptr); }, "texture.palette", kTextureDid))
            return;
        Palette other = greys;
        other.id = 0x04000010;
        if (!failsAt([&] { texture(object, &other); }, "texture.palette", kTextureDid))
            return;
        QJsonObject unnamed = object;
        unnamed.remove("palette");
        if (!failsAt([&] { texture(unnamed, &greys); }, "texture.palette", kTextureDid))
            return;
        QJsonObject notP8 = object;
        notP8["format"] = "A8";
        failsAt([&] { texture(notP8, &greys); }, "texture.palette", kTextureDid);
    }

    void badTextureSpecsNameTheirPath_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("unknown format")
            << QString(R"({"format": "DXT2", "width": 8, "height": 8, "pattern": "radial"})")
            << QString("texture.format");
        QTest::newRow("unknown pattern")
            << QString(R"({"format": "A8", "width": 8, "height": 8, "pattern": "plaid"})")
            << QString("texture.pattern");
        QTest::newRow("not a power of two")
            << QString(R"({"format": "A8", "width": 12, "height": 8, "pattern": "radial"})")
            << QString("texture.width");
        QTest::newRow("too big")
            << QString(R"({"format": "A8", "width": 8, "height": 2048, "pattern": "radial"})")
            << QString("texture.height");
        QTest::newRow("DXT below one block")
            << QString(R"({"format": "DXT1", "width": 2, "height": 8, "pattern": "radial"})")
            << QString("texture.width");
        QTest::newRow("no colours")
            << QString(
                   R"({"format": "A8", "width": 8, "height": 8, "pattern": "radial", "colors": []})")
            << QString("texture.colors");
        QTest::newRow("bad colour")
            // moc misreads '#' inside raw strings, so this one is escaped.
            << QString("{\"format\": \"A8\", \"width\": 8, \"height\": 8, \"pattern\": \"radial\", "
                       "\"colors\": [\"#FFFFFF\", \"#GG0000FF\"]}")
            << QString("texture.colors[1]");
        QTest::newRow("no cells")
            << QString(
                   R"({"format": "A8", "width": 8, "height": 8, "pattern": "checker", "cells": 0})")
            << QString("texture.cells");
    }
    void badTextureSpecsNameTheirPath() {
        QFETCH(QString, json);
        QFETCH(QString, path);
        const QByteArray text = json.toUtf8();
        failsAt(
            [&] {
                generateTexture(spec(text.constData(), "texture", kTextureDid), kTextureDid,
                                nullptr);
            },
            path.toStdString(), kTextureDid);
    }

    // --- palettes ---

    void paletteRunsThroughItsStops() {
        const Palette two = palette({{"gradient", QJsonArray{"#000000FF", "#FF804000"}}});
        QCOMPARE(two.id, kPaletteDid);
        QCOMPARE(two.colors.size(), std::size_t(256));
        QCOMPARE(two.colors.front(), 0xFF000000u); // ARGB
        QCOMPARE(two.colors.back(), 0x00FF8040u);
        QVERIFY(Palette::decode(two.encode(), kPaletteDid) == two);

        const Palette three =
            palette({{"gradient", QJsonArray{"#FF0000", "#00FF00", "#0000FF"}}, {"count", 5}});
        QCOMPARE(three.colors, (std::vector<std::uint32_t>{0xFFFF0000, 0xFF808000, 0xFF00FF00,
                                                           0xFF008080, 0xFF0000FF}));
    }

    void badPaletteSpecsNameTheirPath() {
        if (!failsAt([] { palette({{"count", 16}}); }, "palette.gradient", kPaletteDid))
            return;
        if (!failsAt(
                [] {
                    palette({{"gradient", QJsonArray{"#000000"}}});
                },
                "palette.gradient", kPaletteDid))
            return;
        if (!failsAt(
                [] {
                    palette({{"gradient", QJsonArray{"#000000", "#FFFFFF"}}, {"count", 1}});
                },
                "palette.count", kPaletteDid))
            return;
        failsAt(
            [] {
                palette({{"gradient", QJsonArray{"#000000", "#FFFFFF"}}, {"count", 4096}});
            },
            "palette.count", kPaletteDid);
    }

    // --- tones ---

    void toneIsPlayable16BitMonoPcm() {
        const Wave wave = tone(R"({"seconds": 0.25, "sampleRate": 11025})");
        QCOMPARE(wave.id, kWaveDid);
        QCOMPARE(wave.data.size(), std::size_t(2 * 2756)); // round(0.25 × 11025) samples
        QCOMPARE(wave.header.size(), std::size_t(18));
        QCOMPARE(wave.header[16] | wave.header[17] << 8, 0); // cbSize
        const auto format = wave.format();
        QVERIFY(format.has_value());
        QCOMPARE(format->formatTag, std::uint16_t(1));
        QCOMPARE(format->channels, std::uint16_t(1));
        QCOMPARE(format->samplesPerSec, 11025u);
        QCOMPARE(format->avgBytesPerSec, 22050u);
        QCOMPARE(format->blockAlign, std::uint16_t(2));
        QCOMPARE(format->bitsPerSample, std::uint16_t(16));
        QVERIFY(Wave::decode(wave.encode(), kWaveDid) == wave);

        const QByteArray file = wave.fileBytes();
        QCOMPARE(file.left(4), QByteArray("RIFF"));
        QCOMPARE(le32(file, 4), std::uint32_t(file.size() - 8));
        QCOMPARE(file.mid(8, 8), QByteArray("WAVEfmt "));
        QCOMPARE(le32(file, 16), 18u);
        QCOMPARE(file.mid(38, 4), QByteArray("data"));
        QCOMPARE(le32(file, 42), std::uint32_t(wave.data.size()));
        QCOMPARE(file.size(), 46 + qsizetype(wave.data.size()));
    }

    void tonePitchAndLoudnessFollowTheSpec_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<int>("crossings"); // two per cycle
        QTest::newRow("sine 440") << QString(R"({"frequency": 440, "seconds": 1, "volume": 0.5,
                                         "attack": 0, "release": 0})")
                                  << 880;
        QTest::newRow("square 300")
            << QString(R"({"waveform": "square", "frequency": 300, "seconds": 1,
                                           "volume": 0.5, "attack": 0, "release": 0})")
            << 600;
        QTest::newRow("saw 100") << QString(R"({"waveform": "saw", "frequency": 100, "seconds": 1,
                                        "volume": 0.5, "attack": 0, "release": 0})")
                                 << 200;
        QTest::newRow("triangle 250 at 44100")
            << QString(
                   R"({"waveform": "triangle", "frequency": 250, "seconds": 1, "sampleRate": 44100,
                   "volume": 0.5, "attack": 0, "release": 0})")
            << 500;
        // A linear glide from 200 to 800 Hz averages 500 Hz.
        QTest::newRow("sweep") << QString(R"({"frequency": 200, "sweepTo": 800, "seconds": 1,
                                      "volume": 0.5, "attack": 0, "release": 0})")
                               << 1000;
    }
    void tonePitchAndLoudnessFollowTheSpec() {
        QFETCH(QString, json);
        QFETCH(int, crossings);
        const QByteArray text = json.toUtf8();
        const Wave wave = tone(text.constData());
        const auto samples = samplesOf(wave);
        QCOMPARE(samples.size(), std::size_t(wave.format()->samplesPerSec));
        const int counted = signChanges(samples, 0, samples.size());
        QVERIFY2(std::abs(counted - crossings) <= 3,
                 qPrintable(QString("%1 sign changes").arg(counted)));
        int peak = 0;
        for (std::int16_t s : samples)
            peak = std::max(peak, std::abs(int(s)));
        QVERIFY2(std::abs(peak - 0.5 * 32767) <= 0.01 * 32767,
                 qPrintable(QString("peak %1").arg(peak)));
    }

    void sweepRisesAndEnvelopeFades() {
        const auto samples = samplesOf(tone(R"({"frequency": 200, "sweepTo": 800, "seconds": 1,
                                                "attack": 0.1, "release": 0.2})"));
        const std::size_t half = samples.size() / 2;
        QVERIFY(signChanges(samples, 0, half) < signChanges(samples, half, samples.size()));
        QCOMPARE(samples.front(), std::int16_t(0));
        QVERIFY(std::abs(samples.back()) < 200);
        const auto peakIn = [&](std::size_t from, std::size_t to) {
            int peak = 0;
            for (std::size_t i = from; i < to; ++i)
                peak = std::max(peak, std::abs(int(samples[i])));
            return peak;
        };
        // 0.7 × 32767 while sustained, less while fading in.
        QVERIFY(std::abs(peakIn(half - 500, half + 500) - 0.7 * 32767) < 0.01 * 32767);
        QVERIFY(peakIn(0, 1000) < 0.5 * 32767);
    }

    void noiseIsSeededAndBounded() {
        const Wave a = tone(R"({"waveform": "noise", "seed": 5, "volume": 0.3})");
        QCOMPARE(a.encode(), tone(R"({"waveform": "noise", "seed": 5, "volume": 0.3})").encode());
        QVERIFY(a.data != tone(R"({"waveform": "noise", "seed": 6, "volume": 0.3})").data);
        for (std::int16_t s : samplesOf(a))
            QVERIFY(std::abs(int(s)) <= 0.3 * 32767 + 1);
    }

    void badToneSpecsNameTheirPath_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("too long") << QString(R"({"seconds": 11})") << QString("tone.seconds");
        QTest::newRow("above Nyquist")
            << QString(R"({"frequency": 12000})") << QString("tone.frequency");
        QTest::newRow("sweep below hearing")
            << QString(R"({"sweepTo": 5})") << QString("tone.sweepTo");
        QTest::newRow("unknown waveform")
            << QString(R"({"waveform": "pulse"})") << QString("tone.waveform");
        QTest::newRow("too loud") << QString(R"({"volume": 1.5})") << QString("tone.volume");
        QTest::newRow("odd rate") << QString(R"({"sampleRate": 200000})")
                                  << QString("tone.sampleRate");
        QTest::newRow("fades overlap")
            << QString(R"({"seconds": 0.1, "attack": 0.05, "release": 0.06})")
            << QString("tone.release");
    }
    void badToneSpecsNameTheirPath() {
        QFETCH(QString, json);
        QFETCH(QString, path);
        const QByteArray text = json.toUtf8();
        failsAt([&] { tone(text.constData()); }, path.toStdString(), kWaveDid);
    }

    // --- animations ---

    void keysInterpolateAndHoldAtTheEnds() {
        const Animation anim = animation(R"({
            "parts": 2, "frames": 11,
            "rest": [{}, {"origin": [0, 0, 1]}],
            "keys": [
                {"part": 0, "frame": 6, "origin": [4, 0, 0],
                 "rotation": {"axis": [0, 0, 2], "degrees": 90}},
                {"part": 0, "frame": 2, "origin": [0, 0, 0]}
            ]})");
        QCOMPARE(anim.id, kAnimationDid);
        QCOMPARE(anim.numParts, 2u);
        QCOMPARE(anim.flags, 0u);
        QVERIFY(anim.posFrames.empty());
        QCOMPARE(anim.partFrames.size(), std::size_t(11));
        QVERIFY(Animation::decode(anim.encode(), kAnimationDid) == anim);

        const auto part0 = [&](int frame) { return anim.partFrames[std::size_t(frame)].parts[0]; };
        for (int frame : {0, 1, 2}) { // held before the first key
            QVERIFY(near(of(part0(frame).origin), {0, 0, 0}));
            QVERIFY(sameRotation(part0(frame).orientation, aboutZ(0)));
        }
        QVERIFY(near(of(part0(4).origin), {2, 0, 0})); // halfway: lerp and slerp
        QVERIFY(sameRotation(part0(4).orientation, aboutZ(45)));
        QVERIFY(near(of(part0(3).origin), {1, 0, 0}));
        QVERIFY(sameRotation(part0(3).orientation, aboutZ(22.5)));
        for (int frame = 6; frame <= 10; ++frame) { // held after the last key
            QVERIFY(near(of(part0(frame).origin), {4, 0, 0}));
            QVERIFY(sameRotation(part0(frame).orientation, aboutZ(90)));
        }
        for (const AnimationFrame& frame : anim.partFrames) {
            QVERIFY(frame.hooks.empty());
            QCOMPARE(frame.parts[1].origin, (Vec3{0, 0, 1})); // no keys: the rest pose
            for (const Frame& part : frame.parts)
                QVERIFY(std::abs(quatNorm(part.orientation) - 1) < 1e-6);
        }
    }

    void keysWithoutAnOriginKeepTheRestOrigin() {
        const Animation anim = animation(R"({
            "parts": 1, "frames": 3, "rest": [{"origin": [1, 2, 3]}],
            "keys": [{"part": 0, "frame": 2, "rotation": {"axis": [1, 0, 0], "degrees": 180}}]})");
        for (const AnimationFrame& frame : anim.partFrames)
            QCOMPARE(frame.parts[0].origin, (Vec3{1, 2, 3}));
        QVERIFY(sameRotation(anim.partFrames[2].parts[0].orientation, Quat{0, 1, 0, 0}));
    }

    void slerpTakesTheShortWay() {
        // 350° about Z is -10°: halfway from 0 is -5°, not 175°.
        const Animation anim = animation(R"({
            "parts": 1, "frames": 3,
            "keys": [{"part": 0, "frame": 0},
                     {"part": 0, "frame": 2, "rotation": {"axis": [0, 0, 1], "degrees": 350}}]})");
        QVERIFY(sameRotation(anim.partFrames[1].parts[0].orientation, aboutZ(-5)));
    }

    void posFramesSetTheFlagAndCoverEveryFrame() {
        const Animation anim = animation(R"({
            "parts": 1, "frames": 5,
            "posFrames": [{"frame": 0}, {"frame": 4, "origin": [0, 8, 0]}]})");
        QCOMPARE(anim.flags, Animation::kHasPosFrames);
        QVERIFY(anim.hasPosFrames());
        QCOMPARE(anim.posFrames.size(), std::size_t(5));
        QVERIFY(near(of(anim.posFrames[1].origin), {0, 2, 0}));
        QVERIFY(near(of(anim.posFrames[2].origin), {0, 4, 0}));
        QVERIFY(Animation::decode(anim.encode(), kAnimationDid) == anim);
    }

    void animationsAreDeterministic() {
        const char* json = R"({"parts": 3, "frames": 40, "keys": [
            {"part": 1, "frame": 3, "rotation": {"axis": [1, 1, 0], "degrees": 33}},
            {"part": 1, "frame": 39, "origin": [1, 2, 3], "rotation": {"axis": [0, 1, 1], "degrees": -70}}],
            "posFrames": [{"frame": 10, "origin": [0, 1, 0]}]})";
        QCOMPARE(animation(json).encode(), animation(json).encode());
    }

    void badAnimationSpecsNameTheirPath_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("no parts") << QString(R"({"frames": 4})") << QString("anim.parts");
        QTest::newRow("too many frames")
            << QString(R"({"parts": 1, "frames": 5000})") << QString("anim.frames");
        QTest::newRow("too many parts")
            << QString(R"({"parts": 300, "frames": 2})") << QString("anim.parts");
        QTest::newRow("part out of range")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 2, "frame": 0}]})")
            << QString("anim.keys[0].part");
        QTest::newRow("frame out of range")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 0, "frame": 0},
                                                     {"part": 0, "frame": 4}]})")
            << QString("anim.keys[1].frame");
        QTest::newRow("two keys on a frame")
            << QString(R"({"parts": 2, "frames": 4, "keys": [{"part": 1, "frame": 2},
                                                     {"part": 1, "frame": 2}]})")
            << QString("anim.keys[1].frame");
        QTest::newRow("zero axis")
            << QString(R"({"parts": 1, "frames": 4, "keys": [{"part": 0, "frame": 1,
                   "rotation": {"axis": [0, 0, 0], "degrees": 10}}]})")
            << QString("anim.keys[0].rotation.axis");
        QTest::newRow("no degrees")
            << QString(R"({"parts": 1, "frames": 4, "keys": [{"part": 0, "frame": 1,
                   "rotation": {"axis": [0, 0, 1]}}]})")
            << QString("anim.keys[0].rotation.degrees");
        QTest::newRow("rest poses miscounted")
            << QString(R"({"parts": 2, "frames": 4, "rest": [{}]})") << QString("anim.rest");
        QTest::newRow("root key out of range")
            << QString(R"({"parts": 1, "frames": 4, "posFrames": [{"frame": 9}]})")
            << QString("anim.posFrames[0].frame");
    }
    void badAnimationSpecsNameTheirPath() {
        QFETCH(QString, json);
        QFETCH(QString, path);
        const QByteArray text = json.toUtf8();
        failsAt([&] { animation(text.constData()); }, path.toStdString(), kAnimationDid);
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
