#pragma once

// Setup (0x02): how GfxObj parts assemble into one object, with its placements, collision
// shapes, lights and default tables (docs/formats.md).

#include "datreader/records/animation.h"
#include "datreader/records/record_codec.h"

#include <utility>

namespace portalkit::dat {

struct Setup {
    static constexpr std::string_view kTypeName = "Setup";

    static constexpr std::uint32_t kHasParent = 0x1;
    static constexpr std::uint32_t kHasDefaultScale = 0x2;

    // Keyed lists are stored maps; they stay vectors of pairs so encode keeps the stored order.
    using Locations = std::vector<std::pair<std::int32_t, LocationType>>; // ParentLocation key

    std::uint32_t id = 0;
    std::uint32_t flags = 0;                  // raw; 0x4 AllowFreeHeading, 0x8 HasPhysicsBSP
    std::vector<std::uint32_t> parts;         // GfxObj DIDs, full 32 bits
    std::vector<std::uint32_t> parentIndices; // one per part when flags & kHasParent, else empty
    std::vector<Vec3> defaultScales; // one per part when flags & kHasDefaultScale, else empty
    Locations holdingLocations;
    Locations connectionPoints;
    // Placement key -> one transform per part plus hooks (AnimationFrame, docs/formats.md).
    std::vector<std::pair<std::uint32_t, AnimationFrame>> placementFrames;
    std::vector<CylSphere> cylSpheres;
    std::vector<Sphere> spheres; // stored order
    float height = 0;
    float radius = 0;
    float stepUpHeight = 0;
    float stepDownHeight = 0;
    Sphere sortingSphere;
    Sphere selectionSphere;
    std::vector<std::pair<std::int32_t, LightInfo>> lights;
    std::uint32_t defaultAnimation = 0;   // Animation 0x03..., 0 = none
    std::uint32_t defaultScript = 0;      // PhysicsScript 0x33...
    std::uint32_t defaultMotionTable = 0; // 0x09...
    std::uint32_t defaultSoundTable = 0;  // 0x20...
    std::uint32_t defaultScriptTable = 0; // PhysicsScriptTable 0x34...

    bool hasParent() const { return (flags & kHasParent) != 0; }
    bool hasDefaultScale() const { return (flags & kHasDefaultScale) != 0; }

    // Bytes after the last known field, kept and written back (docs/formats.md#retail-bytes).
    std::vector<std::uint8_t> trailing;

    // encode throws DatError when a per-part list does not have one entry per part.
    // fromJson: every list and scalar may be left out (empty, zero, identity). Without "flags",
    // "parentIndices" and "defaultScales" imply kHasParent and kHasDefaultScale; with it, they
    // must be given exactly when its bits say so. Map entries need their "key". Throws DatError
    // naming the path for anything encode would reject.
    PORTALKIT_RECORD_CODEC(Setup);
};

} // namespace portalkit::dat
