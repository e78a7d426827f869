#pragma once

// The node tests every walk of a physics BSP shares (bsp_collision.cpp, bsp_walker.cpp): a
// node's bounding sphere against the moving sphere, which side of the splitting plane the
// sphere is on, and a child index resolved against the tree. Internal to preview/physics.

#include "preview/physics/bsp_collision.h"

#include <cstddef>
#include <cstdint>

namespace portalkit::preview::bsp_nodes {

inline Vec3 vec(const dat::Vec3& v) {
    return {v.x, v.y, v.z};
}

// CSphere::intersects: strictly closer than the radii's sum.
inline bool overlap(const dat::Sphere& a, const TransitionSphere& b) {
    const Vec3 d = vec(a.center) - b.center;
    const float r = a.radius + b.radius;
    return dot(d, d) < r * r;
}

inline bool isLeaf(const dat::BspNode& node) {
    return node.tag == dat::bsp_tag::Leaf;
}

// Which side of a node's plane the sphere is on: +1 wholly in front, −1 wholly behind, 0 both.
inline int side(const dat::BspNode& node, const TransitionSphere& sphere) {
    const float s = dot(vec(node.splittingPlane.normal), sphere.center) + node.splittingPlane.d;
    const float r = sphere.radius - kTransitionEpsilon;
    return s >= r ? 1 : s <= -r ? -1 : 0;
}

// A child index that names a node of the tree; a one-child node's missing child is empty.
inline const dat::BspNode* child(const PhysicsGeometry& g, std::int32_t index) {
    return index >= 0 && std::size_t(index) < g.tree.nodes.size()
               ? &g.tree.nodes[std::size_t(index)]
               : nullptr;
}

} // namespace portalkit::preview::bsp_nodes
