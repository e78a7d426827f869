#include "datreader/records/physics_script_table.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/common.h"

#include <QJsonArray>

namespace portalkit::dat {

PhysicsScriptTable PhysicsScriptTable::decode(std::span<const std::uint8_t> bytes,
                                              std::uint32_t did) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    PhysicsScriptTable table;
    table.id = readOwnId(in, did);
    const std::uint32_t count = readCount(in, "scriptTable.count", 8);
    table.entries.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        Entry entry;
        entry.scriptType = in.u32("scriptTable.scriptType");
        const std::uint32_t scripts = readCount(in, "scriptTable.scripts", 8);
        entry.scripts.reserve(scripts);
        for (std::uint32_t j = 0; j < scripts; ++j) {
            ScriptAndMod script;
            script.mod = in.f32("scriptTable.mod");
            script.scriptId = in.u32("scriptTable.scriptId");
            entry.scripts.push_back(script);
        }
        table.entries.push_back(std::move(entry));
    }
    in.align4("scriptTable.pad");
    in.expectEnd("scriptTable");
    return table;
}

std::vector<std::uint8_t> PhysicsScriptTable::encode() const {
    ByteWriter out;
    out.u32(id);
    out.u32(std::uint32_t(entries.size()));
    for (const Entry& entry : entries) {
        out.u32(entry.scriptType);
        out.u32(std::uint32_t(entry.scripts.size()));
        for (const ScriptAndMod& script : entry.scripts) {
            out.f32(script.mod);
            out.u32(script.scriptId);
        }
    }
    return out.take();
}

QJsonObject PhysicsScriptTable::toJson() const {
    QJsonArray list;
    for (const Entry& entry : entries) {
        QJsonArray scripts;
        for (const ScriptAndMod& script : entry.scripts)
            scripts.append(
                QJsonObject{{"mod", realJson(script.mod)}, {"scriptId", didJson(script.scriptId)}});
        list.append(QJsonObject{{"scriptType", qint64(entry.scriptType)}, {"scripts", scripts}});
    }
    return {{"id", didJson(id)}, {"entries", list}};
}

PhysicsScriptTable PhysicsScriptTable::fromJson(const JsonNode& node, std::uint32_t did) {
    PhysicsScriptTable table;
    table.id = ownIdFromJson(node, did);
    const JsonNode entries = node["entries"];
    if (entries.isMissing())
        entries.fail("expected an array of entries");
    for (const JsonNode& entryNode : entries.elements()) {
        Entry entry;
        entry.scriptType = entryNode["scriptType"].u32();
        for (const JsonNode& script : entryNode["scripts"].elements())
            entry.scripts.push_back({script["mod"].f32(0), script["scriptId"].u32()});
        table.entries.push_back(std::move(entry));
    }
    return table;
}

} // namespace portalkit::dat
