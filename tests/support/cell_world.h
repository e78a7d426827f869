#pragma once

// A small cell DAT of real records, encoded here and written with our own writer, and the portal
// DAT its ids name: what the studio's browser and inspector suites group and link.
//
//   0xA8B3..0xAAB5  3×3 outdoor landblocks (LandBlock each); 0xA9B4 is a town: a LandBlockInfo
//                   with a static object and one building whose doorway leads into EnvCells
//                   0xA9B40100 and 0xA9B40101 (environment 0x0D000123)
//   0x01D9          a dungeon: LandBlockInfo with 6 cells and no building, EnvCells 0x0100..0105
//   0x0D00          a dungeon too, whose cell 0x0D000123 has the number of the portal's
//                   Environment 0x0D000123
//   0x3344          EnvCells and no LandBlockInfo at all (a dungeon by the rule)
//   0x7D64          an EnvCell and a LandBlockInfo whose bytes do not decode (stays outdoors)

#include "datreader/container/dat_writer.h"
#include "datreader/records/env_cell.h"
#include "datreader/records/land_block.h"
#include "datreader/records/land_block_info.h"
#include "support/dat_fixtures.h"

#include <QString>
#include <vector>

namespace portalkit::testing::cellworld {

constexpr std::uint16_t kTown = 0xA9B4;
constexpr std::uint16_t kDungeon = 0x01D9;
constexpr std::uint16_t kCollidingDungeon = 0x0D00;
constexpr std::uint16_t kNoInfo = 0x3344;
constexpr std::uint16_t kBadInfo = 0x7D64;
constexpr std::uint32_t kEnvironment = 0x0D000123;
constexpr std::uint32_t kSurface = 0x08000010;
constexpr std::uint32_t kStatic = 0x01000003;
constexpr std::uint32_t kBuildingModel = 0x01000001;
constexpr std::uint32_t kTownObject = 0x02000002;
constexpr int kDungeonCells = 6;

inline std::uint32_t did(std::uint16_t landblock, std::uint16_t low) {
    return std::uint32_t(landblock) << 16 | low;
}

inline QByteArray bytesOf(const std::vector<std::uint8_t>& bytes) {
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

inline void putRecord(dat::DatWriter& writer, std::uint32_t id, const QByteArray& bytes) {
    dat::WriterEntry entry;
    entry.id = id;
    entry.data = bytes;
    writer.put(entry);
}

inline void putTerrain(dat::DatWriter& writer, std::uint16_t landblock, bool hasInfo) {
    dat::LandBlock terrain;
    terrain.id = did(landblock, 0xFFFF);
    terrain.hasObjects = hasInfo ? 1 : 0;
    for (int i = 0; i < dat::LandBlock::kVertexCount; ++i)
        terrain.heights[std::size_t(i)] = std::uint8_t(landblock + i);
    putRecord(writer, terrain.id, bytesOf(terrain.encode()));
}

// An EnvCell of `landblock` seeing `visible` (low halves), one portal to `next` (or outside).
inline dat::EnvCell cell(std::uint16_t landblock, std::uint16_t low,
                         std::vector<std::uint16_t> visible, std::uint16_t next) {
    dat::EnvCell envCell;
    envCell.id = envCell.cellId = did(landblock, low);
    envCell.flags = dat::EnvCell::kHasStaticObjects;
    envCell.surfaces = {kSurface};
    envCell.environmentId = kEnvironment;
    envCell.portals = {{0x2, 0, next, 0}};
    envCell.visibleCells = std::move(visible);
    envCell.statics = {{kStatic, {}}};
    return envCell;
}

inline void putCell(dat::DatWriter& writer, const dat::EnvCell& envCell) {
    putRecord(writer, envCell.id, bytesOf(envCell.encode()));
}

inline void putInfo(dat::DatWriter& writer, std::uint16_t landblock, std::uint32_t cells,
                    std::vector<dat::BuildingInfo> buildings, std::vector<dat::Stab> objects = {}) {
    dat::LandBlockInfo info;
    info.id = did(landblock, 0xFFFE);
    info.numCells = cells;
    info.objects = std::move(objects);
    info.buildings = std::move(buildings);
    putRecord(writer, info.id, bytesOf(info.encode()));
}

inline void writeCellDat(const QString& path) {
    dat::DatWriter writer(dat::DatKind::Cell);
    for (std::uint16_t x = 0xA8; x <= 0xAA; ++x)
        for (std::uint16_t y = 0xB3; y <= 0xB5; ++y)
            putTerrain(writer, std::uint16_t(x << 8 | y), (x << 8 | y) == kTown);
    dat::BuildingInfo building;
    building.modelId = kBuildingModel;
    building.numLeaves = 1;
    building.portals = {{0x2, 0x0100, 0, {0x0100, 0x0101}, 0}};
    putInfo(writer, kTown, 2, {building}, {{kTownObject, {}}});
    putCell(writer, cell(kTown, 0x0100, {0x0101}, 0xFFFF));
    putCell(writer, cell(kTown, 0x0101, {0x0100}, 0x0100));

    putTerrain(writer, kDungeon, true);
    putInfo(writer, kDungeon, kDungeonCells, {});
    for (int i = 0; i < kDungeonCells; ++i)
        putCell(writer, cell(kDungeon, std::uint16_t(0x0100 + i),
                             {std::uint16_t(0x0100 + (i + 1) % kDungeonCells)},
                             std::uint16_t(0x0100 + (i + 1) % kDungeonCells)));

    putTerrain(writer, kCollidingDungeon, true);
    putInfo(writer, kCollidingDungeon, 1, {});
    putCell(writer, cell(kCollidingDungeon, std::uint16_t(kEnvironment), {}, 0xFFFF));

    putCell(writer, cell(kNoInfo, 0x0100, {}, 0xFFFF));
    putCell(writer, cell(kNoInfo, 0x0101, {}, 0xFFFF));

    putTerrain(writer, kBadInfo, true);
    putRecord(writer, did(kBadInfo, 0xFFFE), QByteArray("\x64\x7D", 2)); // cut short in its id
    putCell(writer, cell(kBadInfo, 0x0100, {}, 0xFFFF));
    writer.save(path);
}

// The portal DAT the cell records name (payloads are filler: only their ids matter here).
inline void writePortalDat(const QString& path) {
    dat::DatWriter writer(dat::DatKind::Portal);
    for (std::uint32_t id : {kBuildingModel, kStatic, kTownObject, kSurface, kEnvironment})
        writer.put(entry(id, 64));
    writer.save(path);
}

} // namespace portalkit::testing::cellworld
