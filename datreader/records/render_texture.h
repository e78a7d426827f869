#pragma once

// RenderTexture (0x15...): a texture of the later graphics engine, naming the RenderSurfaces that
// are its source levels (docs/formats.md#rendertexture).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct RenderTexture {
    static constexpr std::string_view kTypeName = "RenderTexture";

    std::uint32_t id = 0;
    std::uint32_t dataCategory = 0;          // the second header word this type carries (raw)
    std::uint8_t textureType = 2;            // 1 undefined, 2 2D, 3 3D, 4 cube, 5 movie; kept raw
    std::vector<std::uint32_t> sourceLevels; // RenderSurface (0x06...) ids

    std::vector<std::uint8_t> trailing;

    // fromJson: "numSourceLevels" is optional; when given it must match "sourceLevels".
    PORTALKIT_RECORD_CODEC(RenderTexture);
};

} // namespace portalkit::dat
