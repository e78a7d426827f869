#pragma once

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

// A texture as a list of RenderSurfaces, one per mip level, highest quality first; the first ones
// may exist only in client_highres.dat (docs/formats.md).
struct SurfaceTexture {
    static constexpr std::string_view kTypeName = "SurfaceTexture";

    std::uint32_t id = 0;
    std::uint32_t dataCategory = 0; // 0 in retail data
    std::uint8_t textureType = 2;   // 1 Undefined, 2 Texture2D, 3 Texture3D, 4 Cube, 5 Movie2D
    std::vector<std::uint32_t> renderSurfaceIds; // 0x06…

    // "Unknown" for values outside 1-5.
    static std::string_view textureTypeName(std::uint8_t type);

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // fromJson: "textureTypeName" may stand in for "textureType" (default 2); when both are given
    // they must agree.
    PORTALKIT_RECORD_CODEC(SurfaceTexture);
};

} // namespace portalkit::dat
