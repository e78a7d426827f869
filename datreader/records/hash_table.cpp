#include "datreader/records/hash_table.h"

#include "datreader/records/dat_strings.h"

#include <array>
#include <string>

namespace portalkit::dat {
namespace {

// The client's prime bucket sizes, smallest first (the u8 index points into these).
constexpr std::array<std::uint32_t, 12> kBucketSizes{11,  23,   47,   89,   191,   383,
                                                     761, 1531, 3067, 6143, 12281, 24571};

std::string key(const char* prefix, const char* suffix) {
    return std::string(prefix) + suffix;
}

} // namespace

std::uint32_t readCompressedCount(ByteCursor& in, const char* field, std::size_t minItemBytes,
                                  std::uint8_t& width) {
    const std::size_t start = in.position();
    const std::uint32_t count = in.compressedUInt(field);
    const auto stored = std::uint8_t(in.position() - start);
    width = stored == compressedUIntWidth(count) ? 0 : stored;
    if (minItemBytes > 0 && count > in.remaining() / minItemBytes)
        in.failAt(start, field,
                  "count " + std::to_string(count) + " cannot fit in the " +
                      std::to_string(in.remaining()) + " bytes left");
    return count;
}

void writeCompressedCount(ByteWriter& out, std::size_t count, std::uint8_t width) {
    const auto value = std::uint32_t(count);
    if (width == 0 || width <= compressedUIntWidth(value)) {
        out.compressedUInt(value);
    } else if (width == 2) { // a count below 0x80 in the two-byte form
        out.u8(std::uint8_t(0x80 | (value >> 8)));
        out.u8(std::uint8_t(value));
    } else { // the four-byte form: high 14 bits big-endian, then the low u16
        out.u8(std::uint8_t(0xC0 | (value >> 24)));
        out.u8(std::uint8_t(value >> 16));
        out.u16(std::uint16_t(value));
    }
}

std::uint32_t readHashHeader(ByteCursor& in, const char* field, std::size_t minItemBytes,
                             HashHeader& header) {
    header.bucketIndex = in.u8(field);
    return readCompressedCount(in, field, minItemBytes, header.countBytes);
}

void writeHashHeader(ByteWriter& out, const HashHeader& header, std::size_t count) {
    out.u8(header.bucketIndex);
    writeCompressedCount(out, count, header.countBytes);
}

void putHashHeader(QJsonObject& object, const char* prefix, const HashHeader& header) {
    object[QString::fromStdString(key(prefix, "Buckets"))] = int(header.bucketIndex);
    if (header.countBytes != 0)
        object[QString::fromStdString(key(prefix, "CountBytes"))] = int(header.countBytes);
}

std::uint8_t countBytesFromJson(const JsonNode& width, std::size_t count) {
    const std::uint8_t value = width.u8(0);
    if (value != 0 && value != 1 && value != 2 && value != 4)
        width.fail("a compressed count takes 1, 2 or 4 bytes");
    const std::uint8_t shortest = compressedUIntWidth(std::uint32_t(count));
    if (value != 0 && value < shortest)
        width.fail("a count of " + std::to_string(count) + " does not fit in " +
                   std::to_string(value) + " bytes");
    return value == shortest ? 0 : value;
}

HashHeader hashHeaderFromJson(const JsonNode& node, const char* prefix, std::size_t count) {
    HashHeader header;
    std::uint8_t fit = std::uint8_t(kBucketSizes.size() - 1);
    for (std::size_t i = 0; i < kBucketSizes.size(); ++i)
        if (kBucketSizes[i] >= count) {
            fit = std::uint8_t(i);
            break;
        }
    header.bucketIndex = node[key(prefix, "Buckets")].u8(fit);
    header.countBytes = countBytesFromJson(node[key(prefix, "CountBytes")], count);
    return header;
}

QJsonValue byteFlagJson(std::uint8_t value) {
    if (value <= 1)
        return value == 1;
    return int(value);
}

std::uint8_t byteFlagFromJson(const JsonNode& node, std::uint8_t fallback) {
    if (node.isMissing())
        return fallback;
    if (node.value().isBool())
        return node.boolean() ? 1 : 0;
    return node.u8();
}

} // namespace portalkit::dat
