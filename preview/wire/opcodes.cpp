#include "preview/wire/opcodes.h"

#include <cstdio>

namespace portalkit::preview::wire {

std::string_view opcodeName(std::uint32_t code) {
    switch (code) {
    case opcode::CreateObject:
        return "CreateObject";
    case opcode::DeleteObject:
        return "DeleteObject";
    case opcode::UpdatePosition:
        return "UpdatePosition";
    case opcode::SetState:
        return "SetState";
    case opcode::VectorUpdate:
        return "VectorUpdate";
    case opcode::PlayScriptId:
        return "PlayScriptId";
    case opcode::PlayScriptType:
        return "PlayScriptType";
    }
    return {};
}

std::string knownOpcodes() {
    std::string list;
    for (std::uint32_t code : kKnownOpcodes) {
        char text[5];
        std::snprintf(text, sizeof text, "%04X", code);
        list += (list.empty() ? "" : ", ") + std::string(text);
    }
    return list;
}

} // namespace portalkit::preview::wire
