#include "export/surface_material.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"

#include <algorithm>
#include <cmath>

namespace portalkit::exports {

namespace {

float unitInterval(float value) {
    return std::isfinite(value) ? std::clamp(value, 0.0f, 1.0f) : 0.0f;
}

// The palette a decoded palette-format mip is drawn with: an ObjDesc's composed one, else a
// swapped-in texture's own, else the Surface's (which swaps the RenderSurface's default one).
const dat::Palette* mipPalette(const preview::Assets& assets, const dat::Surface& surface,
                               const dat::RenderSurface& mip,
                               const preview::appearance::SurfaceSwap* swap, SurfaceMaterial& out) {
    if (swap && swap->palette) {
        out.composedPalette = swap->paletteKey;
        return swap->palette.get();
    }
    out.paletteId =
        surface.origPaletteId && !out.textureSwapped ? surface.origPaletteId : mip.defaultPaletteId;
    const dat::Palette* palette = assets.get<dat::Palette>(out.paletteId);
    if (!palette)
        out.problem = QStringLiteral("Palette %1 of RenderSurface %2: %3")
                          .arg(dat::didJson(out.paletteId), dat::didJson(out.renderSurfaceId),
                               assets.whyMissing<dat::Palette>(out.paletteId));
    return palette;
}

// The texture of a textured Surface (or the one an ObjDesc swapped in), or why there is none.
QImage decodeTexture(const preview::Assets& assets, const dat::Surface& surface,
                     const preview::appearance::SurfaceSwap* swap, SurfaceMaterial& out) {
    out.textureSwapped = swap && swap->textureSwapped;
    out.textureId = out.textureSwapped ? swap->texture : surface.origTextureId;
    const auto* texture = assets.get<dat::SurfaceTexture>(out.textureId);
    if (!texture) {
        out.problem = QStringLiteral("SurfaceTexture %1: %2")
                          .arg(dat::didJson(out.textureId),
                               assets.whyMissing<dat::SurfaceTexture>(out.textureId));
        return {};
    }
    // Mips are listed best first; the best may live only in client_highres.dat.
    const dat::RenderSurface* mip = nullptr;
    for (std::uint32_t id : texture->renderSurfaceIds)
        if ((mip = assets.get<dat::RenderSurface>(id))) {
            out.renderSurfaceId = id;
            break;
        }
    if (!mip) {
        out.problem = QStringLiteral("SurfaceTexture %1: none of its %2 RenderSurfaces is here")
                          .arg(dat::didJson(out.textureId))
                          .arg(texture->renderSurfaceIds.size());
        return {};
    }
    const dat::Palette* palette = nullptr;
    if (mip->hasDefaultPalette() && !(palette = mipPalette(assets, surface, *mip, swap, out)))
        return {};
    try {
        return dat::renderSurfaceImage(*mip, palette).convertToFormat(QImage::Format_RGBA8888);
    } catch (const dat::DatError& error) {
        out.problem = QString::fromStdString(error.what());
    }
    return {};
}

} // namespace

float linearFromSrgb(std::uint8_t value) {
    const double c = value / 255.0;
    return float(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

SurfaceMaterial surfaceMaterial(const preview::Assets& assets, std::uint32_t surfaceId,
                                const preview::appearance::SurfaceSwap* swap) {
    SurfaceMaterial out;
    out.surface = surfaceId;
    const auto standIn = [&](QString problem) {
        out.texture = QImage();
        out.baseColor = {1, 0, 1, 1}; // the renderer's magenta
        out.alphaMode = AlphaMode::Opaque;
        out.problem = std::move(problem);
        return out;
    };
    const auto* surface = assets.get<dat::Surface>(surfaceId);
    if (!surface)
        return standIn(
            QStringLiteral("Surface %1: %2")
                .arg(dat::didJson(surfaceId), assets.whyMissing<dat::Surface>(surfaceId)));
    out.type = surface->type;
    out.translucency = unitInterval(surface->translucency);
    out.luminosity =
        (surface->type & dat::Surface::kLuminous) ? 1.0f : unitInterval(surface->luminosity);
    out.additive = (surface->type & dat::Surface::kAdditive) != 0;
    const bool blends =
        out.additive || (surface->type & (dat::Surface::kTranslucent | dat::Surface::kAlpha |
                                          dat::Surface::kInvAlpha)) != 0;
    const bool clipMap = (surface->type & dat::Surface::kBase1ClipMap) != 0;

    float alpha = 1;
    if (surface->hasTexture()) {
        out.texture =
            decodeTexture(assets, *surface, swap && swap->changed() ? swap : nullptr, out);
        if (out.texture.isNull())
            return standIn(
                QStringLiteral("Surface %1: %2").arg(dat::didJson(surfaceId), out.problem));
    } else {
        const std::uint32_t c = surface->colorValue;
        out.baseColor = {linearFromSrgb(std::uint8_t(c >> 16)),
                         linearFromSrgb(std::uint8_t(c >> 8)), linearFromSrgb(std::uint8_t(c)), 1};
        // Solid colours keep their alpha only on surfaces that blend or clip, as the renderer.
        if (blends || clipMap)
            alpha = float(c >> 24) / 255.0f;
    }
    alpha *= 1.0f - out.translucency;
    out.baseColor[3] = alpha;
    if (blends || alpha < 1.0f)
        out.alphaMode = AlphaMode::Blend;
    else if (clipMap)
        out.alphaMode = AlphaMode::Mask;
    return out;
}

} // namespace portalkit::exports
