#pragma once

// F74B SetState: a new PhysicsState for an object, gated by its State stamp (docs/wire.md).

#include "preview/wire/opcodes.h"

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
    // One list for decode, encode and JSON (preview/wire/fields.h).
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.id("SetState.state", m.state);
        io.stamp("SetState.instanceStamp", m.instanceStamp);
        io.stamp("SetState.stateStamp", m.stateStamp);
    }
    bool operator==(const SetState&) const = default;
};

} // namespace portalkit::preview::wire
