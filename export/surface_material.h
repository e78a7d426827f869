#pragma once

// Surface (docs/formats.md) → what a glTF metallic-roughness material can say of it
// (docs/export.md, "Materials"). The blending follows the Surface type bits the way the
// renderer reads them (docs/render.md): Additive and Translucent/Alpha/InvAlpha blend, a clip
// map without them is alpha-tested, translucency fades alpha. glTF has no additive blending, so
// additive surfaces blend normally and say "additive" in the material's extras.

#include "preview/appearance/compose.h"
#include "preview/core/assets.h"

#include <QImage>
#include <QString>
#include <array>
#include <cstdint>

namespace portalkit::exports {

enum class AlphaMode { Opaque, Mask, Blend };

struct SurfaceMaterial {
    std::uint32_t surface = 0;
    std::uint32_t type = 0; // the Surface's raw type bits
    // The decoded texture (RGBA8888): the SurfaceTexture's best RenderSurface these assets hold,
    // with the Surface's palette, else the RenderSurface's own. Null for solid colours and when
    // the texture cannot be read.
    QImage texture;
    std::uint32_t textureId = 0;       // SurfaceTexture
    std::uint32_t renderSurfaceId = 0; // the mip that was decoded
    std::uint32_t paletteId = 0;       // the palette record applied, 0 when none (or composed)
    // An ObjDesc's composed palette was applied (its paletteKey; 0 when not), and the texture
    // was swapped in by one (docs/appearance.md).
    std::uint64_t composedPalette = 0;
    bool textureSwapped = false;
    // Linear RGB and alpha: a solid colour (sRGB bytes linearised) or white under a texture,
    // alpha faded by translucency.
    std::array<float, 4> baseColor{1, 1, 1, 1};
    AlphaMode alphaMode = AlphaMode::Opaque;
    float alphaCutoff = 0.5f; // for Mask: the renderer's alpha test
    float luminosity = 0;     // 0..1; 1 for the Luminous bit. Exported as emission.
    float translucency = 0;   // 0..1
    bool additive = false;
    // Why the magenta stand-in is used (Surface or its texture missing or undecodable); empty
    // when the Surface was read.
    QString problem;
};

// Never throws: an unreadable Surface or texture gives the magenta stand-in with `problem` set,
// as the renderer draws it. `swap`, when given, is what an ObjDesc makes of the Surface: its
// texture drawn instead of the Surface's (with the new texture's own palette), and its composed
// palette instead of either, as the renderer draws a dressed part.
SurfaceMaterial surfaceMaterial(const preview::Assets& assets, std::uint32_t surfaceId,
                                const preview::appearance::SurfaceSwap* swap = nullptr);

// sRGB byte → linear, the transfer glTF's baseColorFactor expects.
float linearFromSrgb(std::uint8_t value);

} // namespace portalkit::exports
