#pragma once

// GfxObj (0x01): one mesh with its surfaces, vertices, polygons and BSP trees
// (docs/formats.md#meshes). The mesh and BSP codecs live in mesh.h and bsp.h, shared with
// CellStruct.

#include "datreader/records/bsp.h"
#include "datreader/records/mesh.h"
#include "datreader/records/record_codec.h"

#include <QJsonArray>
#include <optional>

namespace portalkit::dat {

struct GfxObj {
    static constexpr std::string_view kTypeName = "GfxObj";

    static constexpr std::uint32_t kHasPhysics = 0x1;
    static constexpr std::uint32_t kHasDrawing = 0x2;
    static constexpr std::uint32_t kHasDidDegrade = 0x8;

    static constexpr std::uint8_t kStipplingNoPos = MeshPolygon::kStipplingNoPos;
    static constexpr std::uint8_t kStipplingNoNeg = MeshPolygon::kStipplingNoNeg;
    static constexpr std::int32_t kSidesClockwise = MeshPolygon::kSidesClockwise;

    using UV = MeshUV;
    using Vertex = MeshVertex;
    using Polygon = MeshPolygon;

    // Byte length (2 or 4) of a compressed count that the data stored in a longer form than its
    // value needs; 0 = the shortest form. Kept so encode reproduces such data byte for byte.
    struct CountWidths {
        std::uint8_t surfaces = 0;
        std::uint8_t physicsPolygons = 0;
        std::uint8_t polygons = 0;
        bool operator==(const CountWidths&) const = default;
    };

    std::uint32_t id = 0;
    std::uint32_t flags = 0;              // raw; bits other than the kHas* ones carry no data
    std::vector<std::uint32_t> surfaces;  // Surface DIDs (0x08...)
    std::vector<Vertex> vertices;         // stored order
    std::vector<Polygon> physicsPolygons; // flags & kHasPhysics
    BspTree physicsBsp;                   // flags & kHasPhysics
    Vec3 sortCenter;
    std::vector<Polygon> polygons; // flags & kHasDrawing
    BspTree drawingBsp;            // flags & kHasDrawing
    std::uint32_t didDegrade = 0;  // GfxObjDegradeInfo (0x11...), flags & kHasDidDegrade
    CountWidths longCountWidths;

    bool hasPhysics() const { return (flags & kHasPhysics) != 0; }
    bool hasDrawing() const { return (flags & kHasDrawing) != 0; }
    bool hasDidDegrade() const { return (flags & kHasDidDegrade) != 0; }

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // encode throws DatError when lists disagree with the flags or with each other.
    // fromJson: without "flags" the flags follow the parts present (physics, drawing, didDegrade);
    // with it, the parts must match them. Throws DatError naming the path for anything encode would
    // reject.
    PORTALKIT_RECORD_CODEC(GfxObj);
};

} // namespace portalkit::dat
