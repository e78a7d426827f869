#pragma once

// ObjectHierarchy (0x0E00000D): the tree of object classes a developer's object menu shows —
// each node a menu name (stored obfuscated) and the weenie class it creates, 0 for a folder
// (docs/formats.md#objecthierarchy).

#include "datreader/records/dat_strings.h"
#include "datreader/records/record_codec.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct ObjHierarchyNode {
    // The deepest level decode and fromJson accept and encode writes (the root is level 0); a
    // hostile record that nests further fails here instead of exhausting the stack.
    static constexpr int kMaxDepth = 64;

    ObfuscatedString menuName;
    std::uint32_t wcid = 0; // weenie class id; 0 for a node that only groups others
    std::vector<ObjHierarchyNode> children;
    bool operator==(const ObjHierarchyNode&) const = default;
};

struct ObjectHierarchy {
    static constexpr std::string_view kTypeName = "ObjectHierarchy";

    std::uint32_t id = 0;
    ObjHierarchyNode root;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(ObjectHierarchy);
};

} // namespace portalkit::dat
