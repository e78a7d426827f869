#pragma once

// Reading a generator's JSON spec, shared by the five generators (generators.h): numbers within
// bounds, points, DIDs of a type, named options and colours. Every check fails through
// JsonNode, so the error names the DID and the spec path.

#include "datreader/authoring/authoring_math.h"
#include "datreader/imaging/rgba.h"
#include "datreader/io/json_node.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace portalkit::authoring {

using dat::JsonNode;
using dat::Rgba;

constexpr double kMinLength = 0.001; // metres; below this a shape collapses in float precision
constexpr double kMaxLength = 10000;

// A number as error messages spell it.
std::string text(double value);

// A finite number within [min, max]; `fallback` when the key is missing, if one is given.
double realIn(const JsonNode& node, double min, double max,
              std::optional<double> fallback = std::nullopt);
int integerIn(const JsonNode& node, int min, int max, std::optional<int> fallback = std::nullopt);
// [x, y, z] with each component finite and within [min, max].
std::array<double, 3> triple(const JsonNode& node, double min, double max);
// A point within ±kMaxLength; `fallback` when the key is missing.
Vec3d pointFrom(const JsonNode& node, Vec3d fallback);
// A DID in the portal range of `typeName` (dat_kind.h), checked by its type byte.
std::uint32_t didOfType(const JsonNode& node, std::string_view typeName);

template <typename T> struct Named {
    std::string_view name;
    T value;
};

// One of the named options; `fallback` (a name) when the key is missing, if one is given.
template <typename T>
T choice(const JsonNode& node, std::span<const Named<T>> options,
         std::optional<std::string_view> fallback = std::nullopt) {
    const std::string name =
        fallback && node.isMissing() ? std::string(*fallback) : node.string().toStdString();
    std::string known;
    for (const Named<T>& option : options) {
        if (option.name == name)
            return option.value;
        known += (known.empty() ? "" : ", ") + std::string(option.name);
    }
    node.fail("'" + name + "' is not one of " + known);
}

// A list of 1..256 colours "#RRGGBB" or "#RRGGBBAA", at least `minCount`; `fallback` when the
// key is missing.
std::vector<Rgba> colourList(const JsonNode& node, std::size_t minCount,
                             const std::vector<Rgba>& fallback);
// The colour at t in 0..1 of a ramp through `stops` spaced evenly; the ends are the end stops.
Rgba rampAt(const std::vector<Rgba>& stops, double t);

} // namespace portalkit::authoring
