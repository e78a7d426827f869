#include "datreader/records/keyed_table.h"

#include "datreader/records/dat_strings.h"
#include "datreader/records/hash_table.h"

#include <array>

namespace portalkit::dat {
namespace {

// The client's prime bucket sizes, smallest first; the stored u8 is an index into these.
constexpr std::array<std::uint32_t, 23> kBucketSizes{
    11,     23,      47,      89,      191,      383,      761,     1531,
    3067,   6143,    12281,   24571,   49139,    98299,    196597,  393209,
    786431, 1572853, 3145721, 6291449, 12582893, 25165813, 50331599};

} // namespace

std::uint32_t keyedBucketSize(std::uint8_t index) {
    return index < kBucketSizes.size() ? kBucketSizes[index] : 0;
}

std::uint8_t keyedBucketIndex(std::size_t count, BucketRule rule) {
    const std::size_t first = rule == BucketRule::Fixed ? 1 : 0;
    for (std::size_t i = first; i < kBucketSizes.size(); ++i) {
        const bool fits = rule == BucketRule::AutoGrow
                              ? count + 1 <= 2 * std::size_t(kBucketSizes[i])
                              : count <= kBucketSizes[i];
        if (fits)
            return std::uint8_t(i);
    }
    return std::uint8_t(kBucketSizes.size() - 1);
}

std::uint32_t readKeyedHeader(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                              std::uint8_t& bucketIndex, std::uint8_t& countBytes) {
    const std::string bucketField = std::string(field) + ".buckets";
    bucketIndex = in.u8(bucketField.c_str());
    const std::size_t start = in.position();
    const std::uint32_t count = in.compressedUInt(field);
    const auto stored = std::uint8_t(in.position() - start);
    countBytes = stored == compressedUIntWidth(count) ? 0 : stored;
    if (minEntryBytes > 0 && count > in.remaining() / minEntryBytes)
        in.failAt(start, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

void writeKeyedHeader(ByteWriter& out, std::uint8_t bucketIndex, std::uint8_t countBytes,
                      std::size_t count) {
    out.u8(bucketIndex);
    writeCompressedCount(out, count, countBytes); // the local tables' width-keeping count
}

std::uint8_t keyedCountBytesFromJson(const JsonNode& width, std::size_t count) {
    const std::uint8_t value = width.u8(0);
    if (value != 0 && value != 1 && value != 2 && value != 4)
        width.fail("a compressed count takes 1, 2 or 4 bytes");
    const std::uint8_t shortest = compressedUIntWidth(std::uint32_t(count));
    if (value != 0 && value < shortest)
        width.fail("a count of " + std::to_string(count) + " does not fit in " +
                   std::to_string(value) + " bytes");
    return value == shortest ? 0 : value;
}

} // namespace portalkit::dat
