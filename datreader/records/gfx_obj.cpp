#include "gfx_obj.h"

#include "io/dat_error.h"

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
        uvs.append(QJsonArray{uv.u, uv.v});
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

} // namespace portalkit::dat
