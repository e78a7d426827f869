#pragma once

// GfxObj (0x01): one mesh with its surfaces, vertices, polygons and BSP trees (docs/formats.md).
// The BSP codec here also covers the CellStruct variants so cell geometry can share it.

#include "datreader/records/common.h"

#include <QJsonArray>
#include <QJsonObject>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::dat {

// Node tags: four ASCII letters read as a big-endian u32 (on disk the bytes are reversed).
namespace bsp_tag {
constexpr std::uint32_t Leaf = 0x4C454146;   // LEAF
constexpr std::uint32_t Portal = 0x504F5254; // PORT
constexpr std::uint32_t BPnn = 0x42506E6E;   // positive child only
constexpr std::uint32_t BPIn = 0x4250496E;   // positive child only
constexpr std::uint32_t BpIN = 0x4270494E;   // negative child only
constexpr std::uint32_t BpnN = 0x42706E4E;   // negative child only
constexpr std::uint32_t BPIN = 0x4250494E;   // both children
constexpr std::uint32_t BPnN = 0x42506E4E;   // both children
} // namespace bsp_tag

enum class BspNodeKind { Leaf, Portal, Internal };
// Which node bodies a tree stores: GfxObj and CellStruct drawing/physics trees, CellStruct cellBSP.
enum class BspVariant { Drawing, Physics, Cell };

// Empty for a tag outside the eight known ones.
std::optional<BspNodeKind> bspNodeKind(std::uint32_t tag);
bool bspHasPosChild(std::uint32_t tag);
bool bspHasNegChild(std::uint32_t tag);

// A portal entry of a drawing PORT node. GDLE indexes the polygon array with the first value
// (docs/formats.md; the semantic order is unconfirmed, the layout is not).
struct BspPortalRef {
    std::int16_t polygonIndex = 0;
    std::int16_t portalIndex = 0;
    bool operator==(const BspPortalRef&) const = default;
};

// One node. The tag and the tree variant decide which fields are stored (docs/formats.md, the
// BSP node table); decode leaves the others at their defaults and encode does not write them.
struct BspNode {
    std::uint32_t tag = bsp_tag::Leaf; // kept raw: BPIn and BPnn differ only in the tag
    Plane splittingPlane;              // internal and portal nodes
    std::int32_t posChild = -1;        // index into BspTree::nodes, -1 = none
    std::int32_t negChild = -1;
    Sphere boundingSphere;               // drawing internal/portal, physics internal/leaf
    std::vector<std::uint16_t> polygons; // drawing internal/portal, physics leaf
    std::vector<BspPortalRef> portals;   // drawing portal
    std::int32_t leafIndex = 0;          // leaf
    std::int32_t solid = 0;              // physics leaf, bool32 kept raw
    bool operator==(const BspNode&) const = default;
};

// A tree flattened in stored order: nodes[0] is the root and every child follows its parent
// the way the bytes do (node, positive subtree, negative subtree), so no recursion is needed
// to hold or walk it and encode can check the shape without guessing.
struct BspTree {
    std::vector<BspNode> nodes;
    bool operator==(const BspTree&) const = default;
};

// Deeper trees are treated as corrupt so hostile data cannot exhaust the stack. Generous on
// purpose: a lopsided but valid retail tree must never be rejected.
constexpr int kMaxBspDepth = 256;

BspTree readBspTree(ByteCursor& in, BspVariant variant);
// Throws DatError when the nodes do not form a tree in stored order or do not
// match their tags, since such a tree could not decode back to itself.
void writeBspTree(ByteWriter& out, const BspTree& tree, BspVariant variant);
QJsonArray bspTreeToJson(const BspTree& tree, BspVariant variant);
// The inverse of bspTreeToJson. Child indices may be left out (stored order fixes them); when
// given they must match. Throws DatError naming the node's path for anything writeBspTree would
// reject and for keys the variant does not store for that node.
BspTree bspTreeFromJson(const JsonNode& node, BspVariant variant);

struct GfxObj {
    static constexpr std::string_view kTypeName = "GfxObj";

    static constexpr std::uint32_t kHasPhysics = 0x1;
    static constexpr std::uint32_t kHasDrawing = 0x2;
    static constexpr std::uint32_t kHasDidDegrade = 0x8;

    static constexpr std::uint8_t kStipplingNoPos = 0x4;
    static constexpr std::uint8_t kStipplingNoNeg = 0x8;
    static constexpr std::int32_t kSidesClockwise = 2; // both sides with their own neg data

    struct UV {
        float u = 0, v = 0;
        bool operator==(const UV&) const = default;
    };

    struct Vertex {
        std::uint16_t id = 0;
        Vec3 origin;
        Vec3 normal;
        std::vector<UV> uvs;
        bool operator==(const Vertex&) const = default;
    };

    struct Polygon {
        std::uint16_t id = 0;        // the u16 key stored before the polygon
        std::uint8_t stippling = 0;  // raw bits: 0x1 pos, 0x2 neg, 0x4 NoPos, 0x8 NoNeg
        std::int32_t sidesType = 0;  // CullMode, raw
        std::int16_t posSurface = 0; // index into GfxObj::surfaces
        std::int16_t negSurface = 0;
        std::vector<std::int16_t> vertexIds;
        std::vector<std::uint8_t> posUVIndices; // one per vertex when stored, else empty
        std::vector<std::uint8_t> negUVIndices; // one per vertex when stored, else empty

        bool storesPosUVIndices() const { return (stippling & kStipplingNoPos) == 0; }
        bool storesNegUVIndices() const {
            return sidesType == kSidesClockwise && (stippling & kStipplingNoNeg) == 0;
        }
        bool operator==(const Polygon&) const = default;
    };

    // Byte length (2 or 4) of a compressed count that the data stored in a longer form than its
    // value needs; 0 = the shortest form. Kept so encode reproduces such data byte for byte.
    struct CountWidths {
        std::uint8_t surfaces = 0;
        std::uint8_t physicsPolygons = 0;
        std::uint8_t polygons = 0;
        bool operator==(const CountWidths&) const = default;
    };

    std::uint32_t id = 0;
    std::uint32_t flags = 0;              // raw; bits other than the kHas* ones carry no data
    std::vector<std::uint32_t> surfaces;  // Surface DIDs (0x08...)
    std::vector<Vertex> vertices;         // stored order
    std::vector<Polygon> physicsPolygons; // flags & kHasPhysics
    BspTree physicsBsp;                   // flags & kHasPhysics
    Vec3 sortCenter;
    std::vector<Polygon> polygons; // flags & kHasDrawing
    BspTree drawingBsp;            // flags & kHasDrawing
    std::uint32_t didDegrade = 0;  // GfxObjDegradeInfo (0x11...), flags & kHasDidDegrade
    CountWidths longCountWidths;

    bool hasPhysics() const { return (flags & kHasPhysics) != 0; }
    bool hasDrawing() const { return (flags & kHasDrawing) != 0; }
    bool hasDidDegrade() const { return (flags & kHasDidDegrade) != 0; }

    static GfxObj decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    // Throws DatError when lists disagree with the flags or with each other.
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    // Without "flags" the flags follow the parts present (physics, drawing, didDegrade); with
    // it, the parts must match them. Throws DatError naming the path for anything encode would
    // reject.
    static GfxObj fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const GfxObj&) const = default;
};

} // namespace portalkit::dat
