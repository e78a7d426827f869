#pragma once

// Environment (0x0D): the cell shapes EnvCells are built from, each a CellStruct under its key
// (docs/formats.md#environment).

#include "datreader/records/cell_struct.h"
#include "datreader/records/record_codec.h"

namespace portalkit::dat {

struct Environment {
    static constexpr std::string_view kTypeName = "Environment";

    struct Cell {
        std::uint32_t key = 0; // what EnvCell::cellStructure names
        CellStruct structure;
        bool operator==(const Cell&) const = default;
    };

    std::uint32_t id = 0;
    std::vector<Cell> cells; // stored order
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(Environment);
};

} // namespace portalkit::dat
