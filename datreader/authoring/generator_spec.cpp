#include "datreader/authoring/generator_spec.h"

#include "datreader/container/dat_kind.h"
#include "datreader/records/common.h"

#include <QJsonArray>
#include <QString>
#include <algorithm>
#include <cmath>

namespace portalkit::authoring {
namespace {

constexpr std::size_t kMaxColourStops = 256;

Rgba colourFrom(const JsonNode& node) {
    const QString spelling = node.string();
    const bool wellFormed =
        spelling.startsWith('#') && (spelling.size() == 7 || spelling.size() == 9) &&
        std::all_of(spelling.begin() + 1, spelling.end(),
                    [](QChar c) { return QStringLiteral("0123456789abcdefABCDEF").contains(c); });
    if (!wellFormed)
        node.fail("'" + spelling.toStdString() + "' is not a colour #RRGGBB or #RRGGBBAA");
    const auto channel = [&](int index) {
        return std::uint8_t(spelling.mid(1 + 2 * index, 2).toUInt(nullptr, 16));
    };
    return {channel(0), channel(1), channel(2),
            spelling.size() == 9 ? channel(3) : std::uint8_t(255)};
}

} // namespace

std::string text(double value) {
    return QString::number(value).toStdString();
}

double realIn(const JsonNode& node, double min, double max, std::optional<double> fallback) {
    const double value = fallback && node.isMissing() ? *fallback : node.f64();
    if (!std::isfinite(value) || value < min || value > max)
        node.fail(text(value) + " is outside " + text(min) + ".." + text(max));
    return value;
}

int integerIn(const JsonNode& node, int min, int max, std::optional<int> fallback) {
    const int value = fallback && node.isMissing() ? *fallback : node.i32();
    if (value < min || value > max)
        node.fail(std::to_string(value) + " is outside " + std::to_string(min) + ".." +
                  std::to_string(max));
    return value;
}

std::array<double, 3> triple(const JsonNode& node, double min, double max) {
    if (!node.isArray() || node.value().toArray().size() != 3)
        node.fail("expected [x, y, z]");
    return {realIn(node[0], min, max), realIn(node[1], min, max), realIn(node[2], min, max)};
}

Vec3d pointFrom(const JsonNode& node, Vec3d fallback) {
    if (node.isMissing())
        return fallback;
    const auto [x, y, z] = triple(node, -kMaxLength, kMaxLength);
    return {x, y, z};
}

std::uint32_t didOfType(const JsonNode& node, std::string_view typeName) {
    const std::uint32_t first = dat::portalTypeRange(typeName).first;
    const std::uint32_t value = node.u32();
    if (value >> 24 != first >> 24)
        node.fail(dat::formatDid(value) + " is not a " + std::string(typeName) + " DID (" +
                  dat::formatDid(first).substr(0, 4) + "xxxxxx)");
    return value;
}

std::vector<Rgba> colourList(const JsonNode& node, std::size_t minCount,
                             const std::vector<Rgba>& fallback) {
    if (node.isMissing())
        return fallback;
    const std::vector<JsonNode> elements = node.elements();
    if (elements.size() < minCount || elements.size() > kMaxColourStops)
        node.fail(std::to_string(elements.size()) + " colours, expected " +
                  std::to_string(minCount) + ".." + std::to_string(kMaxColourStops));
    std::vector<Rgba> colours;
    for (const JsonNode& element : elements)
        colours.push_back(colourFrom(element));
    return colours;
}

Rgba rampAt(const std::vector<Rgba>& stops, double t) {
    if (stops.size() == 1)
        return stops.front();
    const double position = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const std::size_t below = std::min(std::size_t(position), stops.size() - 2);
    const double fraction = position - double(below);
    Rgba colour;
    for (std::size_t c = 0; c < 4; ++c) {
        const double from = stops[below][c];
        const double to = stops[below + 1][c];
        colour[c] = std::uint8_t(std::lround(from + (to - from) * fraction));
    }
    return colour;
}

} // namespace portalkit::authoring
