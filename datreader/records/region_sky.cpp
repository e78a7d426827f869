#include "datreader/records/region_sky.h"

#include "datreader/records/field_table.h"

namespace portalkit::dat {

namespace {

// The smallest stored size of each list item, for the count checks.
constexpr std::size_t kDayGroupBytes = 4 + 4 + 4 + 4; // chance, empty name, two counts
constexpr std::size_t kSkyObjectBytes = 36;
constexpr std::size_t kSkyTimeBytes = 48;
constexpr std::size_t kReplaceBytes = 24;
constexpr std::size_t kAmbientTableBytes = 8;
constexpr std::size_t kAmbientSoundBytes = 20;
constexpr std::size_t kSceneTypeBytes = 8;

const std::array<Field<SkyObject>, 9> kSkyObjectFields{{
    {"beginTime", &SkyObject::beginTime},
    {"endTime", &SkyObject::endTime},
    {"beginAngle", &SkyObject::beginAngle},
    {"endAngle", &SkyObject::endAngle},
    {"texVelocityX", &SkyObject::texVelocityX},
    {"texVelocityY", &SkyObject::texVelocityY},
    {"defaultGfxObjectId", &SkyObject::defaultGfxObjectId, FieldStyle::Id},
    {"defaultPesObjectId", &SkyObject::defaultPesObjectId, FieldStyle::Id},
    {"properties", &SkyObject::properties, FieldStyle::Id},
}};

const std::array<Field<SkyObjectReplace>, 6> kReplaceFields{{
    {"objectIndex", &SkyObjectReplace::objectIndex},
    {"gfxObjId", &SkyObjectReplace::gfxObjId, FieldStyle::Id},
    {"rotate", &SkyObjectReplace::rotate},
    {"transparent", &SkyObjectReplace::transparent},
    {"luminosity", &SkyObjectReplace::luminosity},
    {"maxBright", &SkyObjectReplace::maxBright},
}};

const std::array<Field<SkyTimeOfDay>, 11> kSkyTimeFields{{
    {"begin", &SkyTimeOfDay::begin},
    {"dirBright", &SkyTimeOfDay::dirBright},
    {"dirHeading", &SkyTimeOfDay::dirHeading},
    {"dirPitch", &SkyTimeOfDay::dirPitch},
    {"dirColor", &SkyTimeOfDay::dirColor, FieldStyle::Id},
    {"ambBright", &SkyTimeOfDay::ambBright},
    {"ambColor", &SkyTimeOfDay::ambColor, FieldStyle::Id},
    {"minWorldFog", &SkyTimeOfDay::minWorldFog},
    {"maxWorldFog", &SkyTimeOfDay::maxWorldFog},
    {"worldFogColor", &SkyTimeOfDay::worldFogColor, FieldStyle::Id},
    {"worldFog", &SkyTimeOfDay::worldFog},
}};

const std::array<Field<AmbientSound>, 5> kAmbientSoundFields{{
    {"soundType", &AmbientSound::soundType},
    {"volume", &AmbientSound::volume},
    {"baseChance", &AmbientSound::baseChance},
    {"minRate", &AmbientSound::minRate},
    {"maxRate", &AmbientSound::maxRate},
}};

SkyTimeOfDay readSkyTime(ByteCursor& in) {
    SkyTimeOfDay time;
    readFields(in, time, kSkyTimeFields, "region.sky.skyTime");
    time.replaces = readNamedList(in, "region.sky.skyTime.replaces", kReplaceBytes, "replace",
                                  plainReader(kReplaceFields, "region.sky.skyTime.replace"));
    return time;
}

void writeSkyTime(ByteWriter& out, const SkyTimeOfDay& time) {
    writeFields(out, time, kSkyTimeFields);
    writeList(out, time.replaces, plainWriter(kReplaceFields));
}

QJsonObject skyTimeToJson(const SkyTimeOfDay& time) {
    QJsonObject object;
    fieldsToJson(object, time, kSkyTimeFields);
    object["replaces"] = listToJson(time.replaces, plainToJson(kReplaceFields));
    return object;
}

SkyTimeOfDay skyTimeFromJson(const JsonNode& node) {
    SkyTimeOfDay time;
    fieldsFromJson(node, time, kSkyTimeFields);
    time.replaces = listFromJson(node["replaces"], plainFromJson(kReplaceFields));
    return time;
}

DayGroup readDayGroup(ByteCursor& in) {
    DayGroup group;
    group.chanceOfOccur = in.f32("region.sky.dayGroup.chanceOfOccur");
    group.dayName = readLegacyString(in, "region.sky.dayGroup.dayName");
    group.skyObjects =
        readNamedList(in, "region.sky.dayGroup.skyObjects", kSkyObjectBytes, "sky object",
                      plainReader(kSkyObjectFields, "region.sky.skyObject"));
    group.skyTimes =
        readNamedList(in, "region.sky.dayGroup.skyTimes", kSkyTimeBytes, "sky time", readSkyTime);
    return group;
}

void writeDayGroup(ByteWriter& out, const DayGroup& group) {
    out.f32(group.chanceOfOccur);
    writeLegacyString(out, group.dayName, "region.sky.dayGroup.dayName");
    writeList(out, group.skyObjects, plainWriter(kSkyObjectFields));
    writeList(out, group.skyTimes, writeSkyTime);
}

QJsonObject dayGroupToJson(const DayGroup& group) {
    return {{"chanceOfOccur", exactJson(group.chanceOfOccur)},
            {"dayName", toJson(group.dayName)},
            {"skyObjects", listToJson(group.skyObjects, plainToJson(kSkyObjectFields))},
            {"skyTimes", listToJson(group.skyTimes, skyTimeToJson)}};
}

DayGroup dayGroupFromJson(const JsonNode& node) {
    DayGroup group;
    group.chanceOfOccur = node["chanceOfOccur"].f32(0);
    group.dayName = legacyStringFromJson(node["dayName"]);
    group.skyObjects = listFromJson(node["skyObjects"], plainFromJson(kSkyObjectFields));
    group.skyTimes = listFromJson(node["skyTimes"], skyTimeFromJson);
    return group;
}

AmbientTable readAmbientTable(ByteCursor& in) {
    AmbientTable table;
    table.soundTableId = in.u32("region.sound.table.soundTableId");
    table.sounds =
        readNamedList(in, "region.sound.table.sounds", kAmbientSoundBytes, "ambient sound",
                      plainReader(kAmbientSoundFields, "region.sound.table.sound"));
    return table;
}

SceneType readSceneType(ByteCursor& in) {
    SceneType type;
    type.ambientTable = in.u32("region.scene.sceneType.ambientTable");
    type.scenes = readU32List(in, "region.scene.sceneType.scenes");
    return type;
}

} // namespace

SkyDesc readSkyDesc(ByteCursor& in) {
    SkyDesc sky;
    sky.tickSize = in.f64("region.sky.tickSize");
    sky.lightTickSize = in.f64("region.sky.lightTickSize");
    sky.dayGroups =
        readNamedList(in, "region.sky.dayGroups", kDayGroupBytes, "day group", readDayGroup);
    return sky;
}

void write(ByteWriter& out, const SkyDesc& sky) {
    out.f64(sky.tickSize);
    out.f64(sky.lightTickSize);
    writeList(out, sky.dayGroups, writeDayGroup);
}

QJsonObject toJson(const SkyDesc& sky) {
    return {{"tickSize", exactJson(sky.tickSize)},
            {"lightTickSize", exactJson(sky.lightTickSize)},
            {"dayGroups", listToJson(sky.dayGroups, dayGroupToJson)}};
}

SkyDesc skyDescFromJson(const JsonNode& node) {
    SkyDesc sky;
    sky.tickSize = node["tickSize"].f64(0);
    sky.lightTickSize = node["lightTickSize"].f64(0);
    sky.dayGroups = listFromJson(node["dayGroups"], dayGroupFromJson);
    return sky;
}

SoundDesc readSoundDesc(ByteCursor& in) {
    return {readNamedList(in, "region.sound.tables", kAmbientTableBytes, "ambient table",
                          readAmbientTable)};
}

void write(ByteWriter& out, const SoundDesc& sound) {
    writeList(out, sound.tables, [](ByteWriter& o, const AmbientTable& table) {
        o.u32(table.soundTableId);
        writeList(o, table.sounds, plainWriter(kAmbientSoundFields));
    });
}

QJsonObject toJson(const SoundDesc& sound) {
    return {{"tables", listToJson(sound.tables, [](const AmbientTable& table) {
                 return QJsonObject{
                     {"soundTableId", didJson(table.soundTableId)},
                     {"sounds", listToJson(table.sounds, plainToJson(kAmbientSoundFields))}};
             })}};
}

SoundDesc soundDescFromJson(const JsonNode& node) {
    return {listFromJson(node["tables"], [](const JsonNode& table) {
        return AmbientTable{table["soundTableId"].u32(0),
                            listFromJson(table["sounds"], plainFromJson(kAmbientSoundFields))};
    })};
}

SceneDesc readSceneDesc(ByteCursor& in) {
    return {
        readNamedList(in, "region.scene.sceneTypes", kSceneTypeBytes, "scene type", readSceneType)};
}

void write(ByteWriter& out, const SceneDesc& scene) {
    writeList(out, scene.sceneTypes, [](ByteWriter& o, const SceneType& type) {
        o.u32(type.ambientTable);
        writeU32List(o, type.scenes);
    });
}

QJsonObject toJson(const SceneDesc& scene) {
    return {{"sceneTypes", listToJson(scene.sceneTypes, [](const SceneType& type) {
                 return QJsonObject{{"ambientTable", qint64(type.ambientTable)},
                                    {"scenes", didListToJson(type.scenes)}};
             })}};
}

SceneDesc sceneDescFromJson(const JsonNode& node) {
    return {listFromJson(node["sceneTypes"], [](const JsonNode& type) {
        return SceneType{type["ambientTable"].u32(SceneType::kNone),
                         u32ListFromJson(type["scenes"])};
    })};
}

} // namespace portalkit::dat
