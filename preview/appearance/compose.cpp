#include "preview/appearance/compose.h"

#include "datreader/imaging/surface_image.h"
#include "datreader/records/common.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/setup.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "preview/core/assets.h"

#include <algorithm>

namespace portalkit::preview::appearance {

namespace {

// The best mip these assets hold (mips are listed best first).
const dat::RenderSurface* bestMip(const Assets& assets, std::uint32_t texture) {
    const auto* t = assets.get<dat::SurfaceTexture>(texture);
    if (!t)
        return nullptr;
    for (std::uint32_t id : t->renderSurfaceIds)
        if (const auto* rs = assets.get<dat::RenderSurface>(id))
            return rs;
    return nullptr;
}

void mix(std::uint64_t& hash, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) {
        hash ^= (value >> (8 * i)) & 0xFF;
        hash *= 0x100000001B3ull; // FNV-1a
    }
}

// The part's GfxObj after the ObjDesc's part changes (CPartArray::SetPart): a change to an
// unreadable GfxObj fails and leaves the part as it was.
std::uint32_t swappedGfxObj(const Assets& assets, std::uint32_t part, std::uint32_t gfxObj,
                            const ObjDesc& desc, QStringList* problems) {
    for (const PartChange& change : desc.partChanges) {
        if (change.part != part)
            continue;
        if (change.gfxObj && assets.get<dat::GfxObj>(change.gfxObj))
            gfxObj = change.gfxObj;
        else if (problems)
            *problems << QStringLiteral("part %1: GfxObj %2 not swapped in: %3")
                             .arg(part)
                             .arg(dat::didJson(change.gfxObj),
                                  change.gfxObj ? assets.whyMissing<dat::GfxObj>(change.gfxObj)
                                                : QStringLiteral("id 0"));
    }
    return gfxObj;
}

std::shared_ptr<PartLook> lookOf(const Assets& assets, std::uint32_t part,
                                 std::uint32_t setupGfxObj, const Appearance& app,
                                 QStringList& problems) {
    auto look = std::make_shared<PartLook>();
    look->part = part;
    look->setupGfxObj = setupGfxObj;
    look->gfxObj = swappedGfxObj(assets, part, setupGfxObj, app.desc, &problems);
    const auto* gfx = assets.get<dat::GfxObj>(look->gfxObj);
    if (!gfx)
        return look;
    look->originalPalette = partPalette(assets, look->gfxObj);
    look->recoloured = app.palette && look->originalPalette == app.desc.basePalette;
    for (std::uint32_t surfaceId : gfx->surfaces) {
        SurfaceSwap swap;
        swap.surface = surfaceId;
        const auto* surface = assets.get<dat::Surface>(surfaceId);
        if (!surface || !surface->hasTexture()) {
            look->surfaces.push_back(swap); // a solid colour takes neither texture nor palette
            continue;
        }
        swap.texture = surface->origTextureId;
        // Texture changes match the surface's original texture, never one swapped in.
        for (const TextureChange& change : app.desc.textureChanges)
            if (change.part == part && change.newTexture &&
                change.oldTexture == surface->origTextureId) {
                swap.texture = change.newTexture;
                swap.textureSwapped = true;
            }
        if (look->recoloured) {
            swap.palette = app.palette;
            swap.paletteKey = app.paletteKey;
        }
        look->surfaces.push_back(std::move(swap));
    }
    return look;
}

} // namespace

const SurfaceSwap* PartLook::forSurface(std::uint32_t surface) const {
    const auto it = std::find_if(surfaces.begin(), surfaces.end(),
                                 [&](const SurfaceSwap& s) { return s.surface == surface; });
    return it == surfaces.end() ? nullptr : &*it;
}

bool PartLook::changesSurfaces() const {
    return std::any_of(surfaces.begin(), surfaces.end(),
                       [](const SurfaceSwap& s) { return s.changed(); });
}

std::uint32_t surfacePalette(const Assets& assets, std::uint32_t surfaceId) {
    const auto* surface = assets.get<dat::Surface>(surfaceId);
    if (!surface || !surface->hasTexture())
        return 0;
    if (surface->origPaletteId)
        return surface->origPaletteId;
    const dat::RenderSurface* rs = bestMip(assets, surface->origTextureId);
    return rs && rs->hasDefaultPalette() ? rs->defaultPaletteId : 0;
}

std::uint32_t partPalette(const Assets& assets, std::uint32_t gfxObj) {
    if (const auto* gfx = assets.get<dat::GfxObj>(gfxObj))
        for (std::uint32_t surface : gfx->surfaces)
            if (const std::uint32_t palette = surfacePalette(assets, surface))
                return palette;
    return 0;
}

std::uint32_t dressedPalette(const Assets& assets, std::uint32_t setupId, const ObjDesc& desc) {
    const auto* setup = assets.get<dat::Setup>(setupId);
    if (!setup)
        return 0;
    std::vector<std::uint32_t> parts;
    for (const PartChange& c : desc.partChanges)
        parts.push_back(c.part);
    for (const TextureChange& c : desc.textureChanges)
        parts.push_back(c.part);
    for (std::uint32_t part : parts) {
        if (part >= setup->parts.size())
            continue;
        const std::uint32_t gfx = swappedGfxObj(assets, part, setup->parts[part], desc, nullptr);
        if (const std::uint32_t palette = partPalette(assets, gfx))
            return palette;
    }
    return 0;
}

std::uint64_t paletteKey(const ObjDesc& desc) {
    if (desc.subPalettes.empty() || !desc.basePalette)
        return 0;
    std::uint64_t hash = 0xCBF29CE484222325ull;
    mix(hash, desc.basePalette);
    for (const SubPalette& s : desc.subPalettes) {
        mix(hash, s.palette);
        mix(hash, s.offset);
        mix(hash, s.numColors);
    }
    return hash ? hash : 1;
}

std::shared_ptr<const dat::Palette> composePalette(const Assets& assets, const ObjDesc& desc,
                                                   QStringList* problems) {
    if (desc.subPalettes.empty() || !desc.basePalette)
        return nullptr;
    const auto fail = [&](QString why) -> std::shared_ptr<const dat::Palette> {
        if (problems)
            *problems << QStringLiteral("palette not composed: %1").arg(why);
        return nullptr;
    };
    const auto read = [&](std::uint32_t id) { return assets.get<dat::Palette>(id); };
    // A lone whole palette is used as it is.
    const bool whole = desc.subPalettes.size() == 1 && desc.subPalettes.front().isWhole();
    const std::uint32_t startId = whole ? desc.subPalettes.front().palette : desc.basePalette;
    const dat::Palette* start = read(startId);
    if (!start)
        return fail(QStringLiteral("Palette %1: %2")
                        .arg(dat::didJson(startId), assets.whyMissing<dat::Palette>(startId)));
    auto out = std::make_shared<dat::Palette>(*start);
    out->id = desc.basePalette;
    if (whole)
        return out;
    for (const SubPalette& sub : desc.subPalettes) {
        const dat::Palette* from = read(sub.palette);
        if (!from)
            return fail(
                QStringLiteral("Palette %1: %2")
                    .arg(dat::didJson(sub.palette), assets.whyMissing<dat::Palette>(sub.palette)));
        if (sub.offset + sub.numColors > kFullPalette)
            return fail(QStringLiteral("range %1+%2 ends past colour %3")
                            .arg(sub.offset)
                            .arg(sub.numColors)
                            .arg(kFullPalette));
        const std::uint32_t end = sub.offset + sub.numColors;
        if (out->colors.size() < end)
            out->colors.resize(end, 0);
        // Colours are copied index for index: colour i of the range is the sub-palette's i.
        const std::uint32_t have = std::min<std::uint32_t>(end, std::uint32_t(from->colors.size()));
        for (std::uint32_t i = sub.offset; i < have; ++i)
            out->colors[i] = from->colors[i];
        if (have < end && problems)
            *problems << QStringLiteral("Palette %1 has %2 colours; range %3+%4 kept the rest")
                             .arg(dat::didJson(sub.palette))
                             .arg(from->colors.size())
                             .arg(sub.offset)
                             .arg(sub.numColors);
    }
    return out;
}

Appearance compose(const Assets& assets, const std::vector<std::uint32_t>& setupParts,
                   const ObjDesc& desc) {
    Appearance app;
    app.desc = desc;
    app.palette = composePalette(assets, desc, &app.problems);
    app.paletteKey = app.palette ? paletteKey(desc) : 0;
    for (const PartChange& c : desc.partChanges)
        if (c.part >= setupParts.size())
            app.problems << QStringLiteral("part change for part %1 of %2")
                                .arg(c.part)
                                .arg(setupParts.size());
    for (std::uint32_t i = 0; i < setupParts.size(); ++i)
        app.parts.push_back(lookOf(assets, i, setupParts[i], app, app.problems));
    return app;
}

Appearance compose(const Assets& assets, std::uint32_t setupId, const ObjDesc& desc) {
    if (const auto* setup = assets.get<dat::Setup>(setupId))
        return compose(assets, setup->parts, desc);
    Appearance app;
    app.desc = desc;
    app.problems << QStringLiteral("Setup %1: %2")
                        .arg(dat::didJson(setupId), assets.whyMissing<dat::Setup>(setupId));
    return app;
}

namespace {

struct Resolved {
    const dat::RenderSurface* mip = nullptr;
    const dat::Palette* palette = nullptr; // for palette formats
    std::uint32_t paletteId = 0;           // of `palette` when it is a record, else 0
    QString why;
};

Resolved resolve(const Assets& assets, const SurfaceSwap& swap) {
    Resolved r;
    if (!swap.texture) {
        r.why = QStringLiteral("Surface %1 has no texture").arg(dat::didJson(swap.surface));
        return r;
    }
    r.mip = bestMip(assets, swap.texture);
    if (!r.mip) {
        r.why = QStringLiteral("SurfaceTexture %1 has no readable RenderSurface")
                    .arg(dat::didJson(swap.texture));
        return r;
    }
    if (!r.mip->hasDefaultPalette())
        return r;
    if (swap.palette) {
        r.palette = swap.palette.get();
        return r;
    }
    // An unswapped texture keeps its Surface's palette; a swapped one brings its own.
    const auto* surface = swap.textureSwapped ? nullptr : assets.get<dat::Surface>(swap.surface);
    r.paletteId =
        surface && surface->origPaletteId ? surface->origPaletteId : r.mip->defaultPaletteId;
    r.palette = assets.get<dat::Palette>(r.paletteId);
    if (!r.palette)
        r.why = QStringLiteral("Palette %1: %2")
                    .arg(dat::didJson(r.paletteId), assets.whyMissing<dat::Palette>(r.paletteId));
    return r;
}

QImage decode(const Resolved& r, QString* why) {
    if (!r.mip || (r.mip->hasDefaultPalette() && !r.palette)) {
        if (why)
            *why = r.why;
        return {};
    }
    try {
        return dat::renderSurfaceImage(*r.mip, r.palette).convertToFormat(QImage::Format_RGBA8888);
    } catch (const std::exception& error) {
        if (why)
            *why = QString::fromLocal8Bit(error.what());
    }
    return {};
}

} // namespace

QImage surfaceImage(const Assets& assets, const SurfaceSwap& swap, QString* why) {
    return decode(resolve(assets, swap), why);
}

QImage RecolourCache::image(const Assets& assets, const SurfaceSwap& swap, QString* why) {
    const Resolved r = resolve(assets, swap);
    const Key key{swap.texture, r.palette && !r.paletteId ? swap.paletteKey : 0, r.paletteId};
    {
        std::lock_guard lock(m_mutex);
        if (auto it = m_images.find(key); it != m_images.end())
            return it->second;
    }
    QImage image = decode(r, why);
    if (!image.isNull()) {
        std::lock_guard lock(m_mutex);
        m_images.emplace(key, image);
    }
    return image;
}

void RecolourCache::clear() {
    std::lock_guard lock(m_mutex);
    m_images.clear();
}

std::size_t RecolourCache::size() const {
    std::lock_guard lock(m_mutex);
    return m_images.size();
}

} // namespace portalkit::preview::appearance
