#include "support/record_checks.h"

#include "datreader/records/record.h"

namespace portalkit::testing {

void checkThroughRegistry(dat::DatKind kind, std::uint32_t did,
                          const std::vector<std::uint8_t>& bytes, std::string_view typeName) {
    const auto record = dat::decodeRecord(kind, did, bytes);
    QVERIFY(record);
    QCOMPARE(dat::recordTypeName(*record), typeName);
    QCOMPARE(dat::encodeRecord(*record), bytes);
}

} // namespace portalkit::testing
