#pragma once

// Small JSON spellings every glTF builder here shares: number arrays and ids as the DAT tools
// print them ("0x02000C01").

#include "datreader/records/common.h"

#include <QJsonArray>
#include <QString>
#include <array>
#include <cstdint>
#include <initializer_list>

namespace portalkit::exports {

inline QJsonArray jsonArray(std::initializer_list<float> values) {
    QJsonArray out;
    for (float v : values)
        out.append(double(v));
    return out;
}

template <std::size_t N> QJsonArray jsonArray(const std::array<float, N>& values) {
    QJsonArray out;
    for (float v : values)
        out.append(double(v));
    return out;
}

inline QString hex(std::uint32_t value) {
    return dat::didJson(value);
}

} // namespace portalkit::exports
