#include "snapshot.h"

#include "digest.h"
#include "records/blocking_scan.h"
#include "records/physics_script_table.h"
#include "records/setup.h"

#include <QJsonDocument>
#include <set>

namespace portalkit::audit {
namespace {

QJsonObject setupPins(const dat::Setup& setup) {
    QJsonArray spheres;
    for (const dat::Sphere& sphere : setup.spheres)
        spheres.append(dat::toJson(sphere));
    return {{"spheres", spheres},
            {"cylSphereCount", qint64(setup.cylSpheres.size())},
            {"height", dat::realJson(setup.height)},
            {"radius", dat::realJson(setup.radius)},
            {"stepUpHeight", dat::realJson(setup.stepUpHeight)},
            {"stepDownHeight", dat::realJson(setup.stepDownHeight)}};
}

QJsonArray tablePins(const dat::PhysicsScriptTable& table) {
    QJsonArray types;
    for (const auto& entry : table.entries) {
        QJsonArray scripts;
        for (const auto& script : entry.scripts)
            scripts.append(QJsonObject{{"mod", dat::realJson(script.mod)},
                                       {"script", dat::didJson(script.scriptId)}});
        types.append(QJsonObject{{"type", qint64(entry.scriptType)}, {"scripts", scripts}});
    }
    return types;
}

} // namespace

QJsonObject snapshotManifest(const dat::DatFile& dat, const SnapshotOptions& options) {
    const std::set<std::uint32_t> chosen(options.ids.begin(), options.ids.end());
    QJsonObject entries;
    QJsonObject setups;
    QJsonObject tables;
    for (const dat::EntryInfo& info : dat.entries()) {
        if (info.id == dat::kIterationDid)
            continue;
        const std::vector<std::uint8_t> bytes = dat.read(info);
        const QString id = dat::didJson(info.id);
        if (chosen.empty() || chosen.count(info.id))
            entries[id] = QJsonObject{
                {"length", qint64(bytes.size())}, {"sha256", sha256Hex(bytes)}, {"required", true}};
        const std::string_view type = dat::typeName(dat.kind(), info.id);
        if (type == dat::Setup::kTypeName)
            setups[id] = setupPins(dat::Setup::decode(bytes, info.id));
        else if (type == dat::PhysicsScriptTable::kTypeName)
            tables[id] = tablePins(dat::PhysicsScriptTable::decode(bytes, info.id));
    }

    QJsonArray blockingScripts;
    QJsonArray blockingAnimations;
    std::uint32_t previous = 0;
    for (const dat::BlockingHit& hit : dat::scanCreateBlocking(dat)) {
        if (hit.did == previous)
            continue; // the inventory lists ids, not hooks
        previous = hit.did;
        (dat::typeName(dat.kind(), hit.did) == "Animation" ? blockingAnimations : blockingScripts)
            .append(dat::didJson(hit.did));
    }

    QJsonObject manifest{
        {"format", "portalkit-manifest"},
        {"version", 1},
        {"dat", QJsonObject{{"kind", QString::fromUtf8(dat::kindName(dat.kind()).data())},
                            {"iteration", dat.iteration() ? dat.iteration()->current : 0}}},
        {"entries", entries},
        {"setups", setups},
        {"tables", tables},
        {"blocking",
         QJsonObject{{"physicsScripts", blockingScripts}, {"animations", blockingAnimations}}}};
    if (!options.projectiles.isEmpty())
        manifest["projectiles"] = options.projectiles;
    return manifest;
}

} // namespace portalkit::audit
