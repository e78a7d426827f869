#pragma once

// An object's appearance changes (docs/appearance.md): a base palette with sub-palette ranges,
// texture swaps per part and GfxObj swaps per part, kept as the client keeps them in its ObjDesc
// (offsets and lengths in palette colours, not the wire's eights). Its three sources: a
// CreateObject's ModelData, a ClothingTable entry with a palette template and shade, and JSON.

#include "datreader/io/json_node.h"
#include "preview/wire/object_messages.h"

#include <QJsonObject>
#include <QStringList>
#include <array>
#include <cstdint>
#include <vector>

namespace portalkit::preview {
class Assets;
}

namespace portalkit::preview::appearance {

// The client's composed palette has this many colours; a sub-palette of (0, kFullPalette) is a
// whole palette and replaces every other range.
constexpr std::uint32_t kFullPalette = 2048;
// Each list holds at most this many changes; the client drops any past it.
constexpr std::size_t kMaxChanges = 255;

struct SubPalette {
    std::uint32_t palette = 0;   // Palette (0x04...) the colours are copied from
    std::uint32_t offset = 0;    // first colour index
    std::uint32_t numColors = 0; // colours from there
    bool isWhole() const { return offset == 0 && numColors == kFullPalette; }
    bool operator==(const SubPalette&) const = default;
};

struct TextureChange {
    std::uint32_t part = 0;
    std::uint32_t oldTexture = 0; // SurfaceTexture (0x05...) the part's surface was made with
    std::uint32_t newTexture = 0;
    bool operator==(const TextureChange&) const = default;
};

struct PartChange {
    std::uint32_t part = 0;
    std::uint32_t gfxObj = 0; // GfxObj (0x01...) drawn for the part
    bool operator==(const PartChange&) const = default;
};

struct ObjDesc {
    std::uint32_t basePalette = 0; // Palette the sub-palettes are laid over; 0 when none
    std::vector<SubPalette> subPalettes;
    std::vector<TextureChange> textureChanges;
    std::vector<PartChange> partChanges;

    // The client's list rules (ObjDesc::AddSubpalette and friends): a whole-palette entry
    // already present refuses any later partial one; otherwise the new entry removes those it
    // replaces (same range, or all when it is whole) and is appended. A texture change replaces
    // one of the same part and old texture, a part change one of the same part. False when the
    // entry was dropped (refused, or the list is full).
    bool addSubPalette(const SubPalette& sub);
    bool addTextureChange(const TextureChange& change);
    bool addPartChange(const PartChange& change);

    bool empty() const {
        return subPalettes.empty() && textureChanges.empty() && partChanges.empty();
    }
    bool operator==(const ObjDesc&) const = default;
};

// ModelData as the client unpacks it: ids of their known types, an offset byte × 8, a count byte
// × 8 (0 meaning 256), every entry through the add rules above.
ObjDesc fromModelData(const wire::ModelData& model);

// The user's JSON: {"basePalette", "subPalettes": [{"palette", "offset", "numColors"}],
// "textureChanges": [{"part", "oldTexture", "newTexture"}], "partChanges": [{"part",
// "gfxObj"}]}, every key optional, offsets and counts in colours. Throws DatError naming the
// field (e.g. "objDesc.subPalettes[1].offset") for a wrong type, an id of the wrong kind or a
// range past kFullPalette.
ObjDesc fromJson(const dat::JsonNode& node);
QJsonObject toJson(const ObjDesc& desc);

// A clothing item put on a Setup (ClothingTable::BuildObjDesc): the Setup's part and texture
// changes, then for each of the template's sub-palette effects the PaletteSet's palette for its
// shade (shades[i], the fourth for every later one), one sub-palette per range.
struct ClothingChoice {
    std::uint32_t clothingTable = 0;
    std::uint32_t paletteTemplate = 0; // 0: no recolouring
    std::array<double, 4> shades{};
    // The palette the sub-palettes are laid over (the client's caller gives the character's);
    // 0: the palette of the first dressed part (docs/appearance.md).
    std::uint32_t basePalette = 0;

    static std::array<double, 4> oneShade(double shade) { return {shade, shade, shade, shade}; }
};

struct ClothingResult {
    ObjDesc desc;
    bool fits = false;    // the table has an entry for the Setup
    QStringList problems; // a missing table, template or PaletteSet
};

// Adds to `into` (clothing items are put on one after another, the later winning).
ClothingResult fromClothing(const Assets& assets, std::uint32_t setupId,
                            const ClothingChoice& choice, ObjDesc into = {});

} // namespace portalkit::preview::appearance
