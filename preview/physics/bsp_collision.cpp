#include "preview/physics/bsp_collision.h"

#include "preview/physics/bsp_nodes.h"

#include <cmath>

namespace portalkit::preview {

namespace {

using namespace bsp_nodes;

bool intersectsPoly(const PhysicsGeometry& g, const dat::BspNode* node, const TransitionSphere& s,
                    Vec3 move, BspWalk& walk, int depth) {
    if (!node || walk.tooDeep) // a walk that went too deep stops everywhere, at once
        return false;
    if (depth > dat::kMaxBspDepth) {
        walk.tooDeep = true;
        return false;
    }
    if (isLeaf(*node)) {
        if (node->polygons.empty() || !overlap(node->boundingSphere, s))
            return false;
        for (std::uint16_t id : node->polygons)
            if (const BspPolygon* polygon = g.polygon(id)) {
                bool touched = false;
                const bool counts = posHitsSphere(*polygon, s, move, touched);
                if (touched) // kept even when the approach does not count
                    walk.hit = polygon;
                if (counts)
                    return true;
            }
        return false;
    }
    if (!overlap(node->boundingSphere, s))
        return false;
    const int where = side(*node, s);
    if (where > 0)
        return intersectsPoly(g, child(g, node->posChild), s, move, walk, depth + 1);
    if (where < 0)
        return intersectsPoly(g, child(g, node->negChild), s, move, walk, depth + 1);
    return intersectsPoly(g, child(g, node->posChild), s, move, walk, depth + 1) ||
           intersectsPoly(g, child(g, node->negChild), s, move, walk, depth + 1);
}

bool intersectsSolid(const PhysicsGeometry& g, const dat::BspNode* node, const TransitionSphere& s,
                     bool centerCheck, BspWalk& walk, int depth) {
    if (!node || walk.tooDeep)
        return false;
    if (depth > dat::kMaxBspDepth) {
        walk.tooDeep = true;
        return false;
    }
    if (isLeaf(*node)) {
        if (node->polygons.empty())
            return false;
        if (centerCheck && node->solid)
            return true;
        if (!overlap(node->boundingSphere, s))
            return false;
        for (std::uint16_t id : node->polygons)
            if (const BspPolygon* polygon = g.polygon(id);
                polygon && polygonHitsSphere(*polygon, s))
                return (walk.hit = polygon), true;
        return false;
    }
    if (!overlap(node->boundingSphere, s))
        return false;
    const int where = side(*node, s);
    if (where > 0)
        return intersectsSolid(g, child(g, node->posChild), s, centerCheck, walk, depth + 1);
    if (where < 0)
        return intersectsSolid(g, child(g, node->negChild), s, centerCheck, walk, depth + 1);
    // Straddling: only the child on the centre's side may find the centre inside a solid.
    const bool centreInFront =
        dot(vec(node->splittingPlane.normal), s.center) + node->splittingPlane.d >= 0;
    return intersectsSolid(g, child(g, node->posChild), s, centerCheck && centreInFront, walk,
                           depth + 1) ||
           intersectsSolid(g, child(g, node->negChild), s, centerCheck && !centreInFront, walk,
                           depth + 1);
}

struct WalkableQuery {
    Vec3 move, up;
    float allowance = 0;
    float* walkInterp = nullptr;
    bool changed = false;
};

void findWalkableIn(const PhysicsGeometry& g, const dat::BspNode* node, TransitionSphere& s,
                    WalkableQuery& q, BspWalk& walk, int depth) {
    if (!node || walk.tooDeep)
        return;
    if (depth > dat::kMaxBspDepth) {
        walk.tooDeep = true;
        return;
    }
    if (!overlap(node->boundingSphere, s))
        return;
    if (isLeaf(*node)) {
        for (std::uint16_t id : node->polygons)
            if (const BspPolygon* polygon = g.polygon(id);
                polygon && walkableHitsSphere(*polygon, s, q.up, q.allowance) &&
                adjustSphereToPlane(*polygon, s, q.move, *q.walkInterp)) {
                q.changed = true;
                walk.hit = polygon;
            }
        return;
    }
    const int where = side(*node, s);
    if (where >= 0)
        findWalkableIn(g, child(g, node->posChild), s, q, walk, depth + 1);
    if (where <= 0)
        findWalkableIn(g, child(g, node->negChild), s, q, walk, depth + 1);
}

} // namespace

BspPolygon makeBspPolygon(std::uint16_t id, std::vector<Vec3> vertices) {
    BspPolygon out;
    out.id = id;
    out.vertices = std::move(vertices);
    const std::vector<Vec3>& v = out.vertices;
    Vec3 sum;
    for (std::size_t i = 1; i + 1 < v.size(); ++i)
        sum += cross(v[i] - v[0], v[i + 1] - v[0]);
    const float len = length(sum);
    out.normal = len > 0 ? sum * (1.0f / len) : Vec3{};
    float total = 0;
    for (const Vec3& p : v)
        total += dot(out.normal, p);
    out.d = v.empty() ? 0 : -total / float(v.size());
    return out;
}

PhysicsGeometry PhysicsGeometry::fromGfxObj(const dat::GfxObj& gfxObj) {
    PhysicsGeometry out;
    out.tree = gfxObj.physicsBsp;
    std::map<std::int32_t, Vec3> vertices;
    for (const dat::GfxObj::Vertex& vertex : gfxObj.vertices)
        vertices[vertex.id] = vec(vertex.origin);
    for (const dat::GfxObj::Polygon& polygon : gfxObj.physicsPolygons) {
        std::vector<Vec3> corners;
        for (std::int16_t id : polygon.vertexIds) {
            const auto it = vertices.find(id);
            if (it == vertices.end())
                break;
            corners.push_back(it->second);
        }
        if (corners.size() == polygon.vertexIds.size() && corners.size() >= 3)
            out.polygons[polygon.id] = makeBspPolygon(polygon.id, std::move(corners));
    }
    return out;
}

const BspPolygon* PhysicsGeometry::polygon(std::uint16_t id) const {
    const auto it = polygons.find(id);
    return it == polygons.end() ? nullptr : &it->second;
}

bool polygonHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3* contact) {
    const float s = polygon.distance(sphere.center);
    const float r = sphere.radius - kTransitionEpsilon;
    if (std::abs(s) > r)
        return false;
    const float r2 = r * r - s * s; // the squared radius of the circle the plane cuts
    const Vec3 p = sphere.center - polygon.normal * s;
    if (contact)
        *contact = p;
    const std::vector<Vec3>& v = polygon.vertices;
    bool inside = true;
    for (std::size_t i = 0; i < v.size() && inside; ++i)
        inside = dot(p - v[i], cross(polygon.normal, v[(i + 1) % v.size()] - v[i])) >= 0;
    if (inside)
        return true;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Vec3 e = v[(i + 1) % v.size()] - v[i], w = p - v[i];
        const Vec3 inward = cross(polygon.normal, e);
        const float k = dot(w, inward);
        if (k < 0) {
            if (dot(inward, inward) * r2 < k * k)
                return false; // the circle misses this edge's line
            const float along = dot(w, e);
            if (along >= 0 && along <= dot(e, e))
                return true; // and reaches the segment
        }
        if (dot(w, w) <= r2)
            return true; // a vertex inside the circle
    }
    return false;
}

bool posHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 move,
                   bool& touched) {
    touched = polygonHitsSphere(polygon, sphere);
    return dot(polygon.normal, move) < 0 ? touched : false;
}

bool walkableHitsSphere(const BspPolygon& polygon, const TransitionSphere& sphere, Vec3 up,
                        float walkableAllowance) {
    return dot(polygon.normal, up) > walkableAllowance && polygonHitsSphere(polygon, sphere);
}

bool adjustSphereToPlane(const BspPolygon& polygon, TransitionSphere& sphere, Vec3 move,
                         float& walkInterp) {
    const float s = polygon.distance(sphere.center);
    const float m = dot(polygon.normal, move);
    float k = 0;
    if (m > kTransitionEpsilon)
        k = -sphere.radius - s;
    else if (m < -kTransitionEpsilon)
        k = s - sphere.radius;
    else
        return false;
    const float t = k / m;
    const float w = (1 - t) * walkInterp;
    if (w >= walkInterp || w < -0.5f)
        return false;
    sphere.center -= move * t;
    walkInterp = w;
    return true;
}

bool sphereIntersectsPoly(const PhysicsGeometry& geometry, const TransitionSphere& sphere,
                          Vec3 move, BspWalk& walk) {
    return intersectsPoly(geometry, child(geometry, 0), sphere, move, walk, 0);
}

bool sphereIntersectsSolid(const PhysicsGeometry& geometry, const TransitionSphere& sphere,
                           bool centerCheck, BspWalk& walk) {
    return intersectsSolid(geometry, child(geometry, 0), sphere, centerCheck, walk, 0);
}

bool findWalkable(const PhysicsGeometry& geometry, TransitionSphere& sphere, Vec3 move, Vec3 up,
                  float walkableAllowance, float& walkInterp, BspWalk& walk) {
    WalkableQuery query{move, up, walkableAllowance, &walkInterp};
    findWalkableIn(geometry, child(geometry, 0), sphere, query, walk, 0);
    return query.changed;
}

} // namespace portalkit::preview
