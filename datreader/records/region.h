#pragma once

// Region (0x13...): the world's description (docs/formats.md#region) — its land definitions and
// the height table LandBlock heights index, the calendar, and the flag-gated sky, ambient sound
// and scene parts, the terrain types with their texture merge data, and the misc ids.

#include "datreader/records/legacy_string.h"
#include "datreader/records/region_sky.h"
#include "datreader/records/region_terrain.h"

#include <QJsonObject>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct LandDefs {
    std::int32_t numBlockLength = 255; // landblocks per side of the world
    std::int32_t numBlockWidth = 255;
    float squareLength = 24;       // metres per terrain cell
    std::int32_t lblockLength = 8; // cells per landblock side
    std::int32_t vertexPerCell = 1;
    float maxObjHeight = 0;
    float skyHeight = 0;
    float roadWidth = 0;
    std::array<float, 256> landHeightTable{}; // metres, indexed by a LandBlock height byte
    bool operator==(const LandDefs&) const = default;
};

struct TimeOfDay {
    float start = 0;           // fraction of the day
    std::uint32_t isNight = 0; // bool32, raw
    LegacyString name;
    bool operator==(const TimeOfDay&) const = default;
};

struct Season {
    std::uint32_t startDate = 0; // day of the year
    LegacyString name;
    bool operator==(const Season&) const = default;
};

struct GameTime {
    double zeroTimeOfYear = 0;
    std::uint32_t zeroYear = 0;
    float dayLength = 0; // seconds
    std::uint32_t daysPerYear = 0;
    LegacyString yearSpec;
    std::vector<TimeOfDay> timesOfDay;
    std::vector<LegacyString> daysOfWeek;
    std::vector<Season> seasons;
    bool operator==(const GameTime&) const = default;
};

struct RegionMisc {
    std::uint32_t version = 0;
    std::uint32_t gameMapId = 0; // RenderSurface of the world map
    std::uint32_t autotestMapId = 0;
    std::uint32_t autotestMapSize = 0;
    std::uint32_t clearCellId = 0;
    std::uint32_t clearMonsterId = 0;
    bool operator==(const RegionMisc&) const = default;
};

struct Region {
    static constexpr std::string_view kTypeName = "Region";
    static constexpr std::uint32_t kHasSound = 0x01;
    static constexpr std::uint32_t kHasScene = 0x02;
    static constexpr std::uint32_t kHasSky = 0x10;
    static constexpr std::uint32_t kHasMisc = 0x200;

    std::uint32_t id = 0;
    std::uint32_t regionNumber = 1;
    std::uint32_t version = 3; // the 2013 client refuses any other
    LegacyString name;
    LandDefs landDefs;
    GameTime gameTime;
    std::uint32_t partsMask = 0; // raw: bits other than the four above carry no data
    SkyDesc sky;                 // partsMask & kHasSky
    SoundDesc sound;             // partsMask & kHasSound
    SceneDesc scene;             // partsMask & kHasScene
    TerrainDesc terrain;         // always stored
    RegionMisc misc;             // partsMask & kHasMisc
    std::vector<std::uint8_t> trailing;

    bool has(std::uint32_t part) const { return (partsMask & part) != 0; }

    static Region decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    // Throws DatError for a part the mask leaves out and for fill that cannot be stored.
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    // Without "partsMask" the mask follows the parts present. Throws DatError naming the path.
    static Region fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const Region&) const = default;
};

} // namespace portalkit::dat
