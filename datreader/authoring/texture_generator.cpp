#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"
#include "datreader/imaging/pixel_encoder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <vector>

namespace portalkit::authoring {
namespace {

enum class Pattern { Radial, Checker, Gradient, Ring, Spark, Noise, Stripes };
constexpr Named<Pattern> kPatterns[] = {
    {"radial", Pattern::Radial},  {"checker", Pattern::Checker}, {"gradient", Pattern::Gradient},
    {"ring", Pattern::Ring},      {"spark", Pattern::Spark},     {"noise", Pattern::Noise},
    {"stripes", Pattern::Stripes}};

using dat::PixelFormat;
constexpr Named<PixelFormat> kTextureFormats[] = {{"DXT1", PixelFormat::Dxt1},
                                                  {"DXT3", PixelFormat::Dxt3},
                                                  {"DXT5", PixelFormat::Dxt5},
                                                  {"A8R8G8B8", PixelFormat::A8R8G8B8},
                                                  {"R8G8B8", PixelFormat::R8G8B8},
                                                  {"A8", PixelFormat::A8},
                                                  {"P8", PixelFormat::P8},
                                                  {"R5G6B5", PixelFormat::R5G6B5},
                                                  {"A4R4G4B4", PixelFormat::A4R4G4B4}};

constexpr int kMaxTextureSide = 1024;
constexpr int kMaxCells = 256;

bool isDxt(PixelFormat format) {
    return format == PixelFormat::Dxt1 || format == PixelFormat::Dxt3 ||
           format == PixelFormat::Dxt5;
}

int textureSide(const JsonNode& node, PixelFormat format) {
    // DXT stores 4×4 blocks, so its smallest power of two is 4.
    const int side = integerIn(node, isDxt(format) ? 4 : 1, kMaxTextureSide);
    if ((side & (side - 1)) != 0)
        node.fail(std::to_string(side) + " is not a power of two");
    return side;
}

// A point in image fractions: x right, y down, (0, 0) the top-left corner of the image.
using ImagePoint = std::array<double, 2>;

struct PatternSpec {
    Pattern pattern;
    int width, height;
    std::vector<Rgba> colours;
    int cells;
    std::uint32_t seed;
    // Optional geometry (docs/demo.md#source-format): radial and ring measure from `centre`
    // instead of the image centre; gradient runs from `from` to `to` instead of top to bottom.
    // Unset, the pixels are computed exactly as before, so existing textures keep their bytes.
    std::optional<ImagePoint> centre, from, to;
};

std::optional<ImagePoint> imagePoint(const JsonNode& node) {
    if (node.isMissing())
        return std::nullopt;
    if (!node.isArray() || node.value().toArray().size() != 2)
        node.fail("expected [x, y] in image fractions");
    return ImagePoint{realIn(node[0], -4, 4), realIn(node[1], -4, 4)};
}

// Where the pixel centre (u, v) projects on from → to, 0 at `from` and 1 at `to`.
double gradientAlong(const PatternSpec& spec, double u, double v) {
    const double ax = (*spec.to)[0] - (*spec.from)[0], ay = (*spec.to)[1] - (*spec.from)[1];
    const double length2 = ax * ax + ay * ay;
    return length2 > 0 ? ((u - (*spec.from)[0]) * ax + (v - (*spec.from)[1]) * ay) / length2 : 0;
}

// Smooth value noise on a cells × cells lattice that wraps, so the texture tiles.
double valueNoise(const PatternSpec& spec, double x, double y) {
    const auto lattice = [&](int ix, int iy) {
        // One draw from a generator seeded by the seed and the lattice point.
        return SplitMix64(std::uint64_t(spec.seed) << 32 ^
                          std::uint64_t((iy % spec.cells) * spec.cells + ix % spec.cells))
            .unit();
    };
    const auto smooth = [](double f) { return f * f * (3 - 2 * f); };
    const double gx = x * spec.cells, gy = y * spec.cells;
    const int ix = int(gx), iy = int(gy);
    const double fx = smooth(gx - ix), fy = smooth(gy - iy);
    const double top = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * fx;
    const double bottom =
        lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * fx;
    return top + (bottom - top) * fy;
}

// The pattern's colour at pixel (x, y). Ramp patterns pick a point t on the colour ramp
// (t = 0 is the first colour: the centre, the top row, the bright part); tiled patterns cycle
// through the colours cell by cell.
Rgba patternPixel(const PatternSpec& spec, int x, int y) {
    // The pixel's centre in 0..1, and from the image centre in -1..1.
    const double u = (x + 0.5) / spec.width, v = (y + 0.5) / spec.height;
    const double dx = 2 * u - 1, dy = 2 * v - 1;
    const double cx = spec.centre ? 2 * (u - (*spec.centre)[0]) : dx;
    const double cy = spec.centre ? 2 * (v - (*spec.centre)[1]) : dy;
    const double fromCentre = std::sqrt(cx * cx + cy * cy);
    const double distance = std::sqrt(dx * dx + dy * dy);
    const auto cycle = [&](int index) {
        return spec.colours[std::size_t(index) % spec.colours.size()];
    };
    switch (spec.pattern) {
    case Pattern::Radial:
        return rampAt(spec.colours, fromCentre);
    case Pattern::Ring: // brightest on a circle at 0.7 of the half-size, fading over 0.3 each way
        return rampAt(spec.colours, std::abs(fromCentre - 0.7) / 0.3);
    case Pattern::Spark: {
        // A soft core with two thin streaks crossing it: a four-pointed glint.
        const double core = std::pow(std::max(0.0, 1 - distance), 2);
        const double streakAlongX = std::max(0.0, 1 - 16 * std::abs(dy)) * (1 - std::abs(dx));
        const double streakAlongY = std::max(0.0, 1 - 16 * std::abs(dx)) * (1 - std::abs(dy));
        return rampAt(spec.colours, 1 - std::min(1.0, core + streakAlongX + streakAlongY));
    }
    case Pattern::Gradient: // exact end colours on the top and bottom rows
        if (spec.from && spec.to)
            return rampAt(spec.colours, gradientAlong(spec, u, v));
        return rampAt(spec.colours, spec.height > 1 ? double(y) / (spec.height - 1) : 0);
    case Pattern::Noise:
        return rampAt(spec.colours, valueNoise(spec, u, v));
    case Pattern::Checker:
        return cycle(x * spec.cells / spec.width + y * spec.cells / spec.height);
    case Pattern::Stripes:
        return cycle(x * spec.cells / spec.width);
    }
    return spec.colours.front();
}

// R, G, B, A bytes per pixel, row-major from the top: libsquish's input layout.
std::vector<std::uint8_t> renderPattern(const PatternSpec& spec) {
    std::vector<std::uint8_t> rgba;
    rgba.reserve(std::size_t(spec.width) * std::size_t(spec.height) * 4);
    for (int y = 0; y < spec.height; ++y)
        for (int x = 0; x < spec.width; ++x) {
            const Rgba colour = patternPixel(spec, x, y);
            rgba.insert(rgba.end(), colour.begin(), colour.end());
        }
    return rgba;
}

} // namespace

dat::RenderSurface generateTexture(const JsonNode& spec, std::uint32_t did,
                                   const dat::Palette* palette) {
    const PixelFormat format = choice<PixelFormat>(spec["format"], kTextureFormats);
    PatternSpec pattern;
    pattern.pattern = choice<Pattern>(spec["pattern"], kPatterns);
    pattern.width = textureSide(spec["width"], format);
    pattern.height = textureSide(spec["height"], format);
    pattern.colours = colourList(spec["colors"], 1, {{255, 255, 255, 255}, {255, 255, 255, 0}});
    pattern.cells = integerIn(spec["cells"], 1, kMaxCells, 8);
    pattern.seed = spec["seed"].u32(1);
    if (pattern.pattern == Pattern::Radial || pattern.pattern == Pattern::Ring)
        pattern.centre = imagePoint(spec["centre"]);
    if (pattern.pattern == Pattern::Gradient) {
        pattern.from = imagePoint(spec["from"]);
        pattern.to = imagePoint(spec["to"]);
        if (bool(pattern.from) != bool(pattern.to))
            spec[pattern.from ? "to" : "from"].fail(
                "a gradient needs both from and to, or neither");
    }

    dat::RenderSurface surface;
    surface.id = did;
    surface.width = pattern.width;
    surface.height = pattern.height;
    surface.pixelFormat = std::uint32_t(format);
    const JsonNode paletteNode = spec["palette"];
    if (format == PixelFormat::P8) {
        surface.defaultPaletteId = didOfType(paletteNode, "Palette");
        if (!palette)
            paletteNode.fail("P8 needs the palette " + dat::formatDid(surface.defaultPaletteId) +
                             " to choose colours from, none was given");
        if (palette->id != surface.defaultPaletteId)
            paletteNode.fail("the palette given is " + dat::formatDid(palette->id) +
                             ", not the one named here");
        if (palette->colors.empty())
            paletteNode.fail("palette " + dat::formatDid(palette->id) + " has no colours");
    } else if (!paletteNode.isMissing()) {
        paletteNode.fail("only P8 textures name a palette");
    }
    surface.sourceData =
        dat::encodePixels(renderPattern(pattern), pattern.width, pattern.height, format, palette);
    return surface;
}

} // namespace portalkit::authoring
