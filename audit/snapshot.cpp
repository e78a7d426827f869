#include "audit/snapshot.h"

#include "audit/hashing.h"
#include "datreader/io/dat_error.h"
#include "datreader/records/blocking_scan.h"
#include "datreader/records/motion_table.h"
#include "datreader/records/physics_script_table.h"
#include "datreader/records/setup.h"

#include <algorithm>
#include <set>

namespace portalkit::audit {
namespace {

SetupPin setupPin(const dat::Setup& setup) {
    return {setup.id,
            setup.spheres,
            std::uint32_t(setup.cylSpheres.size()),
            setup.height,
            setup.radius,
            setup.stepUpHeight,
            setup.stepDownHeight,
            0};
}

TablePin tablePin(const dat::PhysicsScriptTable& table) {
    TablePin pin;
    pin.id = table.id;
    for (const auto& entry : table.entries) {
        TablePin::Type type{entry.scriptType, {}};
        for (const auto& script : entry.scripts)
            type.scripts.push_back({script.mod, script.scriptId});
        pin.types.push_back(std::move(type));
    }
    return pin;
}

ClosurePin closurePin(const dat::DatFile& dat, const ClosureRequest& request) {
    const MotionClosure closure =
        resolveMotionClosure(dat, request.motionTable, request.style, request.command);
    ClosurePin pin{request.motionTable, request.style, request.command, closure.chain, {}};
    for (const ClosureHook& hook : closure.hooks)
        pin.hooks.push_back({hook.animation, hook.frame, dat::hookToJson(hook.hook)});
    return pin;
}

} // namespace

Manifest snapshotManifest(const dat::DatFile& dat, const SnapshotOptions& options, int jobs) {
    Manifest manifest;
    manifest.about = options.about;
    manifest.kind = dat.kind();
    manifest.projectiles = options.projectiles;

    const std::vector<std::string>& types =
        options.types.empty() ? kDefaultPinnedTypes : options.types;
    const std::set<std::uint32_t> extraIds(options.ids.begin(), options.ids.end());
    std::vector<std::uint32_t> hashed;
    std::vector<std::uint32_t> motionTables;
    for (const dat::EntryInfo& info : dat.entries()) {
        if (info.id == dat::kIterationDid)
            continue;
        const std::string_view type = dat::typeName(dat.kind(), info.id);
        if (options.allEntries || extraIds.count(info.id) ||
            ((options.ids.empty() || !options.types.empty()) &&
             std::find(types.begin(), types.end(), type) != types.end()))
            hashed.push_back(info.id);
        if (type == dat::Setup::kTypeName)
            manifest.setups.push_back(setupPin(dat::Setup::decode(dat.read(info), info.id)));
        else if (type == dat::PhysicsScriptTable::kTypeName)
            manifest.tables.push_back(
                tablePin(dat::PhysicsScriptTable::decode(dat.read(info), info.id)));
        else if (type == dat::MotionTable::kTypeName)
            motionTables.push_back(info.id);
    }
    for (std::uint32_t id : extraIds)
        if (!dat.find(id))
            throw dat::DatError("ids", "no entry " + dat::formatDid(id) + " to pin", 0,
                                dat::OffsetKind::Source, id);

    for (const EntryHash& hash : hashEntries(dat, hashed, jobs)) {
        if (!hash.error.isEmpty())
            throw dat::DatError("entry", hash.error.toStdString(), 0, dat::OffsetKind::Source,
                                hash.id);
        manifest.entries.push_back({hash.id, hash.length, hash.sha256, true});
    }

    if (!options.closures.empty()) {
        for (const ClosureRequest& request : options.closures)
            manifest.closures.push_back(closurePin(dat, request));
    } else {
        // By default every table that resolves the recall from its default style, the way the
        // seed pins the human one; tables without that action are simply not pinned.
        for (std::uint32_t id : motionTables) {
            const auto table = dat::MotionTable::decode(dat.read(id), id);
            try {
                manifest.closures.push_back(
                    closurePin(dat, {id, table.defaultStyle, kRecallCommand}));
            } catch (const dat::DatError&) {
            }
        }
    }

    BlockingPin blocking;
    for (const dat::BlockingHit& hit : dat::scanCreateBlocking(dat)) {
        auto& list = dat::typeName(dat.kind(), hit.did) == "Animation" ? blocking.animations
                                                                       : blocking.physicsScripts;
        if (list.empty() || list.back() != hit.did)
            list.push_back(hit.did);
    }
    manifest.blocking = std::move(blocking);
    return manifest;
}

} // namespace portalkit::audit
