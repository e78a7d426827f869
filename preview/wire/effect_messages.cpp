#include "preview/wire/effect_messages.h"

#include "preview/wire/values.h"

#include <bit>

namespace portalkit::preview::wire {

PlayScriptId PlayScriptId::decode(dat::ByteCursor& in) {
    readOpcode(in, opcode::PlayScriptId);
    PlayScriptId message;
    message.guid = in.u32("PlayScriptId.guid");
    message.scriptId = in.u32("PlayScriptId.scriptId");
    return message;
}

void PlayScriptId::encode(dat::ByteWriter& out) const {
    out.u32(kOpcode);
    out.u32(guid);
    out.u32(scriptId);
}

void PlayScriptId::putFields(QJsonObject& out) const {
    out["scriptId"] = hexJson(scriptId);
}

PlayScriptId PlayScriptId::fromFields(const dat::JsonNode& node, std::uint32_t guid) {
    return PlayScriptId{guid, node["scriptId"].u32()};
}

float PlayScriptType::intensity() const {
    return std::bit_cast<float>(intensityBits);
}

PlayScriptType PlayScriptType::decode(dat::ByteCursor& in) {
    readOpcode(in, opcode::PlayScriptType);
    PlayScriptType message;
    message.guid = in.u32("PlayScriptType.guid");
    message.scriptType = in.u32("PlayScriptType.scriptType");
    message.intensityBits = in.u32("PlayScriptType.intensity"); // raw: a NaN payload survives
    return message;
}

void PlayScriptType::encode(dat::ByteWriter& out) const {
    out.u32(kOpcode);
    out.u32(guid);
    out.u32(scriptType);
    out.u32(intensityBits);
}

void PlayScriptType::putFields(QJsonObject& out) const {
    out["scriptType"] = hexJson(scriptType);
    putRealBits(out, "intensity", intensityBits);
    out["intensityBits"] = hexJson(intensityBits); // always: the raw truth
}

PlayScriptType PlayScriptType::fromFields(const dat::JsonNode& node, std::uint32_t guid) {
    // A NaN's payload comes from intensityBits; any other intensity is exact as written.
    return PlayScriptType{guid, node["scriptType"].u32(), realBitsFromJson(node, "intensity")};
}

} // namespace portalkit::preview::wire
