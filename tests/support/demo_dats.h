#pragma once

// The demo DATs the build makes (docs/demo.md), opened once per suite, and one record of them
// decoded as the type a test expects. A suite that includes this defines the paths it uses
// (PORTALKIT_DEMO_DAT, PORTALKIT_DEMO_CELL_DAT) in its CMakeLists.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>

namespace portalkit::testing {

#ifdef PORTALKIT_DEMO_DAT
inline const dat::DatFile& demoPortalDat() {
    static const dat::DatFile dat = dat::DatFile::open(PORTALKIT_DEMO_DAT);
    return dat;
}
#endif

#ifdef PORTALKIT_DEMO_CELL_DAT
inline const dat::DatFile& demoCellDat() {
    static const dat::DatFile dat = dat::DatFile::open(PORTALKIT_DEMO_CELL_DAT);
    return dat;
}
#endif

// The record `did` of `dat` as a T; throws, naming the DID, when it is missing or another type.
template <typename T> T demoRecord(const dat::DatFile& dat, std::uint32_t did) {
    const auto decoded = dat::decodeRecord(dat.kind(), did, dat.read(did));
    if (!decoded || !std::holds_alternative<T>(*decoded))
        throw std::runtime_error(dat::formatDid(did) + " is not a " + std::string(T::kTypeName));
    return std::get<T>(*decoded);
}

} // namespace portalkit::testing
