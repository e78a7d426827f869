// triangulateDrawing on GfxObjs built in code: fans, which sides each sides type draws and with
// which surface and UVs, the UV fallbacks, and the faults it counts instead of throwing.

#include "datreader/records/gfx_obj_triangles.h"

#include <QObject>
#include <QTest>
#include <limits>

using namespace portalkit::dat;

namespace {

// A square of four vertices (ids 10..13, so ids are not indices), each with two UVs.
GfxObj square() {
    GfxObj gfx;
    gfx.id = 0x01000100;
    gfx.flags = GfxObj::kHasDrawing;
    gfx.surfaces = {0x08000001, 0x08000002};
    const Vec3 corners[] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    for (std::uint16_t i = 0; i < 4; ++i) {
        GfxObj::Vertex vertex;
        vertex.id = std::uint16_t(10 + i);
        vertex.origin = corners[i];
        vertex.normal = {0, 0, 1};
        vertex.uvs = {{0, 0}, {float(i), 1}};
        gfx.vertices.push_back(vertex);
    }
    return gfx;
}

GfxObj::Polygon quad(std::int32_t sides) {
    GfxObj::Polygon polygon;
    polygon.vertexIds = {10, 11, 12, 13};
    polygon.sidesType = sides;
    polygon.posSurface = 0;
    polygon.negSurface = 1;
    polygon.posUVIndices = {1, 1, 1, 1};
    if (sides == GfxObj::kSidesClockwise)
        polygon.negUVIndices = {0, 0, 0, 0};
    return polygon;
}

std::vector<std::uint32_t> vertices(const SurfaceTriangles& group) {
    std::vector<std::uint32_t> out;
    for (const auto& corner : group.corners)
        out.push_back(corner.vertex);
    return out;
}

} // namespace

class TestGfxObjTriangles : public QObject {
    Q_OBJECT

  private slots:
    void aPolygonIsAFanAroundItsFirstVertex() {
        GfxObj gfx = square();
        gfx.polygons = {quad(0)};
        const GfxObjTriangles out = triangulateDrawing(gfx, PolygonSides::Both);
        QCOMPARE(out.groups.size(), std::size_t(1));
        QCOMPARE(out.groups[0].surfaceIndex, std::int16_t(0));
        QVERIFY(!out.groups[0].negativeSide);
        QCOMPARE(vertices(out.groups[0]), (std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
        for (const auto& corner : out.groups[0].corners)
            QCOMPARE(corner.uvIndex, 1);
    }

    void sidesTypeOneDrawsTheBackWithTheFront() {
        GfxObj gfx = square();
        gfx.polygons = {quad(1)};
        const GfxObjTriangles both = triangulateDrawing(gfx, PolygonSides::Both);
        QCOMPARE(both.groups.size(), std::size_t(2));
        QCOMPARE(both.groups[1].surfaceIndex, std::int16_t(0)); // the positive surface
        QVERIFY(both.groups[1].negativeSide);
        QCOMPARE(vertices(both.groups[1]), (std::vector<std::uint32_t>{0, 2, 1, 0, 3, 2}));
        QCOMPARE(both.groups[1].corners[0].uvIndex, 1); // and the positive UVs
        QCOMPARE(triangulateDrawing(gfx, PolygonSides::PositiveOnly).groups.size(), std::size_t(1));
    }

    void sidesTypeTwoDrawsTheBackWithItsOwnSurfaceAndUVs() {
        GfxObj gfx = square();
        gfx.polygons = {quad(GfxObj::kSidesClockwise)};
        const GfxObjTriangles out = triangulateDrawing(gfx, PolygonSides::Both);
        QCOMPARE(out.groups.size(), std::size_t(2));
        QCOMPARE(out.groups[1].surfaceIndex, std::int16_t(1));
        QVERIFY(out.groups[1].negativeSide);
        for (const auto& corner : out.groups[1].corners)
            QCOMPARE(corner.uvIndex, 0);
    }

    void otherSidesTypesDrawOnlyTheFront() {
        GfxObj gfx = square();
        gfx.polygons = {quad(3)};
        QCOMPARE(triangulateDrawing(gfx, PolygonSides::Both).groups.size(), std::size_t(1));
    }

    void uvFallbacks() {
        GfxObj gfx = square();
        gfx.vertices[3].uvs.clear();
        GfxObj::Polygon polygon = quad(0);
        polygon.posUVIndices = {1, 9}; // too short, and 9 names no UV
        gfx.polygons = {polygon};
        const GfxObjTriangles out = triangulateDrawing(gfx, PolygonSides::Both);
        const auto& corners = out.groups[0].corners;
        QCOMPARE(corners[0].uvIndex, 1);  // vertex 10: its index
        QCOMPARE(corners[1].uvIndex, 0);  // vertex 11: 9 is out of range, its first UV
        QCOMPARE(corners[2].uvIndex, 0);  // vertex 12: no index stored
        QCOMPARE(corners[5].uvIndex, -1); // vertex 13: no UVs at all
        QCOMPARE(cornerUVIndex(gfx.vertices[0], {}, 0), 0);
    }

    void faultsAreCountedNotThrown() {
        GfxObj gfx = square();
        gfx.vertices[2].origin.x = std::numeric_limits<float>::quiet_NaN();
        GfxObj::Polygon missing = quad(0);
        missing.vertexIds = {10, 11, 77};
        GfxObj::Polygon line = quad(0);
        line.vertexIds = {10, 11};
        GfxObj::Polygon outOfRange = quad(0);
        outOfRange.posSurface = 40;
        gfx.polygons = {quad(0), missing, line, outOfRange};
        const GfxObjTriangles out = triangulateDrawing(gfx, PolygonSides::Both);
        QCOMPARE(out.skippedPolygons, std::size_t(1));
        QCOMPARE(out.droppedTriangles, std::size_t(4)); // both triangles of both quads touch 12
        QVERIFY(out.groups.empty());
    }

    void groupsComeInSurfaceOrder() {
        GfxObj gfx = square();
        GfxObj::Polygon second = quad(GfxObj::kSidesClockwise);
        second.posSurface = 1;
        second.negSurface = 0;
        gfx.polygons = {second, quad(0)};
        const GfxObjTriangles out = triangulateDrawing(gfx, PolygonSides::Both);
        QCOMPARE(out.groups.size(), std::size_t(3));
        QCOMPARE(out.groups[0].surfaceIndex, std::int16_t(0));
        QVERIFY(!out.groups[0].negativeSide);
        QCOMPARE(out.groups[1].surfaceIndex, std::int16_t(0));
        QVERIFY(out.groups[1].negativeSide);
        QCOMPARE(out.groups[2].surfaceIndex, std::int16_t(1));
    }
};

QTEST_GUILESS_MAIN(TestGfxObjTriangles)
#include "tst_gfx_obj_triangles.moc"
