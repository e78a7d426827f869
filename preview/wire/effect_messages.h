#pragma once

// The effect messages: F754 plays a PhysicsScript by DID, F755 a script type through the
// target's table (docs/wire.md). Each lists its fields once, in wire order, for the decoder,
// the encoder and the JSON form alike (preview/wire/fields.h).

#include "preview/wire/opcodes.h"

#include <cstddef>
#include <cstdint>

namespace portalkit::preview::wire {

// F754 (SmartBox::HandlePlayScriptID 0x00452020): exactly 12 bytes. Plays the DID directly.
struct PlayScriptId {
    static constexpr std::uint32_t kOpcode = opcode::PlayScriptId;
    std::uint32_t guid = 0;
    std::uint32_t scriptId = 0;

    static constexpr std::size_t kSize = 12;
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.id("PlayScriptId.scriptId", m.scriptId);
    }
    bool operator==(const PlayScriptId&) const = default;
};

// F755 (SmartBox::HandlePlayScriptType 0x00452070): exactly 16 bytes. The type may be one no
// table knows and the intensity any float, NaN payloads included: both stay raw until the
// target's table resolves them (R5).
struct PlayScriptType {
    static constexpr std::uint32_t kOpcode = opcode::PlayScriptType;
    std::uint32_t guid = 0;
    std::uint32_t scriptType = 0;
    std::uint32_t intensityBits = 0;

    float intensity() const;
    static constexpr std::size_t kSize = 16;
    // The intensity stays raw, so a NaN payload survives; its JSON gives both forms.
    template <typename Io, typename Self> static void fields(Io& io, Self& m) {
        io.id("PlayScriptType.scriptType", m.scriptType);
        io.realBits("PlayScriptType.intensity", m.intensityBits);
    }
    bool operator==(const PlayScriptType&) const = default;
};

} // namespace portalkit::preview::wire
