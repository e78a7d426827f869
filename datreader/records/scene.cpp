#include "datreader/records/scene.h"

#include "datreader/records/field_table.h"
#include "datreader/records/world_common.h"

namespace portalkit::dat {

namespace {

using F = Field<SceneObject>;
// After objectId and baseLocation, in stored order.
const std::array<F, 11> kObjectFields{{
    {"frequency", &SceneObject::frequency},
    {"displaceX", &SceneObject::displaceX},
    {"displaceY", &SceneObject::displaceY},
    {"minScale", &SceneObject::minScale},
    {"maxScale", &SceneObject::maxScale},
    {"maxRotation", &SceneObject::maxRotation},
    {"minSlope", &SceneObject::minSlope},
    {"maxSlope", &SceneObject::maxSlope},
    {"align", &SceneObject::align},
    {"orient", &SceneObject::orient},
    {"weenieObj", &SceneObject::weenieObj},
}};

SceneObject readObject(ByteCursor& in) {
    SceneObject object;
    object.objectId = in.u32("scene.object.objectId");
    object.baseLocation = readFrame(in, "scene.object.baseLocation");
    readFields(in, object, kObjectFields, "scene.object");
    return object;
}

void writeObject(ByteWriter& out, const SceneObject& object) {
    out.u32(object.objectId);
    write(out, object.baseLocation);
    writeFields(out, object, kObjectFields);
}

QJsonObject objectToJson(const SceneObject& object) {
    QJsonObject json{{"objectId", didJson(object.objectId)},
                     {"baseLocation", toJson(object.baseLocation)}};
    fieldsToJson(json, object, kObjectFields);
    return json;
}

SceneObject objectFromJson(const JsonNode& node) {
    SceneObject object;
    object.objectId = node["objectId"].u32();
    if (node.has("baseLocation"))
        object.baseLocation = frameFromJson(node["baseLocation"]);
    fieldsFromJson(node, object, kObjectFields);
    return object;
}

} // namespace

Scene Scene::decode(std::span<const std::uint8_t> bytes, std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Scene scene;
    scene.id = readOwnId(in, did);
    scene.objects = readNamedList(in, "scene.objects", SceneObject::kBytes, "object", readObject);
    scene.trailing = readTrailing(in);
    return scene;
}

std::vector<std::uint8_t> Scene::encode() const {
    ByteWriter out;
    out.u32(id);
    writeList(out, objects, writeObject);
    out.bytes(trailing);
    return out.take();
}

QJsonObject Scene::toJson() const {
    QJsonObject object{{"id", didJson(id)}, {"objects", listToJson(objects, objectToJson)}};
    if (!trailing.empty())
        object["trailing"] = hexJson(trailing);
    return object;
}

Scene Scene::fromJson(const JsonNode& node, std::uint32_t did) {
    Scene scene;
    scene.id = ownIdFromJson(node, did);
    scene.objects = listFromJson(node["objects"], objectFromJson);
    scene.trailing = bytesFromJson(node["trailing"]);
    return scene;
}

} // namespace portalkit::dat
