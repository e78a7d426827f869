#pragma once

// LandBlockInfo (0xXXYYFFFE in a cell DAT): what stands on a landblock — the number of its
// EnvCells, static objects, buildings with their portals, and the restriction table
// (docs/formats.md#landblockinfo).

#include "datreader/records/record_codec.h"
#include "datreader/records/world_common.h"

namespace portalkit::dat {

// A building's doorway into its interior cells.
struct BuildingPortal {
    std::uint16_t flags = 0;       // raw: 0x1 ExactMatch, 0x2 PortalSide (see formats.md)
    std::uint16_t otherCellId = 0; // EnvCell low half (0x0100...)
    std::uint16_t otherPortalId = 0;
    std::vector<std::uint16_t> stabs; // cells seen through the portal, low halves
    std::uint32_t pad = 0;            // the fill after an odd stab count, raw
    bool operator==(const BuildingPortal&) const = default;
};

struct BuildingInfo {
    std::uint32_t modelId = 0; // Setup (0x02...) or GfxObj (0x01...)
    Frame frame;
    std::uint32_t numLeaves = 0;
    std::vector<BuildingPortal> portals;
    bool operator==(const BuildingInfo&) const = default;
};

struct LandBlockInfo {
    static constexpr std::string_view kTypeName = "LandBlockInfo";
    static constexpr std::uint16_t kHasRestrictions = 0x1;

    struct Restriction {
        std::uint32_t key = 0;
        std::uint32_t value = 0;
        bool operator==(const Restriction&) const = default;
    };

    std::uint32_t id = 0;
    std::uint32_t numCells = 0; // EnvCells 0x0100 .. 0x0100 + numCells - 1
    std::vector<Stab> objects;
    std::uint16_t flags = 0; // raw; bits other than kHasRestrictions carry no data
    std::vector<BuildingInfo> buildings;
    // A packable hash table (flags & kHasRestrictions), entries in stored order.
    std::uint16_t restrictionBuckets = 0;
    std::vector<Restriction> restrictions;
    std::vector<std::uint8_t> trailing;

    bool hasRestrictions() const { return (flags & kHasRestrictions) != 0; }

    // encode throws DatError for restrictions without their flag and lists longer than their
    // counts. fromJson: without "flags" the restriction flag follows "restrictions". Throws
    // DatError naming the path for anything encode would reject.
    PORTALKIT_RECORD_CODEC(LandBlockInfo);
};

} // namespace portalkit::dat
