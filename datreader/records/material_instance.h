#pragma once

// MaterialInstance (0x18...): a material of the later graphics engine with the modifiers applied
// to it (docs/formats.md#materialinstance).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct MaterialInstance {
    static constexpr std::string_view kTypeName = "MaterialInstance";

    std::uint32_t id = 0;
    std::uint32_t materialId = 0;            // raw: which table it names is unconfirmed
    std::uint32_t materialType = 0;          // raw
    std::vector<std::uint32_t> modifierRefs; // MaterialModifier (0x17...) ids, as far as known
    // One byte each; kept raw, as retail may store values other than 0 and 1.
    std::uint8_t allowStencilShadows = 0;
    std::uint8_t wantDiscardGeometry = 0;

    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(MaterialInstance);
};

} // namespace portalkit::dat
