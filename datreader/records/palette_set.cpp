#include "datreader/records/palette_set.h"

#include "datreader/records/codec_helpers.h"

#include <cmath>

namespace portalkit::dat {

std::uint32_t PaletteSet::paletteForShade(double shade) const {
    if (palettes.empty() || !(shade >= 0 && shade <= 1))
        return 0;
    // The small bias keeps shade 1.0 on the last palette instead of one past it.
    const double scaled = std::floor((double(palettes.size()) - 0.000001) * shade);
    const std::size_t index = std::min(std::size_t(std::max(scaled, 0.0)), palettes.size() - 1);
    return palettes[index];
}

PaletteSet PaletteSet::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<PaletteSet>(bytes, did, "paletteSet", [](ByteCursor& in, auto& s) {
        s.palettes = readList(in, "paletteSet.numPalettes", 4, readU32As("paletteSet.palette"));
    });
}

std::vector<std::uint8_t> PaletteSet::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) { writeList(out, palettes); });
}

QJsonObject PaletteSet::toJson() const {
    return recordFrameJson(
        *this, {{"numPalettes", qint64(palettes.size())}, {"palettes", didListToJson(palettes)}});
}

PaletteSet PaletteSet::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<PaletteSet>(node, did, [&](PaletteSet& s) {
        s.palettes = listFromJson(node["palettes"], u32FromJson);
        checkGivenCount(node["numPalettes"], s.palettes.size(), " palettes given");
    });
}

} // namespace portalkit::dat
