#pragma once

// BSP trees for generated geometry (docs/formats.md#bsp-trees): a spatial physics tree whose
// leaves hold the solid polygons, and chains of planes for convex shells, which is all a box
// room or a box house needs for its cell, drawing and (for rooms) portal nodes.

#include "datreader/authoring/authoring_math.h"
#include "datreader/records/bsp.h"

#include <span>
#include <vector>

namespace portalkit::authoring {

// A polygon as the builders see it: its id in the owner's polygon list and its corners.
struct BspPolygon {
    std::uint16_t id = 0;
    std::vector<Vec3d> corners;
};

// A physics tree: the node's region is halved across its longest side until a leaf holds at
// most a few polygons or the split stops separating them; a polygon crossing a plane goes to
// both sides, one lying in it to the positive side. Leaves are numbered in stored order and are
// not solid (the space a room or a house shell encloses is open); every node's sphere holds its
// polygons.
dat::BspTree physicsTree(std::span<const BspPolygon> polygons);

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
