#include "datreader/records/physics_script_table.h"

#include "datreader/io/dat_error.h"
#include "datreader/records/codec_helpers.h"
#include "datreader/records/common.h"

namespace portalkit::dat {

namespace {
using ScriptAndMod = PhysicsScriptTable::ScriptAndMod;
using Entry = PhysicsScriptTable::Entry;

ScriptAndMod readScript(ByteCursor& in) {
    ScriptAndMod script;
    script.mod = in.f32("scriptTable.mod");
    script.scriptId = in.u32("scriptTable.scriptId");
    return script;
}

Entry readEntry(ByteCursor& in) {
    Entry entry;
    entry.scriptType = in.u32("scriptTable.scriptType");
    entry.scripts = readList(in, "scriptTable.scripts", 8, readScript);
    return entry;
}

void writeEntry(ByteWriter& out, const Entry& entry) {
    out.u32(entry.scriptType);
    writeList(out, entry.scripts, [](ByteWriter& o, const ScriptAndMod& script) {
        o.f32(script.mod);
        o.u32(script.scriptId);
    });
}

QJsonObject entryToJson(const Entry& entry) {
    const QJsonArray scripts = listToJson(entry.scripts, [](const ScriptAndMod& script) {
        return QJsonObject{{"mod", exactJson(script.mod)}, {"scriptId", didJson(script.scriptId)}};
    });
    return {{"scriptType", qint64(entry.scriptType)}, {"scripts", scripts}};
}

Entry entryFromJson(const JsonNode& node) {
    Entry entry;
    entry.scriptType = node["scriptType"].u32();
    entry.scripts = listFromJson(node["scripts"], [](const JsonNode& script) {
        return ScriptAndMod{script["mod"].f32(0), script["scriptId"].u32()};
    });
    return entry;
}
} // namespace

PhysicsScriptTable PhysicsScriptTable::decode(std::span<const std::uint8_t> bytes,
                                              std::uint32_t did) {
    // Every field is four bytes wide, so the table ends aligned: no fill precedes its end.
    return decodeRecordFrame<PhysicsScriptTable>(
        bytes, did, "scriptTable", [](ByteCursor& in, PhysicsScriptTable& table) {
            table.entries = readList(in, "scriptTable.count", 8, readEntry);
        });
}

std::vector<std::uint8_t> PhysicsScriptTable::encode() const {
    return encodeRecordFrame(*this, [&](ByteWriter& out) { writeList(out, entries, writeEntry); });
}

QJsonObject PhysicsScriptTable::toJson() const {
    return recordFrameJson(*this, {{"entries", listToJson(entries, entryToJson)}});
}

PhysicsScriptTable PhysicsScriptTable::fromJson(const JsonNode& node, std::uint32_t did) {
    return recordFrameFromJson<PhysicsScriptTable>(node, did, [&](PhysicsScriptTable& table) {
        const JsonNode entries = node["entries"];
        if (entries.isMissing())
            entries.fail("expected an array of entries");
        table.entries = listFromJson(entries, entryFromJson);
    });
}

} // namespace portalkit::dat
