#pragma once

// MaterialModifier (0x17...): a list of material properties of the later
// graphics engine, laid out as DatReaderWriter reads them; the meaning of most
// fields is unknown, so all are kept raw (docs/formats.md#materialmodifier).

#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct MaterialProperty {
    std::uint32_t nameId = 0;
    std::uint16_t dataType = 0;
    std::uint32_t pad = 0; // the fill that aligns what follows to 4 bytes (raw)
    std::uint32_t dataLength = 0;
    std::uint32_t dataLength2 = 0;
    std::uint16_t dataLength3 = 0;
    std::uint8_t dataLength4 = 0;
    bool operator==(const MaterialProperty&) const = default;
};

struct MaterialModifier {
    static constexpr std::string_view kTypeName = "MaterialModifier";

    std::uint32_t id = 0;
    std::vector<MaterialProperty> properties;

    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(MaterialModifier);
};

} // namespace portalkit::dat
