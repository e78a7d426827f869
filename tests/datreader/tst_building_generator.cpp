// The building generator: a house shell with physics polygons and a consistent physics tree, an
// open doorway, outward faces, a drawing tree with every face behind every plane of a convex
// shell, walls that meet the interior room of the same box, byte-exact round trips, and bad
// specs that name their path.

#include "generator_test_support.h"
#include "support/bsp_checks.h"

#include <algorithm>
#include <map>
#include <set>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kHouseDid = 0x01000043;
constexpr std::uint32_t kRoomDid = 0x0D000043;

// An 8 × 6 house with walls 3 m high, a door 1.6 × 2.2 in the south wall and a 2 m gable.
const char* const kHouse = R"({"size": [8, 6, 3], "roofHeight": 2,
    "doorways": [{"wall": "south", "width": 1.6, "height": 2.2}],
    "surfaces": {"wall": "0x08000001", "roof": "0x08000002"}})";

GfxObj building(const char* json) {
    return authoring::generateBuilding(spec(json, "gfxObj", kHouseDid), kHouseDid);
}

P3 newell(const std::vector<P3>& corners) {
    P3 n;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const P3 a = corners[i], b = corners[(i + 1) % corners.size()];
        n = {n.x + (a.y - b.y) * (a.z + b.z), n.y + (a.z - b.z) * (a.x + b.x),
             n.z + (a.x - b.x) * (a.y + b.y)};
    }
    return n;
}

// Whether `point`, in the plane y = -3, lies inside the south-wall polygon (an axis-aligned
// rectangle in X and Z).
bool covers(const std::vector<P3>& corners, P3 point) {
    double x0 = INFINITY, x1 = -INFINITY, z0 = INFINITY, z1 = -INFINITY;
    for (const P3& c : corners) {
        if (std::abs(c.y + 3) > 1e-6)
            return false;
        x0 = std::min(x0, c.x), x1 = std::max(x1, c.x), z0 = std::min(z0, c.z),
        z1 = std::max(z1, c.z);
    }
    return point.x > x0 && point.x < x1 && point.z > z0 && point.z < z1;
}

// A polygon's corners as a sorted set, so two windings of one rectangle compare equal.
std::vector<std::array<float, 3>> cornerSet(std::span<const MeshVertex> vertices,
                                            const MeshPolygon& polygon) {
    std::vector<std::array<float, 3>> set;
    for (const std::int16_t id : polygon.vertexIds) {
        const Vec3& v = vertices[std::size_t(id)].origin;
        set.push_back({v.x, v.y, v.z});
    }
    std::sort(set.begin(), set.end());
    return set;
}

} // namespace

class TestBuildingGenerator : public QObject {
    Q_OBJECT

  private slots:
    void hasAConsistentPhysicsTree() {
        const GfxObj house = building(kHouse);
        QVERIFY(house.hasPhysics() && house.hasDrawing());
        // 4 walls (the south one in three pieces around the door), 2 gables, 2 roof slopes.
        QCOMPARE(house.polygons.size(), std::size_t(3 + 3 + 2 + 2));
        QCOMPARE(house.physicsPolygons.size(), house.polygons.size());
        for (std::size_t i = 0; i < house.physicsPolygons.size(); ++i)
            QCOMPARE(house.physicsPolygons[i].id, std::uint16_t(i));
        const std::string problem =
            physicsTreeProblem(house.physicsBsp, house.vertices, house.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(house.physicsBsp.nodes.size() > 1);
        for (const auto& check : {meshIndexProblem(house.vertices, house.polygons),
                                  meshIndexProblem(house.vertices, house.physicsPolygons)})
            QVERIFY2(check.empty(), check.c_str());
    }

    void theDoorwayIsOpen() {
        const GfxObj house = building(kHouse);
        const P3 doorway{0, -3, 1.1}, wall{-3, -3, 1.1}, lintel{0, -3, 2.6};
        const auto hit = [&](P3 point) {
            return std::count_if(house.physicsPolygons.begin(), house.physicsPolygons.end(),
                                 [&](const MeshPolygon& polygon) {
                                     return covers(cornersOf(house.vertices, polygon), point);
                                 });
        };
        QCOMPARE(hit(doorway), 0);
        QCOMPARE(hit(wall), 1);
        QCOMPARE(hit(lintel), 1);
    }

    void facesLookOutAndTheDrawingTreeIsConvex() {
        const GfxObj house = building(kHouse);
        const P3 inside{0, 0, 2};
        for (const MeshPolygon& polygon : house.polygons) {
            const auto corners = cornersOf(house.vertices, polygon);
            const P3 n = newell(corners), c = corners[0];
            QVERIFY(n.x * (c.x - inside.x) + n.y * (c.y - inside.y) + n.z * (c.z - inside.z) > 0);
        }
        // Each node holds the polygons in its plane, and every vertex of the house is behind it
        // (its negative side), where the chain goes on.
        std::map<std::uint16_t, int> seen;
        for (const BspNode& node : house.drawingBsp.nodes) {
            if (node.tag == bsp_tag::Leaf)
                continue;
            QVERIFY(node.posChild < 0 && node.negChild >= 0);
            for (const MeshVertex& vertex : house.vertices)
                QVERIFY(side(node.splittingPlane, at(vertex.origin)) < 1e-4);
            for (const std::uint16_t id : node.polygons) {
                ++seen[id];
                for (const P3& c : cornersOf(house.vertices, house.polygons.at(id)))
                    QVERIFY(std::abs(side(node.splittingPlane, c)) < 1e-4);
            }
        }
        for (const MeshPolygon& polygon : house.polygons)
            QCOMPARE(seen[polygon.id], 1);
    }

    void wallsMeetTheInteriorOfTheSameBox() {
        const GfxObj house = building(kHouse);
        const Environment room =
            authoring::generateEnvironment(spec(R"({"cells": [{"size": [8, 6, 3],
                "doorways": [{"wall": "south", "width": 1.6, "height": 2.2}]}]})",
                                                "environment", kRoomDid),
                                           kRoomDid);
        const CellStruct& cell = room.cells.at(0).structure;
        std::set<std::vector<std::array<float, 3>>> roomFaces;
        for (const MeshPolygon& polygon : cell.polygons)
            roomFaces.insert(cornerSet(cell.vertices, polygon));
        // Every wall piece of the house (the gables aside) is a wall piece of the room.
        int walls = 0;
        for (const MeshPolygon& polygon : house.polygons) {
            const auto corners = cornerSet(house.vertices, polygon);
            if (polygon.posSurface == 0 && corners.size() == 4) {
                ++walls;
                QVERIFY(roomFaces.count(corners));
            }
        }
        QCOMPARE(walls, 6);
        // And the room's portal is the gap the house leaves: its centre hits no house polygon.
        const auto portal = cornersOf(cell.vertices, cell.polygons.at(cell.portals.at(0)));
        P3 centre;
        for (const P3& c : portal)
            centre = {centre.x + c.x / 4, centre.y + c.y / 4, centre.z + c.z / 4};
        for (const MeshPolygon& polygon : house.polygons)
            QVERIFY(!covers(cornersOf(house.vertices, polygon), centre));
    }

    void flatRoofAndRoundTrip() {
        const GfxObj flat = building(R"({"size": [4, 4, 2.5], "roofHeight": 0,
            "surfaces": {"wall": "0x08000001", "roof": "0x08000002"}})");
        QCOMPARE(flat.polygons.size(), std::size_t(5));
        QCOMPARE(flat.surfaces, (std::vector<std::uint32_t>{0x08000001, 0x08000002}));
        const GfxObj house = building(kHouse);
        const std::vector<std::uint8_t> bytes = house.encode();
        const GfxObj decoded = GfxObj::decode(bytes, kHouseDid);
        QVERIFY(decoded == house);
        QCOMPARE(decoded.encode(), bytes);
        QVERIFY(GfxObj::fromJson(JsonNode(house.toJson(), "gfxObj", kHouseDid), kHouseDid) ==
                house);
        QCOMPARE(building(kHouse).encode(), bytes);
    }

    void badSpecsNameTheirPath_data() {
        addBadSpecColumns();
        const auto row = [](const char* name, const char* json, const char* path) {
            QTest::newRow(name) << QString(json) << QString(path);
        };
        row("no surfaces", R"({"size": [4, 4, 3]})", "gfxObj.surfaces.wall");
        row("roof not a surface",
            R"({"size": [4, 4, 3], "surfaces": {"wall": "0x08000001", "roof": "0x05000001"}})",
            "gfxObj.surfaces.roof");
        row("negative roof",
            R"({"size": [4, 4, 3], "roofHeight": -1, "surfaces": {"wall": "0x08000001", "roof": "0x08000001"}})",
            "gfxObj.roofHeight");
        row("doorway off the wall",
            R"({"size": [4, 4, 3], "doorways": [{"wall": "south", "width": 1, "height": 2, "offset": 1.8}],
                "surfaces": {"wall": "0x08000001", "roof": "0x08000001"}})",
            "gfxObj.doorways[0].width");
    }
    void badSpecsNameTheirPath() {
        badSpecFailsAt([](const char* text) { building(text); }, kHouseDid);
    }
};

QTEST_GUILESS_MAIN(TestBuildingGenerator)
#include "tst_building_generator.moc"
