#pragma once

// Vertex arrays and polygons as GfxObj and CellStruct store them (docs/formats.md#meshes): one
// codec for both, told by MeshFields which record's names its errors carry.

#include "datreader/records/common.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

struct MeshUV {
    float u = 0, v = 0;
    bool operator==(const MeshUV&) const = default;
};

struct MeshVertex {
    std::uint16_t id = 0;
    Vec3 origin;
    Vec3 normal;
    std::vector<MeshUV> uvs;
    bool operator==(const MeshVertex&) const = default;
};

struct MeshPolygon {
    static constexpr std::uint8_t kStipplingNoPos = 0x4;
    static constexpr std::uint8_t kStipplingNoNeg = 0x8;
    static constexpr std::int32_t kSidesClockwise = 2; // both sides with their own neg data

    std::uint16_t id = 0;        // the u16 key stored before the polygon
    std::uint8_t stippling = 0;  // raw bits: 0x1 pos, 0x2 neg, 0x4 NoPos, 0x8 NoNeg
    std::int32_t sidesType = 0;  // CullMode, raw
    std::int16_t posSurface = 0; // index into the owner's surfaces
    std::int16_t negSurface = 0;
    std::vector<std::int16_t> vertexIds;
    std::vector<std::uint8_t> posUVIndices; // one per vertex when stored, else empty
    std::vector<std::uint8_t> negUVIndices; // one per vertex when stored, else empty

    bool storesPosUVIndices() const { return (stippling & kStipplingNoPos) == 0; }
    bool storesNegUVIndices() const {
        return sidesType == kSidesClockwise && (stippling & kStipplingNoNeg) == 0;
    }
    bool operator==(const MeshPolygon&) const = default;
};

// The field names a record's mesh errors carry, so a CellStruct's truncated polygon does not
// blame a GfxObj. `owner` prefixes encode's messages.
struct MeshFields {
    const char* owner;
    const char* vertexType;
    const char* vertices;
    const char* vertexId;
    const char* vertexUVs;
    const char* vertexOrigin;
    const char* vertexNormal;
    const char* polygonId;
    const char* polygonPoints;
    const char* polygonStippling;
    const char* polygonSides;
    const char* polygonPosSurface;
    const char* polygonNegSurface;
    const char* polygonVertexIds;
    const char* polygonPosUVs;
    const char* polygonNegUVs;
};
extern const MeshFields kGfxObjMeshFields;
extern const MeshFields kCellStructMeshFields;

// Smallest stored polygon (key, header, two surfaces): bounds a polygon count by the bytes left.
constexpr std::size_t kSmallestMeshPolygon = 2 + 1 + 1 + 4 + 4;

// A count that is not a plain u32, checked against the bytes left the way readCount does.
void requireFits(ByteCursor& in, std::size_t countAt, std::size_t count, std::size_t minItemBytes,
                 const char* field);

// The vertex type (always 1, SWVertex), the u32 count and the vertices.
std::vector<MeshVertex> readVertexArray(ByteCursor& in, const MeshFields& fields);
void writeVertexArray(ByteWriter& out, const std::vector<MeshVertex>& vertices,
                      const MeshFields& fields);
// One polygon with its u16 key. writePolygon throws DatError for UV lists that disagree with
// the stippling and sides, since they could not decode back to themselves.
MeshPolygon readPolygon(ByteCursor& in, const MeshFields& fields);
void writePolygon(ByteWriter& out, const MeshPolygon& polygon, const MeshFields& fields);

QJsonObject vertexToJson(const MeshVertex& vertex);
QJsonObject polygonToJson(const MeshPolygon& polygon);
QJsonArray polygonsToJson(const std::vector<MeshPolygon>& polygons);
// Ids default to the position in the list, which is what retail data holds.
MeshVertex vertexFromJson(const JsonNode& node, std::size_t index);
MeshPolygon polygonFromJson(const JsonNode& node, std::size_t index);
std::vector<MeshVertex> verticesFromJson(const JsonNode& node);
std::vector<MeshPolygon> polygonsFromJson(const JsonNode& node);

std::int16_t i16FromJson(const JsonNode& node);

} // namespace portalkit::dat
