#include "datreader/records/gfx_obj.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"
#include "datreader/records/mesh.h"

#include <string>

namespace portalkit::dat {

namespace {

// encode's answer to a value that could not decode back to itself.
[[noreturn]] void invalid(const std::string& message) {
    throw DatError("gfxObj", message, 0, OffsetKind::Entry);
}

struct CompressedCount {
    std::uint32_t value;
    std::uint8_t longWidth; // see GfxObj::CountWidths
};

std::size_t shortestWidth(std::uint32_t value) {
    return value < 0x80 ? 1 : value < 0x4000 ? 2 : 4;
}

CompressedCount readCompressedCount(ByteCursor& in, const char* field, std::size_t minItemBytes) {
    const std::size_t start = in.position();
    const std::uint32_t value = in.compressedUInt(field);
    requireFits(in, start, value, minItemBytes, field);
    const std::size_t width = in.position() - start;
    return {value, std::uint8_t(width > shortestWidth(value) ? width : 0)};
}

void writeCompressedCount(ByteWriter& out, std::size_t count, std::uint8_t longWidth) {
    if (count > 0x3FFFFFFF)
        invalid("gfxObj: count above 0x3FFFFFFF");
    const auto value = std::uint32_t(count);
    if (longWidth <= shortestWidth(value)) {
        out.compressedUInt(value);
    } else if (longWidth == 2) {
        out.u8(std::uint8_t(0x80 | (value >> 8)));
        out.u8(std::uint8_t(value));
    } else {
        out.u8(std::uint8_t(0xC0 | (value >> 24)));
        out.u8(std::uint8_t(value >> 16));
        out.u16(std::uint16_t(value));
    }
}

BspTree readTree(ByteCursor& in, BspVariant variant, const char* context) {
    try {
        return readBspTree(in, variant);
    } catch (DatError& error) {
        error.withContext(context);
        throw;
    }
}

std::vector<GfxObj::Polygon> readPolygons(ByteCursor& in, const char* field,
                                          std::uint8_t& longWidth, const char* what) {
    const CompressedCount count = readCompressedCount(in, field, kSmallestMeshPolygon);
    longWidth = count.longWidth;
    std::vector<GfxObj::Polygon> polygons;
    polygons.reserve(count.value);
    for (std::uint32_t i = 0; i < count.value; ++i) {
        try {
            polygons.push_back(readPolygon(in, kGfxObjMeshFields));
        } catch (DatError& error) {
            error.withContext("reading " + std::string(what) + " " + std::to_string(i));
            throw;
        }
    }
    return polygons;
}

void writePolygons(ByteWriter& out, const std::vector<GfxObj::Polygon>& polygons,
                   std::uint8_t longWidth) {
    writeCompressedCount(out, polygons.size(), longWidth);
    for (const GfxObj::Polygon& polygon : polygons)
        writePolygon(out, polygon, kGfxObjMeshFields);
}

// A stored long form must belong to a stored count and be longer than the count needs, or
// encode would write (and decode read back) something else.
std::uint8_t longWidthFromJson(const JsonNode& node, std::size_t count, bool stored = true) {
    const std::uint8_t width = node.u8(0);
    if (width != 0 && !stored)
        node.fail("the flags leave this list out, so it has no stored count");
    if (width != 0 && !((width == 2 || width == 4) && width > shortestWidth(std::uint32_t(count))))
        node.fail(std::to_string(width) + " is not a longer form for a count of " +
                  std::to_string(count) + " (0 for the shortest, else 2 or 4 bytes)");
    return width;
}

// A part the flags leave out must not be given: encode would throw or silently drop it.
void rejectUnlessFlagged(const JsonNode& node, std::string_view key, bool flagged,
                         const char* flag) {
    if (!flagged && node.has(key))
        node[key].fail(std::string("given, but flags lack ") + flag);
}

} // namespace

GfxObj GfxObj::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    GfxObj gfxObj;
    gfxObj.id = readOwnId(in, did);
    gfxObj.flags = in.u32("gfxObj.flags");

    const CompressedCount surfaceCount = readCompressedCount(in, "gfxObj.surfaces", 4);
    gfxObj.longCountWidths.surfaces = surfaceCount.longWidth;
    gfxObj.surfaces = readItems(in, surfaceCount.value, readU32As("gfxObj.surfaces"));

    gfxObj.vertices = readVertexArray(in, kGfxObjMeshFields);

    if (gfxObj.hasPhysics()) {
        gfxObj.physicsPolygons =
            readPolygons(in, "gfxObj.physicsPolygons", gfxObj.longCountWidths.physicsPolygons,
                         "physics polygon");
        gfxObj.physicsBsp = readTree(in, BspVariant::Physics, "reading the physics BSP");
    }
    gfxObj.sortCenter = readVec3(in, "gfxObj.sortCenter");
    if (gfxObj.hasDrawing()) {
        gfxObj.polygons =
            readPolygons(in, "gfxObj.polygons", gfxObj.longCountWidths.polygons, "polygon");
        gfxObj.drawingBsp = readTree(in, BspVariant::Drawing, "reading the drawing BSP");
    }
    if (gfxObj.hasDidDegrade())
        gfxObj.didDegrade = in.u32("gfxObj.didDegrade");
    gfxObj.trailing = readTrailing(in);
    return gfxObj;
}

std::vector<std::uint8_t> GfxObj::encode() const {
    if (!hasPhysics() && !(physicsPolygons.empty() && physicsBsp.nodes.empty()))
        invalid("gfxObj: physics polygons or BSP without the HasPhysics flag");
    if (!hasDrawing() && !(polygons.empty() && drawingBsp.nodes.empty()))
        invalid("gfxObj: drawing polygons or BSP without the HasDrawing flag");
    if (!hasDidDegrade() && didDegrade != 0)
        invalid("gfxObj: didDegrade without its flag");

    ByteWriter out;
    out.u32(id);
    out.u32(flags);
    writeCompressedCount(out, surfaces.size(), longCountWidths.surfaces);
    writeItems(out, surfaces);

    writeVertexArray(out, vertices, kGfxObjMeshFields);

    if (hasPhysics()) {
        writePolygons(out, physicsPolygons, longCountWidths.physicsPolygons);
        writeBspTree(out, physicsBsp, BspVariant::Physics);
    }
    write(out, sortCenter);
    if (hasDrawing()) {
        writePolygons(out, polygons, longCountWidths.polygons);
        writeBspTree(out, drawingBsp, BspVariant::Drawing);
    }
    if (hasDidDegrade())
        out.u32(didDegrade);
    out.bytes(trailing);
    return out.take();
}

QJsonObject GfxObj::toJson() const {
    QJsonObject object{{"id", didJson(id)},
                       {"flags", qint64(flags)},
                       {"surfaces", didListToJson(surfaces)},
                       {"vertices", listToJson(vertices, vertexToJson)},
                       {"sortCenter", dat::toJson(sortCenter)}};
    if (hasPhysics()) {
        object["physicsPolygons"] = polygonsToJson(physicsPolygons);
        object["physicsBsp"] = bspTreeToJson(physicsBsp, BspVariant::Physics);
    }
    if (hasDrawing()) {
        object["polygons"] = polygonsToJson(polygons);
        object["drawingBsp"] = bspTreeToJson(drawingBsp, BspVariant::Drawing);
    }
    if (hasDidDegrade())
        object["didDegrade"] = didJson(didDegrade);
    if (longCountWidths != CountWidths{})
        object["longCountWidths"] =
            QJsonObject{{"surfaces", longCountWidths.surfaces},
                        {"physicsPolygons", longCountWidths.physicsPolygons},
                        {"polygons", longCountWidths.polygons}};
    putTrailing(object, trailing);
    return object;
}

GfxObj GfxObj::fromJson(const JsonNode& node, std::uint32_t did) {
    GfxObj gfxObj;
    gfxObj.id = ownIdFromJson(node, did);
    const bool physicsGiven = node.has("physicsPolygons") || node.has("physicsBsp");
    const bool drawingGiven = node.has("polygons") || node.has("drawingBsp");
    gfxObj.flags =
        node["flags"].u32((physicsGiven ? kHasPhysics : 0) | (drawingGiven ? kHasDrawing : 0) |
                          (node.has("didDegrade") ? kHasDidDegrade : 0));
    rejectUnlessFlagged(node, "physicsPolygons", gfxObj.hasPhysics(), "HasPhysics (0x1)");
    rejectUnlessFlagged(node, "physicsBsp", gfxObj.hasPhysics(), "HasPhysics (0x1)");
    rejectUnlessFlagged(node, "polygons", gfxObj.hasDrawing(), "HasDrawing (0x2)");
    rejectUnlessFlagged(node, "drawingBsp", gfxObj.hasDrawing(), "HasDrawing (0x2)");
    rejectUnlessFlagged(node, "didDegrade", gfxObj.hasDidDegrade(), "HasDIDDegrade (0x8)");

    gfxObj.surfaces = listFromJson(node["surfaces"], u32FromJson);
    const std::vector<JsonNode> vertices = node["vertices"].elements();
    for (std::size_t i = 0; i < vertices.size(); ++i)
        gfxObj.vertices.push_back(vertexFromJson(vertices[i], i));
    if (gfxObj.hasPhysics()) {
        gfxObj.physicsPolygons = polygonsFromJson(node["physicsPolygons"]);
        gfxObj.physicsBsp = bspTreeFromJson(node["physicsBsp"], BspVariant::Physics);
    }
    if (node.has("sortCenter"))
        gfxObj.sortCenter = vec3FromJson(node["sortCenter"]);
    if (gfxObj.hasDrawing()) {
        gfxObj.polygons = polygonsFromJson(node["polygons"]);
        gfxObj.drawingBsp = bspTreeFromJson(node["drawingBsp"], BspVariant::Drawing);
    }
    gfxObj.didDegrade = node["didDegrade"].u32(0);

    const JsonNode widths = node["longCountWidths"];
    gfxObj.longCountWidths.surfaces = longWidthFromJson(widths["surfaces"], gfxObj.surfaces.size());
    gfxObj.longCountWidths.physicsPolygons = longWidthFromJson(
        widths["physicsPolygons"], gfxObj.physicsPolygons.size(), gfxObj.hasPhysics());
    gfxObj.longCountWidths.polygons =
        longWidthFromJson(widths["polygons"], gfxObj.polygons.size(), gfxObj.hasDrawing());
    gfxObj.trailing = bytesFromJson(node["trailing"]);
    return gfxObj;
}

} // namespace portalkit::dat
