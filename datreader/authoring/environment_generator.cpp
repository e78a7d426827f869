// The environment generator: box rooms and corridors with doorways, each a CellStruct whose
// doorways are its portal polygons (docs/demo.md#interiors).

#include "datreader/authoring/bsp_builder.h"
#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"
#include "datreader/authoring/room_geometry.h"

#include <set>

namespace portalkit::authoring {
namespace {

constexpr int kMaxCells = 64;
constexpr int kMaxSurfaceSlot = 254; // an EnvCell stores its surface count in a u8

// Which of the EnvCell's surfaces each part uses: the Environment stores indices, the EnvCell
// the Surface ids, so one Environment serves cells surfaced differently.
struct SurfaceSlots {
    std::int16_t floor = 0, wall = 1, ceiling = 2;

    std::int16_t of(Part part) const {
        return part == Part::Floor ? floor : part == Part::Ceiling ? ceiling : wall;
    }
};

SurfaceSlots slotsFrom(const JsonNode& node) {
    SurfaceSlots surfaceSlots;
    surfaceSlots.floor =
        std::int16_t(integerIn(node["floor"], 0, kMaxSurfaceSlot, surfaceSlots.floor));
    surfaceSlots.wall =
        std::int16_t(integerIn(node["wall"], 0, kMaxSurfaceSlot, surfaceSlots.wall));
    surfaceSlots.ceiling =
        std::int16_t(integerIn(node["ceiling"], 0, kMaxSurfaceSlot, surfaceSlots.ceiling));
    return surfaceSlots;
}

dat::MeshPolygon polygonOf(std::uint16_t id, std::vector<std::int16_t> vertexIds,
                           std::int16_t surface, bool withUVs) {
    dat::MeshPolygon polygon;
    polygon.id = id;
    // Single-sided: the back is culled (sides type 0) and has no surface. Portal and physics
    // polygons store no texture coordinates (NoPos), as nothing is drawn with them.
    polygon.stippling = withUVs ? 0 : dat::MeshPolygon::kStipplingNoPos;
    polygon.sidesType = 0;
    polygon.posSurface = surface;
    polygon.negSurface = -1;
    if (withUVs)
        polygon.posUVIndices.assign(vertexIds.size(), 0);
    polygon.vertexIds = std::move(vertexIds);
    return polygon;
}

// Every face gets its own corners, so each vertex carries its face's normal and UVs.
void addGeometry(dat::CellStruct& cell, const std::vector<Face>& faces,
                 const SurfaceSlots& surfaceSlots, double uvScale) {
    for (const Face& face : faces) {
        const std::vector<std::int16_t> ids = appendCorners(cell.vertices, face, uvScale);
        const bool portal = face.part == Part::Portal;
        const auto id = std::uint16_t(cell.polygons.size());
        cell.polygons.push_back(polygonOf(id, ids, surfaceSlots.of(face.part), !portal));
        if (portal) {
            cell.portals.push_back(id);
            continue;
        }
        const auto physicsId = std::uint16_t(cell.physicsPolygons.size());
        cell.physicsPolygons.push_back(
            polygonOf(physicsId, ids, surfaceSlots.of(face.part), false));
    }
}

// The three trees. Cell and drawing trees chain the six inward planes (a point is in the room
// when it is in front of all of them); the drawing tree's doorway walls are PORT nodes naming
// their portal polygons. The physics tree splits the solid polygons in space.
void addTrees(dat::CellStruct& cell, const std::vector<Face>& faces) {
    std::vector<ChainLink> drawing, planes;
    for (const std::vector<std::size_t>& group : groupByPlane(faces)) {
        ChainLink link;
        link.plane = planeOf(faces[group.front()]);
        planes.push_back(link);
        for (const std::size_t i : group) {
            const Face& face = faces[i];
            link.points.insert(link.points.end(), face.corners.begin(), face.corners.end());
            if (face.part == Part::Portal)
                link.portals.push_back({std::int16_t(i), std::int16_t(face.doorway)});
            else
                link.polygons.push_back(std::uint16_t(i));
        }
        drawing.push_back(std::move(link));
    }
    cell.cellBsp =
        chainTree(planes, dat::BspVariant::Cell, dat::bsp_tag::BPIn, ChainSide::Positive);
    cell.drawingBsp =
        chainTree(drawing, dat::BspVariant::Drawing, dat::bsp_tag::BPnn, ChainSide::Positive);
    cell.hasDrawingBsp = 1;

    std::vector<BspPolygon> solid;
    for (const Face& face : faces)
        if (face.part != Part::Portal)
            solid.push_back({std::uint16_t(solid.size()), face.corners});
    cell.physicsBsp = physicsTree(solid);
}

dat::CellStruct roomCellStruct(const BoxSpec& box, const JsonNode& surfaces, double uvScale) {
    const std::vector<Face> faces = boxFaces(box, true);
    dat::CellStruct cell;
    addGeometry(cell, faces, slotsFrom(surfaces), uvScale);
    addTrees(cell, faces);
    return cell;
}

} // namespace

dat::Environment generateEnvironment(const JsonNode& spec, std::uint32_t did) {
    const double uvScale = realIn(spec["uvScale"], 0.001, 1000, 0.25);
    const std::vector<JsonNode> cells = spec["cells"].elements();
    if (cells.empty() || cells.size() > std::size_t(kMaxCells))
        spec["cells"].fail(std::to_string(cells.size()) + " cells, expected 1.." +
                           std::to_string(kMaxCells));
    dat::Environment environment;
    environment.id = did;
    std::set<std::uint32_t> keys;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const JsonNode& node = cells[i];
        dat::Environment::Cell cell;
        // An EnvCell names its CellStruct by a u16.
        cell.key = std::uint32_t(integerIn(node["key"], 0, 0xFFFF, int(i)));
        if (!keys.insert(cell.key).second)
            node["key"].fail("key " + std::to_string(cell.key) + " is used by an earlier cell");
        const JsonNode surfaces = node.has("surfaces") ? node["surfaces"] : spec["surfaces"];
        cell.structure = roomCellStruct(boxSpecFrom(node), surfaces, uvScale);
        environment.cells.push_back(std::move(cell));
    }
    return environment;
}

} // namespace portalkit::authoring
