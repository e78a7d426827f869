#include "datreader/imaging/pixel_encoder.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdlib>
#include <squish.h>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace portalkit::dat {
namespace {

constexpr std::size_t kIndexableColours = 256; // a P8 index is one byte

// For each 8-bit value, the `bits`-bit level whose widening by bit replication (what
// surface_image shows) comes nearest: rounding against the decoder, not against v * max / 255.
std::array<std::uint8_t, 256> nearestLevels(int bits) {
    const unsigned levels = 1u << bits;
    std::array<std::uint8_t, 256> nearest{};
    for (unsigned value = 0; value < 256; ++value) {
        unsigned best = 0;
        for (unsigned level = 1; level < levels; ++level)
            if (std::abs(int(widenChannel(level, bits)) - int(value)) <
                std::abs(int(widenChannel(best, bits)) - int(value)))
                best = level;
        nearest[value] = std::uint8_t(best);
    }
    return nearest;
}

std::vector<std::uint8_t> packPacked16(std::span<const std::uint8_t> rgba, PixelFormat format) {
    const auto four = nearestLevels(4), five = nearestLevels(5), six = nearestLevels(6);
    std::vector<std::uint8_t> packed;
    packed.reserve(rgba.size() / 2);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        const std::uint8_t r = rgba[i], g = rgba[i + 1], b = rgba[i + 2], a = rgba[i + 3];
        const unsigned value = format == PixelFormat::R5G6B5
                                   ? unsigned(five[r]) << 11 | unsigned(six[g]) << 5 | five[b]
                                   : unsigned(four[a]) << 12 | unsigned(four[r]) << 8 |
                                         unsigned(four[g]) << 4 | four[b];
        packed.push_back(std::uint8_t(value));
        packed.push_back(std::uint8_t(value >> 8));
    }
    return packed;
}

// Each pixel becomes the index of the nearest palette colour (RGBA distance, lowest index on a
// tie). Generated patterns repeat colours heavily, so answers are remembered per colour.
std::vector<std::uint8_t> packIndexed(std::span<const std::uint8_t> rgba, const Palette& palette) {
    const std::size_t count = std::min(palette.colors.size(), kIndexableColours);
    std::unordered_map<std::uint32_t, std::uint8_t> nearestOf;
    std::vector<std::uint8_t> indices;
    indices.reserve(rgba.size() / 4);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        const Rgba pixel{rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
        const auto [entry, isNew] = nearestOf.try_emplace(argb(pixel), 0);
        if (isNew) {
            int bestDistance = INT32_MAX;
            for (std::size_t index = 0; index < count; ++index) {
                const Rgba candidate = fromArgb(palette.colors[index]);
                int distance = 0;
                for (std::size_t c = 0; c < 4; ++c)
                    distance += (int(pixel[c]) - candidate[c]) * (int(pixel[c]) - candidate[c]);
                if (distance < bestDistance) {
                    bestDistance = distance;
                    entry->second = std::uint8_t(index);
                }
            }
        }
        indices.push_back(entry->second);
    }
    return indices;
}

std::vector<std::uint8_t> compressDxt(std::span<const std::uint8_t> rgba, int width, int height,
                                      PixelFormat format) {
    const int flags = format == PixelFormat::Dxt1   ? squish::kDxt1
                      : format == PixelFormat::Dxt3 ? squish::kDxt3
                                                    : squish::kDxt5;
    std::vector<std::uint8_t> blocks(
        std::size_t(squish::GetStorageRequirements(width, height, flags)));
    squish::CompressImage(rgba.data(), width, height, blocks.data(), flags);
    return blocks;
}

} // namespace

bool canEncode(PixelFormat format) {
    switch (format) {
    case PixelFormat::A8R8G8B8:
    case PixelFormat::R8G8B8:
    case PixelFormat::A8:
    case PixelFormat::R5G6B5:
    case PixelFormat::A4R4G4B4:
    case PixelFormat::P8:
    case PixelFormat::Dxt1:
    case PixelFormat::Dxt3:
    case PixelFormat::Dxt5:
        return true;
    default:
        return false;
    }
}

std::vector<std::uint8_t> encodePixels(std::span<const std::uint8_t> rgba, int width, int height,
                                       PixelFormat format, const Palette* palette) {
    std::vector<std::uint8_t> out;
    switch (format) {
    case PixelFormat::A8R8G8B8: // bytes B, G, R, A: a little-endian ARGB u32
    case PixelFormat::R8G8B8:   // bytes B, G, R
        for (std::size_t i = 0; i < rgba.size(); i += 4) {
            out.insert(out.end(), {rgba[i + 2], rgba[i + 1], rgba[i]});
            if (format == PixelFormat::A8R8G8B8)
                out.push_back(rgba[i + 3]);
        }
        return out;
    case PixelFormat::A8:
        for (std::size_t i = 0; i < rgba.size(); i += 4)
            out.push_back(rgba[i + 3]);
        return out;
    case PixelFormat::R5G6B5:
    case PixelFormat::A4R4G4B4:
        return packPacked16(rgba, format);
    case PixelFormat::P8:
        if (!palette || palette->colors.empty())
            throw std::invalid_argument("P8 pixels need a palette with colours");
        return packIndexed(rgba, *palette);
    case PixelFormat::Dxt1:
    case PixelFormat::Dxt3:
    case PixelFormat::Dxt5:
        return compressDxt(rgba, width, height, format);
    default:
        break;
    }
    throw std::invalid_argument("no encoder for pixel format " +
                                std::to_string(std::uint32_t(format)));
}

} // namespace portalkit::dat
