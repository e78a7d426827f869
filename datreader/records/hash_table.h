#pragma once

// The client's HashTable as the local DAT stores it (UiLayout, StringTable): a u8 index into the
// prime bucket sizes, then a compressed-uint count, then the entries. Both header fields are kept
// raw — the index as stored, the count's width when it was written longer than needed — and the
// entries stay in file order, so a table re-encodes byte for byte (docs/formats.md#uilayout).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"

#include <QJsonObject>
#include <cstdint>

namespace portalkit::dat {

struct HashHeader {
    std::uint8_t bucketIndex = 0; // index into 11, 23, 47, 89, ... (raw)
    std::uint8_t countBytes = 0;  // 0: the count in its shortest form; else its stored width
    bool operator==(const HashHeader&) const = default;
};

// A compressed-uint count that must fit the bytes left at `minItemBytes` an item; `width` gets 0
// when it was stored in its shortest form, else the bytes it took. writeCompressedCount is the
// mirror (a width too short for the count gives the shortest form).
std::uint32_t readCompressedCount(ByteCursor& in, const char* field, std::size_t minItemBytes,
                                  std::uint8_t& width);
void writeCompressedCount(ByteWriter& out, std::size_t count, std::uint8_t width);

// Reads the header; the count must fit the bytes left at `minItemBytes` an entry.
std::uint32_t readHashHeader(ByteCursor& in, const char* field, std::size_t minItemBytes,
                             HashHeader& header);
void writeHashHeader(ByteWriter& out, const HashHeader& header, std::size_t count);

// JSON: "<prefix>Buckets" (the raw index) and "<prefix>CountBytes" (left out when 0). A source
// that leaves the index out gets the smallest bucket size holding `count` entries.
void putHashHeader(QJsonObject& object, const char* prefix, const HashHeader& header);
// A stored count width from JSON (missing: 0), checked against the `count` it must hold.
std::uint8_t countBytesFromJson(const JsonNode& width, std::size_t count);
HashHeader hashHeaderFromJson(const JsonNode& node, const char* prefix, std::size_t count);

// A u8 flag as true/false when it is 0 or 1, else the raw number; byteFlagFromJson takes either.
QJsonValue byteFlagJson(std::uint8_t value);
std::uint8_t byteFlagFromJson(const JsonNode& node, std::uint8_t fallback = 0);

} // namespace portalkit::dat
