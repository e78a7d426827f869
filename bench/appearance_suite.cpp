// The 'appearance' suite: an ObjDesc applied to a character-sized Setup (docs/appearance.md,
// docs/benchmarks.md): 34 parts, ten of them dressed (a GfxObj swap and a texture swap each),
// ten sub-palette ranges over a 2048-colour base palette, every texture INDEX16. "Applying" is
// what the preview and renderer do for a dressed object: compose() and the image of every
// surface through the RecolourCache. Measured cold (a new cache: every image decoded) and with
// the cache warm, against a baseline in the same run: the same Setup composed and looked up
// with no ObjDesc.

#include "bench/bench_common.h"
#include "datreader/records/gfx_obj.h"
#include "datreader/records/palette.h"
#include "datreader/records/render_surface.h"
#include "datreader/records/setup.h"
#include "datreader/records/surface.h"
#include "datreader/records/surface_texture.h"
#include "preview/appearance/compose.h"
#include "preview/core/assets.h"

#include <QImage>
#include <cstdint>
#include <vector>

namespace portalkit::bench {
namespace {

using namespace portalkit::preview;
using namespace portalkit::preview::appearance;

constexpr std::uint32_t kParts = 34;        // a retail human's part count
constexpr std::uint32_t kDressedParts = 10; // parts the clothing replaces
constexpr std::uint32_t kRanges = 10;       // sub-palette ranges
constexpr int kTextureSize = 128;           // INDEX16, width and height
constexpr std::uint32_t kColors = 2048;     // a character palette
constexpr double kTargetSeconds = 0.002;    // issue 24: <= 2 ms with recolouring cached
constexpr int kColdRuns = 15;
constexpr int kWarmRuns = 400;

constexpr std::uint32_t kSetup = 0x02000001;
constexpr std::uint32_t kBasePalette = 0x04000001; // ranges come from 0x04000002..
constexpr std::uint32_t kGfx = 0x01000001;         // body parts; clothed ones from kClothedGfx
constexpr std::uint32_t kClothedGfx = 0x01000101;
constexpr std::uint32_t kSurface = 0x08000001, kClothedSurface = 0x08000101;
constexpr std::uint32_t kTexture = 0x05000001, kClothTexture = 0x05000101;
constexpr std::uint32_t kMip = 0x06000001, kClothMip = 0x06000101;

dat::Palette palette(std::uint32_t id, std::uint32_t seed) {
    dat::Palette p;
    p.id = id;
    for (std::uint32_t i = 0; i < kColors; ++i)
        p.colors.push_back(0xFF000000u | ((i * 2654435761u + seed * 40503u) & 0xFFFFFFu));
    return p;
}

// Indices spread over the whole palette, so every range lands on some pixels.
dat::RenderSurface index16(std::uint32_t id, std::uint32_t seed) {
    dat::RenderSurface rs;
    rs.id = id;
    rs.width = rs.height = kTextureSize;
    rs.pixelFormat = std::uint32_t(dat::PixelFormat::Index16);
    rs.defaultPaletteId = kBasePalette;
    for (int i = 0; i < kTextureSize * kTextureSize; ++i) {
        const auto index = std::uint16_t((std::uint32_t(i) * 7u + seed * 13u) % kColors);
        rs.sourceData.push_back(std::uint8_t(index & 0xFF));
        rs.sourceData.push_back(std::uint8_t(index >> 8));
    }
    return rs;
}

// One GfxObj drawing one Surface over one texture, all sharing the base palette.
void addPart(Assets& assets, std::uint32_t gfx, std::uint32_t surface, std::uint32_t texture,
             std::uint32_t mip, std::uint32_t seed) {
    assets.add(index16(mip, seed));
    dat::SurfaceTexture t;
    t.id = texture;
    t.renderSurfaceIds = {mip};
    assets.add(t);
    dat::Surface s;
    s.id = surface;
    s.type = dat::Surface::kBase1Image;
    s.origTextureId = texture;
    s.origPaletteId = kBasePalette;
    assets.add(s);
    dat::GfxObj g;
    g.id = gfx;
    g.surfaces = {surface};
    assets.add(g);
}

struct Fixture {
    Assets assets;
    ObjDesc desc;
};

Fixture fixture() {
    Fixture f;
    f.assets.add(palette(kBasePalette, 0));
    for (std::uint32_t r = 0; r < kRanges; ++r)
        f.assets.add(palette(kBasePalette + 1 + r, r + 1));
    dat::Setup setup;
    setup.id = kSetup;
    for (std::uint32_t i = 0; i < kParts; ++i) {
        addPart(f.assets, kGfx + i, kSurface + i, kTexture + i, kMip + i, i);
        setup.parts.push_back(kGfx + i);
    }
    f.assets.add(setup);
    // The clothing: a clothed GfxObj for each dressed part, whose texture a texture change
    // swaps for the cloth, as retail clothing does.
    f.desc.basePalette = kBasePalette;
    for (std::uint32_t i = 0; i < kDressedParts; ++i) {
        addPart(f.assets, kClothedGfx + i, kClothedSurface + i, kTexture + kParts + i,
                kMip + kParts + i, 100 + i);
        addPart(f.assets, 0x01000201 + i, 0x08000201 + i, kClothTexture + i, kClothMip + i,
                200 + i);
        const std::uint32_t part = i * 3; // spread over the body
        f.desc.addPartChange({part, kClothedGfx + i});
        f.desc.addTextureChange({part, kTexture + kParts + i, kClothTexture + i});
    }
    for (std::uint32_t r = 0; r < kRanges; ++r)
        f.desc.addSubPalette({kBasePalette + 1 + r, r * 160, 96});
    return f;
}

// compose() and every surface's image, as a dressed object is set up and drawn.
std::size_t apply(const Assets& assets, const ObjDesc& desc, RecolourCache& cache) {
    const Appearance app = compose(assets, kSetup, desc);
    std::size_t pixels = 0;
    for (const auto& part : app.parts)
        for (const SurfaceSwap& swap : part->surfaces)
            pixels += std::size_t(cache.image(assets, swap).sizeInBytes());
    return pixels;
}

struct Timing {
    std::vector<double> seconds;
    std::size_t bytes = 0; // of the images looked up, so the work cannot be skipped
};

Timing timeCold(const Fixture& f, const ObjDesc& desc) {
    Timing t;
    for (int r = 0; r < kColdRuns; ++r) {
        RecolourCache cache;
        const auto start = Clock::now();
        t.bytes = apply(f.assets, desc, cache);
        t.seconds.push_back(secondsSince(start));
    }
    return t;
}

Timing timeWarm(const Fixture& f, const ObjDesc& desc) {
    Timing t;
    RecolourCache cache;
    apply(f.assets, desc, cache); // fills the cache
    for (int r = 0; r < kWarmRuns; ++r) {
        const auto start = Clock::now();
        t.bytes = apply(f.assets, desc, cache);
        t.seconds.push_back(secondsSince(start));
    }
    return t;
}

QString micro(double seconds) {
    return fixed(seconds * 1e6, 1);
}

QJsonObject figures(const Timing& t) {
    return {{"medianMicroseconds", median(t.seconds) * 1e6},
            {"bestMicroseconds", best(t.seconds) * 1e6},
            {"runs", int(t.seconds.size())},
            {"imageBytes", qint64(t.bytes)}};
}

} // namespace

Outcome runAppearanceSuite(const QString& jsonPath) {
    const Fixture f = fixture();
    const ObjDesc none;
    // Sanity: the ObjDesc recolours and swaps what it should, or the figures mean nothing.
    const Appearance check = compose(f.assets, kSetup, f.desc);
    int recoloured = 0, swapped = 0;
    for (const auto& part : check.parts) {
        recoloured += part->recoloured ? 1 : 0;
        swapped += part->gfxObj != part->setupGfxObj ? 1 : 0;
    }
    if (!check.problems.isEmpty() || recoloured != int(kParts) || swapped != int(kDressedParts)) {
        printError(QStringLiteral("appearance: the fixture did not compose as meant (%1 "
                                  "recoloured, %2 swapped): %3")
                       .arg(recoloured)
                       .arg(swapped)
                       .arg(check.problems.join("; ")));
        return Outcome::Error;
    }

    printOut("appearance: cold\n");
    const Timing cold = timeCold(f, f.desc);
    const Timing coldBase = timeCold(f, none);
    printOut("appearance: cached\n");
    const Timing warm = timeWarm(f, f.desc);
    const Timing warmBase = timeWarm(f, none);

    const double cachedMedian = median(warm.seconds);
    const double baseMedian = median(warmBase.seconds);
    const bool pass = cachedMedian <= kTargetSeconds;
    QString text = QStringLiteral("\nappearance benchmark, one thread, %1\n"
                                  "%2 parts (%3 dressed), %4 sub-palette ranges over %5 colours, "
                                  "%6x%6 INDEX16 textures; microseconds per application\n\n")
                       .arg(coresAndCpu())
                       .arg(kParts)
                       .arg(kDressedParts)
                       .arg(kRanges)
                       .arg(kColors)
                       .arg(kTextureSize);
    const auto row = [&](const QString& label, const Timing& t) {
        text += QStringLiteral("%1%2%3   (%4 runs)\n")
                    .arg(label, -34)
                    .arg(micro(median(t.seconds)), 10)
                    .arg(micro(best(t.seconds)), 10)
                    .arg(t.seconds.size());
    };
    text += QStringLiteral("%1%2%3\n").arg("", -34).arg("median", 10).arg("best", 10);
    row("ObjDesc, cold (images decoded)", cold);
    row("no ObjDesc, cold (baseline)", coldBase);
    row("ObjDesc, cached", warm);
    row("no ObjDesc, cached (baseline)", warmBase);
    text += QStringLiteral("\ncached: %1x the baseline; cold: %2x the cached ObjDesc\n"
                           "target: ObjDesc cached <= %3 us: %4\n")
                .arg(fixed(cachedMedian / baseMedian, 2))
                .arg(fixed(median(cold.seconds) / cachedMedian, 1))
                .arg(micro(kTargetSeconds))
                .arg(pass ? "pass" : "FAIL");
    printOut(text);

    const bool written =
        writeReport(jsonPath, report("appearance", std::nullopt,
                                     {{"parts", int(kParts)},
                                      {"dressedParts", int(kDressedParts)},
                                      {"paletteRanges", int(kRanges)},
                                      {"paletteColors", int(kColors)},
                                      {"textureSize", kTextureSize},
                                      {"targetMicroseconds", kTargetSeconds * 1e6},
                                      {"pass", pass},
                                      {"cold", figures(cold)},
                                      {"coldBaseline", figures(coldBase)},
                                      {"cached", figures(warm)},
                                      {"cachedBaseline", figures(warmBase)},
                                      {"cachedOverBaseline", cachedMedian / baseMedian},
                                      {"coldOverCached", median(cold.seconds) / cachedMedian}}));
    return written ? Outcome::Success : Outcome::Error;
}

} // namespace portalkit::bench
