// The building generator: a house shell (box walls with doorway openings under a gable or flat
// roof) as a GfxObj with drawing and physics polygons and both BSP trees
// (docs/demo.md#interiors). The walls are the ones the environment generator makes for the same
// box seen from outside, so the house and its interior cell meet at every doorway.

#include "datreader/authoring/bsp_builder.h"
#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"
#include "datreader/authoring/room_geometry.h"

#include <algorithm>

namespace portalkit::authoring {
namespace {

constexpr std::int16_t kWallSurface = 0; // indices into the GfxObj's surfaces
constexpr std::int16_t kRoofSurface = 1;

// The roof over the walls' top: a ridge along X `rise` above it with a gable triangle in the
// east and west walls, or a flat quad when `rise` is 0. A box topped by a prism on its whole top
// stays convex, which the drawing tree relies on.
void addRoof(std::vector<Face>& faces, Vec3d size, double rise) {
    const double hx = size.x / 2, hy = size.y / 2, top = size.z, ridge = top + rise;
    if (rise == 0) {
        faces.push_back(faceLooking(
            Part::Roof, {{-hx, -hy, top}, {hx, -hy, top}, {hx, hy, top}, {-hx, hy, top}},
            {0, 0, 1}));
        return;
    }
    for (const double side : {1.0, -1.0}) {
        Face gable = faceLooking(
            Part::Wall, {{side * hx, -hy, top}, {side * hx, hy, top}, {side * hx, 0, ridge}},
            {side, 0, 0});
        gable.wall = side > 0 ? Wall::East : Wall::West;
        faces.push_back(std::move(gable));
        const Vec3d slope = normalised(Vec3d{0, side * rise, hy});
        faces.push_back(faceLooking(
            Part::Roof,
            {{-hx, side * hy, top}, {hx, side * hy, top}, {hx, 0, ridge}, {-hx, 0, ridge}}, slope));
    }
}

std::vector<Face> houseFaces(const BoxSpec& box, double rise) {
    std::vector<Face> faces;
    for (Face& face : boxFaces(box, false))
        if (face.part == Part::Wall) // the doorways stay open; the interior cell has the floor
            faces.push_back(std::move(face));
    addRoof(faces, box.size, rise);
    return faces;
}

// Drawing polygons carry texture coordinates; physics polygons share the vertices but store
// none (NoPos). Both are single-sided: the shell is seen from outside.
dat::MeshPolygon polygonOf(std::uint16_t id, const std::vector<std::int16_t>& vertexIds,
                           std::int16_t surface, bool drawing) {
    dat::MeshPolygon polygon;
    polygon.id = id;
    polygon.stippling = drawing ? 0 : dat::MeshPolygon::kStipplingNoPos;
    polygon.posSurface = surface;
    polygon.negSurface = -1;
    polygon.vertexIds = vertexIds;
    if (drawing)
        polygon.posUVIndices.assign(vertexIds.size(), 0);
    return polygon;
}

void addGeometry(dat::GfxObj& house, const std::vector<Face>& faces, double uvScale) {
    for (const Face& face : faces) {
        const std::vector<std::int16_t> ids = appendCorners(house.vertices, face, uvScale);
        const auto id = std::uint16_t(house.polygons.size());
        const std::int16_t surface = face.part == Part::Roof ? kRoofSurface : kWallSurface;
        house.polygons.push_back(polygonOf(id, ids, surface, true));
        house.physicsPolygons.push_back(polygonOf(id, ids, surface, false));
    }
}

// The drawing tree chains the outward planes, each node's rest of the shell behind it (the
// negative side); the physics tree splits the polygons in space.
void addTrees(dat::GfxObj& house, const std::vector<Face>& faces) {
    std::vector<ChainLink> links;
    std::vector<BspPolygon> solid;
    for (const std::vector<std::size_t>& group : groupByPlane(faces)) {
        ChainLink link;
        link.plane = planeOf(faces[group.front()]);
        for (const std::size_t i : group) {
            link.polygons.push_back(std::uint16_t(i));
            link.points.insert(link.points.end(), faces[i].corners.begin(), faces[i].corners.end());
        }
        links.push_back(std::move(link));
    }
    for (std::size_t i = 0; i < faces.size(); ++i)
        solid.push_back({std::uint16_t(i), faces[i].corners});
    house.drawingBsp =
        chainTree(links, dat::BspVariant::Drawing, dat::bsp_tag::BpnN, ChainSide::Negative);
    house.physicsBsp = physicsTree(solid);
}

} // namespace

dat::GfxObj generateBuilding(const JsonNode& spec, std::uint32_t did) {
    const BoxSpec box = boxSpecFrom(spec);
    const double rise = realIn(spec["roofHeight"], 0, kMaxLength, box.size.y / 3);
    const double uvScale = realIn(spec["uvScale"], 0.001, 1000, 0.5);
    const JsonNode surfaces = spec["surfaces"];

    dat::GfxObj house;
    house.id = did;
    house.flags = dat::GfxObj::kHasPhysics | dat::GfxObj::kHasDrawing;
    house.surfaces = {didOfType(surfaces["wall"], "Surface"),
                      didOfType(surfaces["roof"], "Surface")};
    const std::vector<Face> faces = houseFaces(box, rise);
    addGeometry(house, faces, uvScale);
    addTrees(house, faces);
    house.sortCenter = house.drawingBsp.nodes.front().boundingSphere.center;
    return house;
}

} // namespace portalkit::authoring
