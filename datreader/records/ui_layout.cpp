#include "datreader/records/ui_layout.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {

UiLayout UiLayout::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    UiLayout layout;
    layout.id = readOwnId(in, did);
    layout.width = in.u32("layout.width");
    layout.height = in.u32("layout.height");
    const std::size_t tableStart = in.position();
    try {
        const std::uint32_t count = readHashHeader(
            in, "layout.elements", 4 + ElementDesc::kMinBytes, layout.elementsHeader);
        layout.elements = readNamedItems(in, count, "element",
                                         [](ByteCursor& c) { return readElementEntry(c, 0); });
        layout.trailing = readTrailing(in);
    } catch (const UnstructuredElements& unstructured) {
        // Keep the whole table raw: the bytes still re-encode exactly, and the reason says why
        // the tree is not shown.
        in.seek(tableStart, "layout.elements");
        layout = UiLayout{layout.id, layout.width,     layout.height,       {},
                          {},        readTrailing(in), unstructured.reason, {}};
    }
    return layout;
}

std::vector<std::uint8_t> UiLayout::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(width);
    out.u32(height);
    if (isRaw()) {
        out.bytes(rawElements);
    } else {
        writeHashHeader(out, elementsHeader, elements.size());
        for (const ElementDesc& element : elements)
            writeElementEntry(out, element);
    }
    out.bytes(trailing);
    return out.take();
}

QJsonObject UiLayout::toJson() const {
    QJsonObject object{{"id", didJson(id)}, {"width", qint64(width)}, {"height", qint64(height)}};
    if (isRaw()) {
        object["rawElements"] = hexJson(rawElements);
        object["rawReason"] = QString::fromStdString(rawReason);
    } else {
        putHashHeader(object, "element", elementsHeader);
        object["elements"] =
            listToJson(elements, [](const ElementDesc& e) { return portalkit::dat::toJson(e); });
    }
    putTrailing(object, trailing);
    return object;
}

UiLayout UiLayout::fromJson(const JsonNode& node, std::uint32_t did) {
    UiLayout layout;
    layout.id = ownIdFromJson(node, did);
    layout.width = node["width"].u32(0);
    layout.height = node["height"].u32(0);
    layout.rawElements = bytesFromJson(node["rawElements"]);
    if (layout.isRaw() && node.has("elements"))
        node["elements"].fail("give either elements or rawElements, not both");
    if (!layout.isRaw()) {
        layout.elements = listFromJson(
            node["elements"], [](const JsonNode& element) { return elementDescFromJson(element); });
        layout.elementsHeader = hashHeaderFromJson(node, "element", layout.elements.size());
    }
    layout.trailing = bytesFromJson(node["trailing"]);
    return layout;
}

} // namespace portalkit::dat
