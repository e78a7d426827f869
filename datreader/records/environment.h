#pragma once

// Environment (0x0D): the cell shapes EnvCells are built from, each a CellStruct under its key
// (docs/formats.md#environment).

#include "datreader/records/cell_struct.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

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

    static Environment decode(std::span<const std::uint8_t> bytes, std::uint32_t did);
    std::vector<std::uint8_t> encode() const;
    QJsonObject toJson() const;
    static Environment fromJson(const JsonNode& node, std::uint32_t did);
    bool operator==(const Environment&) const = default;
};

} // namespace portalkit::dat
