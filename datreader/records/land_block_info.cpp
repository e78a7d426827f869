#include "datreader/records/land_block_info.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kSmallestPortal = 8;                // flags, cell, portal, stab count
constexpr std::size_t kSmallestBuilding = 4 + 28 + 4 + 4; // model, frame, leaves, portals
constexpr std::size_t kRestrictionBytes = 8;

[[noreturn]] void invalid(const std::string& message) {
    throw DatError("landBlockInfo", "landBlockInfo: " + message, 0, OffsetKind::Entry);
}

// A u16 count read at `countAt`, checked against the bytes left.
void requireShortCountFits(ByteCursor& in, std::size_t countAt, std::uint16_t count,
                           std::size_t minItemBytes, const char* field) {
    if (count > in.remaining() / minItemBytes)
        in.failAt(countAt, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
}

std::uint16_t readShortCount(ByteCursor& in, const char* field, std::size_t minItemBytes) {
    const std::size_t at = in.position();
    const std::uint16_t count = in.u16(field);
    requireShortCountFits(in, at, count, minItemBytes, field);
    return count;
}

void writeShortCount(ByteWriter& out, std::size_t count, const char* what) {
    if (count > 0xFFFF)
        invalid(std::string("more than 65535 ") + what + " (the count is a u16)");
    out.u16(std::uint16_t(count));
}

BuildingPortal readPortal(ByteCursor& in) {
    BuildingPortal portal;
    portal.flags = in.u16("landBlockInfo.building.portal.flags");
    portal.otherCellId = in.u16("landBlockInfo.building.portal.otherCellId");
    portal.otherPortalId = in.u16("landBlockInfo.building.portal.otherPortalId");
    const std::uint16_t stabCount = readShortCount(in, "landBlockInfo.building.portal.stabs", 2);
    portal.stabs.reserve(stabCount);
    for (std::uint16_t i = 0; i < stabCount; ++i)
        portal.stabs.push_back(in.u16("landBlockInfo.building.portal.stabs"));
    portal.pad = readPad(in, "landBlockInfo.building.portal.pad");
    return portal;
}

void writePortal(ByteWriter& out, const BuildingPortal& portal) {
    out.u16(portal.flags);
    out.u16(portal.otherCellId);
    out.u16(portal.otherPortalId);
    writeShortCount(out, portal.stabs.size(), "stabs in a building portal");
    for (std::uint16_t stab : portal.stabs)
        out.u16(stab);
    writePad(out, portal.pad, "landBlockInfo.building.portal.pad");
}

BuildingInfo readBuilding(ByteCursor& in) {
    BuildingInfo building;
    building.modelId = in.u32("landBlockInfo.building.modelId");
    building.frame = readFrame(in, "landBlockInfo.building.frame");
    building.numLeaves = in.u32("landBlockInfo.building.numLeaves");
    const std::uint32_t portalCount =
        readCount(in, "landBlockInfo.building.portals", kSmallestPortal);
    building.portals.reserve(portalCount);
    for (std::uint32_t i = 0; i < portalCount; ++i) {
        try {
            building.portals.push_back(readPortal(in));
        } catch (DatError& error) {
            error.withContext("reading portal " + std::to_string(i));
            throw;
        }
    }
    return building;
}

void writeBuilding(ByteWriter& out, const BuildingInfo& building) {
    out.u32(building.modelId);
    write(out, building.frame);
    out.u32(building.numLeaves);
    out.u32(std::uint32_t(building.portals.size()));
    for (const BuildingPortal& portal : building.portals)
        writePortal(out, portal);
}

QJsonObject portalToJson(const BuildingPortal& portal) {
    QJsonObject object{{"flags", portal.flags},
                       {"otherCellId", portal.otherCellId},
                       {"otherPortalId", portal.otherPortalId},
                       {"stabs", u16ListToJson(portal.stabs)}};
    putPad(object, "pad", portal.pad);
    return object;
}

QJsonObject buildingToJson(const BuildingInfo& building) {
    QJsonArray portals;
    for (const BuildingPortal& portal : building.portals)
        portals.append(portalToJson(portal));
    return {{"modelId", didJson(building.modelId)},
            {"frame", toJson(building.frame)},
            {"numLeaves", qint64(building.numLeaves)},
            {"portals", portals}};
}

BuildingPortal portalFromJson(const JsonNode& node) {
    BuildingPortal portal;
    portal.flags = node["flags"].u16(0);
    portal.otherCellId = node["otherCellId"].u16();
    portal.otherPortalId = node["otherPortalId"].u16(0);
    portal.stabs = u16ListFromJson(node["stabs"]);
    if (portal.stabs.size() > 0xFFFF)
        node["stabs"].fail("more than 65535 stabs (the count is a u16)");
    // Fill exists only after an odd stab count: two bytes.
    portal.pad = node["pad"].u16(0);
    if (portal.pad != 0 && portal.stabs.size() % 2 == 0)
        node["pad"].fail("an even stab count leaves no alignment fill");
    return portal;
}

BuildingInfo buildingFromJson(const JsonNode& node) {
    BuildingInfo building;
    building.modelId = node["modelId"].u32();
    if (node.has("frame"))
        building.frame = frameFromJson(node["frame"]);
    building.numLeaves = node["numLeaves"].u32(0);
    for (const JsonNode& portal : node["portals"].elements())
        building.portals.push_back(portalFromJson(portal));
    return building;
}

} // namespace

LandBlockInfo LandBlockInfo::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    LandBlockInfo info;
    info.id = readOwnId(in, did);
    info.numCells = in.u32("landBlockInfo.numCells");
    info.objects = readStabList(in, "landBlockInfo.objects");
    // The flags sit between the building count and the buildings.
    const std::size_t countAt = in.position();
    const std::uint16_t buildingCount = in.u16("landBlockInfo.buildings");
    info.flags = in.u16("landBlockInfo.flags");
    requireShortCountFits(in, countAt, buildingCount, kSmallestBuilding, "landBlockInfo.buildings");
    info.buildings.reserve(buildingCount);
    for (std::uint16_t i = 0; i < buildingCount; ++i) {
        try {
            info.buildings.push_back(readBuilding(in));
        } catch (DatError& error) {
            error.withContext("reading building " + std::to_string(i));
            throw;
        }
    }
    if (info.hasRestrictions()) {
        // The bucket count sits between the entry count and the entries.
        const std::size_t tableAt = in.position();
        const std::uint16_t count = in.u16("landBlockInfo.restrictions");
        info.restrictionBuckets = in.u16("landBlockInfo.restrictionBuckets");
        requireShortCountFits(in, tableAt, count, kRestrictionBytes, "landBlockInfo.restrictions");
        info.restrictions.reserve(count);
        for (std::uint16_t i = 0; i < count; ++i) {
            Restriction restriction;
            restriction.key = in.u32("landBlockInfo.restrictions");
            restriction.value = in.u32("landBlockInfo.restrictions");
            info.restrictions.push_back(restriction);
        }
    }
    info.trailing = readTrailing(in);
    return info;
}

std::vector<std::uint8_t> LandBlockInfo::encode() const {
    if (!hasRestrictions() && (restrictionBuckets != 0 || !restrictions.empty()))
        invalid("restrictions without their flag (0x1)");
    ByteWriter out;
    out.u32(id);
    out.u32(numCells);
    writeStabList(out, objects);
    writeShortCount(out, buildings.size(), "buildings");
    out.u16(flags);
    for (const BuildingInfo& building : buildings)
        writeBuilding(out, building);
    if (hasRestrictions()) {
        writeShortCount(out, restrictions.size(), "restrictions");
        out.u16(restrictionBuckets);
        for (const Restriction& restriction : restrictions) {
            out.u32(restriction.key);
            out.u32(restriction.value);
        }
    }
    out.bytes(trailing);
    return out.take();
}

QJsonObject LandBlockInfo::toJson() const {
    QJsonArray buildingList;
    for (const BuildingInfo& building : buildings)
        buildingList.append(buildingToJson(building));
    QJsonObject object{{"id", didJson(id)},
                       {"numCells", qint64(numCells)},
                       {"objects", stabListToJson(objects)},
                       {"flags", flags},
                       {"buildings", buildingList}};
    if (hasRestrictions()) {
        QJsonArray list;
        for (const Restriction& restriction : restrictions)
            list.append(QJsonObject{{"key", didJson(restriction.key)},
                                    {"value", didJson(restriction.value)}});
        object["restrictionBuckets"] = restrictionBuckets;
        object["restrictions"] = list;
    }
    putTrailing(object, trailing);
    return object;
}

LandBlockInfo LandBlockInfo::fromJson(const JsonNode& node, std::uint32_t did) {
    LandBlockInfo info;
    info.id = ownIdFromJson(node, did);
    info.numCells = node["numCells"].u32(0);
    info.objects = stabListFromJson(node["objects"]);
    info.flags = node["flags"].u16(node.has("restrictions") ? kHasRestrictions : 0);
    for (const char* key : {"restrictions", "restrictionBuckets"})
        if (!info.hasRestrictions() && node.has(key))
            node[key].fail("given, but flags lack HasRestrictions (0x1)");
    for (const JsonNode& building : node["buildings"].elements())
        info.buildings.push_back(buildingFromJson(building));
    if (info.buildings.size() > 0xFFFF)
        node["buildings"].fail("more than 65535 buildings (the count is a u16)");
    info.restrictionBuckets = node["restrictionBuckets"].u16(0);
    for (const JsonNode& restriction : node["restrictions"].elements())
        info.restrictions.push_back({restriction["key"].u32(), restriction["value"].u32()});
    if (info.restrictions.size() > 0xFFFF)
        node["restrictions"].fail("more than 65535 restrictions (the count is a u16)");
    info.trailing = bytesFromJson(node["trailing"]);
    return info;
}

} // namespace portalkit::dat
