#include "datreader/records/ui_element.h"

#include "datreader/records/codec_helpers.h"

namespace portalkit::dat {
namespace {

struct Placement {
    std::uint32_t bit;
    const char* field;
    std::uint32_t ElementDesc::*member;
};

// In stored order; each is there only when the element's incorporation flags have its bit.
const std::array<Placement, 5> kPlacement{{
    {StateDesc::kX, "element.x", &ElementDesc::x},
    {StateDesc::kY, "element.y", &ElementDesc::y},
    {StateDesc::kWidth, "element.width", &ElementDesc::width},
    {StateDesc::kHeight, "element.height", &ElementDesc::height},
    {StateDesc::kZLevel, "element.zLevel", &ElementDesc::zLevel},
}};

template <typename Self, typename Visit> void headFields(Self& e, Visit&& v) {
    v.u32("element.readOrder", e.readOrder);
    v.did("element.elementId", e.elementId);
    v.u32("element.type", e.type);
    v.did("element.baseElement", e.baseElement);
    v.did("element.baseLayoutId", e.baseLayoutId);
    v.u32("element.defaultState", e.defaultState);
}

template <typename Self, typename Visit> void edgeFields(Self& e, Visit&& v) {
    v.u32("element.leftEdge", e.leftEdge);
    v.u32("element.topEdge", e.topEdge);
    v.u32("element.rightEdge", e.rightEdge);
    v.u32("element.bottomEdge", e.bottomEdge);
}

StateDesc readStateDesc(ByteCursor& in) {
    StateDesc state;
    state.stateId = in.u32("state.stateId");
    state.passToChildren = in.u8("state.passToChildren");
    state.incorporationFlags = in.u32("state.incorporationFlags");
    if (readHashHeader(in, "state.properties", 8, state.properties) != 0)
        throw UnstructuredElements{"state " + std::to_string(state.stateId) +
                                   " has properties, whose value types the portal DAT's "
                                   "MasterProperty gives"};
    const std::uint32_t count = readCompressedCount(in, "state.media", 8, state.mediaCountBytes);
    for (std::uint32_t i = 0; i < count; ++i) {
        const auto type = peekMediaType(in);
        if (type && !knownMediaType(*type))
            throw UnstructuredElements{"media type " + std::to_string(*type) +
                                       " has no known length"};
        state.media.push_back(readMediaDesc(in));
    }
    return state;
}

void writeStateDesc(ByteWriter& out, const StateDesc& state) {
    out.u32(state.stateId);
    out.u8(state.passToChildren);
    out.u32(state.incorporationFlags);
    writeHashHeader(out, state.properties, 0);
    writeCompressedCount(out, state.media.size(), state.mediaCountBytes);
    writeItems(out, state.media);
}

void putState(QJsonObject& object, const StateDesc& state) {
    object["stateId"] = qint64(state.stateId);
    object["passToChildren"] = byteFlagJson(state.passToChildren);
    object["incorporationFlags"] = qint64(state.incorporationFlags);
    putHashHeader(object, "property", state.properties);
    if (state.mediaCountBytes != 0)
        object["mediaCountBytes"] = int(state.mediaCountBytes);
    object["media"] = listToJson(state.media, [](const MediaDesc& m) { return toJson(m); });
}

// The state fields of an element or state object; `flags` are the incorporation flags to use
// when the source leaves them out.
StateDesc stateFromJson(const JsonNode& node, std::uint32_t flags) {
    StateDesc state;
    state.stateId = node["stateId"].u32(0);
    state.passToChildren = byteFlagFromJson(node["passToChildren"]);
    state.incorporationFlags = node["incorporationFlags"].u32(flags);
    if (!node["properties"].elements().empty())
        node["properties"].fail("state properties cannot be written: their value types come "
                                "from the portal DAT's MasterProperty");
    state.properties = hashHeaderFromJson(node, "property", 0);
    state.media = listFromJson(node["media"], mediaDescFromJson);
    state.mediaCountBytes = countBytesFromJson(node["mediaCountBytes"], state.media.size());
    return state;
}

ElementState readStateEntry(ByteCursor& in) {
    ElementState entry;
    entry.key = in.u32("element.states.key");
    entry.state = readStateDesc(in);
    return entry;
}

QJsonObject stateEntryJson(const ElementState& entry) {
    QJsonObject object{{"key", qint64(entry.key)}};
    putState(object, entry.state);
    return object;
}

ElementState stateEntryFromJson(const JsonNode& node) {
    ElementState entry;
    entry.state = stateFromJson(node, 0);
    entry.key = node["key"].u32(entry.state.stateId);
    return entry;
}

ElementDesc readElementDesc(ByteCursor& in, int depth) {
    if (depth >= ElementDesc::kMaxDepth)
        in.failAt(in.position(), "element.children",
                  "elements nest deeper than " + std::to_string(ElementDesc::kMaxDepth) +
                      " levels");
    ElementDesc element;
    element.desc = readStateDesc(in);
    headFields(element, FieldReader{in});
    for (const Placement& p : kPlacement)
        if (element.desc.incorporationFlags & p.bit)
            element.*p.member = in.u32(p.field);
    edgeFields(element, FieldReader{in});
    element.states = readNamedItems(
        in, readHashHeader(in, "element.states", 4 + StateDesc::kMinBytes, element.statesHeader),
        "state", readStateEntry);
    const std::uint32_t children =
        readHashHeader(in, "element.children", 4 + ElementDesc::kMinBytes, element.childrenHeader);
    element.children = readNamedItems(
        in, children, "child", [depth](ByteCursor& c) { return readElementEntry(c, depth + 1); });
    return element;
}

} // namespace

ElementDesc readElementEntry(ByteCursor& in, int depth) {
    const std::uint32_t key = in.u32("element.key");
    ElementDesc element = readElementDesc(in, depth);
    element.key = key;
    return element;
}

void writeElementEntry(ByteWriter& out, const ElementDesc& element) {
    out.u32(element.key);
    writeStateDesc(out, element.desc);
    headFields(element, FieldWriter{out});
    for (const Placement& p : kPlacement)
        if (element.desc.incorporationFlags & p.bit)
            out.u32(element.*p.member);
    edgeFields(element, FieldWriter{out});
    writeHashHeader(out, element.statesHeader, element.states.size());
    for (const ElementState& entry : element.states) {
        out.u32(entry.key);
        writeStateDesc(out, entry.state);
    }
    writeHashHeader(out, element.childrenHeader, element.children.size());
    for (const ElementDesc& child : element.children)
        writeElementEntry(out, child);
}

QJsonObject toJson(const ElementDesc& element) {
    QJsonObject object{{"key", didJson(element.key)}};
    headFields(element, FieldJsonWriter{object});
    putState(object, element.desc);
    for (const Placement& p : kPlacement)
        if (element.desc.incorporationFlags & p.bit)
            object[QString::fromLatin1(jsonKey(p.field).data())] = qint64(element.*p.member);
    edgeFields(element, FieldJsonWriter{object});
    putHashHeader(object, "state", element.statesHeader);
    object["states"] = listToJson(element.states, stateEntryJson);
    putHashHeader(object, "child", element.childrenHeader);
    object["children"] =
        listToJson(element.children, [](const ElementDesc& child) { return toJson(child); });
    return object;
}

ElementDesc elementDescFromJson(const JsonNode& node, int depth) {
    if (depth >= ElementDesc::kMaxDepth)
        node.fail("elements nest deeper than " + std::to_string(ElementDesc::kMaxDepth) +
                  " levels");
    // A source that leaves the flags out stores the placement fields it gives.
    std::uint32_t flags = 0;
    for (const Placement& p : kPlacement)
        if (node.has(jsonKey(p.field)))
            flags |= p.bit;
    ElementDesc element;
    element.desc = stateFromJson(node, flags);
    headFields(element, FieldJsonReader{node});
    element.key = node["key"].u32(element.elementId);
    for (const Placement& p : kPlacement) {
        const JsonNode field = node[jsonKey(p.field)];
        if (!field.isMissing() && !(element.desc.incorporationFlags & p.bit))
            field.fail("given, but incorporationFlags lacks its bit " + formatDid(p.bit));
        element.*p.member = field.u32(0);
    }
    edgeFields(element, FieldJsonReader{node});
    element.states = listFromJson(node["states"], stateEntryFromJson);
    element.statesHeader = hashHeaderFromJson(node, "state", element.states.size());
    element.children = listFromJson(node["children"], [depth](const JsonNode& child) {
        return elementDescFromJson(child, depth + 1);
    });
    element.childrenHeader = hashHeaderFromJson(node, "child", element.children.size());
    return element;
}

} // namespace portalkit::dat
