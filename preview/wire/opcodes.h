#pragma once

// The opcodes of the game messages preview/wire decodes (docs/wire.md), and their names.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace portalkit::preview::wire {

namespace opcode {
constexpr std::uint32_t CreateObject = 0xF745;
constexpr std::uint32_t DeleteObject = 0xF747;
constexpr std::uint32_t UpdatePosition = 0xF748;
constexpr std::uint32_t SetState = 0xF74B;
constexpr std::uint32_t VectorUpdate = 0xF74E;
constexpr std::uint32_t PlayScriptId = 0xF754;
constexpr std::uint32_t PlayScriptType = 0xF755;
} // namespace opcode

// Every opcode decodeMessage understands with its name, for name lookups and error messages.
struct KnownOpcode {
    std::uint32_t code;
    std::string_view name;
};
constexpr std::array<KnownOpcode, 7> kKnownOpcodes{{
    {opcode::CreateObject, "CreateObject"},
    {opcode::DeleteObject, "DeleteObject"},
    {opcode::UpdatePosition, "UpdatePosition"},
    {opcode::SetState, "SetState"},
    {opcode::VectorUpdate, "VectorUpdate"},
    {opcode::PlayScriptId, "PlayScriptId"},
    {opcode::PlayScriptType, "PlayScriptType"},
}};

// "PlayScriptId" for 0xF754 and so on; empty for an opcode this layer does not decode.
std::string_view opcodeName(std::uint32_t opcode);
// The known opcodes as "F745, F747, ...", for "unsupported opcode" errors.
std::string knownOpcodes();

} // namespace portalkit::preview::wire
