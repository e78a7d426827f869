#include "surface.h"

#include <QJsonArray>
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
    in.expectEnd("surface");
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
    return out.take();
}

QJsonObject Surface::toJson() const {
    QJsonArray flagNames;
    for (const auto& flag : kSurfaceFlags)
        if (type & flag.bit)
            flagNames.append(flag.name);
    QJsonObject json{{"id", didJson(id)},        {"type", didJson(type)},
                     {"typeFlags", flagNames},   {"translucency", translucency},
                     {"luminosity", luminosity}, {"diffuse", diffuse}};
    if (hasTexture()) {
        json["origTextureId"] = didJson(origTextureId);
        json["origPaletteId"] = didJson(origPaletteId);
    } else {
        json["colorValue"] = didJson(colorValue);
    }
    return json;
}

} // namespace portalkit::dat
