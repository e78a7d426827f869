#pragma once

// Decoding a record with the DAT it came from at hand. Most records are whole in their own
// bytes; a DbProperties is not: its values' types are only in the portal DAT's MasterProperty
// (docs/formats.md#dbproperties). The CLI, the exporter and the studio decode through here, so a
// user sees typed values wherever the MasterProperty is there to type them.

#include "datreader/container/dat_file.h"
#include "datreader/records/record.h"

#include <cstdint>
#include <optional>
#include <span>

namespace portalkit::dat {

// The MasterProperty id the retail client reads its property types from.
inline constexpr std::uint32_t kMasterPropertyId = 0x39000001;

// decodeRecord, then a DbProperties typed through `dat`'s MasterProperty. When the DAT has no
// MasterProperty, or it fails to decode, the record stays raw and its rawReason says why.
// Throws DatError as decodeRecord does.
std::optional<Record> decodeRecordIn(const DatFile& dat, std::uint32_t did,
                                     std::span<const std::uint8_t> bytes);

} // namespace portalkit::dat
