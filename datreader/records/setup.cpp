#include "datreader/records/setup.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <string>

namespace portalkit::dat {

namespace {

constexpr std::size_t kFrameBytes = 28;
constexpr std::size_t kKeyedLocationBytes = 4 + 4 + kFrameBytes;
constexpr std::size_t kCylSphereBytes = 20;
constexpr std::size_t kSphereBytes = 16;
constexpr std::size_t kKeyedLightBytes = 4 + kFrameBytes + 16;

// Keyed lists are a u32 count, then per entry the key and the value, both named `field`.
template <typename Key, typename Value>
auto readKeyed(ByteCursor& in, const char* field, std::size_t entryBytes,
               Value (*readValue)(ByteCursor&, const char*)) {
    return readList(in, field, entryBytes, [&](ByteCursor& c) {
        const Key key = Key(c.u32(field));
        return std::pair<Key, Value>(key, readValue(c, field));
    });
}

template <typename Key, typename Value>
void writeKeyed(ByteWriter& out, const std::vector<std::pair<Key, Value>>& entries) {
    writeList(out, entries, [](ByteWriter& o, const std::pair<Key, Value>& entry) {
        o.u32(std::uint32_t(entry.first));
        write(o, entry.second);
    });
}

// In JSON a keyed entry is its value's object with the "key" beside its fields.
template <typename Key, typename Value>
QJsonArray keyedToJson(const std::vector<std::pair<Key, Value>>& entries) {
    return listToJson(entries, [](const std::pair<Key, Value>& entry) {
        return withKey(toJson(entry.second), qint64(entry.first));
    });
}

template <typename Value>
auto keyedFromJson(const JsonNode& node, Value (*valueFromJson)(const JsonNode&)) {
    return listFromJson(node, [valueFromJson](const JsonNode& entry) {
        return std::pair<std::int32_t, Value>(entry["key"].i32(), valueFromJson(entry));
    });
}

// One entry per part when the flag is set, none otherwise: anything else cannot round-trip.
void requirePerPart(std::size_t size, bool present, std::size_t partCount, const char* name) {
    if (size != (present ? partCount : 0))
        throw DatError(std::string("setup.") + name,
                       std::to_string(size) + " entries for " + std::to_string(partCount) +
                           " parts",
                       0, OffsetKind::Entry);
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

// height to stepDownHeight, then after the lights the five default tables: one list each for
// all four directions.
template <typename Self, typename Visit> void shapeFields(Self& setup, Visit&& v) {
    v.f32("setup.height", setup.height);
    v.f32("setup.radius", setup.radius);
    v.f32("setup.stepUpHeight", setup.stepUpHeight);
    v.f32("setup.stepDownHeight", setup.stepDownHeight);
}

template <typename Self, typename Visit> void defaultFields(Self& setup, Visit&& v) {
    v.did("setup.defaultAnimation", setup.defaultAnimation);
    v.did("setup.defaultScript", setup.defaultScript);
    v.did("setup.defaultMotionTable", setup.defaultMotionTable);
    v.did("setup.defaultSoundTable", setup.defaultSoundTable);
    v.did("setup.defaultScriptTable", setup.defaultScriptTable);
}

void readPlacements(ByteCursor& in, Setup& setup, std::uint32_t partCount) {
    const std::size_t placementBytes = 4 + partCount * kFrameBytes + 4; // key, frames, hook count
    setup.placementFrames = readNamedList(
        in, "setup.placementFrames", placementBytes, "placement frame", [&](ByteCursor& c) {
            const std::uint32_t key = c.u32("setup.placementFrames");
            return std::pair(key, readAnimationFrame(c, partCount));
        });
}

void readSetupFields(ByteCursor& in, Setup& setup) {
    setup.flags = in.u32("setup.flags");
    setup.parts = readList(in, "setup.parts", 4, readU32As("setup.parts"));
    const std::size_t partCount = setup.parts.size();
    if (setup.hasParent())
        setup.parentIndices = readItems(in, partCount, readU32As("setup.parentIndices"));
    if (setup.hasDefaultScale())
        setup.defaultScales = readItems(in, partCount, readAs(readVec3, "setup.defaultScales"));
    setup.holdingLocations = readKeyed<std::int32_t>(in, "setup.holdingLocations",
                                                     kKeyedLocationBytes, readLocationType);
    setup.connectionPoints = readKeyed<std::int32_t>(in, "setup.connectionPoints",
                                                     kKeyedLocationBytes, readLocationType);
    readPlacements(in, setup, std::uint32_t(partCount));
    setup.cylSpheres = readList(in, "setup.cylSpheres", kCylSphereBytes,
                                readAs(readCylSphere, "setup.cylSpheres"));
    setup.spheres =
        readList(in, "setup.spheres", kSphereBytes, readAs(readSphere, "setup.spheres"));
    shapeFields(setup, FieldReader{in});
    setup.sortingSphere = readSphere(in, "setup.sortingSphere");
    setup.selectionSphere = readSphere(in, "setup.selectionSphere");
    setup.lights = readKeyed<std::int32_t>(in, "setup.lights", kKeyedLightBytes, readLightInfo);
    defaultFields(setup, FieldReader{in});
}

} // namespace

Setup Setup::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    return decodeRecordFrame<Setup>(bytes, did, "setup", readSetupFields);
}

std::vector<std::uint8_t> Setup::encode() const {
    requirePerPart(parentIndices.size(), hasParent(), parts.size(), "parentIndices");
    requirePerPart(defaultScales.size(), hasDefaultScale(), parts.size(), "defaultScales");
    for (const auto& [key, frame] : placementFrames)
        requirePerPart(frame.parts.size(), true, parts.size(), "a placement frame");
    return encodeRecordFrame(*this, [&](ByteWriter& out) {
        out.u32(flags);
        writeList(out, parts);
        writeItems(out, parentIndices);
        writeItems(out, defaultScales);
        writeKeyed(out, holdingLocations);
        writeKeyed(out, connectionPoints);
        writeList(out, placementFrames, [](ByteWriter& o, const auto& placement) {
            o.u32(placement.first);
            writeAnimationFrame(o, placement.second);
        });
        writeList(out, cylSpheres);
        writeList(out, spheres);
        shapeFields(*this, FieldWriter{out});
        write(out, sortingSphere);
        write(out, selectionSphere);
        writeKeyed(out, lights);
        defaultFields(*this, FieldWriter{out});
    });
}

QJsonObject Setup::toJson() const {
    QJsonObject object{{"flags", qint64(flags)},
                       {"parts", didListToJson(parts)},
                       {"holdingLocations", keyedToJson(holdingLocations)},
                       {"connectionPoints", keyedToJson(connectionPoints)},
                       {"placementFrames", keyedToJson(placementFrames)},
                       {"cylSpheres", listToJson(cylSpheres)},
                       {"spheres", listToJson(spheres)},
                       {"sortingSphere", dat::toJson(sortingSphere)},
                       {"selectionSphere", dat::toJson(selectionSphere)},
                       {"lights", keyedToJson(lights)}};
    shapeFields(*this, FieldJsonWriter{object});
    defaultFields(*this, FieldJsonWriter{object});
    if (hasParent())
        object["parentIndices"] =
            listToJson(parentIndices, [](std::uint32_t parent) { return qint64(parent); });
    if (hasDefaultScale())
        object["defaultScales"] = listToJson(defaultScales);
    return recordFrameJson(*this, object);
}

Setup Setup::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<Setup>(node, did, [&](Setup& setup) {
        setup.flags = node["flags"].u32((node.has("parentIndices") ? kHasParent : 0) |
                                        (node.has("defaultScales") ? kHasDefaultScale : 0));
        setup.parts = listFromJson(node["parts"], u32FromJson);
        const std::size_t partCount = setup.parts.size();
        setup.parentIndices = perPartFromJson(node["parentIndices"], setup.hasParent(), partCount,
                                              "HasParent (0x1)", u32FromJson);
        setup.defaultScales = perPartFromJson(node["defaultScales"], setup.hasDefaultScale(),
                                              partCount, "HasDefaultScale (0x2)", vec3FromJson);
        setup.holdingLocations = keyedFromJson(node["holdingLocations"], locationTypeFromJson);
        setup.connectionPoints = keyedFromJson(node["connectionPoints"], locationTypeFromJson);
        setup.placementFrames = listFromJson(node["placementFrames"], [&](const JsonNode& entry) {
            return std::pair(entry["key"].u32(),
                             animationFrameFromJson(entry, std::uint32_t(partCount)));
        });
        setup.cylSpheres = listFromJson(node["cylSpheres"], cylSphereFromJson);
        setup.spheres = listFromJson(node["spheres"], sphereFromJson);
        shapeFields(setup, FieldJsonReader{node});
        setup.sortingSphere = optionalSphereFromJson(node["sortingSphere"]);
        setup.selectionSphere = optionalSphereFromJson(node["selectionSphere"]);
        setup.lights = keyedFromJson(node["lights"], lightInfoFromJson);
        defaultFields(setup, FieldJsonReader{node});
    });
}

} // namespace portalkit::dat
