#include "datreader/records/bsp.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/mesh.h"

#include <algorithm>
#include <string>

namespace portalkit::dat {

namespace {

// The tag as its four letters when printable, for messages and JSON.
std::string tagText(std::uint32_t tag) {
    std::string text;
    for (int shift = 24; shift >= 0; shift -= 8) {
        const char letter = char((tag >> shift) & 0xFF);
        text += (letter >= 0x20 && letter < 0x7F) ? letter : '?';
    }
    return text;
}

// encode's answer to a tree that could not decode back to itself.
[[noreturn]] void invalid(const std::string& message) {
    throw DatError("bsp", message, 0, OffsetKind::Entry);
}

QJsonArray toJsonArray(const std::vector<std::uint16_t>& values) {
    QJsonArray array;
    for (std::uint16_t value : values)
        array.append(qint64(value));
    return array;
}

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

} // namespace portalkit::dat
