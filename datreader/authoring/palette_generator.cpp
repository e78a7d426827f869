#include "datreader/authoring/generator_spec.h"
#include "datreader/authoring/generators.h"

namespace portalkit::authoring {
namespace {

constexpr int kMaxPaletteColours = 2048; // the largest retail palettes

} // namespace

dat::Palette generatePalette(const JsonNode& spec, std::uint32_t did) {
    const JsonNode gradient = spec["gradient"];
    if (gradient.isMissing())
        gradient.fail("expected a list of at least 2 colours");
    const std::vector<Rgba> stops = colourList(gradient, 2, {});
    const int count = integerIn(spec["count"], 2, kMaxPaletteColours, 256);
    dat::Palette palette;
    palette.id = did;
    for (int i = 0; i < count; ++i)
        palette.colors.push_back(dat::argb(rampAt(stops, double(i) / (count - 1))));
    return palette;
}

} // namespace portalkit::authoring
