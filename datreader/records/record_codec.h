#pragma once

// What every record type's header declares, in one place: its decoder, encoder and JSON forms,
// and value equality. The shared codec shapes behind them are in codec_helpers.h, which only the
// records' sources include.

#include "datreader/io/json_node.h"
#include "datreader/records/common.h"

#include <QJsonObject>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#define PORTALKIT_RECORD_CODEC(Type)                                                               \
    static Type decode(std::span<const std::uint8_t> bytes, std::uint32_t did);                    \
    std::vector<std::uint8_t> encode() const;                                                      \
    QJsonObject toJson() const;                                                                    \
    static Type fromJson(const JsonNode& node, std::uint32_t did);                                 \
    bool operator==(const Type&) const = default
