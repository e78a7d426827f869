#pragma once

// The effect messages: F754 plays a PhysicsScript by DID, F755 a script type through the
// target's table (docs/wire.md). Each decodes from and encodes to a whole message body,
// opcode first; putFields and fromFields are its JSON beside the opcode, name and guid.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/wire/opcodes.h"

#include <QJsonObject>
#include <cstddef>
#include <cstdint>

namespace portalkit::preview::wire {

// F754 (SmartBox::HandlePlayScriptID 0x00452020): exactly 12 bytes. Plays the DID directly.
struct PlayScriptId {
    static constexpr std::uint32_t kOpcode = opcode::PlayScriptId;
    std::uint32_t guid = 0;
    std::uint32_t scriptId = 0;

    static constexpr std::size_t kSize = 12;
    static PlayScriptId decode(dat::ByteCursor& in);
    void encode(dat::ByteWriter& out) const;
    void putFields(QJsonObject& out) const;
    static PlayScriptId fromFields(const dat::JsonNode& node, std::uint32_t guid);
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
    static PlayScriptType decode(dat::ByteCursor& in);
    void encode(dat::ByteWriter& out) const;
    void putFields(QJsonObject& out) const;
    static PlayScriptType fromFields(const dat::JsonNode& node, std::uint32_t guid);
    bool operator==(const PlayScriptType&) const = default;
};

} // namespace portalkit::preview::wire
