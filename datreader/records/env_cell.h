#pragma once

// EnvCell (0xXXYY0100-0xXXYYFFFD in a cell DAT): one interior cell — the Environment and
// CellStruct that shape it, its surfaces, where it sits, its portals to other cells, the cells
// seen from it and the objects in it (docs/formats.md#envcell). No alignment anywhere.

#include "datreader/records/record_codec.h"
#include "datreader/records/world_common.h"

namespace portalkit::dat {

struct CellPortal {
    static constexpr std::uint16_t kExactMatch = 0x1;
    static constexpr std::uint16_t kPortalSide = 0x2;
    static constexpr std::uint16_t kOutside = 0xFFFF; // otherCellId of a portal to the outdoors

    std::uint16_t flags = 0;     // raw, unknown bits included
    std::uint16_t polygonId = 0; // a polygon of the cell's CellStruct
    std::uint16_t otherCellId = 0;
    std::uint16_t otherPortalId = 0;

    bool leadsOutside() const { return otherCellId == kOutside; }
    bool operator==(const CellPortal&) const = default;
};

struct EnvCell {
    static constexpr std::string_view kTypeName = "EnvCell";
    static constexpr std::uint32_t kSeenOutside = 0x1;
    static constexpr std::uint32_t kHasStaticObjects = 0x2;
    static constexpr std::uint32_t kHasRestrictionObject = 0x8;
    // Surface and Environment ids are stored as their low 16 bits.
    static constexpr std::uint32_t kSurfaceType = 0x08000000;
    static constexpr std::uint32_t kEnvironmentType = 0x0D000000;

    std::uint32_t id = 0;
    std::uint32_t flags = 0;                        // raw, unknown bits included
    std::uint32_t cellId = 0;                       // the id stored a second time, kept raw
    std::vector<std::uint32_t> surfaces;            // full Surface DIDs (0x0800xxxx)
    std::uint32_t environmentId = kEnvironmentType; // full DID (0x0D00xxxx)
    std::uint16_t cellStructure = 0;                // key of the CellStruct in that Environment
    Frame position;
    std::vector<CellPortal> portals;
    std::vector<std::uint16_t> visibleCells; // low halves of EnvCell ids
    std::vector<Stab> statics;               // flags & kHasStaticObjects
    std::uint32_t restrictionObject = 0;     // flags & kHasRestrictionObject
    std::vector<std::uint8_t> trailing;

    bool hasStatics() const { return (flags & kHasStaticObjects) != 0; }
    bool hasRestrictionObject() const { return (flags & kHasRestrictionObject) != 0; }

    // encode throws DatError for parts the flags leave out, ids of the wrong type and lists longer
    // than their counts can say.
    // fromJson: without "flags" the static and restriction flags follow the parts present, and
    // "cellId" defaults to the id. Throws DatError naming the path.
    PORTALKIT_RECORD_CODEC(EnvCell);
};

} // namespace portalkit::dat
