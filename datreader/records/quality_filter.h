#pragma once

// QualityFilter (0x0E010000-0x0E01FFFF): which of an object's qualities a filter lets through,
// as lists of property numbers per kind (docs/formats.md#qualityfilter).

#include "datreader/records/record_codec.h"

#include <array>

namespace portalkit::dat {

struct QualityFilter {
    static constexpr std::string_view kTypeName = "QualityFilter";
    // Stored as eight counts, the eight lists, then three counts and their lists.
    static constexpr std::size_t kStatLists = 8;
    static constexpr std::size_t kLists = 11;
    // The JSON key of each list, in stored order.
    static const std::array<const char*, kLists> kListNames;

    std::uint32_t id = 0;
    // int, int64, bool, float, dataId, instanceId, string, position stats; then attributes,
    // vitals (attribute2nd) and skills. Each a list of property numbers, stored order.
    std::array<std::vector<std::uint32_t>, kLists> lists;
    std::vector<std::uint8_t> trailing;

    PORTALKIT_RECORD_CODEC(QualityFilter);
};

} // namespace portalkit::dat
