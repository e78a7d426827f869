#pragma once

// BSP trees for generated geometry (docs/formats.md#bsp-trees): a spatial physics tree whose
// leaves hold the solid polygons, and chains of planes for convex shells, which is all a box
// room or a box house needs for its cell, drawing and (for rooms) portal nodes.

#include "datreader/authoring/authoring_math.h"
#include "datreader/records/bsp.h"

#include <cstddef>
#include <span>
#include <vector>

namespace portalkit::authoring {

// A polygon as the builders see it: its id in the owner's polygon list and its corners.
struct BspPolygon {
    std::uint16_t id = 0;
    std::vector<Vec3d> corners;
};

// When the physics tree stops splitting. The defaults are what the demo's rooms and houses are
// built with (a few dozen polygons, so a shallow tree).
struct PhysicsTreeLimits {
    std::size_t polygonsPerLeaf = 4; // a node with this many or fewer is a leaf
    int maxDepth = 6;                // bounds the copies of polygons that cross many planes
    // A split that puts more than this share of the node's polygons on both sides is not made
    // (the node becomes a leaf): such a split only copies them. 1 = any split that separates
    // at least one polygon is made.
    double maxShared = 1.0;
    // Once the nodes made so far hold this many polygons in all (copies counted), the rest
    // become leaves: bounds the work and the tree for any input. 0 = no bound.
    std::size_t maxPlaced = 0;
};

// Limits for an arbitrary mesh of `polygonCount` polygons (an imported model): deep enough for
// leaves of about `polygonsPerLeaf`, and no split that copies more than half its polygons.
PhysicsTreeLimits meshTreeLimits(std::size_t polygonCount);

// A physics tree: the node's region is halved across its longest side until a leaf holds at
// most a few polygons or the split stops separating them; a polygon crossing a plane goes to
// both sides, one lying in it to the positive side. Leaves are numbered in stored order and are
// not solid (the space a room or a house shell encloses is open; a leaf's region is a box cut
// by axis planes, which a closed mesh's surface crosses, so it is never wholly inside one);
// every node's sphere holds its polygons.
dat::BspTree physicsTree(std::span<const BspPolygon> polygons,
                         const PhysicsTreeLimits& limits = {});

// The exact tree of a closed convex body (an imported box, prism or low-poly rock): one node
// per distinct face plane, each the negative child of the one before (the body lies behind
// every face plane), ending in a solid leaf that holds every polygon. A sphere wholly in front
// of any face plane cannot touch the body, so the walk stops there; a centre behind them all is
// inside, which is what the collision walk's solid test asks of a solid leaf. Empty when the
// polygons are not a closed surface (every edge met once each way) wound outward around a convex
// body, or have more than `maxPlanes` planes (a longer chain would be a deep tree).
dat::BspTree convexPhysicsTree(std::span<const BspPolygon> polygons, std::size_t maxPlanes = 64);

// The drawing BSP of a loose mesh: one internal node holding every polygon, whose plane (the
// floor of the bounds, z = `floorZ`) has all geometry on its positive side, over one empty leaf.
// Drawing leaves store no polygons or sphere (docs/formats.md), so the node carries both.
dat::BspTree singleNodeDrawingTree(std::size_t polygonCount, const dat::Sphere& bounds,
                                   float floorZ);

// One plane of a convex shell with what lies in it.
struct ChainLink {
    dat::Plane plane;
    std::vector<std::uint16_t> polygons;    // drawing: the polygons in the plane
    std::vector<dat::BspPortalRef> portals; // drawing: portal polygons in the plane, makes a PORT
    std::vector<Vec3d> points;              // the corners of those polygons, for the spheres
};

enum class ChainSide { Positive, Negative };

// One node per link, each the child of the one before on `side` (the side the rest of the shell
// lies on), ending in a leaf. A link with portals becomes a PORT node, whose other child is an
// empty leaf. Drawing nodes carry their polygons and a sphere around their own and the later
// links' points; cell nodes carry only the plane. `tag` is the internal nodes' tag and must
// name the child on `side`.
dat::BspTree chainTree(std::span<const ChainLink> links, dat::BspVariant variant, std::uint32_t tag,
                       ChainSide side);

} // namespace portalkit::authoring
