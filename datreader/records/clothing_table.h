#pragma once

// ClothingTable (0x10...): how one item of clothing dresses each body it fits — per Setup, the
// parts whose GfxObj it replaces and the textures it swaps on them — and its palette templates:
// per template id, an icon and the palette-index ranges each PaletteSet recolours
// (docs/formats.md#clothingtable).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct CloTextureEffect {
    std::uint32_t oldTexture = 0; // SurfaceTexture (0x05...) the part's surface used
    std::uint32_t newTexture = 0; // SurfaceTexture put in its place
    bool operator==(const CloTextureEffect&) const = default;
};

struct CloObjectEffect {
    std::uint32_t index = 0;   // the part of the Setup
    std::uint32_t modelId = 0; // GfxObj (0x01...) drawn for it
    std::vector<CloTextureEffect> textureEffects;
    bool operator==(const CloObjectEffect&) const = default;
};

struct ClothingBaseEffect {
    std::uint32_t setupId = 0; // the hash key: the Setup (0x02...) this applies to
    std::vector<CloObjectEffect> objectEffects;
    bool operator==(const ClothingBaseEffect&) const = default;
};

struct CloSubPaletteRange {
    std::uint32_t offset = 0;    // first palette index, in colours (retail: a multiple of 8)
    std::uint32_t numColors = 0; // how many indices from there
    bool operator==(const CloSubPaletteRange&) const = default;
};

struct CloSubPalette {
    std::vector<CloSubPaletteRange> ranges;
    std::uint32_t paletteSet = 0; // PaletteSet (0x0F...) the colours come from
    bool operator==(const CloSubPalette&) const = default;
};

struct CloSubPalEffect {
    std::uint32_t key = 0;  // the hash key: the palette template id
    std::uint32_t icon = 0; // RenderSurface (0x06...) shown for this colouring
    std::vector<CloSubPalette> subPalettes;
    bool operator==(const CloSubPalEffect&) const = default;
};

struct ClothingTable {
    static constexpr std::string_view kTypeName = "ClothingTable";
    // The bucket count DRW's writer uses when none is given.
    static constexpr std::uint16_t kDefaultBuckets = 32;

    std::uint32_t id = 0;
    // Both tables keep file order and their stored bucket count raw.
    std::uint16_t baseEffectBuckets = kDefaultBuckets;
    std::vector<ClothingBaseEffect> baseEffects;
    std::uint16_t subPalEffectBuckets = kDefaultBuckets;
    std::vector<CloSubPalEffect> subPalEffects;

    std::vector<std::uint8_t> trailing;

    const CloSubPalEffect* subPalEffect(std::uint32_t key) const;

    // fromJson: a table without "buckets" gets kDefaultBuckets and its entries ordered by
    // key % buckets (stable), as DRW writes; with "buckets" given the order is kept as written.
    PORTALKIT_RECORD_CODEC(ClothingTable);
};

} // namespace portalkit::dat
