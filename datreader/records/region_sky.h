#pragma once

// The Region's sky, ambient sound and scene parts (docs/formats.md#region): day groups with their
// sky objects and lighting keyframes, the ambient sound tables, and the scene types that terrain
// types point at. Each part is flag-gated in the Region; these are their bodies.

#include "datreader/records/legacy_string.h"

#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

struct SkyObject {
    float beginTime = 0; // fractions of the day
    float endTime = 0;
    float beginAngle = 0; // degrees across the sky
    float endAngle = 0;
    float texVelocityX = 0;
    float texVelocityY = 0;
    std::uint32_t defaultGfxObjectId = 0; // GfxObj (0x01...) or 0
    std::uint32_t defaultPesObjectId = 0; // PhysicsScript (0x33...) or 0
    std::uint32_t properties = 0;         // raw bits
    bool operator==(const SkyObject&) const = default;
};

// A sky object's look for one keyframe.
struct SkyObjectReplace {
    std::uint32_t objectIndex = 0; // into the day group's sky objects
    std::uint32_t gfxObjId = 0;
    float rotate = 0;
    float transparent = 0;
    float luminosity = 0;
    float maxBright = 0;
    bool operator==(const SkyObjectReplace&) const = default;
};

// One lighting keyframe of a day.
struct SkyTimeOfDay {
    float begin = 0; // fraction of the day
    float dirBright = 0;
    float dirHeading = 0;
    float dirPitch = 0;
    std::uint32_t dirColor = 0; // 0xAARRGGBB
    float ambBright = 0;
    std::uint32_t ambColor = 0;
    float minWorldFog = 0;
    float maxWorldFog = 0;
    std::uint32_t worldFogColor = 0;
    std::uint32_t worldFog = 0; // raw fog mode
    std::vector<SkyObjectReplace> replaces;
    bool operator==(const SkyTimeOfDay&) const = default;
};

struct DayGroup {
    float chanceOfOccur = 0;
    LegacyString dayName;
    std::vector<SkyObject> skyObjects;
    std::vector<SkyTimeOfDay> skyTimes;
    bool operator==(const DayGroup&) const = default;
};

struct SkyDesc {
    double tickSize = 0;
    double lightTickSize = 0;
    std::vector<DayGroup> dayGroups;
    bool operator==(const SkyDesc&) const = default;
};

struct AmbientSound {
    std::uint32_t soundType = 0; // Sound enum
    float volume = 0;
    float baseChance = 0;
    float minRate = 0;
    float maxRate = 0;
    bool operator==(const AmbientSound&) const = default;
};

struct AmbientTable {
    std::uint32_t soundTableId = 0; // SoundTable (0x20...)
    std::vector<AmbientSound> sounds;
    bool operator==(const AmbientTable&) const = default;
};

struct SoundDesc {
    std::vector<AmbientTable> tables;
    bool operator==(const SoundDesc&) const = default;
};

struct SceneType {
    static constexpr std::uint32_t kNone = 0xFFFFFFFF;
    std::uint32_t ambientTable = kNone; // index into SoundDesc::tables, or kNone
    std::vector<std::uint32_t> scenes;  // Scene ids (0x12...)
    bool operator==(const SceneType&) const = default;
};

struct SceneDesc {
    std::vector<SceneType> sceneTypes;
    bool operator==(const SceneDesc&) const = default;
};

SkyDesc readSkyDesc(ByteCursor& in);
void write(ByteWriter& out, const SkyDesc& sky);
QJsonObject toJson(const SkyDesc& sky);
SkyDesc skyDescFromJson(const JsonNode& node);

SoundDesc readSoundDesc(ByteCursor& in);
void write(ByteWriter& out, const SoundDesc& sound);
QJsonObject toJson(const SoundDesc& sound);
SoundDesc soundDescFromJson(const JsonNode& node);

SceneDesc readSceneDesc(ByteCursor& in);
void write(ByteWriter& out, const SceneDesc& scene);
QJsonObject toJson(const SceneDesc& scene);
SceneDesc sceneDescFromJson(const JsonNode& node);

} // namespace portalkit::dat
