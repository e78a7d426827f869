#include "datreader/records/record_in_dat.h"

#include "datreader/io/dat_error.h"

#include <string>

namespace portalkit::dat {
namespace {

// Types the raw entries of `table` through the DAT's MasterProperty, or says why it cannot.
void typeProperties(const DatFile& dat, DbProperties& table) {
    if (!table.isRaw())
        return;
    if (dat.kind() != DatKind::Portal || !dat.find(kMasterPropertyId)) {
        table.rawReason += "; this DAT has no MasterProperty 0x39000001 to type them";
        return;
    }
    // Either failure leaves the DbProperties as read (it is fine on its own bytes) and says
    // what stopped the typing.
    PropertyTypes types;
    try {
        types = MasterProperty::decode(dat.read(kMasterPropertyId), kMasterPropertyId)
                    .propertyTypes();
    } catch (const DatError& error) {
        table.rawReason += "; the MasterProperty that types them fails to decode: " +
                           std::string(error.what());
        return;
    }
    try {
        table = table.typed(types);
    } catch (const DatError& error) {
        table.rawReason += "; read with the MasterProperty's types they do not fit: " +
                           std::string(error.what());
    }
}

} // namespace

std::optional<Record> decodeRecordIn(const DatFile& dat, std::uint32_t did,
                                     std::span<const std::uint8_t> bytes) {
    std::optional<Record> record = decodeRecord(dat.kind(), did, bytes);
    if (record)
        if (auto* table = std::get_if<DbProperties>(&*record))
            typeProperties(dat, *table);
    return record;
}

} // namespace portalkit::dat
