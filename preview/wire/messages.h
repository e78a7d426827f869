#pragma once

// The game messages the previewer's timeline needs, each decoded from and encoded to one message
// body starting at its u32 opcode (R5, docs/wire.md; ACE's GameMessage layouts cross-checked).
// One header per family holds the layouts; this one is the Message they make up and its codec.

#include "preview/wire/effect_messages.h"
#include "preview/wire/object_messages.h"
#include "preview/wire/opcodes.h"
#include "preview/wire/position_messages.h"
#include "preview/wire/state_messages.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

namespace portalkit::preview::wire {

using Message = std::variant<CreateObject, SetState, VectorUpdate, PlayScriptId, PlayScriptType,
                             DeleteObject, UpdatePosition>;

std::uint32_t opcodeOf(const Message& message);
std::uint32_t guidOf(const Message& message);

// Decodes one message body (opcode first). Unknown opcodes, truncation and bytes left over
// throw DatError naming the field; the offset is from the start of `bytes`.
Message decodeMessage(std::span<const std::uint8_t> bytes);
// The mirror of decodeMessage: encodeMessage(decodeMessage(b)) == b.
std::vector<std::uint8_t> encodeMessage(const Message& message);

// {"opcode": "0x0000F755", "name": "PlayScriptType", "guid": ..., ...fields}.
QJsonObject toJson(const Message& message);

// The inverse of toJson(const Message&): for every message m, messageFromJson(toJson(m))
// encodes to the bytes of m. For hand-written sources "opcode" may be the hex opcode, a number
// or the name ("PlayScriptType"), or be left out when "name" is given; stamps left out are zero;
// a PhysicsDesc's or PositionPack's "flags" may be left out (see their fromJson). {"hex": "..."}
// is also accepted and decoded as bytes. The message is checked by encoding it, so what comes
// back can always be encoded. Errors throw DatError naming the key path below `node`'s.
Message messageFromJson(const dat::JsonNode& node);
Message messageFromJson(const QJsonObject& json);

} // namespace portalkit::preview::wire
