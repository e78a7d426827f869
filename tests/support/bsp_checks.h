#pragma once

// Checks of BSP trees against the polygons they index, written from the way the client walks
// them (docs/formats.md#bsp-trees), not from the code that builds them: the cell walk for
// "is this point in the cell", and what a physics tree must promise to the collision walk.
// Each check returns the first problem it finds as text, empty when there is none, so a
// suite can QVERIFY2 on it.

#include "datreader/records/bsp.h"
#include "datreader/records/mesh.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <span>
#include <string>

namespace portalkit::testing {

struct P3 {
    double x = 0, y = 0, z = 0;
};

inline P3 at(const dat::Vec3& v) {
    return {v.x, v.y, v.z};
}

inline double side(const dat::Plane& plane, P3 p) {
    return plane.normal.x * p.x + plane.normal.y * p.y + plane.normal.z * p.z + plane.d;
}

inline double distance(P3 a, P3 b) {
    return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) +
                     (a.z - b.z) * (a.z - b.z));
}

// The cell walk: a point behind any plane on the positive chain is outside; one that reaches
// the end of the chain (a leaf, or a node with no positive child) is inside.
inline bool pointInCell(const dat::BspTree& tree, P3 point, double epsilon = 0.0002) {
    std::int32_t index = 0;
    for (int step = 0; step <= dat::kMaxBspDepth && index >= 0; ++step) {
        const dat::BspNode& node = tree.nodes.at(std::size_t(index));
        if (node.tag == dat::bsp_tag::Leaf)
            return true;
        if (side(node.splittingPlane, point) < -epsilon)
            return false;
        if (node.posChild < 0)
            return true;
        index = node.posChild;
    }
    return false;
}

inline std::vector<P3> cornersOf(std::span<const dat::MeshVertex> vertices,
                                 const dat::MeshPolygon& polygon) {
    std::vector<P3> corners;
    for (const std::int16_t id : polygon.vertexIds)
        corners.push_back(at(vertices[std::size_t(id)].origin));
    return corners;
}

// Every index a mesh stores is in range: polygon vertex ids and UV indices.
inline std::string meshIndexProblem(std::span<const dat::MeshVertex> vertices,
                                    std::span<const dat::MeshPolygon> polygons) {
    for (const dat::MeshPolygon& polygon : polygons) {
        if (polygon.vertexIds.size() < 3)
            return "polygon " + std::to_string(polygon.id) + " has fewer than 3 vertices";
        for (std::size_t i = 0; i < polygon.vertexIds.size(); ++i) {
            const std::int16_t id = polygon.vertexIds[i];
            if (id < 0 || std::size_t(id) >= vertices.size())
                return "polygon " + std::to_string(polygon.id) + " names vertex " +
                       std::to_string(id) + " of " + std::to_string(vertices.size());
            if (i < polygon.posUVIndices.size() &&
                polygon.posUVIndices[i] >= vertices[std::size_t(id)].uvs.size())
                return "polygon " + std::to_string(polygon.id) + " names a missing UV";
        }
    }
    return {};
}

// What the collision walk relies on in a physics tree: every polygon is in some leaf; a leaf's
// and a branch's sphere hold the vertices of the polygons below them; a polygon below a
// positive child reaches the plane's positive side (or lies in it), one below a negative child
// its negative side; children follow their parent in stored order.
inline std::string physicsTreeProblem(const dat::BspTree& tree,
                                      std::span<const dat::MeshVertex> vertices,
                                      std::span<const dat::MeshPolygon> polygons) {
    constexpr double kSlack = 1e-4;
    std::string problem;
    const auto holds = [&](const dat::Sphere& sphere, std::uint16_t polygon) {
        for (const P3& corner : cornersOf(vertices, polygons[polygon]))
            if (distance(corner, at(sphere.center)) > sphere.radius + kSlack)
                return false;
        return true;
    };
    std::function<std::set<std::uint16_t>(std::int32_t)> below = [&](std::int32_t index) {
        std::set<std::uint16_t> found;
        const dat::BspNode& node = tree.nodes.at(std::size_t(index));
        if (node.tag == dat::bsp_tag::Leaf) {
            for (const std::uint16_t id : node.polygons) {
                if (id >= polygons.size())
                    problem = "leaf polygon " + std::to_string(id) + " out of range";
                else if (!holds(node.boundingSphere, id))
                    problem = "a leaf sphere misses polygon " + std::to_string(id);
                found.insert(id);
            }
            return found;
        }
        for (const auto& [child, positive] :
             {std::pair{node.posChild, true}, std::pair{node.negChild, false}}) {
            if (child < 0)
                continue;
            if (child <= index)
                problem = "a child precedes its parent";
            for (const std::uint16_t id : below(child)) {
                if (id >= polygons.size())
                    continue;
                double low = INFINITY, high = -INFINITY;
                for (const P3& corner : cornersOf(vertices, polygons[id])) {
                    low = std::min(low, side(node.splittingPlane, corner));
                    high = std::max(high, side(node.splittingPlane, corner));
                }
                if ((positive && high < -kSlack) || (!positive && low > kSlack))
                    problem = "polygon " + std::to_string(id) + " is on the wrong side of node " +
                              std::to_string(index);
                if (!holds(node.boundingSphere, id))
                    problem = "node " + std::to_string(index) + "'s sphere misses polygon " +
                              std::to_string(id);
                found.insert(id);
            }
        }
        return found;
    };
    if (tree.nodes.empty())
        return "no physics tree";
    const std::set<std::uint16_t> covered = below(0);
    if (!problem.empty())
        return problem;
    for (const dat::MeshPolygon& polygon : polygons)
        if (!covered.count(polygon.id))
            return "polygon " + std::to_string(polygon.id) + " is in no leaf";
    return {};
}

} // namespace portalkit::testing
