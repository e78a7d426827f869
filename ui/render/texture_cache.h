#pragma once

// Surface → what the material needs: a texture (SurfaceTexture → first RenderSurface, its
// palette applied through renderSurfaceImage, every pixel format the imaging library decodes) or
// a solid colour, the blending the type flags ask for, and the Surface's own terms. A texture
// that cannot be read is logged once and replaced by a magenta fallback colour.

#include "preview/appearance/compose.h"
#include "preview/core/assets.h"

#include <QColor>
#include <QImage>
#include <Qt3DRender/QAbstractTexture>
#include <cstdint>
#include <map>
#include <memory>

namespace portalkit::render {

enum class Blend { Opaque, ClipMap, Alpha, Additive };

// Additive wins over Translucent/Alpha; a clip map without either is alpha-tested.
Blend blendForSurfaceType(std::uint32_t type);

struct SurfaceLook {
    Qt3DRender::QAbstractTexture* texture = nullptr; // null: solid colour
    QColor color = Qt::white;                        // multiplies the texture when there is one
    Blend blend = Blend::Opaque;
    float translucency = 0;
    float luminosity = 0;
    float diffuse = 1;
    bool missing = false; // the fallback colour stands in for an unreadable surface
};

// A mip-mapped RGBA8 texture of `image`, parented to `parent`; it repeats at its edges, or
// clamps to them (texture atlases, whose edges must not bleed into each other).
Qt3DRender::QAbstractTexture* makeImageTexture(const QImage& image, Qt3DCore::QNode* parent,
                                               bool repeat = true);

class TextureCache {
  public:
    explicit TextureCache(Qt3DCore::QNode* owner) : m_owner(owner) {}
    void setAssets(std::shared_ptr<const preview::Assets> assets);

    // Never null; Surface 0 or an absent Surface gives the fallback look.
    const SurfaceLook& get(std::uint32_t surface);
    // The surface as an ObjDesc changes it (docs/appearance.md): its texture swapped and/or
    // drawn with the composed palette; the Surface's own look when `swap` is null or unchanged.
    const SurfaceLook& get(std::uint32_t surface, const preview::appearance::SurfaceSwap* swap);
    // The decoded image of a texture surface (for tests and tools); null image when none.
    QImage image(std::uint32_t surface) const;

  private:
    Qt3DCore::QNode* m_owner;
    std::shared_ptr<const preview::Assets> m_assets;
    std::map<std::uint32_t, SurfaceLook> m_looks;
    // Changed looks by Surface, texture and composed palette.
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>, SurfaceLook> m_swapped;
    preview::appearance::RecolourCache m_recolour;
    std::map<std::uint32_t, QImage> m_images;
};

} // namespace portalkit::render
