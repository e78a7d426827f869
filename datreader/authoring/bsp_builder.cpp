#include "datreader/authoring/bsp_builder.h"

#include "datreader/authoring/room_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace portalkit::authoring {
namespace {

constexpr double kOnPlane = 1e-6; // metres: closer than this counts as lying in the plane

struct Region {
    Vec3d low, high;
};

double& component(Vec3d& v, int axis) {
    return axis == 0 ? v.x : axis == 1 ? v.y : v.z;
}

std::vector<Vec3d> cornersOf(std::span<const BspPolygon> polygons,
                             const std::vector<std::size_t>& members) {
    std::vector<Vec3d> points;
    for (const std::size_t i : members)
        points.insert(points.end(), polygons[i].corners.begin(), polygons[i].corners.end());
    return points;
}

class PhysicsBuilder {
  public:
    PhysicsBuilder(std::span<const BspPolygon> polygons, const PhysicsTreeLimits& limits)
        : m_polygons(polygons), m_limits(limits) {}

    dat::BspTree build() {
        std::vector<std::size_t> all(m_polygons.size());
        for (std::size_t i = 0; i < all.size(); ++i)
            all[i] = i;
        const std::vector<Vec3d> points = cornersOf(m_polygons, all);
        Region region{{INFINITY, INFINITY, INFINITY}, {-INFINITY, -INFINITY, -INFINITY}};
        for (const Vec3d& p : points) {
            region.low = {std::min(region.low.x, p.x), std::min(region.low.y, p.y),
                          std::min(region.low.z, p.z)};
            region.high = {std::max(region.high.x, p.x), std::max(region.high.y, p.y),
                           std::max(region.high.z, p.z)};
        }
        node(all, region, 0);
        return std::move(m_tree);
    }

  private:
    struct Split {
        dat::Plane plane;
        std::vector<std::size_t> positive, negative;
        Region posRegion, negRegion;
    };

    // Appends the node for `members` and its subtrees in stored order (node, positive,
    // negative); returns its index.
    std::int32_t node(const std::vector<std::size_t>& members, const Region& region, int depth) {
        const auto index = std::int32_t(m_tree.nodes.size());
        m_tree.nodes.emplace_back();
        dat::BspNode built;
        const std::vector<Vec3d> points = cornersOf(m_polygons, members);
        if (!points.empty())
            built.boundingSphere = sphereAround(points);

        const Split parts = split(members, region);
        const bool separates =
            parts.positive.size() < members.size() || parts.negative.size() < members.size();
        const double shared =
            double(parts.positive.size() + parts.negative.size() - members.size()) /
            double(std::max<std::size_t>(members.size(), 1));
        m_placed += members.size();
        const bool overBudget = m_limits.maxPlaced && m_placed > m_limits.maxPlaced;
        if (members.size() <= m_limits.polygonsPerLeaf || depth >= m_limits.maxDepth ||
            !separates || shared > m_limits.maxShared || overBudget) {
            built.tag = dat::bsp_tag::Leaf;
            built.leafIndex = m_leaves++;
            for (const std::size_t i : members)
                built.polygons.push_back(m_polygons[i].id);
        } else {
            built.splittingPlane = parts.plane;
            built.tag = parts.positive.empty()   ? dat::bsp_tag::BpIN
                        : parts.negative.empty() ? dat::bsp_tag::BPnn
                                                 : dat::bsp_tag::BPIN;
            if (!parts.positive.empty())
                built.posChild = node(parts.positive, parts.posRegion, depth + 1);
            if (!parts.negative.empty())
                built.negChild = node(parts.negative, parts.negRegion, depth + 1);
        }
        m_tree.nodes[std::size_t(index)] = std::move(built);
        return index;
    }

    // Halves the region across its longest side, at a float-exact plane.
    Split split(const std::vector<std::size_t>& members, const Region& region) const {
        Split result;
        result.posRegion = result.negRegion = region;
        Vec3d extent = region.high - region.low;
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0
                         : extent.y >= extent.z                       ? 1
                                                                      : 2;
        const float middle = float(
            (component(result.posRegion.low, axis) + component(result.posRegion.high, axis)) / 2);
        Vec3d normal;
        component(normal, axis) = 1;
        result.plane = {toFloat(normal), -middle};
        component(result.posRegion.low, axis) = middle;
        component(result.negRegion.high, axis) = middle;
        for (const std::size_t i : members) {
            double low = INFINITY, high = -INFINITY;
            for (const Vec3d& corner : m_polygons[i].corners) {
                const double side = planeSide(result.plane, corner);
                low = std::min(low, side);
                high = std::max(high, side);
            }
            const bool inPlane = low >= -kOnPlane && high <= kOnPlane;
            if (high > kOnPlane || inPlane)
                result.positive.push_back(i);
            if (low < -kOnPlane)
                result.negative.push_back(i);
        }
        return result;
    }

    std::span<const BspPolygon> m_polygons;
    PhysicsTreeLimits m_limits;
    std::size_t m_placed = 0;
    dat::BspTree m_tree;
    std::int32_t m_leaves = 0;
};

// The plane of a polygon wound counter-clockwise about its normal (Newell's method), unit
// normal; a zero normal when it has no area.
struct PlaneD {
    Vec3d normal;
    double d = 0;
};

PlaneD planeOfCorners(const std::vector<Vec3d>& corners) {
    Vec3d n;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const Vec3d& a = corners[i];
        const Vec3d& b = corners[(i + 1) % corners.size()];
        n = n +
            Vec3d{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y)};
    }
    const double len = length(n);
    if (!(len > 0) || !std::isfinite(len) || corners.empty())
        return {};
    n = n * (1 / len);
    const Vec3d& p = corners.front();
    return {n, -(n.x * p.x + n.y * p.y + n.z * p.z)};
}

// Every edge of the surface is met once in each direction: closed, and wound one way.
bool closedSurface(std::span<const BspPolygon> polygons) {
    using Point = std::array<double, 3>;
    std::map<std::pair<Point, Point>, int> balance;
    for (const BspPolygon& polygon : polygons)
        for (std::size_t i = 0; i < polygon.corners.size(); ++i) {
            const Vec3d& a = polygon.corners[i];
            const Vec3d& b = polygon.corners[(i + 1) % polygon.corners.size()];
            const Point pa{a.x, a.y, a.z}, pb{b.x, b.y, b.z};
            if (pa < pb)
                ++balance[{pa, pb}];
            else
                --balance[{pb, pa}];
        }
    return std::all_of(balance.begin(), balance.end(),
                       [](const auto& edge) { return edge.second == 0; });
}

class ChainBuilder {
  public:
    ChainBuilder(std::span<const ChainLink> links, dat::BspVariant variant, std::uint32_t tag,
                 ChainSide side)
        : m_links(links), m_variant(variant), m_tag(tag), m_side(side) {}

    dat::BspTree build() {
        link(0);
        return std::move(m_tree);
    }

  private:
    std::int32_t leaf() {
        dat::BspNode node;
        node.tag = dat::bsp_tag::Leaf;
        node.leafIndex = m_leaves++;
        m_tree.nodes.push_back(node);
        return std::int32_t(m_tree.nodes.size() - 1);
    }

    // Appends link `i` and what follows it; the chain continues on m_side, so in stored order
    // a PORT's empty negative leaf comes after the rest of the chain.
    std::int32_t link(std::size_t i) {
        if (i == m_links.size())
            return leaf();
        const ChainLink& here = m_links[i];
        const auto index = std::int32_t(m_tree.nodes.size());
        m_tree.nodes.emplace_back();
        dat::BspNode node;
        node.splittingPlane = here.plane;
        const bool portal = !here.portals.empty();
        node.tag = portal ? dat::bsp_tag::Portal : m_tag;
        if (m_variant == dat::BspVariant::Drawing) {
            node.polygons = here.polygons;
            node.portals = here.portals;
            std::vector<Vec3d> points;
            for (std::size_t j = i; j < m_links.size(); ++j)
                points.insert(points.end(), m_links[j].points.begin(), m_links[j].points.end());
            if (!points.empty())
                node.boundingSphere = sphereAround(points);
        }
        std::int32_t& onward = m_side == ChainSide::Positive ? node.posChild : node.negChild;
        onward = link(i + 1);
        if (portal)
            (m_side == ChainSide::Positive ? node.negChild : node.posChild) = leaf();
        m_tree.nodes[std::size_t(index)] = std::move(node);
        return index;
    }

    std::span<const ChainLink> m_links;
    dat::BspVariant m_variant;
    std::uint32_t m_tag;
    ChainSide m_side;
    dat::BspTree m_tree;
    std::int32_t m_leaves = 0;
};

} // namespace

PhysicsTreeLimits meshTreeLimits(std::size_t polygonCount) {
    PhysicsTreeLimits limits;
    // Each level about halves a node's polygons: enough levels to reach leaves of the default
    // size, plus two for uneven splits, capped so a huge mesh cannot make a runaway tree.
    int levels = 0;
    while (levels < 30 && (polygonCount >> levels) > limits.polygonsPerLeaf)
        ++levels;
    limits.maxDepth = std::clamp(levels + 2, 6, 24);
    limits.maxShared = 0.5;
    limits.maxPlaced = 32 * polygonCount + 4096;
    return limits;
}

dat::BspTree physicsTree(std::span<const BspPolygon> polygons, const PhysicsTreeLimits& limits) {
    return PhysicsBuilder(polygons, limits).build();
}

dat::BspTree convexPhysicsTree(std::span<const BspPolygon> polygons, std::size_t maxPlanes) {
    if (polygons.size() < 4 || !closedSurface(polygons))
        return {};
    std::vector<Vec3d> points;
    for (const BspPolygon& polygon : polygons)
        points.insert(points.end(), polygon.corners.begin(), polygon.corners.end());
    double extent = 0;
    for (const Vec3d& p : points)
        extent = std::max({extent, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
    // Float positions: a vertex may sit off a plane through others by their rounding.
    const double slack = 1e-5 * extent + 1e-6;
    std::vector<PlaneD> planes;
    for (const BspPolygon& polygon : polygons) {
        const PlaneD plane = planeOfCorners(polygon.corners);
        if (length(plane.normal) == 0)
            return {};
        const auto same = [&](const PlaneD& other) {
            const Vec3d& a = plane.normal;
            const Vec3d& b = other.normal;
            return a.x * b.x + a.y * b.y + a.z * b.z > 1 - 1e-9 &&
                   std::abs(plane.d - other.d) <= slack;
        };
        if (std::none_of(planes.begin(), planes.end(), same))
            planes.push_back(plane);
        if (planes.size() > maxPlanes)
            return {};
    }
    // Convex: the whole body behind (or in) every face plane.
    for (const PlaneD& plane : planes)
        for (const Vec3d& p : points)
            if (plane.normal.x * p.x + plane.normal.y * p.y + plane.normal.z * p.z + plane.d >
                slack)
                return {};
    const dat::Sphere sphere = sphereAround(points);
    dat::BspTree tree;
    for (const PlaneD& plane : planes) {
        dat::BspNode node;
        node.tag = dat::bsp_tag::BpIN; // negative child only
        node.splittingPlane = {toFloat(plane.normal), float(plane.d)};
        node.negChild = std::int32_t(tree.nodes.size() + 1);
        node.boundingSphere = sphere;
        tree.nodes.push_back(std::move(node));
    }
    dat::BspNode leaf;
    leaf.tag = dat::bsp_tag::Leaf;
    leaf.solid = 1;
    leaf.boundingSphere = sphere;
    for (const BspPolygon& polygon : polygons)
        leaf.polygons.push_back(polygon.id);
    tree.nodes.push_back(std::move(leaf));
    return tree;
}

dat::BspTree singleNodeDrawingTree(std::size_t polygonCount, const dat::Sphere& bounds,
                                   float floorZ) {
    dat::BspNode root;
    root.tag = dat::bsp_tag::BPnn;
    root.splittingPlane = {{0, 0, 1}, -floorZ};
    root.posChild = 1;
    root.boundingSphere = bounds;
    for (std::size_t i = 0; i < polygonCount; ++i)
        root.polygons.push_back(std::uint16_t(i));
    dat::BspNode leaf;
    leaf.tag = dat::bsp_tag::Leaf;
    return {{root, leaf}};
}

dat::BspTree chainTree(std::span<const ChainLink> links, dat::BspVariant variant, std::uint32_t tag,
                       ChainSide side) {
    return ChainBuilder(links, variant, tag, side).build();
}

} // namespace portalkit::authoring
