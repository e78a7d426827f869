#include "datreader/records/mesh.h"

#include "datreader/io/dat_error.h"

#include <limits>
#include <string>

namespace portalkit::dat {

const MeshFields kGfxObjMeshFields{
    "gfxObj",
    "gfxObj.vertexType",
    "gfxObj.vertices",
    "gfxObj.vertex.id",
    "gfxObj.vertex.uvs",
    "gfxObj.vertex.origin",
    "gfxObj.vertex.normal",
    "gfxObj.polygon.id",
    "gfxObj.polygon.numPoints",
    "gfxObj.polygon.stippling",
    "gfxObj.polygon.sidesType",
    "gfxObj.polygon.posSurface",
    "gfxObj.polygon.negSurface",
    "gfxObj.polygon.vertexIds",
    "gfxObj.polygon.posUVIndices",
    "gfxObj.polygon.negUVIndices",
};

const MeshFields kCellStructMeshFields{
    "cellStruct",
    "cellStruct.vertexType",
    "cellStruct.vertices",
    "cellStruct.vertex.id",
    "cellStruct.vertex.uvs",
    "cellStruct.vertex.origin",
    "cellStruct.vertex.normal",
    "cellStruct.polygon.id",
    "cellStruct.polygon.numPoints",
    "cellStruct.polygon.stippling",
    "cellStruct.polygon.sidesType",
    "cellStruct.polygon.posSurface",
    "cellStruct.polygon.negSurface",
    "cellStruct.polygon.vertexIds",
    "cellStruct.polygon.posUVIndices",
    "cellStruct.polygon.negUVIndices",
};

namespace {

constexpr std::size_t kSmallestVertex = 2 + 2 + 12 + 12; // id, uv count, origin, normal
constexpr std::size_t kUVBytes = 8;
constexpr std::int32_t kSWVertexType = 1;

// encode's answer to a value that could not decode back to itself.
[[noreturn]] void invalid(const MeshFields& fields, const std::string& message) {
    throw DatError(fields.owner, std::string(fields.owner) + message, 0, OffsetKind::Entry);
}

QJsonArray toJsonArray(const auto& values) {
    QJsonArray array;
    for (const auto& value : values)
        array.append(qint64(value));
    return array;
}

MeshVertex readVertex(ByteCursor& in, const MeshFields& fields) {
    MeshVertex vertex;
    vertex.id = in.u16(fields.vertexId);
    const std::size_t countAt = in.position();
    const std::uint16_t uvCount = in.u16(fields.vertexUVs);
    vertex.origin = readVec3(in, fields.vertexOrigin);
    vertex.normal = readVec3(in, fields.vertexNormal);
    requireFits(in, countAt, uvCount, kUVBytes, fields.vertexUVs);
    vertex.uvs.reserve(uvCount);
    for (std::uint16_t i = 0; i < uvCount; ++i) {
        MeshUV uv;
        uv.u = in.f32(fields.vertexUVs);
        uv.v = in.f32(fields.vertexUVs);
        vertex.uvs.push_back(uv);
    }
    return vertex;
}

void writeVertex(ByteWriter& out, const MeshVertex& vertex, const MeshFields& fields) {
    if (vertex.uvs.size() > 0xFFFF)
        invalid(fields, ": vertex with more than 65535 UVs");
    out.u16(vertex.id);
    out.u16(std::uint16_t(vertex.uvs.size()));
    write(out, vertex.origin);
    write(out, vertex.normal);
    for (const MeshUV& uv : vertex.uvs) {
        out.f32(uv.u);
        out.f32(uv.v);
    }
}

std::vector<std::uint8_t> readUVIndices(ByteCursor& in, std::size_t count, const char* field) {
    const auto bytes = in.bytes(count, field);
    return {bytes.begin(), bytes.end()};
}

void writeUVIndices(ByteWriter& out, const std::vector<std::uint8_t>& indices, bool stored,
                    std::size_t pointCount, const char* name, const MeshFields& fields) {
    if (indices.size() != (stored ? pointCount : 0))
        invalid(fields, std::string(" polygon: ") + name + " must have " +
                            (stored ? "one entry per vertex" : "no entries") +
                            " for its stippling/sides");
    out.bytes(indices);
}

std::vector<std::uint8_t> uvIndicesFromJson(const JsonNode& node, bool stored,
                                            std::size_t pointCount) {
    if (!stored) {
        if (!node.isMissing())
            node.fail("not stored for this polygon's stippling and sidesType");
        return {};
    }
    if (!node.isArray())
        node.fail("expected one UV index per vertex");
    std::vector<std::uint8_t> indices;
    for (const JsonNode& element : node.elements())
        indices.push_back(element.u8());
    if (indices.size() != pointCount)
        node.fail(std::to_string(indices.size()) + " UV indices for " + std::to_string(pointCount) +
                  " vertices");
    return indices;
}

} // namespace

void requireFits(ByteCursor& in, std::size_t countAt, std::size_t count, std::size_t minItemBytes,
                 const char* field) {
    if (count > in.remaining() / minItemBytes)
        in.failAt(countAt, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
}

std::vector<MeshVertex> readVertexArray(ByteCursor& in, const MeshFields& fields) {
    const std::size_t typeAt = in.position();
    const std::int32_t vertexType = in.i32(fields.vertexType);
    if (vertexType != kSWVertexType)
        in.failAt(typeAt, fields.vertexType,
                  "vertex type " + std::to_string(vertexType) + " is not 1 (SWVertex)");
    const std::uint32_t count = readCount(in, fields.vertices, kSmallestVertex);
    std::vector<MeshVertex> vertices;
    vertices.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        try {
            vertices.push_back(readVertex(in, fields));
        } catch (DatError& error) {
            error.withContext("reading vertex " + std::to_string(i));
            throw;
        }
    }
    return vertices;
}

void writeVertexArray(ByteWriter& out, const std::vector<MeshVertex>& vertices,
                      const MeshFields& fields) {
    out.i32(kSWVertexType);
    out.u32(std::uint32_t(vertices.size()));
    for (const MeshVertex& vertex : vertices)
        writeVertex(out, vertex, fields);
}

MeshPolygon readPolygon(ByteCursor& in, const MeshFields& fields) {
    MeshPolygon polygon;
    polygon.id = in.u16(fields.polygonId);
    const std::uint8_t pointCount = in.u8(fields.polygonPoints);
    polygon.stippling = in.u8(fields.polygonStippling);
    polygon.sidesType = in.i32(fields.polygonSides);
    polygon.posSurface = std::int16_t(in.u16(fields.polygonPosSurface));
    polygon.negSurface = std::int16_t(in.u16(fields.polygonNegSurface));
    polygon.vertexIds.reserve(pointCount);
    for (std::uint8_t i = 0; i < pointCount; ++i)
        polygon.vertexIds.push_back(std::int16_t(in.u16(fields.polygonVertexIds)));
    if (polygon.storesPosUVIndices())
        polygon.posUVIndices = readUVIndices(in, pointCount, fields.polygonPosUVs);
    if (polygon.storesNegUVIndices())
        polygon.negUVIndices = readUVIndices(in, pointCount, fields.polygonNegUVs);
    return polygon;
}

void writePolygon(ByteWriter& out, const MeshPolygon& polygon, const MeshFields& fields) {
    const std::size_t pointCount = polygon.vertexIds.size();
    if (pointCount > 0xFF)
        invalid(fields, " polygon: more than 255 vertices");
    out.u16(polygon.id);
    out.u8(std::uint8_t(pointCount));
    out.u8(polygon.stippling);
    out.i32(polygon.sidesType);
    out.u16(std::uint16_t(polygon.posSurface));
    out.u16(std::uint16_t(polygon.negSurface));
    for (std::int16_t vertexId : polygon.vertexIds)
        out.u16(std::uint16_t(vertexId));
    writeUVIndices(out, polygon.posUVIndices, polygon.storesPosUVIndices(), pointCount,
                   "posUVIndices", fields);
    writeUVIndices(out, polygon.negUVIndices, polygon.storesNegUVIndices(), pointCount,
                   "negUVIndices", fields);
}

QJsonObject vertexToJson(const MeshVertex& vertex) {
    QJsonArray uvs;
    for (const MeshUV& uv : vertex.uvs)
        uvs.append(QJsonArray{exactJson(uv.u), exactJson(uv.v)});
    return {{"id", vertex.id},
            {"origin", toJson(vertex.origin)},
            {"normal", toJson(vertex.normal)},
            {"uvs", uvs}};
}

QJsonObject polygonToJson(const MeshPolygon& polygon) {
    QJsonObject object{{"id", polygon.id},
                       {"stippling", polygon.stippling},
                       {"sidesType", polygon.sidesType},
                       {"posSurface", polygon.posSurface},
                       {"negSurface", polygon.negSurface},
                       {"vertexIds", toJsonArray(polygon.vertexIds)}};
    if (polygon.storesPosUVIndices())
        object["posUVIndices"] = toJsonArray(polygon.posUVIndices);
    if (polygon.storesNegUVIndices())
        object["negUVIndices"] = toJsonArray(polygon.negUVIndices);
    return object;
}

QJsonArray polygonsToJson(const std::vector<MeshPolygon>& polygons) {
    QJsonArray array;
    for (const MeshPolygon& polygon : polygons)
        array.append(polygonToJson(polygon));
    return array;
}

MeshVertex vertexFromJson(const JsonNode& node, std::size_t index) {
    MeshVertex vertex;
    vertex.id = node["id"].u16(std::uint16_t(index));
    vertex.origin = vec3FromJson(node["origin"]);
    vertex.normal = vec3FromJson(node["normal"]);
    for (const JsonNode& uv : node["uvs"].elements()) {
        if (uv.isArray() && uv.value().toArray().size() != 2)
            uv.fail("expected [u, v]");
        vertex.uvs.push_back({uv[0].f32(), uv[1].f32()});
    }
    if (vertex.uvs.size() > 0xFFFF)
        node["uvs"].fail("more than 65535 UVs (the count is a u16)");
    return vertex;
}

MeshPolygon polygonFromJson(const JsonNode& node, std::size_t index) {
    MeshPolygon polygon;
    polygon.id = node["id"].u16(std::uint16_t(index));
    polygon.stippling = node["stippling"].u8(0);
    polygon.sidesType = node["sidesType"].i32(0);
    polygon.posSurface = node["posSurface"].isMissing() ? 0 : i16FromJson(node["posSurface"]);
    polygon.negSurface = node["negSurface"].isMissing() ? 0 : i16FromJson(node["negSurface"]);
    for (const JsonNode& vertexId : node["vertexIds"].elements())
        polygon.vertexIds.push_back(i16FromJson(vertexId));
    const std::size_t pointCount = polygon.vertexIds.size();
    if (pointCount > 0xFF)
        node["vertexIds"].fail("more than 255 vertices (the count is a u8)");
    polygon.posUVIndices =
        uvIndicesFromJson(node["posUVIndices"], polygon.storesPosUVIndices(), pointCount);
    polygon.negUVIndices =
        uvIndicesFromJson(node["negUVIndices"], polygon.storesNegUVIndices(), pointCount);
    return polygon;
}

std::vector<MeshVertex> verticesFromJson(const JsonNode& node) {
    const std::vector<JsonNode> elements = node.elements();
    std::vector<MeshVertex> vertices;
    vertices.reserve(elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i)
        vertices.push_back(vertexFromJson(elements[i], i));
    return vertices;
}

std::vector<MeshPolygon> polygonsFromJson(const JsonNode& node) {
    const std::vector<JsonNode> elements = node.elements();
    std::vector<MeshPolygon> polygons;
    polygons.reserve(elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i)
        polygons.push_back(polygonFromJson(elements[i], i));
    return polygons;
}

std::int16_t i16FromJson(const JsonNode& node) {
    const std::int32_t value = node.i32();
    if (value < std::numeric_limits<std::int16_t>::min() ||
        value > std::numeric_limits<std::int16_t>::max())
        node.fail(std::to_string(value) + " is not a 16-bit signed integer");
    return std::int16_t(value);
}

} // namespace portalkit::dat
