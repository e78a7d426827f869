#pragma once

// One pixel as the imaging code passes it around, and the conversions the decoder
// (surface_image.h) and the encoder (pixel_encoder.h) must agree on.

#include <array>
#include <cstdint>

namespace portalkit::dat {

// R, G, B, A bytes: QImage::Format_RGBA8888's order, and libsquish's.
using Rgba = std::array<std::uint8_t, 4>;

// As a palette stores colours: 0xAARRGGBB.
constexpr std::uint32_t argb(const Rgba& colour) {
    return std::uint32_t(colour[3]) << 24 | std::uint32_t(colour[0]) << 16 |
           std::uint32_t(colour[1]) << 8 | colour[2];
}

constexpr Rgba fromArgb(std::uint32_t value) {
    return {std::uint8_t(value >> 16), std::uint8_t(value >> 8), std::uint8_t(value),
            std::uint8_t(value >> 24)};
}

// A `bits`-bit channel level (4..8 bits) widened to 8 bits by bit replication, so the widened
// values span the full 0..255 range (31 → 255 for 5 bits, 0 → 0).
constexpr std::uint8_t widenChannel(unsigned level, int bits) {
    return std::uint8_t((level << (8 - bits)) | (level >> (2 * bits - 8)));
}

} // namespace portalkit::dat
