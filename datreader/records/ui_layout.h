#pragma once

// UiLayout (0x21..., LayoutDesc): a screen layout of the local DAT — the size it was designed
// for and a hash table of top-level elements, each a tree of child elements with their states
// and media (docs/formats.md#uilayout).

#include "datreader/records/record_codec.h"
#include "datreader/records/ui_element.h"

namespace portalkit::dat {

struct UiLayout {
    static constexpr std::string_view kTypeName = "UiLayout";

    std::uint32_t id = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    HashHeader elementsHeader;
    std::vector<ElementDesc> elements;
    // When the element table cannot be structured (a state with properties, whose value types
    // live in the portal DAT's MasterProperty, or a media type of unknown length), everything
    // after width and height is kept here instead, and `elements` stays empty.
    std::vector<std::uint8_t> rawElements;
    std::string rawReason; // why; not stored, not compared
    std::vector<std::uint8_t> trailing;

    bool isRaw() const { return !rawElements.empty(); }

    static UiLayout decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    static UiLayout fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const UiLayout& other) const {
        return id == other.id && width == other.width && height == other.height &&
               elementsHeader == other.elementsHeader && elements == other.elements &&
               rawElements == other.rawElements && trailing == other.trailing;
    }
};

} // namespace portalkit::dat
