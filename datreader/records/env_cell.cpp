#include "datreader/records/env_cell.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kPortalBytes = 8;

[[noreturn]] void invalid(const std::string& message) {
    throw DatError("envCell", "envCell: " + message, 0, OffsetKind::Entry);
}

// The stored low half of an id whose type the field implies.
std::uint16_t lowHalf(std::uint32_t did, std::uint32_t type, const char* what) {
    if ((did & 0xFFFF0000) != type)
        invalid(std::string(what) + " " + formatDid(did) + " is not of type " + formatDid(type));
    return std::uint16_t(did);
}

std::uint32_t typedIdFromJson(const JsonNode& node, std::uint32_t type) {
    const std::uint32_t did = node.u32();
    if ((did & 0xFFFF0000) != type)
        node.fail(formatDid(did) + " is not a " + formatDid(type) + " id (only its low half is " +
                  "stored)");
    return did;
}

void requireU8Count(std::size_t count, const char* what) {
    if (count > 0xFF)
        invalid(std::string("more than 255 ") + what + " (the count is a u8)");
}

CellPortal readPortal(ByteCursor& in) {
    CellPortal portal;
    portal.flags = in.u16("envCell.portal.flags");
    portal.polygonId = in.u16("envCell.portal.polygonId");
    portal.otherCellId = in.u16("envCell.portal.otherCellId");
    portal.otherPortalId = in.u16("envCell.portal.otherPortalId");
    return portal;
}

QJsonObject portalToJson(const CellPortal& portal) {
    return {{"flags", portal.flags},
            {"polygonId", portal.polygonId},
            {"otherCellId", portal.otherCellId},
            {"otherPortalId", portal.otherPortalId}};
}

CellPortal portalFromJson(const JsonNode& node) {
    CellPortal portal;
    portal.flags = node["flags"].u16(0);
    portal.polygonId = node["polygonId"].u16();
    portal.otherCellId = node["otherCellId"].u16();
    portal.otherPortalId = node["otherPortalId"].u16(0);
    return portal;
}

void rejectUnlessFlagged(const JsonNode& node, std::string_view key, bool flagged,
                         const char* flag) {
    if (!flagged && node.has(key))
        node[key].fail(std::string("given, but flags lack ") + flag);
}

} // namespace

EnvCell EnvCell::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    EnvCell cell;
    cell.id = readOwnId(in, did);
    cell.flags = in.u32("envCell.flags");
    cell.cellId = in.u32("envCell.cellId");
    const std::uint8_t surfaceCount = in.u8("envCell.surfaces");
    const std::uint8_t portalCount = in.u8("envCell.portals");
    const std::uint16_t visibleCount = in.u16("envCell.visibleCells");
    cell.surfaces.reserve(surfaceCount);
    for (std::uint8_t i = 0; i < surfaceCount; ++i)
        cell.surfaces.push_back(kSurfaceType | in.u16("envCell.surfaces"));
    cell.environmentId = kEnvironmentType | in.u16("envCell.environmentId");
    cell.cellStructure = in.u16("envCell.cellStructure");
    cell.position = readFrame(in, "envCell.position");
    cell.portals.reserve(portalCount);
    for (std::uint8_t i = 0; i < portalCount; ++i)
        cell.portals.push_back(readPortal(in));
    if (visibleCount > in.remaining() / 2)
        in.fail("envCell.visibleCells", "count " + std::to_string(visibleCount) +
                                            " cannot fit in the " + std::to_string(in.remaining()) +
                                            " bytes left");
    cell.visibleCells.reserve(visibleCount);
    for (std::uint16_t i = 0; i < visibleCount; ++i)
        cell.visibleCells.push_back(in.u16("envCell.visibleCells"));
    if (cell.hasStatics())
        cell.statics = readStabList(in, "envCell.statics");
    if (cell.hasRestrictionObject())
        cell.restrictionObject = in.u32("envCell.restrictionObject");
    cell.trailing = readTrailing(in);
    return cell;
}

std::vector<std::uint8_t> EnvCell::encode() const {
    if (!hasStatics() && !statics.empty())
        invalid("statics without the HasStaticObjs flag (0x2)");
    if (!hasRestrictionObject() && restrictionObject != 0)
        invalid("restrictionObject without the HasRestrictionObj flag (0x8)");
    requireU8Count(surfaces.size(), "surfaces");
    requireU8Count(portals.size(), "portals");
    if (visibleCells.size() > 0xFFFF)
        invalid("more than 65535 visible cells (the count is a u16)");

    ByteWriter out;
    out.u32(id);
    out.u32(flags);
    out.u32(cellId);
    out.u8(std::uint8_t(surfaces.size()));
    out.u8(std::uint8_t(portals.size()));
    out.u16(std::uint16_t(visibleCells.size()));
    for (std::uint32_t surface : surfaces)
        out.u16(lowHalf(surface, kSurfaceType, "surface"));
    out.u16(lowHalf(environmentId, kEnvironmentType, "environmentId"));
    out.u16(cellStructure);
    write(out, position);
    for (const CellPortal& portal : portals) {
        out.u16(portal.flags);
        out.u16(portal.polygonId);
        out.u16(portal.otherCellId);
        out.u16(portal.otherPortalId);
    }
    for (std::uint16_t visible : visibleCells)
        out.u16(visible);
    if (hasStatics())
        writeStabList(out, statics);
    if (hasRestrictionObject())
        out.u32(restrictionObject);
    out.bytes(trailing);
    return out.take();
}

QJsonObject EnvCell::toJson() const {
    QJsonArray surfaceList;
    for (std::uint32_t surface : surfaces)
        surfaceList.append(didJson(surface));
    QJsonArray portalList;
    for (const CellPortal& portal : portals)
        portalList.append(portalToJson(portal));
    QJsonObject object{{"id", didJson(id)},
                       {"flags", qint64(flags)},
                       {"cellId", didJson(cellId)},
                       {"surfaces", surfaceList},
                       {"environmentId", didJson(environmentId)},
                       {"cellStructure", cellStructure},
                       {"position", dat::toJson(position)},
                       {"portals", portalList},
                       {"visibleCells", u16ListToJson(visibleCells)}};
    if (hasStatics())
        object["statics"] = stabListToJson(statics);
    if (hasRestrictionObject())
        object["restrictionObject"] = didJson(restrictionObject);
    putTrailing(object, trailing);
    return object;
}

EnvCell EnvCell::fromJson(const JsonNode& node, std::uint32_t did) {
    EnvCell cell;
    cell.id = ownIdFromJson(node, did);
    cell.flags = node["flags"].u32((node.has("statics") ? kHasStaticObjects : 0) |
                                   (node.has("restrictionObject") ? kHasRestrictionObject : 0));
    rejectUnlessFlagged(node, "statics", cell.hasStatics(), "HasStaticObjs (0x2)");
    rejectUnlessFlagged(node, "restrictionObject", cell.hasRestrictionObject(),
                        "HasRestrictionObj (0x8)");
    cell.cellId = node["cellId"].u32(cell.id);
    for (const JsonNode& surface : node["surfaces"].elements())
        cell.surfaces.push_back(typedIdFromJson(surface, kSurfaceType));
    if (cell.surfaces.size() > 0xFF)
        node["surfaces"].fail("more than 255 surfaces (the count is a u8)");
    cell.environmentId = typedIdFromJson(node["environmentId"], kEnvironmentType);
    cell.cellStructure = node["cellStructure"].u16(0);
    if (node.has("position"))
        cell.position = frameFromJson(node["position"]);
    for (const JsonNode& portal : node["portals"].elements())
        cell.portals.push_back(portalFromJson(portal));
    if (cell.portals.size() > 0xFF)
        node["portals"].fail("more than 255 portals (the count is a u8)");
    cell.visibleCells = u16ListFromJson(node["visibleCells"]);
    if (cell.visibleCells.size() > 0xFFFF)
        node["visibleCells"].fail("more than 65535 visible cells (the count is a u16)");
    cell.statics = stabListFromJson(node["statics"]);
    cell.restrictionObject = node["restrictionObject"].u32(0);
    cell.trailing = bytesFromJson(node["trailing"]);
    return cell;
}

} // namespace portalkit::dat
