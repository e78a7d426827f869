#include "datreader/records/packable_hash.h"

#include "datreader/io/dat_error.h"

#include <string>

namespace portalkit::dat {

std::uint16_t readPackableHeader(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                                 std::uint16_t& buckets) {
    const std::size_t at = in.position();
    const std::uint16_t count = in.u16(field);
    buckets = in.u16(field);
    // Checked only after the bucket count, so a count is judged by the bytes its entries have.
    if (minEntryBytes > 0 && count > in.remaining() / minEntryBytes)
        in.failAt(at, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

void writePackableHeader(ByteWriter& out, std::size_t count, std::uint16_t buckets,
                         const char* field) {
    if (count > 0xFFFF)
        throw DatError(field,
                       std::to_string(count) + " entries do not fit a hash table's u16 count", 0,
                       OffsetKind::Entry);
    out.u16(std::uint16_t(count));
    out.u16(buckets);
}

std::uint16_t packableBucketsFromJson(const JsonNode& node, const char* key,
                                      std::uint16_t fallback) {
    return node[std::string(key) + "Buckets"].u16(fallback);
}

} // namespace portalkit::dat
