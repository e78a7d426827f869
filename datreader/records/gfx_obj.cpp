#include "datreader/records/gfx_obj.h"

#include "datreader/io/dat_error.h"

#include <algorithm>
#include <limits>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kSmallestVertex = 2 + 2 + 12 + 12;    // id, uv count, origin, normal
constexpr std::size_t kSmallestPolygon = 2 + 1 + 1 + 4 + 4; // key, header, two surfaces
constexpr std::size_t kUVBytes = 8;
constexpr std::int32_t kSWVertexType = 1;

// The tag as its four letters when printable, for messages and JSON.
std::string tagText(std::uint32_t tag) {
    std::string text;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char letter = char((tag >> shift) & 0xFF);
        text += (letter >= 0x20 && letter < 0x7F) ? letter : '?';
    }
    return text;
}

// encode's answer to a value that could not decode back to itself.
[[noreturn]] void invalid(const std::string& message) {
    throw DatError("gfxObj", message, 0, OffsetKind::Entry);
}

// --- counts ---

// A count that is not a plain u32, checked against the bytes left the way readCount does.
void requireFits(ByteCursor& in, std::size_t countAt, std::size_t count, std::size_t minItemBytes,
                 const char* field) {
    if (count > in.remaining() / minItemBytes)
        in.failAt(countAt, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
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

QJsonArray toJsonArray(const auto& values) {
    QJsonArray array;
    for (const auto& value : values)
        array.append(qint64(value));
    return array;
}

// --- BSP ---

std::vector<std::uint16_t> readPolygonIndices(ByteCursor& in, std::uint32_t count) {
    std::vector<std::uint16_t> indices;
    indices.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i)
        indices.push_back(in.u16("bsp.polygons"));
    return indices;
}

void writePolygonIndices(ByteWriter& out, const std::vector<std::uint16_t>& indices) {
    for (std::uint16_t index : indices)
        out.u16(index);
}

// Drawing and physics trees keep a bounding sphere on branch nodes; cell trees do not, and
// physics portals store only their plane and children.
bool storesBranchSphere(BspNodeKind kind, BspVariant variant) {
    return variant == BspVariant::Drawing ||
           (variant == BspVariant::Physics && kind == BspNodeKind::Internal);
}

class BspReader {
  public:
    BspReader(ByteCursor& in, BspVariant variant) : m_in(in), m_variant(variant) {}

    // Appends the node at the cursor and its subtrees in stored order; returns its index.
    std::int32_t readNode(int depth) {
        const std::size_t start = m_in.position();
        BspNode node;
        node.tag = m_in.u32("bsp.tag");
        const auto kind = bspNodeKind(node.tag);
        if (!kind)
            m_in.failAt(start, "bsp.tag",
                        "unknown BSP node tag " + formatDid(node.tag) + " ('" + tagText(node.tag) +
                            "')");
        if (depth > kMaxBspDepth)
            m_in.failAt(start, "bsp.tag",
                        "tree deeper than " + std::to_string(kMaxBspDepth) + " levels");

        const auto index = std::int32_t(m_tree.nodes.size());
        m_tree.nodes.emplace_back(); // claims the index before the children take the next ones
        if (*kind == BspNodeKind::Leaf)
            leafBody(node);
        else
            branchBody(node, *kind, depth);
        m_tree.nodes[std::size_t(index)] = std::move(node);
        return index;
    }

    BspTree take() { return std::move(m_tree); }

  private:
    void leafBody(BspNode& node) {
        node.leafIndex = m_in.i32("bsp.leafIndex");
        if (m_variant != BspVariant::Physics)
            return;
        node.solid = m_in.i32("bsp.solid");
        node.boundingSphere = readSphere(m_in, "bsp.boundingSphere");
        node.polygons = readPolygonIndices(m_in, readCount(m_in, "bsp.polygons", 2));
    }

    void branchBody(BspNode& node, BspNodeKind kind, int depth) {
        node.splittingPlane = readPlane(m_in, "bsp.splittingPlane");
        if (bspHasPosChild(node.tag))
            node.posChild = readNode(depth + 1);
        if (bspHasNegChild(node.tag))
            node.negChild = readNode(depth + 1);
        if (!storesBranchSphere(kind, m_variant))
            return;
        node.boundingSphere = readSphere(m_in, "bsp.boundingSphere");
        if (m_variant != BspVariant::Drawing)
            return;
        if (kind == BspNodeKind::Internal) {
            node.polygons = readPolygonIndices(m_in, readCount(m_in, "bsp.polygons", 2));
            return;
        }
        const std::uint32_t polygonCount = readCount(m_in, "bsp.polygons", 2);
        const std::uint32_t portalCount = readCount(m_in, "bsp.portals", 4);
        node.polygons = readPolygonIndices(m_in, polygonCount);
        node.portals.reserve(portalCount);
        for (std::uint32_t i = 0; i < portalCount; ++i) {
            BspPortalRef portal;
            portal.polygonIndex = std::int16_t(m_in.u16("bsp.portals"));
            portal.portalIndex = std::int16_t(m_in.u16("bsp.portals"));
            node.portals.push_back(portal);
        }
    }

    ByteCursor& m_in;
    BspVariant m_variant;
    BspTree m_tree;
};

class BspWriter {
  public:
    BspWriter(ByteWriter& out, const BspTree& tree, BspVariant variant)
        : m_out(out), m_tree(tree), m_variant(variant) {}

    void writeTree() {
        if (m_tree.nodes.empty())
            invalid("BSP tree without a root node");
        writeNode(1);
        if (m_next != m_tree.nodes.size())
            invalid("BSP nodes not reachable from the root");
    }

  private:
    void writeNode(int depth) {
        if (depth > kMaxBspDepth)
            invalid("BSP tree deeper than " + std::to_string(kMaxBspDepth) + " levels");
        const std::size_t index = m_next++;
        const BspNode& node = m_tree.nodes[index];
        const auto kind = bspNodeKind(node.tag);
        if (!kind)
            invalid("BSP node " + std::to_string(index) + " has an unknown tag");
        m_out.u32(node.tag);
        if (*kind == BspNodeKind::Leaf) {
            if (node.posChild != -1 || node.negChild != -1)
                invalid("BSP leaf " + std::to_string(index) + " has children");
            m_out.i32(node.leafIndex);
            if (m_variant == BspVariant::Physics) {
                m_out.i32(node.solid);
                write(m_out, node.boundingSphere);
                m_out.u32(std::uint32_t(node.polygons.size()));
                writePolygonIndices(m_out, node.polygons);
            }
            return;
        }
        write(m_out, node.splittingPlane);
        child(node.posChild, bspHasPosChild(node.tag), index, depth);
        child(node.negChild, bspHasNegChild(node.tag), index, depth);
        if (!storesBranchSphere(*kind, m_variant))
            return;
        write(m_out, node.boundingSphere);
        if (m_variant != BspVariant::Drawing)
            return;
        m_out.u32(std::uint32_t(node.polygons.size()));
        if (*kind == BspNodeKind::Portal)
            m_out.u32(std::uint32_t(node.portals.size()));
        writePolygonIndices(m_out, node.polygons);
        for (const BspPortalRef& portal : node.portals) {
            m_out.u16(std::uint16_t(portal.polygonIndex));
            m_out.u16(std::uint16_t(portal.portalIndex));
        }
    }

    // Stored order puts a present child right after everything written so far.
    void child(std::int32_t childIndex, bool present, std::size_t parent, int depth) {
        if (!present) {
            if (childIndex != -1)
                invalid("BSP node " + std::to_string(parent) + ": its tag has no such child");
            return;
        }
        if (m_next >= m_tree.nodes.size() || childIndex != std::int32_t(m_next))
            invalid("BSP node " + std::to_string(parent) + ": child " + std::to_string(childIndex) +
                    " is not the next stored node");
        writeNode(depth + 1);
    }

    ByteWriter& m_out;
    const BspTree& m_tree;
    BspVariant m_variant;
    std::size_t m_next = 0;
};

QJsonObject bspNodeToJson(const BspNode& node, BspVariant variant) {
    const BspNodeKind kind = bspNodeKind(node.tag).value_or(BspNodeKind::Leaf);
    QJsonObject object{{"tag", QString::fromStdString(tagText(node.tag))}};
    if (kind == BspNodeKind::Leaf) {
        object["leafIndex"] = node.leafIndex;
        if (variant == BspVariant::Physics) {
            object["solid"] = node.solid;
            object["boundingSphere"] = toJson(node.boundingSphere);
            object["polygons"] = toJsonArray(node.polygons);
        }
        return object;
    }
    object["splittingPlane"] = toJson(node.splittingPlane);
    if (node.posChild >= 0)
        object["posChild"] = node.posChild;
    if (node.negChild >= 0)
        object["negChild"] = node.negChild;
    if (!storesBranchSphere(kind, variant))
        return object;
    object["boundingSphere"] = toJson(node.boundingSphere);
    if (variant != BspVariant::Drawing)
        return object;
    object["polygons"] = toJsonArray(node.polygons);
    if (kind == BspNodeKind::Portal) {
        QJsonArray portals;
        for (const BspPortalRef& portal : node.portals)
            portals.append(QJsonObject{{"polygonIndex", portal.polygonIndex},
                                       {"portalIndex", portal.portalIndex}});
        object["portals"] = portals;
    }
    return object;
}

const char* variantName(BspVariant variant) {
    switch (variant) {
    case BspVariant::Drawing:
        return "drawing";
    case BspVariant::Physics:
        return "physics";
    case BspVariant::Cell:
        break;
    }
    return "cell";
}

// The keys bspNodeToJson writes for a node of this kind in this variant (children aside).
std::vector<std::string_view> bspNodeKeys(BspNodeKind kind, BspVariant variant) {
    if (kind == BspNodeKind::Leaf) {
        if (variant == BspVariant::Physics)
            return {"tag", "leafIndex", "solid", "boundingSphere", "polygons"};
        return {"tag", "leafIndex"};
    }
    std::vector<std::string_view> keys{"tag", "splittingPlane", "posChild", "negChild"};
    if (storesBranchSphere(kind, variant))
        keys.push_back("boundingSphere");
    if (variant == BspVariant::Drawing)
        keys.push_back("polygons");
    if (variant == BspVariant::Drawing && kind == BspNodeKind::Portal)
        keys.push_back("portals");
    return keys;
}

std::int16_t i16FromJson(const JsonNode& node) {
    const std::int32_t value = node.i32();
    if (value < std::numeric_limits<std::int16_t>::min() ||
        value > std::numeric_limits<std::int16_t>::max())
        node.fail(std::to_string(value) + " is not a 16-bit signed integer");
    return std::int16_t(value);
}

std::uint32_t bspTagFromJson(const JsonNode& node) {
    const QString text = node.string();
    std::uint32_t tag = 0;
    for (QChar letter : text)
        tag = (tag << 8) | (letter.unicode() < 0x80 ? letter.unicode() : 0);
    if (text.size() != 4 || !bspNodeKind(tag))
        node.fail("'" + text.toStdString() +
                  "' is not a BSP node tag (LEAF, PORT, BPIN, BPIn, BpIN, BPnN, BPnn, BpnN)");
    return tag;
}

std::vector<std::uint16_t> polygonIndicesFromJson(const JsonNode& node) {
    std::vector<std::uint16_t> indices;
    for (const JsonNode& element : node.elements())
        indices.push_back(element.u16());
    return indices;
}

// The fields of one node apart from its children. Keys its bytes do not hold are refused, since
// they would be dropped without a word (a drawing node pasted into a physics tree, say).
BspNode bspNodeBodyFromJson(const JsonNode& json, BspVariant variant) {
    BspNode node;
    node.tag = bspTagFromJson(json["tag"]);
    const BspNodeKind kind = *bspNodeKind(node.tag);
    const std::vector<std::string_view> stored = bspNodeKeys(kind, variant);
    for (const std::string& key : json.keys())
        if (std::find(stored.begin(), stored.end(), key) == stored.end())
            json[key].fail(std::string("a ") + variantName(variant) + " tree's " +
                           tagText(node.tag) + " node does not store this");

    node.leafIndex = json["leafIndex"].i32(0);
    node.solid = json["solid"].i32(0);
    if (kind != BspNodeKind::Leaf)
        node.splittingPlane = planeFromJson(json["splittingPlane"]);
    if (json.has("boundingSphere"))
        node.boundingSphere = sphereFromJson(json["boundingSphere"]);
    node.polygons = polygonIndicesFromJson(json["polygons"]);
    for (const JsonNode& portal : json["portals"].elements())
        node.portals.push_back(
            {i16FromJson(portal["polygonIndex"]), i16FromJson(portal["portalIndex"])});
    return node;
}

// BspReader's twin over a JSON node list: walking the tags in stored order fixes every child's
// index, so given indices are checked against it and missing ones filled in.
class BspJsonReader {
  public:
    BspJsonReader(const JsonNode& list, BspVariant variant) : m_list(list), m_variant(variant) {}

    BspTree read() {
        if (!m_list.isArray())
            m_list.fail("expected an array of BSP nodes in stored order, root first");
        m_json = m_list.elements();
        if (m_json.empty())
            m_list.fail("a BSP tree needs at least its root node");
        readNode(1);
        if (m_tree.nodes.size() < m_json.size())
            m_json[m_tree.nodes.size()].fail(
                "not reachable from the root (each node must be a child of an earlier one, "
                "positive subtree first)");
        return std::move(m_tree);
    }

  private:
    std::int32_t readNode(int depth) {
        const std::size_t index = m_tree.nodes.size();
        const JsonNode& json = m_json[index];
        if (depth > kMaxBspDepth)
            json.fail("tree deeper than " + std::to_string(kMaxBspDepth) + " levels");
        m_tree.nodes.emplace_back(); // claims the index before the children take the next ones
        BspNode node = bspNodeBodyFromJson(json, m_variant);
        if (bspNodeKind(node.tag) != BspNodeKind::Leaf) {
            node.posChild = child(json["posChild"], bspHasPosChild(node.tag), depth);
            node.negChild = child(json["negChild"], bspHasNegChild(node.tag), depth);
        }
        m_tree.nodes[index] = std::move(node);
        return std::int32_t(index);
    }

    std::int32_t child(const JsonNode& given, bool present, int depth) {
        if (!present) {
            if (!given.isMissing() && given.i32() != -1)
                given.fail("the node's tag has no such child");
            return -1;
        }
        const std::size_t next = m_tree.nodes.size();
        if (next >= m_json.size())
            given.fail("the node's tag needs this child, but the list ends before it");
        if (!given.isMissing() && given.i32() != std::int32_t(next))
            given.fail("child " + std::to_string(given.i32()) + " is not the next stored node (" +
                       std::to_string(next) + "): children follow their parent, positive first");
        return readNode(depth + 1);
    }

    const JsonNode& m_list;
    BspVariant m_variant;
    std::vector<JsonNode> m_json;
    BspTree m_tree;
};

BspTree readTree(ByteCursor& in, BspVariant variant, const char* context) {
    try {
        return readBspTree(in, variant);
    } catch (DatError& error) {
        error.withContext(context);
        throw;
    }
}

// --- vertices and polygons ---

GfxObj::Vertex readVertex(ByteCursor& in) {
    GfxObj::Vertex vertex;
    vertex.id = in.u16("gfxObj.vertex.id");
    const std::size_t countAt = in.position();
    const std::uint16_t uvCount = in.u16("gfxObj.vertex.uvs");
    vertex.origin = readVec3(in, "gfxObj.vertex.origin");
    vertex.normal = readVec3(in, "gfxObj.vertex.normal");
    requireFits(in, countAt, uvCount, kUVBytes, "gfxObj.vertex.uvs");
    vertex.uvs.reserve(uvCount);
    for (std::uint16_t i = 0; i < uvCount; ++i) {
        GfxObj::UV uv;
        uv.u = in.f32("gfxObj.vertex.uvs");
        uv.v = in.f32("gfxObj.vertex.uvs");
        vertex.uvs.push_back(uv);
    }
    return vertex;
}

std::vector<GfxObj::Vertex> readVertexArray(ByteCursor& in) {
    const std::size_t typeAt = in.position();
    const std::int32_t vertexType = in.i32("gfxObj.vertexType");
    if (vertexType != kSWVertexType)
        in.failAt(typeAt, "gfxObj.vertexType",
                  "vertex type " + std::to_string(vertexType) + " is not 1 (SWVertex)");
    const std::uint32_t count = readCount(in, "gfxObj.vertices", kSmallestVertex);
    std::vector<GfxObj::Vertex> vertices;
    vertices.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        try {
            vertices.push_back(readVertex(in));
        } catch (DatError& error) {
            error.withContext("reading vertex " + std::to_string(i));
            throw;
        }
    }
    return vertices;
}

void writeVertex(ByteWriter& out, const GfxObj::Vertex& vertex) {
    if (vertex.uvs.size() > 0xFFFF)
        invalid("gfxObj: vertex with more than 65535 UVs");
    out.u16(vertex.id);
    out.u16(std::uint16_t(vertex.uvs.size()));
    write(out, vertex.origin);
    write(out, vertex.normal);
    for (const GfxObj::UV& uv : vertex.uvs) {
        out.f32(uv.u);
        out.f32(uv.v);
    }
}

std::vector<std::uint8_t> readUVIndices(ByteCursor& in, std::size_t count, const char* field) {
    const auto bytes = in.bytes(count, field);
    return {bytes.begin(), bytes.end()};
}

GfxObj::Polygon readPolygon(ByteCursor& in) {
    GfxObj::Polygon polygon;
    polygon.id = in.u16("gfxObj.polygon.id");
    const std::uint8_t pointCount = in.u8("gfxObj.polygon.numPoints");
    polygon.stippling = in.u8("gfxObj.polygon.stippling");
    polygon.sidesType = in.i32("gfxObj.polygon.sidesType");
    polygon.posSurface = std::int16_t(in.u16("gfxObj.polygon.posSurface"));
    polygon.negSurface = std::int16_t(in.u16("gfxObj.polygon.negSurface"));
    polygon.vertexIds.reserve(pointCount);
    for (std::uint8_t i = 0; i < pointCount; ++i)
        polygon.vertexIds.push_back(std::int16_t(in.u16("gfxObj.polygon.vertexIds")));
    if (polygon.storesPosUVIndices())
        polygon.posUVIndices = readUVIndices(in, pointCount, "gfxObj.polygon.posUVIndices");
    if (polygon.storesNegUVIndices())
        polygon.negUVIndices = readUVIndices(in, pointCount, "gfxObj.polygon.negUVIndices");
    return polygon;
}

std::vector<GfxObj::Polygon> readPolygons(ByteCursor& in, const char* field,
                                          std::uint8_t& longWidth, const char* what) {
    const CompressedCount count = readCompressedCount(in, field, kSmallestPolygon);
    longWidth = count.longWidth;
    std::vector<GfxObj::Polygon> polygons;
    polygons.reserve(count.value);
    for (std::uint32_t i = 0; i < count.value; ++i) {
        try {
            polygons.push_back(readPolygon(in));
        } catch (DatError& error) {
            error.withContext("reading " + std::string(what) + " " + std::to_string(i));
            throw;
        }
    }
    return polygons;
}

void writeUVIndices(ByteWriter& out, const std::vector<std::uint8_t>& indices, bool stored,
                    std::size_t pointCount, const char* name) {
    if (indices.size() != (stored ? pointCount : 0))
        invalid(std::string("gfxObj polygon: ") + name + " must have " +
                (stored ? "one entry per vertex" : "no entries") + " for its stippling/sides");
    out.bytes(indices);
}

void writePolygon(ByteWriter& out, const GfxObj::Polygon& polygon) {
    const std::size_t pointCount = polygon.vertexIds.size();
    if (pointCount > 0xFF)
        invalid("gfxObj polygon: more than 255 vertices");
    out.u16(polygon.id);
    out.u8(std::uint8_t(pointCount));
    out.u8(polygon.stippling);
    out.i32(polygon.sidesType);
    out.u16(std::uint16_t(polygon.posSurface));
    out.u16(std::uint16_t(polygon.negSurface));
    for (std::int16_t vertexId : polygon.vertexIds)
        out.u16(std::uint16_t(vertexId));
    writeUVIndices(out, polygon.posUVIndices, polygon.storesPosUVIndices(), pointCount,
                   "posUVIndices");
    writeUVIndices(out, polygon.negUVIndices, polygon.storesNegUVIndices(), pointCount,
                   "negUVIndices");
}

void writePolygons(ByteWriter& out, const std::vector<GfxObj::Polygon>& polygons,
                   std::uint8_t longWidth) {
    writeCompressedCount(out, polygons.size(), longWidth);
    for (const GfxObj::Polygon& polygon : polygons)
        writePolygon(out, polygon);
}

QJsonObject vertexToJson(const GfxObj::Vertex& vertex) {
    QJsonArray uvs;
    for (const GfxObj::UV& uv : vertex.uvs)
        uvs.append(QJsonArray{realJson(uv.u), realJson(uv.v)});
    return {{"id", vertex.id},
            {"origin", toJson(vertex.origin)},
            {"normal", toJson(vertex.normal)},
            {"uvs", uvs}};
}

QJsonObject polygonToJson(const GfxObj::Polygon& polygon) {
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

QJsonArray polygonsToJson(const std::vector<GfxObj::Polygon>& polygons) {
    QJsonArray array;
    for (const GfxObj::Polygon& polygon : polygons)
        array.append(polygonToJson(polygon));
    return array;
}

// Ids default to the position in the list, which is what retail data holds.
GfxObj::Vertex vertexFromJson(const JsonNode& node, std::size_t index) {
    GfxObj::Vertex vertex;
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

GfxObj::Polygon polygonFromJson(const JsonNode& node, std::size_t index) {
    GfxObj::Polygon polygon;
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

std::vector<GfxObj::Polygon> polygonsFromJson(const JsonNode& node) {
    const std::vector<JsonNode> elements = node.elements();
    std::vector<GfxObj::Polygon> polygons;
    polygons.reserve(elements.size());
    for (std::size_t i = 0; i < elements.size(); ++i)
        polygons.push_back(polygonFromJson(elements[i], i));
    return polygons;
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

std::optional<BspNodeKind> bspNodeKind(std::uint32_t tag) {
    switch (tag) {
    case bsp_tag::Leaf:
        return BspNodeKind::Leaf;
    case bsp_tag::Portal:
        return BspNodeKind::Portal;
    case bsp_tag::BPnn:
    case bsp_tag::BPIn:
    case bsp_tag::BpIN:
    case bsp_tag::BpnN:
    case bsp_tag::BPIN:
    case bsp_tag::BPnN:
        return BspNodeKind::Internal;
    default:
        return std::nullopt;
    }
}

bool bspHasPosChild(std::uint32_t tag) {
    const auto kind = bspNodeKind(tag);
    return kind == BspNodeKind::Portal ||
           (kind == BspNodeKind::Internal && ((tag >> 16) & 0xFF) == 'P');
}

bool bspHasNegChild(std::uint32_t tag) {
    const auto kind = bspNodeKind(tag);
    return kind == BspNodeKind::Portal || (kind == BspNodeKind::Internal && (tag & 0xFF) == 'N');
}

BspTree readBspTree(ByteCursor& in, BspVariant variant) {
    BspReader reader(in, variant);
    reader.readNode(1);
    return reader.take();
}

void writeBspTree(ByteWriter& out, const BspTree& tree, BspVariant variant) {
    BspWriter(out, tree, variant).writeTree();
}

QJsonArray bspTreeToJson(const BspTree& tree, BspVariant variant) {
    QJsonArray nodes;
    for (const BspNode& node : tree.nodes)
        nodes.append(bspNodeToJson(node, variant));
    return nodes;
}

BspTree bspTreeFromJson(const JsonNode& node, BspVariant variant) {
    return BspJsonReader(node, variant).read();
}

GfxObj GfxObj::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    GfxObj gfxObj;
    gfxObj.id = readOwnId(in, did);
    gfxObj.flags = in.u32("gfxObj.flags");

    const CompressedCount surfaceCount = readCompressedCount(in, "gfxObj.surfaces", 4);
    gfxObj.longCountWidths.surfaces = surfaceCount.longWidth;
    gfxObj.surfaces.reserve(surfaceCount.value);
    for (std::uint32_t i = 0; i < surfaceCount.value; ++i)
        gfxObj.surfaces.push_back(in.u32("gfxObj.surfaces"));

    gfxObj.vertices = readVertexArray(in);

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
    in.expectEnd("gfxObj");
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
    for (std::uint32_t surface : surfaces)
        out.u32(surface);

    out.i32(kSWVertexType);
    out.u32(std::uint32_t(vertices.size()));
    for (const Vertex& vertex : vertices)
        writeVertex(out, vertex);

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
    return out.take();
}

QJsonObject GfxObj::toJson() const {
    QJsonArray surfaceIds;
    for (std::uint32_t surface : surfaces)
        surfaceIds.append(didJson(surface));
    QJsonArray vertexList;
    for (const Vertex& vertex : vertices)
        vertexList.append(vertexToJson(vertex));

    QJsonObject object{{"id", didJson(id)},
                       {"flags", qint64(flags)},
                       {"surfaces", surfaceIds},
                       {"vertices", vertexList},
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

    for (const JsonNode& surface : node["surfaces"].elements())
        gfxObj.surfaces.push_back(surface.u32());
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
    return gfxObj;
}

} // namespace portalkit::dat
