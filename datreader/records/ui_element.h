#pragma once

// The element tree of a UiLayout (docs/formats.md#uilayout): an ElementDesc is its own state
// description (StateDesc: media, incorporation flags), its placement, the states it can switch to
// and its child elements, which are ElementDescs again.

#include "datreader/records/hash_table.h"
#include "datreader/records/ui_media.h"

#include <QJsonObject>
#include <cstdint>
#include <string>
#include <vector>

namespace portalkit::dat {

struct StateDesc {
    // Incorporation flag bits: which of the element's placement fields are stored.
    static constexpr std::uint32_t kX = 0x2;
    static constexpr std::uint32_t kY = 0x4;
    static constexpr std::uint32_t kWidth = 0x8;
    static constexpr std::uint32_t kHeight = 0x10;
    static constexpr std::uint32_t kZLevel = 0x20;
    static constexpr std::size_t kMinBytes = 12;

    std::uint32_t stateId = 0;
    std::uint8_t passToChildren = 0;      // raw byte
    std::uint32_t incorporationFlags = 0; // raw, unknown bits kept
    // The property table's header. Its values are typed by the portal DAT's MasterProperty, which
    // a record alone cannot see, so a structured StateDesc has none (UiLayout keeps such element
    // tables as raw bytes).
    HashHeader properties;
    std::uint8_t mediaCountBytes = 0;
    std::vector<MediaDesc> media;
    bool operator==(const StateDesc&) const = default;
};

struct ElementState {
    std::uint32_t key = 0; // the hash key, normally the state's id
    StateDesc state;
    bool operator==(const ElementState&) const = default;
};

struct ElementDesc {
    static constexpr std::size_t kMinBytes = StateDesc::kMinBytes + 4 * 10 + 2 * 2;
    // How deep children may nest before the decoder gives up (retail trees are far shallower).
    static constexpr int kMaxDepth = 48;

    std::uint32_t key = 0; // the hash key it is stored under, normally its elementId
    StateDesc desc;        // its own state description
    std::uint32_t readOrder = 0;
    std::uint32_t elementId = 0;
    std::uint32_t type = 0;
    std::uint32_t baseElement = 0;  // an element it inherits from, or 0
    std::uint32_t baseLayoutId = 0; // the UiLayout (0x21...) holding baseElement, or 0
    std::uint32_t defaultState = 0;
    // Stored only when desc.incorporationFlags has their bit (kX ... kZLevel).
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t zLevel = 0;
    std::uint32_t leftEdge = 0; // edge anchoring, raw
    std::uint32_t topEdge = 0;
    std::uint32_t rightEdge = 0;
    std::uint32_t bottomEdge = 0;
    HashHeader statesHeader;
    std::vector<ElementState> states;
    HashHeader childrenHeader;
    std::vector<ElementDesc> children;
    bool operator==(const ElementDesc&) const = default;
};

// Thrown by readElementDesc where the bytes cannot be structured without outside knowledge (a
// property table, a media type of unknown length); UiLayout then keeps the table raw.
struct UnstructuredElements {
    std::string reason;
};

// One key + ElementDesc entry of a hash table, `depth` levels below the layout.
ElementDesc readElementEntry(ByteCursor& in, int depth);
void writeElementEntry(ByteWriter& out, const ElementDesc& element);
QJsonObject toJson(const ElementDesc& element);
ElementDesc elementDescFromJson(const JsonNode& node, int depth = 0);

} // namespace portalkit::dat
