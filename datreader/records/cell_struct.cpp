#include "datreader/records/cell_struct.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/world_common.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

[[noreturn]] void invalid(const std::string& message) {
    throw DatError("cellStruct", "cellStruct: " + message, 0, OffsetKind::Entry);
}

std::vector<MeshPolygon> readPolygonList(ByteCursor& in, std::uint32_t count, const char* what) {
    std::vector<MeshPolygon> polygons;
    polygons.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        try {
            polygons.push_back(readPolygon(in, kCellStructMeshFields));
        } catch (DatError& error) {
            error.withContext("reading " + std::string(what) + " " + std::to_string(i));
            throw;
        }
    }
    return polygons;
}

BspTree readTree(ByteCursor& in, BspVariant variant, const char* context) {
    try {
        return readBspTree(in, variant);
    } catch (DatError& error) {
        error.withContext(context);
        throw;
    }
}

} // namespace

CellStruct readCellStruct(ByteCursor& in) {
    CellStruct cell;
    // The three counts come first; each is checked against the bytes left where its list starts.
    const std::size_t countsAt = in.position();
    const std::uint32_t polygonCount = in.u32("cellStruct.polygons");
    const std::uint32_t physicsCount = in.u32("cellStruct.physicsPolygons");
    const std::uint32_t portalCount = in.u32("cellStruct.portals");
    cell.vertices = readVertexArray(in, kCellStructMeshFields);
    requireFits(in, countsAt, polygonCount, kSmallestMeshPolygon, "cellStruct.polygons");
    cell.polygons = readPolygonList(in, polygonCount, "polygon");
    requireFits(in, countsAt + 8, portalCount, 2, "cellStruct.portals");
    cell.portals.reserve(portalCount);
    for (std::uint32_t i = 0; i < portalCount; ++i)
        cell.portals.push_back(in.u16("cellStruct.portals"));
    cell.portalPad = readPad(in, "cellStruct.portalPad");
    cell.cellBsp = readTree(in, BspVariant::Cell, "reading the cell BSP");
    requireFits(in, countsAt + 4, physicsCount, kSmallestMeshPolygon, "cellStruct.physicsPolygons");
    cell.physicsPolygons = readPolygonList(in, physicsCount, "physics polygon");
    cell.physicsBsp = readTree(in, BspVariant::Physics, "reading the physics BSP");
    cell.hasDrawingBsp = in.u32("cellStruct.hasDrawingBsp");
    if (cell.hasDrawingBsp != 0)
        cell.drawingBsp = readTree(in, BspVariant::Drawing, "reading the drawing BSP");
    cell.endPad = readPad(in, "cellStruct.endPad");
    return cell;
}

void writeCellStruct(ByteWriter& out, const CellStruct& cell) {
    if ((cell.hasDrawingBsp != 0) == cell.drawingBsp.nodes.empty())
        invalid(cell.hasDrawingBsp != 0 ? "hasDrawingBsp is set but the drawing BSP is empty"
                                        : "a drawing BSP without hasDrawingBsp");
    out.u32(std::uint32_t(cell.polygons.size()));
    out.u32(std::uint32_t(cell.physicsPolygons.size()));
    out.u32(std::uint32_t(cell.portals.size()));
    writeVertexArray(out, cell.vertices, kCellStructMeshFields);
    for (const MeshPolygon& polygon : cell.polygons)
        writePolygon(out, polygon, kCellStructMeshFields);
    for (std::uint16_t portal : cell.portals)
        out.u16(portal);
    writePad(out, cell.portalPad, "cellStruct.portalPad");
    writeBspTree(out, cell.cellBsp, BspVariant::Cell);
    for (const MeshPolygon& polygon : cell.physicsPolygons)
        writePolygon(out, polygon, kCellStructMeshFields);
    writeBspTree(out, cell.physicsBsp, BspVariant::Physics);
    out.u32(cell.hasDrawingBsp);
    if (cell.hasDrawingBsp != 0)
        writeBspTree(out, cell.drawingBsp, BspVariant::Drawing);
    writePad(out, cell.endPad, "cellStruct.endPad");
}

QJsonObject cellStructToJson(const CellStruct& cell) {
    QJsonArray vertices;
    for (const MeshVertex& vertex : cell.vertices)
        vertices.append(vertexToJson(vertex));
    QJsonObject object{{"vertices", vertices},
                       {"polygons", polygonsToJson(cell.polygons)},
                       {"portals", u16ListToJson(cell.portals)},
                       {"cellBsp", bspTreeToJson(cell.cellBsp, BspVariant::Cell)},
                       {"physicsPolygons", polygonsToJson(cell.physicsPolygons)},
                       {"physicsBsp", bspTreeToJson(cell.physicsBsp, BspVariant::Physics)},
                       {"hasDrawingBsp", bool32Json(cell.hasDrawingBsp)}};
    if (cell.hasDrawingBsp != 0)
        object["drawingBsp"] = bspTreeToJson(cell.drawingBsp, BspVariant::Drawing);
    putPad(object, "portalPad", cell.portalPad);
    putPad(object, "endPad", cell.endPad);
    return object;
}

CellStruct cellStructFromJson(const JsonNode& node) {
    CellStruct cell;
    cell.vertices = verticesFromJson(node["vertices"]);
    cell.polygons = polygonsFromJson(node["polygons"]);
    cell.portals = u16ListFromJson(node["portals"]);
    cell.portalPad = node["portalPad"].u16(0);
    if (cell.portalPad != 0 && cell.portals.size() % 2 == 0)
        node["portalPad"].fail("an even portal count leaves no alignment fill");
    cell.cellBsp = bspTreeFromJson(node["cellBsp"], BspVariant::Cell);
    cell.physicsPolygons = polygonsFromJson(node["physicsPolygons"]);
    cell.physicsBsp = bspTreeFromJson(node["physicsBsp"], BspVariant::Physics);
    cell.hasDrawingBsp = node.has("hasDrawingBsp") ? bool32FromJson(node["hasDrawingBsp"])
                                                   : std::uint32_t(node.has("drawingBsp"));
    if (cell.hasDrawingBsp != 0)
        cell.drawingBsp = bspTreeFromJson(node["drawingBsp"], BspVariant::Drawing);
    else if (node.has("drawingBsp"))
        node["drawingBsp"].fail("given, but hasDrawingBsp is false");
    // The end fill's width depends on where the struct ends, which only encode knows; it is
    // checked there.
    cell.endPad = node["endPad"].u32(0);
    return cell;
}

} // namespace portalkit::dat
