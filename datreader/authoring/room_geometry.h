#pragma once

// The geometry the environment and building generators share (generators.h): an axis-aligned box
// whose walls carry doorways, cut into flat faces, and the bounding spheres their BSP nodes
// store. A room is the box seen from inside, a building the same box seen from outside, so a
// house and the interior cell behind its door are made from one spec and meet exactly.

#include "datreader/authoring/authoring_math.h"
#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "datreader/records/mesh.h"

#include <span>
#include <vector>

namespace portalkit::authoring {

// North is +Y, east +X (the landblock's axes).
enum class Wall { North, South, East, West };

struct Doorway {
    Wall wall = Wall::South;
    double width = 0;
    double height = 0;
    double offset = 0; // of the doorway's centre from the wall's centre, along +X or +Y
};

// A box centred on the origin in X and Y with its floor at z = 0.
struct BoxSpec {
    Vec3d size;
    std::vector<Doorway> doorways; // in spec order, which is portal order
};

enum class Part { Floor, Ceiling, Wall, Portal, Roof };

// A convex planar polygon; corners run counter-clockwise seen from the side `normal` faces.
struct Face {
    Part part = Part::Wall;
    std::vector<Vec3d> corners;
    Vec3d normal;
    Wall wall = Wall::South; // walls and portals: which wall they lie in
    int doorway = -1;        // portals: the index into BoxSpec::doorways
};

constexpr int kMaxDoorways = 16;

// Reads "size" ([x, y, z]) and "doorways" ([{wall, width, height, offset}]) from `spec`,
// failing at the path of a doorway that does not fit its wall or overlaps another.
BoxSpec boxSpecFrom(const dat::JsonNode& spec);

// The faces of the box: one quad per doorway (Part::Portal, in doorway order) first, then the
// floor, the ceiling and each wall cut into rectangles around its doorways. `inward` makes every
// face look into the box (a room); otherwise they look out (a building).
std::vector<Face> boxFaces(const BoxSpec& box, bool inward);

// A face of `part` looking along `facing` (a unit vector): the corners are reversed when they
// wind the other way.
Face faceLooking(Part part, std::vector<Vec3d> corners, Vec3d facing);

// The faces grouped by the plane they lie in (equal float planes), groups and faces in the
// order they first appear: a convex shell's BSP chain has one node per group.
std::vector<std::vector<std::size_t>> groupByPlane(std::span<const Face> faces);

// The plane a face lies in, its normal the face's: points the face looks at are positive.
dat::Plane planeOf(const Face& face);
// Where a plane puts a point: positive in front, negative behind.
double planeSide(const dat::Plane& plane, Vec3d point);
// A sphere around the points whose float centre and radius still hold every point.
dat::Sphere sphereAround(std::span<const Vec3d> points);
// Twice the area of a convex planar polygon (the length of its Newell normal).
double doubleArea(std::span<const Vec3d> corners);

// Planar texture coordinates at `scale` per metre: floors, ceilings and roofs seen from above,
// walls and portals along their length and up.
dat::MeshUV uvOf(const Face& face, Vec3d corner, double scale);

// Appends the face's corners to `vertices` as vertices of their own (so each carries its face's
// normal and UVs) and returns their ids, in corner order: a room's CellStruct and a house's
// GfxObj are both built this way.
std::vector<std::int16_t> appendCorners(std::vector<dat::MeshVertex>& vertices, const Face& face,
                                        double uvScale);

} // namespace portalkit::authoring
