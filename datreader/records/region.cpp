#include "datreader/records/region.h"

#include "datreader/records/field_table.h"
#include "datreader/records/world_common.h"

namespace portalkit::dat {

namespace {

constexpr std::size_t kTimeOfDayBytes = 4 + 4 + 4; // start, isNight, empty name
constexpr std::size_t kStringBytes = 4;            // an empty name and its fill
constexpr std::size_t kSeasonBytes = 4 + 4;
constexpr std::size_t kHeights = 256;

[[noreturn]] void invalid(const std::string& message) {
    throw DatError("region", "region: " + message, 0, OffsetKind::Entry);
}

const std::array<Field<LandDefs>, 8> kLandDefsFields{{
    {"numBlockLength", &LandDefs::numBlockLength},
    {"numBlockWidth", &LandDefs::numBlockWidth},
    {"squareLength", &LandDefs::squareLength},
    {"lblockLength", &LandDefs::lblockLength},
    {"vertexPerCell", &LandDefs::vertexPerCell},
    {"maxObjHeight", &LandDefs::maxObjHeight},
    {"skyHeight", &LandDefs::skyHeight},
    {"roadWidth", &LandDefs::roadWidth},
}};

const std::array<Field<GameTime>, 4> kGameTimeFields{{
    {"zeroTimeOfYear", &GameTime::zeroTimeOfYear},
    {"zeroYear", &GameTime::zeroYear},
    {"dayLength", &GameTime::dayLength},
    {"daysPerYear", &GameTime::daysPerYear},
}};

const std::array<Field<RegionMisc>, 6> kMiscFields{{
    {"version", &RegionMisc::version},
    {"gameMapId", &RegionMisc::gameMapId, FieldStyle::Id},
    {"autotestMapId", &RegionMisc::autotestMapId, FieldStyle::Id},
    {"autotestMapSize", &RegionMisc::autotestMapSize},
    {"clearCellId", &RegionMisc::clearCellId, FieldStyle::Id},
    {"clearMonsterId", &RegionMisc::clearMonsterId, FieldStyle::Id},
}};

LandDefs readLandDefs(ByteCursor& in) {
    LandDefs defs;
    readFields(in, defs, kLandDefsFields, "region.landDefs");
    for (float& height : defs.landHeightTable)
        height = in.f32("region.landDefs.landHeightTable");
    return defs;
}

void write(ByteWriter& out, const LandDefs& defs) {
    writeFields(out, defs, kLandDefsFields);
    for (float height : defs.landHeightTable)
        out.f32(height);
}

QJsonObject landDefsToJson(const LandDefs& defs) {
    QJsonObject object;
    fieldsToJson(object, defs, kLandDefsFields);
    QJsonArray heights;
    for (float height : defs.landHeightTable)
        heights.append(exactJson(height));
    object["landHeightTable"] = heights;
    return object;
}

LandDefs landDefsFromJson(const JsonNode& node) {
    LandDefs defs;
    fieldsFromJson(node, defs, kLandDefsFields);
    const std::vector<JsonNode> heights = node["landHeightTable"].elements();
    if (!heights.empty() && heights.size() != kHeights)
        node["landHeightTable"].fail("expected 256 heights, found " +
                                     std::to_string(heights.size()));
    for (std::size_t i = 0; i < heights.size(); ++i)
        defs.landHeightTable[i] = heights[i].f32();
    return defs;
}

TimeOfDay readTimeOfDay(ByteCursor& in) {
    TimeOfDay time;
    time.start = in.f32("region.gameTime.timeOfDay.start");
    time.isNight = in.u32("region.gameTime.timeOfDay.isNight");
    time.name = readLegacyString(in, "region.gameTime.timeOfDay.name");
    return time;
}

Season readSeason(ByteCursor& in) {
    Season season;
    season.startDate = in.u32("region.gameTime.season.startDate");
    season.name = readLegacyString(in, "region.gameTime.season.name");
    return season;
}

GameTime readGameTime(ByteCursor& in) {
    GameTime time;
    readFields(in, time, kGameTimeFields, "region.gameTime");
    time.yearSpec = readLegacyString(in, "region.gameTime.yearSpec");
    time.timesOfDay = readNamedList(in, "region.gameTime.timesOfDay", kTimeOfDayBytes,
                                    "time of day", readTimeOfDay);
    time.daysOfWeek = readNamedList(
        in, "region.gameTime.daysOfWeek", kStringBytes, "day of the week",
        [](ByteCursor& c) { return readLegacyString(c, "region.gameTime.dayOfWeek"); });
    time.seasons = readNamedList(in, "region.gameTime.seasons", kSeasonBytes, "season", readSeason);
    return time;
}

void write(ByteWriter& out, const GameTime& time) {
    writeFields(out, time, kGameTimeFields);
    writeLegacyString(out, time.yearSpec, "region.gameTime.yearSpec");
    writeList(out, time.timesOfDay, [](ByteWriter& o, const TimeOfDay& t) {
        o.f32(t.start);
        o.u32(t.isNight);
        writeLegacyString(o, t.name, "region.gameTime.timeOfDay.name");
    });
    writeList(out, time.daysOfWeek, [](ByteWriter& o, const LegacyString& day) {
        writeLegacyString(o, day, "region.gameTime.dayOfWeek");
    });
    writeList(out, time.seasons, [](ByteWriter& o, const Season& season) {
        o.u32(season.startDate);
        writeLegacyString(o, season.name, "region.gameTime.season.name");
    });
}

QJsonObject gameTimeToJson(const GameTime& time) {
    QJsonObject object;
    fieldsToJson(object, time, kGameTimeFields);
    object["yearSpec"] = toJson(time.yearSpec);
    object["timesOfDay"] = listToJson(time.timesOfDay, [](const TimeOfDay& t) {
        return QJsonObject{{"start", exactJson(t.start)},
                           {"isNight", bool32Json(t.isNight)},
                           {"name", toJson(t.name)}};
    });
    object["daysOfWeek"] =
        listToJson(time.daysOfWeek, [](const LegacyString& day) { return toJson(day); });
    object["seasons"] = listToJson(time.seasons, [](const Season& season) {
        return QJsonObject{{"startDate", qint64(season.startDate)}, {"name", toJson(season.name)}};
    });
    return object;
}

GameTime gameTimeFromJson(const JsonNode& node) {
    GameTime time;
    fieldsFromJson(node, time, kGameTimeFields);
    time.yearSpec = legacyStringFromJson(node["yearSpec"]);
    time.timesOfDay = listFromJson(node["timesOfDay"], [](const JsonNode& t) {
        return TimeOfDay{t["start"].f32(0), t.has("isNight") ? bool32FromJson(t["isNight"]) : 0,
                         legacyStringFromJson(t["name"])};
    });
    time.daysOfWeek = listFromJson(node["daysOfWeek"], legacyStringFromJson);
    time.seasons = listFromJson(node["seasons"], [](const JsonNode& season) {
        return Season{season["startDate"].u32(0), legacyStringFromJson(season["name"])};
    });
    return time;
}

// The JSON keys of the flag-gated parts, with their bits.
struct Part {
    const char* key;
    std::uint32_t bit;
    const char* flag;
};
constexpr std::array<Part, 4> kParts{{{"sky", Region::kHasSky, "HasSky (0x10)"},
                                      {"sound", Region::kHasSound, "HasSound (0x1)"},
                                      {"scene", Region::kHasScene, "HasScene (0x2)"},
                                      {"misc", Region::kHasMisc, "HasMisc (0x200)"}}};

} // namespace

Region Region::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Region region;
    region.id = readOwnId(in, did);
    region.regionNumber = in.u32("region.regionNumber");
    region.version = in.u32("region.version");
    region.name = readLegacyString(in, "region.name");
    region.landDefs = readLandDefs(in);
    region.gameTime = readGameTime(in);
    region.partsMask = in.u32("region.partsMask");
    // Stored in this order, which is not the order of the bits.
    if (region.has(kHasSky))
        region.sky = readSkyDesc(in);
    if (region.has(kHasSound))
        region.sound = readSoundDesc(in);
    if (region.has(kHasScene))
        region.scene = readSceneDesc(in);
    region.terrain = readTerrainDesc(in);
    if (region.has(kHasMisc))
        readFields(in, region.misc, kMiscFields, "region.misc");
    region.trailing = readTrailing(in);
    return region;
}

std::vector<std::uint8_t> Region::encode() const {
    if (!has(kHasSky) && sky != SkyDesc{})
        invalid("a sky without its flag (0x10)");
    if (!has(kHasSound) && sound != SoundDesc{})
        invalid("ambient sounds without their flag (0x1)");
    if (!has(kHasScene) && scene != SceneDesc{})
        invalid("scene types without their flag (0x2)");
    if (!has(kHasMisc) && misc != RegionMisc{})
        invalid("misc ids without their flag (0x200)");
    ByteWriter out;
    out.u32(id);
    out.u32(regionNumber);
    out.u32(version);
    writeLegacyString(out, name, "region.name");
    write(out, landDefs);
    write(out, gameTime);
    out.u32(partsMask);
    if (has(kHasSky))
        write(out, sky);
    if (has(kHasSound))
        write(out, sound);
    if (has(kHasScene))
        write(out, scene);
    write(out, terrain);
    if (has(kHasMisc))
        writeFields(out, misc, kMiscFields);
    out.bytes(trailing);
    return out.take();
}

QJsonObject Region::toJson() const {
    QJsonObject object{{"id", didJson(id)},
                       {"regionNumber", qint64(regionNumber)},
                       {"version", qint64(version)},
                       {"name", dat::toJson(name)},
                       {"landDefs", landDefsToJson(landDefs)},
                       {"gameTime", gameTimeToJson(gameTime)},
                       {"partsMask", didJson(partsMask)},
                       {"terrain", dat::toJson(terrain)}};
    if (has(kHasSky))
        object["sky"] = dat::toJson(sky);
    if (has(kHasSound))
        object["sound"] = dat::toJson(sound);
    if (has(kHasScene))
        object["scene"] = dat::toJson(scene);
    if (has(kHasMisc)) {
        QJsonObject misc;
        fieldsToJson(misc, this->misc, kMiscFields);
        object["misc"] = misc;
    }
    if (!trailing.empty())
        object["trailing"] = hexJson(trailing);
    return object;
}

Region Region::fromJson(const JsonNode& node, std::uint32_t did) {
    Region region;
    region.id = ownIdFromJson(node, did);
    std::uint32_t present = 0;
    for (const Part& part : kParts)
        present |= node.has(part.key) ? part.bit : 0;
    region.partsMask = node["partsMask"].u32(present);
    for (const Part& part : kParts)
        if (!region.has(part.bit) && node.has(part.key))
            node[part.key].fail(std::string("given, but partsMask lacks ") + part.flag);
    region.regionNumber = node["regionNumber"].u32(region.regionNumber);
    region.version = node["version"].u32(region.version);
    region.name = legacyStringFromJson(node["name"]);
    region.landDefs = landDefsFromJson(node["landDefs"]);
    region.gameTime = gameTimeFromJson(node["gameTime"]);
    region.sky = skyDescFromJson(node["sky"]);
    region.sound = soundDescFromJson(node["sound"]);
    region.scene = sceneDescFromJson(node["scene"]);
    region.terrain = terrainDescFromJson(node["terrain"]);
    fieldsFromJson(node["misc"], region.misc, kMiscFields);
    region.trailing = bytesFromJson(node["trailing"]);
    return region;
}

} // namespace portalkit::dat
