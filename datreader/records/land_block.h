#pragma once

// LandBlock (0xXXYYFFFF in a cell DAT): a landblock's 9×9 terrain grid of terrain words and
// height indices (docs/formats.md#landblock). Retail entries are 252 bytes.

#include "datreader/records/record_codec.h"
#include "datreader/records/world_common.h"

#include <array>

namespace portalkit::dat {

struct LandBlock {
    static constexpr std::string_view kTypeName = "LandBlock";
    static constexpr int kSide = 9;                    // vertices along each edge
    static constexpr int kVertexCount = kSide * kSide; // 81
    static constexpr std::size_t kStoredBytes = 252;   // with the one alignment byte

    // A terrain word: bits 0-1 road, 2-6 terrain type, 7-10 unused, 11-15 scenery.
    static std::uint16_t road(std::uint16_t word) { return word & 0x3; }
    static std::uint16_t terrainType(std::uint16_t word) { return (word >> 2) & 0x1F; }
    static std::uint16_t scenery(std::uint16_t word) { return word >> 11; }
    static std::uint16_t unusedBits(std::uint16_t word) { return (word >> 7) & 0xF; }
    static std::uint16_t terrainWord(std::uint16_t road, std::uint16_t type, std::uint16_t scenery,
                                     std::uint16_t unused = 0) {
        return std::uint16_t((road & 0x3) | ((type & 0x1F) << 2) | ((unused & 0xF) << 7) |
                             (scenery << 11));
    }
    // Vertex (x, y) of the grid, x running east and y north: index x * 9 + y.
    static int vertexIndex(int x, int y) { return x * kSide + y; }

    std::uint32_t id = 0;
    std::uint32_t hasObjects = 0; // bool32 kept raw: a LandBlockInfo (…FFFE) exists
    std::array<std::uint16_t, kVertexCount> terrain{};
    std::array<std::uint8_t, kVertexCount> heights{}; // indices into the Region's height table
    std::uint32_t pad = 0;                            // the alignment byte, raw
    std::vector<std::uint8_t> trailing;               // bytes after the known fields

    // fromJson: terrain words are objects {road, type, scenery[, unused]} or plain numbers; missing
    // terrain and heights stay zero. Throws DatError naming the path.
    PORTALKIT_RECORD_CODEC(LandBlock);
};

} // namespace portalkit::dat
