#include "preview/wire/opcodes.h"

#include <cstdio>

namespace portalkit::preview::wire {

std::string_view opcodeName(std::uint32_t code) {
    for (const KnownOpcode& known : kKnownOpcodes)
        if (known.code == code)
            return known.name;
    return {};
}

std::string knownOpcodes() {
    std::string list;
    for (const KnownOpcode& known : kKnownOpcodes) {
        char text[5];
        std::snprintf(text, sizeof text, "%04X", known.code);
        list += (list.empty() ? "" : ", ") + std::string(text);
    }
    return list;
}

} // namespace portalkit::preview::wire
