#include "preview/appearance/obj_desc.h"

#include "datreader/records/clothing_table.h"
#include "datreader/records/common.h"
#include "datreader/records/palette_set.h"
#include "preview/appearance/compose.h"
#include "preview/core/assets.h"

#include <QJsonArray>
#include <algorithm>

namespace portalkit::preview::appearance {

namespace {

// Subpalette::replaces: the same range, or the newcomer is a whole palette.
bool replaces(const SubPalette& newer, const SubPalette& older) {
    return (newer.offset == older.offset && newer.numColors == older.numColors) || newer.isWhole();
}

std::uint32_t typedId(const dat::JsonNode& node, std::uint32_t type, const char* kind) {
    const std::uint32_t id = node.u32(0);
    if (id != 0 && (id & 0xFF000000u) != type)
        node.fail(std::string("must be a ") + kind + " id (0x" +
                  QString::number(type >> 24, 16).rightJustified(2, '0').toStdString() +
                  "...) or 0");
    return id;
}

std::uint32_t partIndex(const dat::JsonNode& node) {
    const std::uint32_t part = node.u32();
    if (part > 0xFF)
        node.fail("a part index is one byte (0..255)");
    return part;
}

QString hexId(std::uint32_t id) {
    return dat::didJson(id);
}

} // namespace

bool ObjDesc::addSubPalette(const SubPalette& sub) {
    if (std::any_of(subPalettes.begin(), subPalettes.end(),
                    [&](const SubPalette& s) { return s.isWhole() && !sub.isWhole(); }))
        return false;
    std::erase_if(subPalettes, [&](const SubPalette& s) { return replaces(sub, s); });
    if (subPalettes.size() >= kMaxChanges)
        return false;
    subPalettes.push_back(sub);
    return true;
}

bool ObjDesc::addTextureChange(const TextureChange& change) {
    std::erase_if(textureChanges, [&](const TextureChange& c) {
        return c.part == change.part && c.oldTexture == change.oldTexture;
    });
    if (textureChanges.size() >= kMaxChanges)
        return false;
    textureChanges.push_back(change);
    return true;
}

bool ObjDesc::addPartChange(const PartChange& change) {
    std::erase_if(partChanges, [&](const PartChange& c) { return c.part == change.part; });
    if (partChanges.size() >= kMaxChanges)
        return false;
    partChanges.push_back(change);
    return true;
}

ObjDesc fromModelData(const wire::ModelData& model) {
    ObjDesc desc;
    // The base palette travels only with sub-palettes.
    if (model.basePalette && !model.subPalettes.empty())
        desc.basePalette = model.basePalette->id(wire::kPaletteType);
    for (const wire::SubPalette& sub : model.subPalettes) {
        const std::uint32_t count = sub.colorCount ? sub.colorCount : 256;
        desc.addSubPalette(
            {sub.paletteId.id(wire::kPaletteType), std::uint32_t(sub.offset) * 8, count * 8});
    }
    for (const wire::TextureChange& c : model.textureChanges)
        desc.addTextureChange({c.partIndex, c.oldTexture.id(wire::kTextureType),
                               c.newTexture.id(wire::kTextureType)});
    for (const wire::AnimPartChange& c : model.animPartChanges)
        desc.addPartChange({c.partIndex, c.partId.id(wire::kGfxObjType)});
    return desc;
}

ObjDesc fromJson(const dat::JsonNode& node) {
    if (!node.isObject())
        node.fail("an ObjDesc is a JSON object");
    ObjDesc desc;
    desc.basePalette = typedId(node["basePalette"], wire::kPaletteType, "Palette");
    for (const dat::JsonNode& s : node["subPalettes"].elements()) {
        SubPalette sub{typedId(s["palette"], wire::kPaletteType, "Palette"), s["offset"].u32(0),
                       s["numColors"].u32()};
        if (sub.numColors == 0 || sub.numColors > kFullPalette)
            s["numColors"].fail("must be 1..2048 colours");
        if (sub.offset >= kFullPalette || sub.offset + sub.numColors > kFullPalette)
            s["offset"].fail("the range must end by colour 2048");
        desc.addSubPalette(sub);
    }
    for (const dat::JsonNode& c : node["textureChanges"].elements())
        desc.addTextureChange({partIndex(c["part"]),
                               typedId(c["oldTexture"], wire::kTextureType, "SurfaceTexture"),
                               typedId(c["newTexture"], wire::kTextureType, "SurfaceTexture")});
    for (const dat::JsonNode& c : node["partChanges"].elements())
        desc.addPartChange(
            {partIndex(c["part"]), typedId(c["gfxObj"], wire::kGfxObjType, "GfxObj")});
    return desc;
}

QJsonObject toJson(const ObjDesc& desc) {
    QJsonArray subs, textures, parts;
    for (const SubPalette& s : desc.subPalettes)
        subs.append(QJsonObject{{"palette", hexId(s.palette)},
                                {"offset", qint64(s.offset)},
                                {"numColors", qint64(s.numColors)}});
    for (const TextureChange& c : desc.textureChanges)
        textures.append(QJsonObject{{"part", qint64(c.part)},
                                    {"oldTexture", hexId(c.oldTexture)},
                                    {"newTexture", hexId(c.newTexture)}});
    for (const PartChange& c : desc.partChanges)
        parts.append(QJsonObject{{"part", qint64(c.part)}, {"gfxObj", hexId(c.gfxObj)}});
    return QJsonObject{{"basePalette", hexId(desc.basePalette)},
                       {"subPalettes", subs},
                       {"textureChanges", textures},
                       {"partChanges", parts}};
}

ClothingResult fromClothing(const Assets& assets, std::uint32_t setupId,
                            const ClothingChoice& choice, ObjDesc into) {
    ClothingResult out;
    out.desc = std::move(into);
    const auto* table = assets.get<dat::ClothingTable>(choice.clothingTable);
    if (!table) {
        out.problems << QStringLiteral("ClothingTable %1: %2")
                            .arg(hexId(choice.clothingTable),
                                 assets.whyMissing<dat::ClothingTable>(choice.clothingTable));
        return out;
    }
    const auto base = std::find_if(table->baseEffects.begin(), table->baseEffects.end(),
                                   [&](const auto& b) { return b.setupId == setupId; });
    if (base == table->baseEffects.end()) {
        // The client falls back to a race's default clothing for some retail Setups only.
        out.problems << QStringLiteral("ClothingTable %1 has nothing for Setup %2")
                            .arg(hexId(choice.clothingTable), hexId(setupId));
        return out;
    }
    out.fits = true;
    for (const dat::CloObjectEffect& effect : base->objectEffects) {
        out.desc.addPartChange({effect.index, effect.modelId});
        for (const dat::CloTextureEffect& t : effect.textureEffects)
            out.desc.addTextureChange({effect.index, t.oldTexture, t.newTexture});
    }
    if (!choice.paletteTemplate)
        return out;
    const dat::CloSubPalEffect* effect = table->subPalEffect(choice.paletteTemplate);
    if (!effect) {
        out.problems << QStringLiteral("ClothingTable %1 has no palette template %2")
                            .arg(hexId(choice.clothingTable))
                            .arg(choice.paletteTemplate);
        return out;
    }
    for (std::size_t i = 0; i < effect->subPalettes.size(); ++i) {
        const dat::CloSubPalette& sub = effect->subPalettes[i];
        const auto* set = assets.get<dat::PaletteSet>(sub.paletteSet);
        if (!set) { // the client stops at the first PaletteSet it cannot read
            out.problems << QStringLiteral("PaletteSet %1: %2")
                                .arg(hexId(sub.paletteSet),
                                     assets.whyMissing<dat::PaletteSet>(sub.paletteSet));
            break;
        }
        const std::uint32_t palette =
            set->paletteForShade(choice.shades[std::min<std::size_t>(i, 3)]);
        for (const dat::CloSubPaletteRange& range : sub.ranges)
            out.desc.addSubPalette({palette, range.offset, range.numColors});
    }
    if (choice.basePalette)
        out.desc.basePalette = choice.basePalette;
    else if (!out.desc.basePalette)
        out.desc.basePalette = dressedPalette(assets, setupId, out.desc);
    return out;
}

} // namespace portalkit::preview::appearance
