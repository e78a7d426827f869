#pragma once

// CellStruct: the geometry of one interior cell shape inside an Environment — vertices,
// polygons, the polygons that are portals, and its cell, physics and drawing BSP trees
// (docs/formats.md#environment).

#include "datreader/records/bsp.h"
#include "datreader/records/mesh.h"

#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

struct CellStruct {
    std::vector<MeshVertex> vertices;
    std::vector<MeshPolygon> polygons;
    std::vector<std::uint16_t> portals; // polygon ids that are portals
    std::uint32_t portalPad = 0;        // fill after an odd portal count, raw
    BspTree cellBsp;
    std::vector<MeshPolygon> physicsPolygons;
    BspTree physicsBsp;
    std::uint32_t hasDrawingBsp = 0; // bool32 kept raw; nonzero: drawingBsp is stored
    BspTree drawingBsp;
    std::uint32_t endPad = 0; // fill up to the next four-byte boundary, raw

    bool operator==(const CellStruct&) const = default;
};

CellStruct readCellStruct(ByteCursor& in);
// Throws DatError when the drawing tree disagrees with hasDrawingBsp or a part could not
// decode back to itself.
void writeCellStruct(ByteWriter& out, const CellStruct& cell);
QJsonObject cellStructToJson(const CellStruct& cell);
// Without "hasDrawingBsp" it follows whether "drawingBsp" is given. Throws DatError naming
// the path.
CellStruct cellStructFromJson(const JsonNode& node);

} // namespace portalkit::dat
