#include "audit/manifest.h"

#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>

namespace portalkit::audit {
namespace {

using dat::JsonNode;

constexpr auto kFormat = "portalkit-manifest";

std::uint32_t idKey(const JsonNode& object, const std::string& key) {
    bool ok = false;
    const QString text = QString::fromStdString(key);
    const std::uint32_t id =
        text.startsWith("0x", Qt::CaseInsensitive) ? text.mid(2).toUInt(&ok, 16) : 0;
    if (!ok || text.size() != 10)
        object[key].fail("keys are DIDs spelled 0x%08X");
    return id;
}

QByteArray sha256FromJson(const JsonNode& node) {
    const QByteArray digest = node.hexBytes();
    if (digest.size() != 32)
        node.fail("a SHA-256 is 64 hex digits");
    return digest;
}

std::optional<float> optionalReal(const JsonNode& node) {
    if (node.isMissing())
        return std::nullopt;
    return node.f32();
}

EntryPin entryFromJson(const JsonNode& node, std::uint32_t id) {
    EntryPin pin;
    pin.id = id;
    pin.length = node["length"].u64();
    pin.sha256 = sha256FromJson(node["sha256"]);
    pin.required = node["required"].boolean(true);
    return pin;
}

SetupPin setupFromJson(const JsonNode& node, std::uint32_t id) {
    SetupPin pin;
    pin.id = id;
    for (const JsonNode& sphere : node["spheres"].elements())
        pin.spheres.push_back(dat::sphereFromJson(sphere));
    pin.cylSphereCount = node["cylSphereCount"].u32(0);
    pin.height = optionalReal(node["height"]);
    pin.radius = optionalReal(node["radius"]);
    pin.stepUpHeight = optionalReal(node["stepUpHeight"]);
    pin.stepDownHeight = optionalReal(node["stepDownHeight"]);
    pin.tolerance = node["tolerance"].f32(0);
    if (!(pin.tolerance >= 0))
        node["tolerance"].fail("must be zero (exact bits) or a positive distance");
    return pin;
}

TablePin tableFromJson(const JsonNode& node, std::uint32_t id) {
    TablePin pin;
    pin.id = id;
    // A bare list is a complete table; {"types": [...], "complete": false} is part of one.
    const JsonNode types = node.isArray() ? node : node["types"];
    if (!node.isArray())
        pin.complete = node["complete"].boolean(true);
    for (const JsonNode& type : types.elements()) {
        TablePin::Type pinned;
        pinned.scriptType = type["type"].u32();
        for (const JsonNode& script : type["scripts"].elements())
            pinned.scripts.push_back({script["mod"].f32(), script["script"].u32()});
        pin.types.push_back(std::move(pinned));
    }
    return pin;
}

ClosurePin closureFromJson(const JsonNode& node) {
    ClosurePin pin;
    pin.motionTable = node["motionTable"].u32();
    pin.style = node["style"].u32();
    pin.command = node["command"].u32();
    for (const JsonNode& anim : node["chain"].elements())
        pin.chain.push_back({anim["animation"].u32(), anim["lowFrame"].i32(0),
                             anim["highFrame"].i32(-1), anim["framerate"].f32()});
    if (pin.chain.empty())
        node["chain"].fail("a closure resolves to at least one animation");
    for (const JsonNode& hook : node["hooks"].elements()) {
        HookPin pinned;
        pinned.animation = hook["animation"].u32();
        pinned.frame = hook["frame"].u32();
        pinned.fields = hook["hook"].value().toObject();
        // The fields are compared as hookToJson spells them; the type is what they mean.
        if (!hook["hook"].isObject() || !hook["hook"]["type"].isString())
            hook["hook"]["type"].fail("a pinned hook needs its type name");
        pin.hooks.push_back(std::move(pinned));
    }
    return pin;
}

std::vector<std::uint32_t> idList(const JsonNode& node) {
    std::vector<std::uint32_t> ids;
    for (const JsonNode& id : node.elements())
        ids.push_back(id.u32());
    std::sort(ids.begin(), ids.end());
    return ids;
}

QJsonArray idArray(const std::vector<std::uint32_t>& ids) {
    QJsonArray array;
    for (std::uint32_t id : ids)
        array.append(dat::didJson(id));
    return array;
}

} // namespace

std::size_t Manifest::pinCount() const {
    return entries.size() + setups.size() + tables.size() + closures.size() + (blocking ? 1 : 0) +
           projectiles.size();
}

Manifest Manifest::fromJson(const QJsonObject& json) {
    const JsonNode root(json, "manifest");
    Manifest manifest;
    if (root["format"].string() != kFormat)
        root["format"].fail(std::string("expected \"") + kFormat + "\"");
    if (root["version"].i32() != kVersion)
        root["version"].fail("this PortalKit reads version " + std::to_string(kVersion));
    manifest.about = root["about"].string(QString());
    if (!root["dat"]["kind"].isMissing()) {
        manifest.kind = dat::kindFromName(root["dat"]["kind"].string().toStdString());
        if (!manifest.kind)
            root["dat"]["kind"].fail("unknown kind (portal, cell, local or highres)");
    }
    for (const std::string& key :
         root["entries"].isMissing() ? std::vector<std::string>() : root["entries"].keys())
        manifest.entries.push_back(
            entryFromJson(root["entries"][key], idKey(root["entries"], key)));
    for (const std::string& key :
         root["setups"].isMissing() ? std::vector<std::string>() : root["setups"].keys())
        manifest.setups.push_back(setupFromJson(root["setups"][key], idKey(root["setups"], key)));
    for (const std::string& key :
         root["tables"].isMissing() ? std::vector<std::string>() : root["tables"].keys())
        manifest.tables.push_back(tableFromJson(root["tables"][key], idKey(root["tables"], key)));
    for (const JsonNode& closure : root["motionClosures"].elements())
        manifest.closures.push_back(closureFromJson(closure));
    if (!root["blocking"].isMissing())
        manifest.blocking = BlockingPin{idList(root["blocking"]["physicsScripts"]),
                                        idList(root["blocking"]["animations"])};
    for (const JsonNode& projectile : root["projectiles"].elements()) {
        ProjectilePin pin;
        pin.wcid = projectile["wcid"].u32();
        pin.name = projectile["name"].string(QString());
        pin.setup = projectile["setup"].u32();
        if (!projectile["table"].isMissing())
            pin.table = projectile["table"].u32();
        manifest.projectiles.push_back(std::move(pin));
    }
    return manifest;
}

QJsonObject Manifest::toJson() const {
    QJsonObject json{{"format", kFormat}, {"version", kVersion}};
    if (!about.isEmpty())
        json["about"] = about;
    if (kind)
        json["dat"] = QJsonObject{{"kind", QString::fromUtf8(dat::kindName(*kind).data())}};

    QJsonObject entryPins;
    for (const EntryPin& pin : entries) {
        QJsonObject object{{"length", qint64(pin.length)},
                           {"sha256", QString::fromLatin1(pin.sha256.toHex().toUpper())}};
        if (!pin.required)
            object["required"] = false;
        entryPins[dat::didJson(pin.id)] = object;
    }
    QJsonObject setupPins;
    for (const SetupPin& pin : setups) {
        QJsonArray spheres;
        for (const dat::Sphere& sphere : pin.spheres)
            spheres.append(dat::toJson(sphere));
        QJsonObject object{{"spheres", spheres}, {"cylSphereCount", qint64(pin.cylSphereCount)}};
        const std::pair<const char*, std::optional<float>> optional[] = {
            {"height", pin.height},
            {"radius", pin.radius},
            {"stepUpHeight", pin.stepUpHeight},
            {"stepDownHeight", pin.stepDownHeight}};
        for (const auto& [key, value] : optional)
            if (value)
                object[key] = dat::realJson(*value);
        if (pin.tolerance != 0)
            object["tolerance"] = pin.tolerance;
        setupPins[dat::didJson(pin.id)] = object;
    }
    QJsonObject tablePins;
    for (const TablePin& pin : tables) {
        QJsonArray types;
        for (const TablePin::Type& type : pin.types) {
            QJsonArray scripts;
            for (const TablePin::Threshold& threshold : type.scripts)
                scripts.append(QJsonObject{{"mod", dat::realJson(threshold.mod)},
                                           {"script", dat::didJson(threshold.script)}});
            types.append(QJsonObject{{"type", qint64(type.scriptType)}, {"scripts", scripts}});
        }
        tablePins[dat::didJson(pin.id)] =
            pin.complete ? QJsonValue(types)
                         : QJsonValue(QJsonObject{{"complete", false}, {"types", types}});
    }
    QJsonArray closurePins;
    for (const ClosurePin& pin : closures) {
        QJsonArray hooks;
        for (const HookPin& hook : pin.hooks)
            hooks.append(QJsonObject{{"animation", dat::didJson(hook.animation)},
                                     {"frame", qint64(hook.frame)},
                                     {"hook", hook.fields}});
        closurePins.append(QJsonObject{{"motionTable", dat::didJson(pin.motionTable)},
                                       {"style", dat::didJson(pin.style)},
                                       {"command", dat::didJson(pin.command)},
                                       {"chain", chainJson(pin.chain)},
                                       {"hooks", hooks}});
    }
    QJsonArray projectilePins;
    for (const ProjectilePin& pin : projectiles) {
        QJsonObject object{{"wcid", qint64(pin.wcid)}, {"setup", dat::didJson(pin.setup)}};
        if (!pin.name.isEmpty())
            object["name"] = pin.name;
        if (pin.table)
            object["table"] = dat::didJson(*pin.table);
        projectilePins.append(object);
    }

    json["entries"] = entryPins;
    json["setups"] = setupPins;
    json["tables"] = tablePins;
    json["motionClosures"] = closurePins;
    if (blocking)
        json["blocking"] = QJsonObject{{"physicsScripts", idArray(blocking->physicsScripts)},
                                       {"animations", idArray(blocking->animations)}};
    json["projectiles"] = projectilePins;
    return json;
}

Manifest Manifest::load(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw dat::DatError(
            "(file)", "cannot read " + path.toStdString() + ": " + file.errorString().toStdString(),
            0, dat::OffsetKind::Source);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
    try {
        if (!document.isObject())
            throw dat::DatError("(json)",
                                error.error != QJsonParseError::NoError
                                    ? error.errorString().toStdString() + " at character " +
                                          std::to_string(error.offset)
                                    : "expected an object",
                                0, dat::OffsetKind::Source);
        return fromJson(document.object());
    } catch (dat::DatError& failure) {
        failure.withContext("reading the manifest " + path.toStdString());
        throw;
    }
}

} // namespace portalkit::audit
