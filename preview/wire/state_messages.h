#pragma once

// F74B SetState: a new PhysicsState for an object, gated by its State stamp (docs/wire.md).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/wire/opcodes.h"

#include <QJsonObject>
#include <cstddef>
#include <cstdint>

namespace portalkit::preview::wire {

// F74B: guid, PhysicsState, then the Instance and State stamps (16 bytes).
struct SetState {
    static constexpr std::uint32_t kOpcode = opcode::SetState;
    std::uint32_t guid = 0;
    std::uint32_t state = 0;
    std::uint16_t instanceStamp = 0;
    std::uint16_t stateStamp = 0;

    static constexpr std::size_t kSize = 16;
    // The whole body, opcode first; putFields and fromFields are its JSON beside the opcode,
    // name and guid.
    static SetState decode(dat::ByteCursor& in);
    void encode(dat::ByteWriter& out) const;
    void putFields(QJsonObject& out) const;
    static SetState fromFields(const dat::JsonNode& node, std::uint32_t guid);
    bool operator==(const SetState&) const = default;
};

} // namespace portalkit::preview::wire
