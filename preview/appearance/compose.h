#pragma once

// An ObjDesc applied to a Setup's parts as the client applies it (CPartArray::DoObjDescChanges,
// docs/appearance.md): GfxObj swaps first, then texture swaps on the surfaces of the GfxObjs now
// drawn, then the composed palette on every textured surface of the parts whose own palette is
// the ObjDesc's base palette. The result says, per part and per Surface, what to draw; the
// recoloured images come from surfaceImage, cached.

#include "preview/appearance/obj_desc.h"

#include <QImage>
#include <QStringList>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace portalkit::dat {
struct Palette;
}

namespace portalkit::preview::appearance {

struct SurfaceSwap {
    std::uint32_t surface = 0; // the Surface as the part's GfxObj lists it
    std::uint32_t texture = 0; // SurfaceTexture drawn; 0 for a solid colour surface
    bool textureSwapped = false;
    // The composed palette the texture is drawn with; null: the texture's own (or, when the
    // texture was not swapped, the Surface's palette).
    std::shared_ptr<const dat::Palette> palette;
    std::uint64_t paletteKey = 0; // identity of `palette` for caches; 0 when null
    bool changed() const { return textureSwapped || palette != nullptr; }
};

struct PartLook {
    std::uint32_t part = 0;
    std::uint32_t gfxObj = 0;          // drawn
    std::uint32_t setupGfxObj = 0;     // the Setup's own
    std::uint32_t originalPalette = 0; // the palette that keys recolouring (see partPalette)
    bool recoloured = false;
    std::vector<SurfaceSwap> surfaces; // one per surface of gfxObj, in its order
    // The swap of the first of gfxObj's surfaces with this id; null when none is listed.
    const SurfaceSwap* forSurface(std::uint32_t surface) const;
    bool changesSurfaces() const;
};

struct Appearance {
    ObjDesc desc;
    std::vector<std::shared_ptr<const PartLook>> parts; // one per Setup part
    std::shared_ptr<const dat::Palette> palette;        // composed; null when none applies
    std::uint64_t paletteKey = 0;
    QStringList problems; // changes the client would also fail to make, and why
};

// A Surface's original palette: its own, else its texture's (a P8/INDEX16 RenderSurface's
// default palette); 0 for solid colours and direct-colour textures.
std::uint32_t surfacePalette(const Assets& assets, std::uint32_t surface);
// A GfxObj's palette (CPhysicsPart::DetermineBasePal): its first surface with a palette.
std::uint32_t partPalette(const Assets& assets, std::uint32_t gfxObj);
// The palette of the first part `desc` changes, after its GfxObj swap; 0 when none has one.
std::uint32_t dressedPalette(const Assets& assets, std::uint32_t setupId, const ObjDesc& desc);

// The base palette with the sub-palettes laid over it in order (Palette::makeModifiedPalette);
// null when there are no sub-palettes, no base palette, or one of them cannot be read.
std::shared_ptr<const dat::Palette> composePalette(const Assets& assets, const ObjDesc& desc,
                                                   QStringList* problems = nullptr);
// Stable identity of the palette composePalette makes of `desc` (0 when it makes none).
std::uint64_t paletteKey(const ObjDesc& desc);

Appearance compose(const Assets& assets, const std::vector<std::uint32_t>& setupParts,
                   const ObjDesc& desc);
// The Setup's parts; an absent Setup gives no parts and a problem.
Appearance compose(const Assets& assets, std::uint32_t setupId, const ObjDesc& desc);

// Decoded (RGBA8888) texture images by texture and palette, shared between uses; thread-safe.
class RecolourCache {
  public:
    // The image of `swap` (see surfaceImage); null with `why` set when it cannot be decoded.
    QImage image(const Assets& assets, const SurfaceSwap& swap, QString* why = nullptr);
    std::size_t size() const;
    void clear(); // for other assets

  private:
    using Key = std::tuple<std::uint32_t, std::uint64_t, std::uint32_t>; // texture, key, palette
    mutable std::mutex m_mutex;
    std::map<Key, QImage> m_images;
};

// The texture image of `swap`: its texture's best RenderSurface these assets hold, drawn with
// the composed palette, else the Surface's palette when its texture was not swapped, else the
// RenderSurface's own. Null (with `why`) for solid colours and unreadable textures.
QImage surfaceImage(const Assets& assets, const SurfaceSwap& swap, QString* why = nullptr);

} // namespace portalkit::preview::appearance
