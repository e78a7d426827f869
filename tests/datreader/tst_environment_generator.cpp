// The environment generator: doorway portals that fill exactly the gaps cut in their walls, a
// cell BSP that answers point-in-cell for the room, physics leaves that hold every solid
// polygon, drawing PORT nodes that name the portals, indices in range, byte-exact round trips,
// and bad specs that name their path.

#include "generator_test_support.h"
#include "support/bsp_checks.h"

#include <algorithm>
#include <map>

using namespace portalkit;
using namespace portalkit::dat;
using namespace portalkit::testing;

namespace {

constexpr std::uint32_t kEnvironmentDid = 0x0D000042;

Environment environment(const char* json) {
    return authoring::generateEnvironment(spec(json, "environment", kEnvironmentDid),
                                          kEnvironmentDid);
}

// A 6 × 4 × 3 room: two doorways in the south wall (one lower than the wall, one its full
// height, both off centre), one in the east wall.
const char* const kRoom = R"({"cells": [{"size": [6, 4, 3], "doorways": [
    {"wall": "south", "width": 1, "height": 2, "offset": -1.5},
    {"wall": "south", "width": 1.5, "height": 3, "offset": 1.25},
    {"wall": "east", "width": 2, "height": 2.5}]}]})";

struct Rect { // an axis-aligned rectangle in a wall: along the wall × up
    double a0, a1, z0, z1;
    double area() const { return (a1 - a0) * (z1 - z0); }
};

// The rectangle a polygon covers in the wall `axis` runs along (0: X, 1: Y), if it is one.
Rect rectOf(const std::vector<P3>& corners, int axis) {
    Rect r{INFINITY, -INFINITY, INFINITY, -INFINITY};
    for (const P3& c : corners) {
        const double a = axis == 0 ? c.x : c.y;
        r = {std::min(r.a0, a), std::max(r.a1, a), std::min(r.z0, c.z), std::max(r.z1, c.z)};
    }
    return r;
}

double overlap(const Rect& a, const Rect& b) {
    const double w = std::min(a.a1, b.a1) - std::max(a.a0, b.a0);
    const double h = std::min(a.z1, b.z1) - std::max(a.z0, b.z0);
    return w > 0 && h > 0 ? w * h : 0;
}

// The polygons lying in the plane y = `y` (axis 0) or x = `x` (axis 1).
std::vector<std::size_t> inWall(const CellStruct& cell, int axis, double at) {
    std::vector<std::size_t> found;
    for (std::size_t i = 0; i < cell.polygons.size(); ++i) {
        const auto corners = cornersOf(cell.vertices, cell.polygons[i]);
        if (std::all_of(corners.begin(), corners.end(),
                        [&](const P3& c) { return std::abs((axis == 0 ? c.y : c.x) - at) < 1e-6; }))
            found.push_back(i);
    }
    return found;
}

bool isPortal(const CellStruct& cell, std::size_t polygon) {
    return std::count(cell.portals.begin(), cell.portals.end(), std::uint16_t(polygon)) > 0;
}

// The wall in the plane y = `plane` (axis 0) or x = `plane` (axis 1), 3 m high: its portals are
// exactly `doors`, and they and the wall pieces tile the wall without overlapping.
void checkWall(const CellStruct& cell, int axis, double plane, double length,
               const std::vector<Rect>& doors) {
    std::vector<Rect> portals, pieces;
    for (const std::size_t i : inWall(cell, axis, plane))
        (isPortal(cell, i) ? portals : pieces)
            .push_back(rectOf(cornersOf(cell.vertices, cell.polygons[i]), axis));
    QCOMPARE(portals.size(), doors.size());
    for (const Rect& door : doors)
        QVERIFY(std::any_of(portals.begin(), portals.end(), [&](const Rect& p) {
            return std::abs(p.a0 - door.a0) < 1e-6 && std::abs(p.a1 - door.a1) < 1e-6 &&
                   std::abs(p.z0 - door.z0) < 1e-6 && std::abs(p.z1 - door.z1) < 1e-6;
        }));
    double area = 0;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        area += pieces[i].area();
        for (const Rect& portal : portals)
            QCOMPARE(overlap(pieces[i], portal), 0.0);
        for (std::size_t j = i + 1; j < pieces.size(); ++j)
            QCOMPARE(overlap(pieces[i], pieces[j]), 0.0);
    }
    for (const Rect& portal : portals)
        area += portal.area();
    QVERIFY(std::abs(area - length * 3) < 1e-5);
}

} // namespace

class TestEnvironmentGenerator : public QObject {
    Q_OBJECT

  private slots:
    void portalsFillTheDoorwayGaps() {
        const CellStruct cell = environment(kRoom).cells.at(0).structure;
        QCOMPARE(cell.portals.size(), std::size_t(3));
        // The doorways as the spec places them, along the wall and up from the floor.
        checkWall(cell, 0, -2.0, 6.0, {{-2, -1, 0, 2}, {0.5, 2, 0, 3}});
        checkWall(cell, 1, 3.0, 4.0, {{-1, 1, 0, 2.5}});
    }

    void portalPolygonsFaceIntoTheRoom() {
        const CellStruct cell = environment(kRoom).cells.at(0).structure;
        for (const std::uint16_t id : cell.portals) {
            const auto corners = cornersOf(cell.vertices, cell.polygons.at(id));
            // Newell's normal against the direction to the room's centre (0, 0, 1.5).
            P3 n;
            for (std::size_t i = 0; i < corners.size(); ++i) {
                const P3 a = corners[i], b = corners[(i + 1) % corners.size()];
                n = {n.x + (a.y - b.y) * (a.z + b.z), n.y + (a.z - b.z) * (a.x + b.x),
                     n.z + (a.x - b.x) * (a.y + b.y)};
            }
            const P3 c = corners[0];
            QVERIFY(n.x * (0 - c.x) + n.y * (0 - c.y) + n.z * (1.5 - c.z) > 0);
        }
    }

    void cellBspAnswersPointInCell() {
        const CellStruct cell = environment(kRoom).cells.at(0).structure;
        for (double x = -2.9; x <= 2.9; x += 0.58)
            for (double y = -1.9; y <= 1.9; y += 0.38)
                for (double z = 0.1; z <= 2.9; z += 0.7)
                    QVERIFY2(pointInCell(cell.cellBsp, {x, y, z}),
                             qPrintable(QString("(%1, %2, %3)").arg(x).arg(y).arg(z)));
        // Beyond each of the six sides, doorways included: a doorway leads out of the cell.
        for (const P3& outside : std::vector<P3>{{3.2, 0, 1},
                                                 {-3.2, 0, 1},
                                                 {0, 2.2, 1},
                                                 {0, -2.2, 1},
                                                 {0, 0, 3.2},
                                                 {0, 0, -0.2},
                                                 {-1.5, -2.3, 1},
                                                 {3.3, 0, 1.2},
                                                 {40, 40, 40}})
            QVERIFY2(
                !pointInCell(cell.cellBsp, outside),
                qPrintable(QString("(%1, %2, %3)").arg(outside.x).arg(outside.y).arg(outside.z)));
    }

    void physicsLeavesHoldEverySolidPolygon() {
        const CellStruct cell = environment(kRoom).cells.at(0).structure;
        // Floor, ceiling, and the walls around the doorways; the portals are not solid.
        QCOMPARE(cell.physicsPolygons.size(), cell.polygons.size() - cell.portals.size());
        for (std::size_t i = 0; i < cell.physicsPolygons.size(); ++i)
            QCOMPARE(cell.physicsPolygons[i].id, std::uint16_t(i));
        const std::string problem =
            physicsTreeProblem(cell.physicsBsp, cell.vertices, cell.physicsPolygons);
        QVERIFY2(problem.empty(), problem.c_str());
        QVERIFY(cell.physicsBsp.nodes.size() > 1); // the room is split, not one leaf
    }

    void drawingTreeNamesEveryPolygonAndPortal() {
        const CellStruct cell = environment(kRoom).cells.at(0).structure;
        QVERIFY(cell.hasDrawingBsp);
        std::map<std::uint16_t, int> drawn, portals;
        for (const BspNode& node : cell.drawingBsp.nodes) {
            for (const std::uint16_t id : node.polygons)
                ++drawn[id];
            for (const BspPortalRef& ref : node.portals) {
                QVERIFY(node.tag == bsp_tag::Portal);
                QCOMPARE(cell.portals.at(std::size_t(ref.portalIndex)),
                         std::uint16_t(ref.polygonIndex));
                ++portals[std::uint16_t(ref.polygonIndex)];
                // The portal lies in its node's plane.
                for (const P3& c : cornersOf(cell.vertices, cell.polygons.at(ref.polygonIndex)))
                    QVERIFY(std::abs(side(node.splittingPlane, c)) < 1e-5);
            }
        }
        for (const MeshPolygon& polygon : cell.polygons)
            QCOMPARE(isPortal(cell, polygon.id) ? portals[polygon.id] : drawn[polygon.id], 1);
        // A walk of the drawing tree's positive chain sees the room as the cell tree does.
        QVERIFY(pointInCell(cell.drawingBsp, {0, 0, 1}));
        QVERIFY(!pointInCell(cell.drawingBsp, {0, 0, 4}));
    }

    void indicesAreInRange() {
        const Environment env = environment(kRoom);
        for (const Environment::Cell& cell : env.cells) {
            const CellStruct& s = cell.structure;
            for (const auto& problem : {meshIndexProblem(s.vertices, s.polygons),
                                        meshIndexProblem(s.vertices, s.physicsPolygons)})
                QVERIFY2(problem.empty(), problem.c_str());
            for (std::size_t i = 0; i < s.vertices.size(); ++i)
                QCOMPARE(s.vertices[i].id, std::uint16_t(i));
            for (const std::uint16_t id : s.portals)
                QVERIFY(id < s.polygons.size());
        }
    }

    void roundTripsByteExact() {
        const char* json = R"({"cells": [
            {"key": 7, "size": [10, 10, 5], "doorways": [{"wall": "north", "width": 2, "height": 3}]},
            {"size": [3, 12, 4], "surfaces": {"floor": 3, "wall": 4, "ceiling": 5}}]})";
        const Environment env = environment(json);
        QCOMPARE(env.cells.at(0).key, 7u);
        QCOMPARE(env.cells.at(1).key, 1u); // the position when no key is given
        QCOMPARE(env.cells.at(1).structure.polygons.at(0).posSurface, std::int16_t(3));
        const std::vector<std::uint8_t> bytes = env.encode();
        const Environment decoded = Environment::decode(bytes, kEnvironmentDid);
        QVERIFY(decoded == env);
        QCOMPARE(decoded.encode(), bytes);
        QVERIFY(Environment::fromJson(JsonNode(env.toJson(), "environment", kEnvironmentDid),
                                      kEnvironmentDid) == env);
        QCOMPARE(environment(json).encode(), bytes); // deterministic
    }

    void badSpecsNameTheirPath_data() {
        addBadSpecColumns();
        const auto row = [](const char* name, const char* json, const char* path) {
            QTest::newRow(name) << QString(json) << QString(path);
        };
        row("no cells", R"({"cells": []})", "environment.cells");
        row("no size", R"({"cells": [{}]})", "environment.cells[0].size");
        row("flat room", R"({"cells": [{"size": [4, 0, 3]}]})", "environment.cells[0].size[1]");
        row("unknown wall",
            R"({"cells": [{"size": [4, 4, 3], "doorways": [{"wall": "up", "width": 1, "height": 2}]}]})",
            "environment.cells[0].doorways[0].wall");
        row("doorway wider than its wall",
            R"({"cells": [{"size": [4, 4, 3], "doorways": [{"wall": "east", "width": 3, "height": 2, "offset": 1}]}]})",
            "environment.cells[0].doorways[0].width");
        row("doorway above the ceiling",
            R"({"cells": [{"size": [4, 4, 3], "doorways": [{"wall": "west", "width": 1, "height": 3.5}]}]})",
            "environment.cells[0].doorways[0].height");
        row("overlapping doorways",
            R"({"cells": [{"size": [4, 4, 3], "doorways": [{"wall": "north", "width": 1, "height": 2},
                {"wall": "north", "width": 1, "height": 2, "offset": 0.5}]}]})",
            "environment.cells[0].doorways[1]");
        row("sliver of wall",
            R"({"cells": [{"size": [4, 4, 3], "doorways": [{"wall": "north", "width": 1, "height": 2.9999}]}]})",
            "environment.cells[0].doorways[0]");
        row("duplicate key", R"({"cells": [{"size": [4, 4, 3]}, {"key": 0, "size": [4, 4, 3]}]})",
            "environment.cells[1].key");
        row("key beyond u16", R"({"cells": [{"key": 70000, "size": [4, 4, 3]}]})",
            "environment.cells[0].key");
        row("surface slot", R"({"surfaces": {"wall": 300}, "cells": [{"size": [4, 4, 3]}]})",
            "environment.surfaces.wall");
    }
    void badSpecsNameTheirPath() {
        badSpecFailsAt([](const char* text) { environment(text); }, kEnvironmentDid);
    }
};

QTEST_GUILESS_MAIN(TestEnvironmentGenerator)
#include "tst_environment_generator.moc"
