#include "preview/wire/state_messages.h"

#include "preview/wire/values.h"

namespace portalkit::preview::wire {

SetState SetState::decode(dat::ByteCursor& in) {
    readOpcode(in, opcode::SetState);
    SetState message;
    message.guid = in.u32("SetState.guid");
    message.state = in.u32("SetState.state");
    message.instanceStamp = in.u16("SetState.instanceStamp");
    message.stateStamp = in.u16("SetState.stateStamp");
    return message;
}

void SetState::encode(dat::ByteWriter& out) const {
    out.u32(kOpcode);
    out.u32(guid);
    out.u32(state);
    out.u16(instanceStamp);
    out.u16(stateStamp);
}

void SetState::putFields(QJsonObject& out) const {
    out["state"] = hexJson(state);
    out["instanceStamp"] = instanceStamp;
    out["stateStamp"] = stateStamp;
}

SetState SetState::fromFields(const dat::JsonNode& node, std::uint32_t guid) {
    return SetState{guid, node["state"].u32(), node["instanceStamp"].u16(0),
                    node["stateStamp"].u16(0)};
}

} // namespace portalkit::preview::wire
