#include "datreader/records/setup.h"

#include "datreader/io/dat_error.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kFrameBytes = 28;
constexpr std::size_t kKeyedLocationBytes = 4 + 4 + kFrameBytes;
constexpr std::size_t kCylSphereBytes = 20;
constexpr std::size_t kSphereBytes = 16;
constexpr std::size_t kKeyedLightBytes = 4 + kFrameBytes + 16;

Setup::Locations readLocations(ByteCursor& in, const char* field) {
    const std::uint32_t count = readCount(in, field, kKeyedLocationBytes);
    Setup::Locations locations;
    locations.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::int32_t key = in.i32(field);
        locations.emplace_back(key, readLocationType(in, field));
    }
    return locations;
}

void writeLocations(ByteWriter& out, const Setup::Locations& locations) {
    out.u32(std::uint32_t(locations.size()));
    for (const auto& [key, location] : locations) {
        out.i32(key);
        write(out, location);
    }
}

// One entry per part when the flag is set, none otherwise: anything else cannot round-trip.
void requirePerPart(std::size_t size, bool present, std::size_t partCount, const char* name) {
    if (size != (present ? partCount : 0))
        throw DatError(std::string("setup.") + name,
                       std::to_string(size) + " entries for " + std::to_string(partCount) +
                           " parts",
                       0, OffsetKind::Entry);
}

QJsonArray locationsToJson(const Setup::Locations& locations) {
    QJsonArray array;
    for (const auto& [key, location] : locations) {
        QJsonObject object = toJson(location);
        object["key"] = key;
        array.append(object);
    }
    return array;
}

Setup::Locations locationsFromJson(const JsonNode& node) {
    Setup::Locations locations;
    for (const JsonNode& location : node.elements())
        locations.emplace_back(location["key"].i32(), locationTypeFromJson(location));
    return locations;
}

// A per-part list: one entry per part when its flag is set, absent otherwise.
template <typename Read>
auto perPartFromJson(const JsonNode& node, bool flagged, std::size_t partCount, const char* flag,
                     Read read) {
    std::vector<decltype(read(node))> values;
    if (!flagged) {
        if (!node.isMissing())
            node.fail(std::string("given, but flags lack ") + flag);
        return values;
    }
    for (const JsonNode& element : node.elements())
        values.push_back(read(element));
    if (values.size() != partCount)
        node.fail(std::to_string(values.size()) + " entries for " + std::to_string(partCount) +
                  " parts");
    return values;
}

Sphere optionalSphereFromJson(const JsonNode& node) {
    return node.isMissing() ? Sphere{} : sphereFromJson(node);
}

} // namespace

Setup Setup::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Setup setup;
    setup.id = readOwnId(in, did);
    setup.flags = in.u32("setup.flags");

    const std::uint32_t partCount = readCount(in, "setup.parts", 4);
    setup.parts.reserve(partCount);
    for (std::uint32_t i = 0; i < partCount; ++i)
        setup.parts.push_back(in.u32("setup.parts"));
    if (setup.hasParent()) {
        setup.parentIndices.reserve(partCount);
        for (std::uint32_t i = 0; i < partCount; ++i)
            setup.parentIndices.push_back(in.u32("setup.parentIndices"));
    }
    if (setup.hasDefaultScale()) {
        setup.defaultScales.reserve(partCount);
        for (std::uint32_t i = 0; i < partCount; ++i)
            setup.defaultScales.push_back(readVec3(in, "setup.defaultScales"));
    }

    setup.holdingLocations = readLocations(in, "setup.holdingLocations");
    setup.connectionPoints = readLocations(in, "setup.connectionPoints");

    const std::size_t placementBytes = 4 + partCount * kFrameBytes + 4; // key, frames, hook count
    const std::uint32_t placementCount = readCount(in, "setup.placementFrames", placementBytes);
    setup.placementFrames.reserve(placementCount);
    for (std::uint32_t i = 0; i < placementCount; ++i) {
        try {
            const std::uint32_t key = in.u32("setup.placementFrames");
            setup.placementFrames.emplace_back(key, readAnimationFrame(in, partCount));
        } catch (DatError& error) {
            error.withContext("reading placement frame " + std::to_string(i));
            throw;
        }
    }

    const std::uint32_t cylSphereCount = readCount(in, "setup.cylSpheres", kCylSphereBytes);
    setup.cylSpheres.reserve(cylSphereCount);
    for (std::uint32_t i = 0; i < cylSphereCount; ++i)
        setup.cylSpheres.push_back(readCylSphere(in, "setup.cylSpheres"));
    const std::uint32_t sphereCount = readCount(in, "setup.spheres", kSphereBytes);
    setup.spheres.reserve(sphereCount);
    for (std::uint32_t i = 0; i < sphereCount; ++i)
        setup.spheres.push_back(readSphere(in, "setup.spheres"));

    setup.height = in.f32("setup.height");
    setup.radius = in.f32("setup.radius");
    setup.stepUpHeight = in.f32("setup.stepUpHeight");
    setup.stepDownHeight = in.f32("setup.stepDownHeight");
    setup.sortingSphere = readSphere(in, "setup.sortingSphere");
    setup.selectionSphere = readSphere(in, "setup.selectionSphere");

    const std::uint32_t lightCount = readCount(in, "setup.lights", kKeyedLightBytes);
    setup.lights.reserve(lightCount);
    for (std::uint32_t i = 0; i < lightCount; ++i) {
        const std::int32_t key = in.i32("setup.lights");
        setup.lights.emplace_back(key, readLightInfo(in, "setup.lights"));
    }

    setup.defaultAnimation = in.u32("setup.defaultAnimation");
    setup.defaultScript = in.u32("setup.defaultScript");
    setup.defaultMotionTable = in.u32("setup.defaultMotionTable");
    setup.defaultSoundTable = in.u32("setup.defaultSoundTable");
    setup.defaultScriptTable = in.u32("setup.defaultScriptTable");
    in.expectEnd("setup");
    return setup;
}

std::vector<std::uint8_t> Setup::encode() const {
    requirePerPart(parentIndices.size(), hasParent(), parts.size(), "parentIndices");
    requirePerPart(defaultScales.size(), hasDefaultScale(), parts.size(), "defaultScales");
    for (const auto& [key, frame] : placementFrames)
        requirePerPart(frame.parts.size(), true, parts.size(), "a placement frame");

    ByteWriter out;
    out.u32(id);
    out.u32(flags);
    out.u32(std::uint32_t(parts.size()));
    for (std::uint32_t part : parts)
        out.u32(part);
    for (std::uint32_t parent : parentIndices)
        out.u32(parent);
    for (const Vec3& scale : defaultScales)
        write(out, scale);

    writeLocations(out, holdingLocations);
    writeLocations(out, connectionPoints);

    out.u32(std::uint32_t(placementFrames.size()));
    for (const auto& [key, frame] : placementFrames) {
        out.u32(key);
        writeAnimationFrame(out, frame);
    }

    out.u32(std::uint32_t(cylSpheres.size()));
    for (const CylSphere& cylSphere : cylSpheres)
        write(out, cylSphere);
    out.u32(std::uint32_t(spheres.size()));
    for (const Sphere& sphere : spheres)
        write(out, sphere);

    out.f32(height);
    out.f32(radius);
    out.f32(stepUpHeight);
    out.f32(stepDownHeight);
    write(out, sortingSphere);
    write(out, selectionSphere);

    out.u32(std::uint32_t(lights.size()));
    for (const auto& [key, light] : lights) {
        out.i32(key);
        write(out, light);
    }

    for (std::uint32_t did : {defaultAnimation, defaultScript, defaultMotionTable,
                              defaultSoundTable, defaultScriptTable})
        out.u32(did);
    return out.take();
}

QJsonObject Setup::toJson() const {
    QJsonArray partIds;
    for (std::uint32_t part : parts)
        partIds.append(didJson(part));

    QJsonArray placements;
    for (const auto& [key, frame] : placementFrames) {
        QJsonObject placement = dat::toJson(frame);
        placement["key"] = qint64(key);
        placements.append(placement);
    }

    QJsonArray cylSphereList;
    for (const CylSphere& cylSphere : cylSpheres)
        cylSphereList.append(dat::toJson(cylSphere));
    QJsonArray sphereList;
    for (const Sphere& sphere : spheres)
        sphereList.append(dat::toJson(sphere));
    QJsonArray lightList;
    for (const auto& [key, light] : lights) {
        QJsonObject object = dat::toJson(light);
        object["key"] = key;
        lightList.append(object);
    }

    QJsonObject object{{"id", didJson(id)},
                       {"flags", qint64(flags)},
                       {"parts", partIds},
                       {"holdingLocations", locationsToJson(holdingLocations)},
                       {"connectionPoints", locationsToJson(connectionPoints)},
                       {"placementFrames", placements},
                       {"cylSpheres", cylSphereList},
                       {"spheres", sphereList},
                       {"height", realJson(height)},
                       {"radius", realJson(radius)},
                       {"stepUpHeight", realJson(stepUpHeight)},
                       {"stepDownHeight", realJson(stepDownHeight)},
                       {"sortingSphere", dat::toJson(sortingSphere)},
                       {"selectionSphere", dat::toJson(selectionSphere)},
                       {"lights", lightList},
                       {"defaultAnimation", didJson(defaultAnimation)},
                       {"defaultScript", didJson(defaultScript)},
                       {"defaultMotionTable", didJson(defaultMotionTable)},
                       {"defaultSoundTable", didJson(defaultSoundTable)},
                       {"defaultScriptTable", didJson(defaultScriptTable)}};
    if (hasParent()) {
        QJsonArray parents;
        for (std::uint32_t parent : parentIndices)
            parents.append(qint64(parent));
        object["parentIndices"] = parents;
    }
    if (hasDefaultScale()) {
        QJsonArray scales;
        for (const Vec3& scale : defaultScales)
            scales.append(dat::toJson(scale));
        object["defaultScales"] = scales;
    }
    return object;
}

Setup Setup::fromJson(const JsonNode& node, std::uint32_t did) {
    Setup setup;
    setup.id = ownIdFromJson(node, did);
    setup.flags = node["flags"].u32((node.has("parentIndices") ? kHasParent : 0) |
                                    (node.has("defaultScales") ? kHasDefaultScale : 0));
    for (const JsonNode& part : node["parts"].elements())
        setup.parts.push_back(part.u32());
    const std::size_t partCount = setup.parts.size();
    setup.parentIndices =
        perPartFromJson(node["parentIndices"], setup.hasParent(), partCount, "HasParent (0x1)",
                        [](const JsonNode& parent) { return parent.u32(); });
    setup.defaultScales = perPartFromJson(node["defaultScales"], setup.hasDefaultScale(), partCount,
                                          "HasDefaultScale (0x2)", vec3FromJson);

    setup.holdingLocations = locationsFromJson(node["holdingLocations"]);
    setup.connectionPoints = locationsFromJson(node["connectionPoints"]);
    for (const JsonNode& placement : node["placementFrames"].elements())
        setup.placementFrames.emplace_back(
            placement["key"].u32(), animationFrameFromJson(placement, std::uint32_t(partCount)));
    for (const JsonNode& cylSphere : node["cylSpheres"].elements())
        setup.cylSpheres.push_back(cylSphereFromJson(cylSphere));
    for (const JsonNode& sphere : node["spheres"].elements())
        setup.spheres.push_back(sphereFromJson(sphere));

    setup.height = node["height"].f32(0);
    setup.radius = node["radius"].f32(0);
    setup.stepUpHeight = node["stepUpHeight"].f32(0);
    setup.stepDownHeight = node["stepDownHeight"].f32(0);
    setup.sortingSphere = optionalSphereFromJson(node["sortingSphere"]);
    setup.selectionSphere = optionalSphereFromJson(node["selectionSphere"]);
    for (const JsonNode& light : node["lights"].elements())
        setup.lights.emplace_back(light["key"].i32(), lightInfoFromJson(light));

    setup.defaultAnimation = node["defaultAnimation"].u32(0);
    setup.defaultScript = node["defaultScript"].u32(0);
    setup.defaultMotionTable = node["defaultMotionTable"].u32(0);
    setup.defaultSoundTable = node["defaultSoundTable"].u32(0);
    setup.defaultScriptTable = node["defaultScriptTable"].u32(0);
    return setup;
}

} // namespace portalkit::dat
