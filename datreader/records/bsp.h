#pragma once

// BSP trees as GfxObj (drawing, physics) and CellStruct (cell, physics, drawing) store them, read
// and written in one place so both records agree byte for byte (docs/formats.md#bsp-trees).

#include "datreader/records/common.h"

#include <QJsonArray>
#include <cstdint>
#include <optional>
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

// A portal entry of a drawing PORT node. Readers disagree on which value comes first; the first
// is taken as the polygon index (docs/formats.md#bsp-trees explains the choice).
struct BspPortalRef {
    std::int16_t polygonIndex = 0;
    std::int16_t portalIndex = 0;
    bool operator==(const BspPortalRef&) const = default;
};

// One node. The tag and the tree variant decide which fields are stored (docs/formats.md#bsp-trees
// node table); decode leaves the others at their defaults and encode does not write them.
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

} // namespace portalkit::dat
