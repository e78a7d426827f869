#include "datreader/authoring/random_draws.h"

#include <utility>

namespace portalkit::authoring {
namespace {

dat::GfxObj::Polygon polygon(RandomDraws& draw, std::uint16_t id, const dat::GfxObj& gfxObj,
                             bool drawn) {
    dat::GfxObj::Polygon polygon;
    polygon.id = id;
    const std::uint32_t points = draw.chance(0.3) ? 4 : 3;
    for (std::uint32_t i = 0; i < points; ++i)
        polygon.vertexIds.push_back(std::int16_t(draw.below(gfxObj.vertices.size())));
    if (!drawn) { // physics polygons carry no texture coordinates
        polygon.stippling = dat::GfxObj::kStipplingNoPos;
        return polygon;
    }
    polygon.sidesType = draw.chance(0.05) ? dat::GfxObj::kSidesClockwise : 0;
    polygon.posSurface = std::int16_t(draw.below(gfxObj.surfaces.size()));
    if (polygon.storesNegUVIndices())
        polygon.negSurface = std::int16_t(draw.below(gfxObj.surfaces.size()));
    // UV indices point into each vertex's own UV list, one per polygon vertex.
    for (std::int16_t vertex : polygon.vertexIds)
        polygon.posUVIndices.push_back(
            std::uint8_t(draw.below(gfxObj.vertices[std::size_t(vertex)].uvs.size())));
    if (polygon.storesNegUVIndices())
        polygon.negUVIndices = polygon.posUVIndices;
    return polygon;
}

std::vector<dat::GfxObj::Polygon> polygons(RandomDraws& draw, std::uint32_t count,
                                           const dat::GfxObj& gfxObj, bool drawn) {
    std::vector<dat::GfxObj::Polygon> list;
    for (std::uint32_t i = 0; i < count; ++i)
        list.push_back(polygon(draw, std::uint16_t(i), gfxObj, drawn));
    return list;
}

// Trees are balanced over a polygon range and stored as encode() wants them: each node
// before its positive subtree, which comes before its negative subtree.
std::int32_t leaf(dat::BspTree& tree, std::int32_t& leaves) {
    dat::BspNode node;
    node.leafIndex = leaves++;
    tree.nodes.push_back(node);
    return std::int32_t(tree.nodes.size() - 1);
}

// Drawing trees list the polygons on each branch's splitting plane.
std::int32_t drawingNode(RandomDraws& draw, dat::BspTree& tree, std::uint32_t first,
                         std::uint32_t count, std::int32_t& leaves) {
    const auto index = std::int32_t(tree.nodes.size());
    tree.nodes.emplace_back(); // claims the index before the subtrees take the next ones
    dat::BspNode node;
    node.splittingPlane = draw.plane();
    node.boundingSphere = draw.sphere(2);
    if (count <= 4) {
        node.tag = dat::bsp_tag::BPnn;
        for (std::uint32_t i = 0; i < count; ++i)
            node.polygons.push_back(std::uint16_t(first + i));
        node.posChild = leaf(tree, leaves);
    } else {
        const std::uint32_t onPlane = count / 8 + 1;
        const std::uint32_t front = (count - onPlane) / 2;
        node.tag = draw.chance(0.5) ? dat::bsp_tag::BPIN : dat::bsp_tag::BPnN;
        for (std::uint32_t i = 0; i < onPlane; ++i)
            node.polygons.push_back(std::uint16_t(first + front + i));
        node.posChild = drawingNode(draw, tree, first, front, leaves);
        node.negChild =
            drawingNode(draw, tree, first + front + onPlane, count - front - onPlane, leaves);
    }
    tree.nodes[std::size_t(index)] = std::move(node);
    return index;
}

// Physics trees keep their polygons in the leaves.
std::int32_t physicsNode(RandomDraws& draw, dat::BspTree& tree, std::uint32_t first,
                         std::uint32_t count, std::int32_t& leaves) {
    const auto index = std::int32_t(tree.nodes.size());
    tree.nodes.emplace_back();
    dat::BspNode node;
    node.boundingSphere = draw.sphere(2);
    if (count <= 6) {
        node.leafIndex = leaves++;
        node.solid = 1;
        for (std::uint32_t i = 0; i < count; ++i)
            node.polygons.push_back(std::uint16_t(first + i));
    } else {
        node.tag = dat::bsp_tag::BPIN;
        node.splittingPlane = draw.plane();
        node.posChild = physicsNode(draw, tree, first, count / 2, leaves);
        node.negChild = physicsNode(draw, tree, first + count / 2, count - count / 2, leaves);
    }
    tree.nodes[std::size_t(index)] = std::move(node);
    return index;
}

} // namespace

void randomize(RandomDraws& draw, dat::GfxObj& gfxObj) {
    gfxObj.flags = dat::GfxObj::kHasDrawing;
    const std::uint32_t surfaceCount = draw.between(1, 4);
    for (std::uint32_t i = 0; i < surfaceCount; ++i)
        gfxObj.surfaces.push_back(draw.reference<dat::Surface>());
    gfxObj.vertices.resize(draw.around(60, 0.8, 8, 1000));
    for (std::size_t i = 0; i < gfxObj.vertices.size(); ++i) {
        dat::GfxObj::Vertex& vertex = gfxObj.vertices[i];
        vertex.id = std::uint16_t(i);
        vertex.origin = draw.vec3(2);
        vertex.normal = draw.direction();
        vertex.uvs.resize(draw.chance(0.1) ? 2 : 1);
        for (dat::GfxObj::UV& uv : vertex.uvs)
            uv = {draw.real(0, 1), draw.real(0, 1)};
    }
    const auto polygonCount = std::uint32_t(gfxObj.vertices.size() * draw.between(8, 14) / 10);
    gfxObj.polygons = polygons(draw, polygonCount, gfxObj, true);
    std::int32_t leaves = 0;
    drawingNode(draw, gfxObj.drawingBsp, 0, polygonCount, leaves);
    if (draw.chance(0.3)) {
        gfxObj.flags |= dat::GfxObj::kHasPhysics;
        const std::uint32_t physicsCount = polygonCount / 4;
        gfxObj.physicsPolygons = polygons(draw, physicsCount, gfxObj, false);
        leaves = 0;
        physicsNode(draw, gfxObj.physicsBsp, 0, physicsCount, leaves);
    }
    gfxObj.sortCenter = draw.vec3(1);
    if (draw.chance(0.25)) {
        gfxObj.flags |= dat::GfxObj::kHasDidDegrade;
        gfxObj.didDegrade = draw.reference<dat::GfxObjDegradeInfo>();
    }
}

} // namespace portalkit::authoring
