#include "datreader/records/object_hierarchy.h"

#include "datreader/records/codec_helpers.h"

#include <limits>
#include <string>

namespace portalkit::dat {

namespace {

// A node's least: an empty name (u16 length and its two fill bytes), the wcid, a zero count.
constexpr std::size_t kMinNodeBytes = 4 + 4 + 4;

std::string tooDeep() {
    return "nodes nest deeper than " + std::to_string(ObjHierarchyNode::kMaxDepth) + " levels";
}

// Reads the tree depth first and remembers where it is, so an error names the node once
// ("root.children[1].children[0]") rather than gathering one context per level.
class TreeReader {
  public:
    explicit TreeReader(ByteCursor& in) : m_in(in) {}

    ObjHierarchyNode root() {
        try {
            return node(0);
        } catch (DatError& error) {
            if (!m_path.empty())
                error.withContext("reading " + pathText());
            throw;
        }
    }

  private:
    // The name's fill brings the cursor to a multiple of four and every node ends on one, so
    // the aligns DatReaderWriter lists after the name and after the children never skip a byte.
    ObjHierarchyNode node(int depth) {
        if (depth > ObjHierarchyNode::kMaxDepth)
            m_in.failAt(m_in.position(), "objectHierarchy.node.children", tooDeep());
        ObjHierarchyNode node;
        node.menuName = readObfuscatedString(m_in, "objectHierarchy.node.menuName");
        node.wcid = m_in.u32("objectHierarchy.node.wcid");
        // An i32 in the client; a negative count reads as one too large for the bytes left.
        const std::uint32_t count = readCount(m_in, "objectHierarchy.node.children", kMinNodeBytes);
        node.children.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) {
            m_path.push_back(i); // left in place when the child throws: root() reports it
            node.children.push_back(this->node(depth + 1));
            m_path.pop_back();
        }
        return node;
    }

    // The first levels of the path in full; a hostile chain's thousand levels are summed up.
    std::string pathText() const {
        constexpr std::size_t kShown = 8;
        std::string text = "root";
        for (std::size_t level = 0; level < m_path.size() && level < kShown; ++level)
            text += ".children[" + std::to_string(m_path[level]) + "]";
        if (m_path.size() > kShown)
            text += "... (" + std::to_string(m_path.size()) + " levels down)";
        return text;
    }

    ByteCursor& m_in;
    std::vector<std::uint32_t> m_path;
};

void writeNode(ByteWriter& out, const ObjHierarchyNode& node, int depth) {
    if (depth > ObjHierarchyNode::kMaxDepth)
        throw DatError("objectHierarchy.node.children", tooDeep(), 0, OffsetKind::Entry);
    if (node.children.size() > std::size_t(std::numeric_limits<std::int32_t>::max()))
        throw DatError("objectHierarchy.node.children", "too many children for an i32 count", 0,
                       OffsetKind::Entry);
    writeObfuscatedString(out, node.menuName, "objectHierarchy.node.menuName");
    out.u32(node.wcid);
    out.i32(std::int32_t(node.children.size()));
    for (const ObjHierarchyNode& child : node.children)
        writeNode(out, child, depth + 1);
}

// Leaves leave "children" out, so a large menu tree stays readable.
QJsonObject nodeToJson(const ObjHierarchyNode& node) {
    QJsonObject object{{"menuName", toJson(node.menuName)}, {"wcid", qint64(node.wcid)}};
    if (!node.children.empty())
        object["children"] = listToJson(node.children, nodeToJson);
    return object;
}

ObjHierarchyNode nodeFromJson(const JsonNode& json, int depth) {
    if (depth > ObjHierarchyNode::kMaxDepth)
        json.fail(tooDeep());
    ObjHierarchyNode node;
    node.menuName = obfuscatedStringFromJson(json["menuName"]);
    node.wcid = json["wcid"].u32(0);
    node.children = listFromJson(json["children"], [depth](const JsonNode& child) {
        return nodeFromJson(child, depth + 1);
    });
    return node;
}

} // namespace

ObjectHierarchy ObjectHierarchy::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<ObjectHierarchy>(
        bytes, did, "objectHierarchy",
        [](ByteCursor& in, auto& r) { r.root = TreeReader(in).root(); });
}

std::vector<std::uint8_t> ObjectHierarchy::encode() const {
    return encodeRecordFrame(*this, [this](ByteWriter& out) { writeNode(out, root, 0); });
}

QJsonObject ObjectHierarchy::toJson() const {
    return recordFrameJson(*this, {{"root", nodeToJson(root)}});
}

ObjectHierarchy ObjectHierarchy::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<ObjectHierarchy>(
        node, did, [&](ObjectHierarchy& r) { r.root = nodeFromJson(node["root"], 0); });
}

} // namespace portalkit::dat
