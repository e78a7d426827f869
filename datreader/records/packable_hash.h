#pragma once

// The portal DAT's PackableHashTable (SpellTable, SpellComponentTable, ChatPoseTable): a u16
// entry count, a u16 bucket count, then the entries. The client writes the entries in its own
// bucket order, so they stay in file order here, and the bucket count is kept as stored
// (docs/formats.md#spelltable). Each entry reads and writes its own key.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "datreader/records/codec_helpers.h"

#include <QJsonObject>
#include <cstdint>
#include <vector>

namespace portalkit::dat {

// The header; the count must fit the bytes left at `minEntryBytes` an entry.
std::uint16_t readPackableHeader(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                                 std::uint16_t& buckets);
// Throws DatError (named `field`) when there are more than 65535 entries.
void writePackableHeader(ByteWriter& out, std::size_t count, std::uint16_t buckets,
                         const char* field);

// The table's bucket count from JSON under `key`; a source that leaves it out gets `fallback`.
std::uint16_t packableBucketsFromJson(const JsonNode& node, const char* key,
                                      std::uint16_t fallback);

template <typename T> struct PackableTable {
    std::uint16_t buckets = 0; // raw, as stored
    std::vector<T> entries;    // file order
    bool operator==(const PackableTable&) const = default;
};

template <typename ReadEntry>
auto readPackableTable(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                       const char* what, ReadEntry&& readEntry) {
    PackableTable<std::decay_t<std::invoke_result_t<ReadEntry&, ByteCursor&>>> table;
    const std::uint16_t count = readPackableHeader(in, field, minEntryBytes, table.buckets);
    table.entries = readNamedItems(in, count, what, readEntry);
    return table;
}

template <typename T, typename WriteEntry>
void writePackableTable(ByteWriter& out, const PackableTable<T>& table, const char* field,
                        WriteEntry&& writeEntry) {
    writePackableHeader(out, table.entries.size(), table.buckets, field);
    writeItems(out, table.entries, writeEntry);
}

// JSON: the entries as a list under `key`, the bucket count under "<key>Buckets".
template <typename T, typename EntryJson>
void putPackableTable(QJsonObject& object, const char* key, const PackableTable<T>& table,
                      EntryJson&& entryJson) {
    object[key] = listToJson(table.entries, entryJson);
    object[QString(key) + "Buckets"] = table.buckets;
}

template <typename EntryFromJson>
auto packableTableFromJson(const JsonNode& node, const char* key, std::uint16_t fallbackBuckets,
                           EntryFromJson&& entryFromJson) {
    PackableTable<std::decay_t<std::invoke_result_t<EntryFromJson&, const JsonNode&>>> table;
    table.entries = listFromJson(node[key], entryFromJson);
    table.buckets = packableBucketsFromJson(node, key, fallbackBuckets);
    return table;
}

} // namespace portalkit::dat
