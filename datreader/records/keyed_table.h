#pragma once

// The client's u32-keyed hash tables as the mappers store them (EnumMapper, DidMapper,
// DualDidMapper): a u8 index into the prime bucket sizes, a compressed-uint count, then
// key/value pairs. Decoding keeps the index raw, the count's width when it was stored longer
// than needed, and the entries in file order, so a table re-encodes byte for byte. A JSON
// source that leaves "buckets" out gets the index a writer picks for its entry count and its
// entries ordered by key % bucket size (source order within a bucket), the shape retail tables
// have (docs/formats.md#keyed-tables).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace portalkit::dat {

// KeyedEntry (a u32 key and its value) is in codec_helpers.h.

template <typename V> struct KeyedTable {
    std::uint8_t bucketIndex = 0; // raw; an index into keyedBucketSize's primes
    std::uint8_t countBytes = 0;  // 0: the count in its shortest form; else its stored width
    std::vector<KeyedEntry<V>> entries;
    bool operator==(const KeyedTable&) const = default;
};

// How a writer sizes a new table: AutoGrow tables (EnumMapper) take the smallest size with
// count + 1 <= 2 * size; Fixed tables (the DID mappers) start at 23 buckets and take the
// smallest size holding every entry when that is not enough.
enum class BucketRule { AutoGrow, Fixed };

// The bucket count index `index` names; 0 past the table's end.
std::uint32_t keyedBucketSize(std::uint8_t index);
std::uint8_t keyedBucketIndex(std::size_t count, BucketRule rule);

std::uint32_t readKeyedHeader(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                              std::uint8_t& bucketIndex, std::uint8_t& countBytes);
void writeKeyedHeader(ByteWriter& out, std::uint8_t bucketIndex, std::uint8_t countBytes,
                      std::size_t count);
// The stored count width from JSON (missing: 0), checked against the count it must hold.
std::uint8_t keyedCountBytesFromJson(const JsonNode& width, std::size_t count);

template <typename V, typename ReadValue>
KeyedTable<V> readKeyedTable(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                             ReadValue&& readValue) {
    KeyedTable<V> table;
    const std::uint32_t count =
        readKeyedHeader(in, field, minEntryBytes, table.bucketIndex, table.countBytes);
    const std::string keyField = std::string(field) + ".key";
    table.entries = readNamedItems(in, count, "entry", [&](ByteCursor& cursor) {
        KeyedEntry<V> entry;
        entry.key = cursor.u32(keyField.c_str());
        entry.value = readValue(cursor);
        return entry;
    });
    return table;
}

template <typename V, typename WriteValue>
void writeKeyedTable(ByteWriter& out, const KeyedTable<V>& table, WriteValue&& writeValue) {
    writeKeyedHeader(out, table.bucketIndex, table.countBytes, table.entries.size());
    for (const KeyedEntry<V>& entry : table.entries) {
        out.u32(entry.key);
        writeValue(out, entry.value);
    }
}

// {"buckets": index, "countBytes"?: n, "entries": [{"key": k, <valueKey>: value}, ...]}.
template <typename V, typename ValueJson>
QJsonObject keyedTableToJson(const KeyedTable<V>& table, const char* valueKey,
                             ValueJson&& valueJson) {
    QJsonArray entries;
    for (const KeyedEntry<V>& entry : table.entries)
        entries.append(QJsonObject{{"key", qint64(entry.key)}, {valueKey, valueJson(entry.value)}});
    QJsonObject object{{"buckets", int(table.bucketIndex)}, {"entries", entries}};
    if (table.countBytes != 0)
        object["countBytes"] = int(table.countBytes);
    return object;
}

// A missing node is an empty table. Without "buckets" the index follows `rule` and the entries
// are put in bucket order; with it they stay in source order, as decoded bytes need.
template <typename V, typename ValueFromJson>
KeyedTable<V> keyedTableFromJson(const JsonNode& node, const char* valueKey, BucketRule rule,
                                 ValueFromJson&& valueFromJson) {
    KeyedTable<V> table;
    for (const JsonNode& element : node["entries"].elements())
        table.entries.push_back({element["key"].u32(), valueFromJson(element[valueKey])});
    table.countBytes = keyedCountBytesFromJson(node["countBytes"], table.entries.size());
    if (node.has("buckets")) {
        table.bucketIndex = node["buckets"].u8();
        return table;
    }
    table.bucketIndex = keyedBucketIndex(table.entries.size(), rule);
    const std::uint32_t size = keyedBucketSize(table.bucketIndex);
    std::stable_sort(table.entries.begin(), table.entries.end(),
                     [size](const KeyedEntry<V>& a, const KeyedEntry<V>& b) {
                         return a.key % size < b.key % size;
                     });
    return table;
}

} // namespace portalkit::dat
