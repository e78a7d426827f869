#include "datreader/records/surface.h"

#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <algorithm>
#include <array>

namespace portalkit::dat {
namespace {

struct FlagName {
    std::uint32_t bit;
    const char* name;
};

constexpr std::array<FlagName, 13> kSurfaceFlags{{
    {0x1, "Base1Solid"},
    {0x2, "Base1Image"},
    {0x4, "Base1ClipMap"},
    {0x10, "Translucent"},
    {0x20, "Diffuse"},
    {0x40, "Luminous"},
    {0x100, "Alpha"},
    {0x200, "InvAlpha"},
    {0x10000, "Additive"},
    {0x20000, "Detail"},
    {0x10000000, "Gouraud"},
    {0x40000000, "Stippled"},
    {0x80000000, "Perspective"},
}};

constexpr std::uint32_t kNamedSurfaceBits = [] {
    std::uint32_t bits = 0;
    for (const auto& flag : kSurfaceFlags)
        bits |= flag.bit;
    return bits;
}();

std::uint32_t surfaceTypeFromJson(const JsonNode& node) {
    const JsonNode names = node["typeFlags"];
    std::uint32_t named = 0;
    for (const JsonNode& name : names.elements()) {
        const QString text = name.string();
        const auto flag = std::find_if(kSurfaceFlags.begin(), kSurfaceFlags.end(),
                                       [&](const FlagName& f) { return text == f.name; });
        if (flag == kSurfaceFlags.end())
            name.fail("'" + text.toStdString() + "' is not a Surface flag name");
        named |= flag->bit;
    }
    const std::uint32_t type = node["type"].u32(named);
    if (!names.isMissing() && (type & kNamedSurfaceBits) != named)
        names.fail("names the bits " + formatDid(named) + ", but type " + formatDid(type) +
                   " has " + formatDid(type & kNamedSurfaceBits));
    return type;
}

// The texture ids and the colour share one slot; the one the type does not store must be absent.
void rejectUnstored(const JsonNode& node, std::string_view key, const char* storedBy) {
    if (node.has(key))
        node[key].fail(std::string("stored only by ") + storedBy);
}

} // namespace

Surface Surface::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Surface s;
    s.id = did;
    s.type = in.u32("surface.type");
    if (storesTexture(s.type)) {
        s.origTextureId = in.u32("surface.origTextureId");
        s.origPaletteId = in.u32("surface.origPaletteId");
    } else {
        s.colorValue = in.u32("surface.colorValue");
    }
    s.translucency = in.f32("surface.translucency");
    s.luminosity = in.f32("surface.luminosity");
    s.diffuse = in.f32("surface.diffuse");
    s.trailing = readTrailing(in);
    return s;
}

std::vector<std::uint8_t> Surface::encode() const {
    ByteWriter out;
    out.u32(type);
    if (hasTexture()) {
        out.u32(origTextureId);
        out.u32(origPaletteId);
    } else {
        out.u32(colorValue);
    }
    out.f32(translucency);
    out.f32(luminosity);
    out.f32(diffuse);
    out.bytes(trailing);
    return out.take();
}

QJsonObject Surface::toJson() const {
    QJsonArray flagNames;
    for (const auto& flag : kSurfaceFlags)
        if (type & flag.bit)
            flagNames.append(flag.name);
    QJsonObject json{{"id", didJson(id)},
                     {"type", didJson(type)},
                     {"typeFlags", flagNames},
                     {"translucency", exactJson(translucency)},
                     {"luminosity", exactJson(luminosity)},
                     {"diffuse", exactJson(diffuse)}};
    if (hasTexture()) {
        json["origTextureId"] = didJson(origTextureId);
        json["origPaletteId"] = didJson(origPaletteId);
    } else {
        json["colorValue"] = didJson(colorValue);
    }
    putTrailing(json, trailing);
    return json;
}

Surface Surface::fromJson(const JsonNode& node, std::uint32_t did) {
    Surface s;
    s.id = ownIdFromJson(node, did);
    s.type = surfaceTypeFromJson(node);
    if (s.hasTexture()) {
        s.origTextureId = node["origTextureId"].u32();
        s.origPaletteId = node["origPaletteId"].u32(0);
        rejectUnstored(node, "colorValue", "surfaces without Base1Image or Base1ClipMap");
    } else {
        s.colorValue = node["colorValue"].u32(0);
        rejectUnstored(node, "origTextureId", "Base1Image and Base1ClipMap surfaces");
        rejectUnstored(node, "origPaletteId", "Base1Image and Base1ClipMap surfaces");
    }
    s.translucency = node["translucency"].f32(0);
    s.luminosity = node["luminosity"].f32(0);
    s.diffuse = node["diffuse"].f32(0);
    s.trailing = bytesFromJson(node["trailing"]);
    return s;
}

} // namespace portalkit::dat
