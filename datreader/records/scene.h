#pragma once

// Scene (0x12...): the scenery a terrain type scatters over its landblocks — the objects the
// client places by a seeded draw per vertex, each with how often it appears, how far it may
// wander from the vertex, its scale and rotation ranges and the slopes it accepts
// (docs/formats.md#scene).

#include "datreader/io/json_node.h"
#include "datreader/records/common.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace portalkit::dat {

struct SceneObject {
    static constexpr std::size_t kBytes = 76;

    std::uint32_t objectId = 0; // Setup (0x02...) or GfxObj (0x01...)
    Frame baseLocation;         // relative to the vertex the object grows from
    float frequency = 0;        // chance per vertex, 0..1
    float displaceX = 0;        // random offset range from the vertex, metres
    float displaceY = 0;
    float minScale = 1;
    float maxScale = 1;
    float maxRotation = 0; // degrees of random heading
    float minSlope = 0;    // the terrain normal's z must lie in [minSlope, maxSlope]
    float maxSlope = 1;
    std::uint32_t align = 0;     // how the object follows the terrain normal (raw)
    std::uint32_t orient = 0;    // how the object turns with the slope (raw)
    std::uint32_t weenieObj = 0; // a weenie placement rather than static scenery (raw)
    bool operator==(const SceneObject&) const = default;
};

struct Scene {
    static constexpr std::string_view kTypeName = "Scene";

    std::uint32_t id = 0;
    std::vector<SceneObject> objects;
    std::vector<std::uint8_t> trailing;

    static Scene decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    // Fields left out take the defaults above. Throws DatError naming the JSON path.
    static Scene fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const Scene&) const = default;
};

} // namespace portalkit::dat
