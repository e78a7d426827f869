#include "datreader/authoring/room_geometry.h"

#include "datreader/authoring/generator_spec.h"

#include <algorithm>
#include <cmath>

namespace portalkit::authoring {
namespace {

constexpr Named<Wall> kWalls[] = {
    {"north", Wall::North}, {"south", Wall::South}, {"east", Wall::East}, {"west", Wall::West}};
constexpr Wall kWallOrder[] = {Wall::North, Wall::South, Wall::East, Wall::West};

const char* wallName(Wall wall) {
    for (const auto& [name, value] : kWalls)
        if (value == wall)
            return name.data();
    return "?";
}

// A wall in its own coordinates: `along` runs the length (+X or +Y), z runs up from the floor.
struct WallFrame {
    Wall wall = Wall::South;
    Vec3d centre;
    Vec3d along;
    Vec3d outward;
    double length = 0;
};

WallFrame frameOf(Wall wall, Vec3d size) {
    const double hx = size.x / 2, hy = size.y / 2;
    switch (wall) {
    case Wall::North:
        return {wall, {0, hy, 0}, {1, 0, 0}, {0, 1, 0}, size.x};
    case Wall::South:
        return {wall, {0, -hy, 0}, {1, 0, 0}, {0, -1, 0}, size.x};
    case Wall::East:
        return {wall, {hx, 0, 0}, {0, 1, 0}, {1, 0, 0}, size.y};
    case Wall::West:
        break;
    }
    return {wall, {-hx, 0, 0}, {0, 1, 0}, {-1, 0, 0}, size.y};
}

Vec3d newellNormal(std::span<const Vec3d> corners) {
    Vec3d sum;
    for (std::size_t i = 0; i < corners.size(); ++i) {
        const Vec3d a = corners[i], b = corners[(i + 1) % corners.size()];
        sum = sum + Vec3d{(a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x),
                          (a.x - b.x) * (a.y + b.y)};
    }
    return sum;
}

Face wallRectangle(const WallFrame& frame, double a0, double a1, double z0, double z1, Vec3d facing,
                   Part part) {
    const auto at = [&](double a, double z) {
        return frame.centre + frame.along * a + Vec3d{0, 0, z};
    };
    Face face = faceLooking(part, {at(a0, z0), at(a1, z0), at(a1, z1), at(a0, z1)}, facing);
    face.wall = frame.wall;
    return face;
}

// The doorways of one wall, left to right along it.
std::vector<int> doorwaysOn(const BoxSpec& box, Wall wall) {
    std::vector<int> found;
    for (std::size_t i = 0; i < box.doorways.size(); ++i)
        if (box.doorways[i].wall == wall)
            found.push_back(int(i));
    std::sort(found.begin(), found.end(), [&](int a, int b) {
        return box.doorways[std::size_t(a)].offset < box.doorways[std::size_t(b)].offset;
    });
    return found;
}

// The wall's solid rectangles: full height between doorways, and a lintel over each doorway
// lower than the wall. Together with the doorway quads they tile the wall exactly, because every
// edge is computed from the same doubles.
void addWallPieces(std::vector<Face>& faces, const BoxSpec& box, Wall wall, bool inward) {
    const WallFrame frame = frameOf(wall, box.size);
    const Vec3d facing = inward ? frame.outward * -1 : frame.outward;
    const double height = box.size.z;
    double cursor = -frame.length / 2;
    for (const int index : doorwaysOn(box, wall)) {
        const Doorway& door = box.doorways[std::size_t(index)];
        const double left = door.offset - door.width / 2, right = door.offset + door.width / 2;
        if (left > cursor)
            faces.push_back(wallRectangle(frame, cursor, left, 0, height, facing, Part::Wall));
        if (door.height < height)
            faces.push_back(
                wallRectangle(frame, left, right, door.height, height, facing, Part::Wall));
        cursor = right;
    }
    if (cursor < frame.length / 2)
        faces.push_back(
            wallRectangle(frame, cursor, frame.length / 2, 0, height, facing, Part::Wall));
}

Doorway doorwayFrom(const JsonNode& node) {
    Doorway door;
    door.wall = choice<Wall>(node["wall"], kWalls);
    door.width = realIn(node["width"], kMinLength, kMaxLength);
    door.height = realIn(node["height"], kMinLength, kMaxLength);
    door.offset = realIn(node["offset"], -kMaxLength, kMaxLength, 0);
    return door;
}

// A gap this narrow would round to a degenerate float polygon.
bool sliver(double gap) {
    return gap > 0 && gap < kMinLength;
}

void checkFits(const JsonNode& node, const Doorway& door, const Vec3d& size) {
    const WallFrame frame = frameOf(door.wall, size);
    const double left = door.offset - door.width / 2, right = door.offset + door.width / 2;
    const double end = frame.length / 2;
    if (left < -end || right > end)
        node["width"].fail("the doorway spans " + text(left) + ".." + text(right) + " along the " +
                           wallName(door.wall) + " wall, which runs " + text(-end) + ".." +
                           text(end));
    if (door.height > size.z)
        node["height"].fail(text(door.height) + " is above the wall's height " + text(size.z));
    if (sliver(left + end) || sliver(end - right) || sliver(size.z - door.height))
        node.fail("leaves a strip of wall narrower than " + text(kMinLength));
}

} // namespace

Face faceLooking(Part part, std::vector<Vec3d> corners, Vec3d facing) {
    if (dot(newellNormal(corners), facing) < 0)
        std::reverse(corners.begin(), corners.end());
    Face face;
    face.part = part;
    face.corners = std::move(corners);
    face.normal = facing;
    return face;
}

std::vector<std::vector<std::size_t>> groupByPlane(std::span<const Face> faces) {
    std::vector<dat::Plane> planes;
    std::vector<std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < faces.size(); ++i) {
        const dat::Plane plane = planeOf(faces[i]);
        const auto found = std::find(planes.begin(), planes.end(), plane);
        if (found == planes.end()) {
            planes.push_back(plane);
            groups.push_back({i});
        } else {
            groups[std::size_t(found - planes.begin())].push_back(i);
        }
    }
    return groups;
}

BoxSpec boxSpecFrom(const JsonNode& spec) {
    BoxSpec box;
    const auto size = triple(spec["size"], kMinLength, kMaxLength);
    box.size = {size[0], size[1], size[2]};
    const std::vector<JsonNode> doorways = spec["doorways"].elements();
    if (doorways.size() > std::size_t(kMaxDoorways))
        spec["doorways"].fail(std::to_string(doorways.size()) + " doorways, at most " +
                              std::to_string(kMaxDoorways));
    for (const JsonNode& node : doorways) {
        const Doorway door = doorwayFrom(node);
        checkFits(node, door, box.size);
        for (std::size_t i = 0; i < box.doorways.size(); ++i) {
            const Doorway& other = box.doorways[i];
            const double gap =
                std::abs(door.offset - other.offset) - (door.width + other.width) / 2;
            if (other.wall == door.wall && (gap < 0 || sliver(gap)))
                node.fail("overlaps doorway " + std::to_string(i) + " on the " +
                          wallName(door.wall) + " wall");
        }
        box.doorways.push_back(door);
    }
    return box;
}

std::vector<Face> boxFaces(const BoxSpec& box, bool inward) {
    const double hx = box.size.x / 2, hy = box.size.y / 2, top = box.size.z;
    const double sign = inward ? 1 : -1;
    std::vector<Face> faces;
    for (std::size_t i = 0; i < box.doorways.size(); ++i) {
        const Doorway& door = box.doorways[i];
        const WallFrame frame = frameOf(door.wall, box.size);
        Face portal =
            wallRectangle(frame, door.offset - door.width / 2, door.offset + door.width / 2, 0,
                          door.height, frame.outward * -sign, Part::Portal);
        portal.doorway = int(i);
        faces.push_back(std::move(portal));
    }
    faces.push_back(faceLooking(
        Part::Floor, {{-hx, -hy, 0}, {hx, -hy, 0}, {hx, hy, 0}, {-hx, hy, 0}}, {0, 0, sign}));
    faces.push_back(faceLooking(Part::Ceiling,
                                {{-hx, -hy, top}, {hx, -hy, top}, {hx, hy, top}, {-hx, hy, top}},
                                {0, 0, -sign}));
    for (const Wall wall : kWallOrder)
        addWallPieces(faces, box, wall, inward);
    return faces;
}

dat::Plane planeOf(const Face& face) {
    return {toFloat(face.normal), float(-dot(face.normal, face.corners.front()))};
}

double planeSide(const dat::Plane& plane, Vec3d point) {
    return plane.normal.x * point.x + plane.normal.y * point.y + plane.normal.z * point.z + plane.d;
}

dat::Sphere sphereAround(std::span<const Vec3d> points) {
    Vec3d low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
    for (const Vec3d& p : points) {
        low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
        high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
    }
    const dat::Vec3 centre = toFloat((low + high) * 0.5);
    const Vec3d stored{centre.x, centre.y, centre.z};
    double radius = 0;
    for (const Vec3d& p : points)
        radius = std::max(radius, length(p - stored));
    // Rounded up so the float sphere still holds every point.
    return {centre, std::nextafter(float(radius), INFINITY)};
}

double doubleArea(std::span<const Vec3d> corners) {
    return length(newellNormal(corners));
}

dat::MeshUV uvOf(const Face& face, Vec3d corner, double scale) {
    if (face.part == Part::Floor || face.part == Part::Ceiling || face.part == Part::Roof)
        return {float(corner.x * scale), float(-corner.y * scale)};
    const bool alongX = face.wall == Wall::North || face.wall == Wall::South;
    return {float((alongX ? corner.x : corner.y) * scale), float(-corner.z * scale)};
}

std::vector<std::int16_t> appendCorners(std::vector<dat::MeshVertex>& vertices, const Face& face,
                                        double uvScale) {
    std::vector<std::int16_t> ids;
    for (const Vec3d& corner : face.corners) {
        dat::MeshVertex vertex;
        vertex.id = std::uint16_t(vertices.size());
        vertex.origin = toFloat(corner);
        vertex.normal = toFloat(face.normal);
        vertex.uvs = {uvOf(face, corner, uvScale)};
        ids.push_back(std::int16_t(vertex.id));
        vertices.push_back(std::move(vertex));
    }
    return ids;
}

} // namespace portalkit::authoring
