#pragma once

// What the character tables share (docs/formats.md#chargen and the sections after it): the
// skill formula of the vital and skill tables, the cell-and-frame position of start areas and
// contracts, counts stored as compressed uints, and the two hash table shapes — the
// PackableHashTable (u16 count, u16 bucket count) and the HashTable (u8 bucket-size index,
// compressed count). Tables keep their entries in stored order and the stored bucket figure raw;
// a source that gives no bucket figure gets the default and the order a writer that walks the
// buckets would give (by key modulo the bucket count, ties in source order).

#include "datreader/records/codec_helpers.h"
#include "datreader/records/common.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace portalkit::dat {

// (attribute1 * attribute1Multiplier + attribute2 * attribute2Multiplier) / divisor
// + additiveBonus; attributes are 1 Strength .. 6 Self, 0 none.
struct SkillFormula {
    std::int32_t additiveBonus = 0;
    std::int32_t attribute1Multiplier = 0;
    std::int32_t attribute2Multiplier = 0;
    std::int32_t divisor = 0;
    std::uint32_t attribute1 = 0;
    std::uint32_t attribute2 = 0;
    bool operator==(const SkillFormula&) const = default;
};

SkillFormula readSkillFormula(ByteCursor& in, const char* field);
void write(ByteWriter& out, const SkillFormula& formula);
QJsonObject toJson(const SkillFormula& formula);
SkillFormula skillFormulaFromJson(const JsonNode& node);

// A landcell id and a frame in it.
struct Position {
    std::uint32_t cellId = 0;
    Frame frame;
    bool operator==(const Position&) const = default;
};

Position readPosition(ByteCursor& in, const char* field);
void write(ByteWriter& out, const Position& position);
QJsonObject toJson(const Position& position);
Position positionFromJson(const JsonNode& node);

// A compressed-uint count, checked against the bytes left (each item at least minItemBytes). A
// count stored longer than its shortest form is refused: PortalKit could not write it back.
std::uint32_t readCompressedCount(ByteCursor& in, const char* field, std::size_t minItemBytes);

// KeyedEntry (a u32 key and its value) is in codec_helpers.h.

template <class V, class ReadValue>
std::vector<KeyedEntry<V>> readKeyedEntries(ByteCursor& in, std::size_t count, const char* keyField,
                                            const char* what, ReadValue&& readValue) {
    return readNamedItems(in, count, what, [&](ByteCursor& cursor) {
        KeyedEntry<V> entry;
        entry.key = cursor.u32(keyField);
        entry.value = readValue(cursor);
        return entry;
    });
}

template <class V, class WriteValue>
void writeKeyedEntries(ByteWriter& out, const std::vector<KeyedEntry<V>>& entries,
                       WriteValue&& writeValue) {
    for (const KeyedEntry<V>& entry : entries) {
        out.u32(entry.key);
        writeValue(out, entry.value);
    }
}

// A PackableHashTable's head: u16 entry count, u16 bucket count. Fails at the count when the
// entries (each at least minEntryBytes) cannot fit in the bytes left.
std::uint16_t readPackableHead(ByteCursor& in, const char* field, std::size_t minEntryBytes,
                               std::uint16_t& buckets);
// Throws DatError (named `field`) past 65535 entries.
void writePackableHead(ByteWriter& out, std::size_t count, std::uint16_t buckets,
                       const char* field);

// The bucket counts a HashTable's u8 index chooses; 0 for an index past the table.
std::uint32_t bucketsOfIndex(std::uint8_t index);

// Entries in the order a writer walking `buckets` buckets gives: by key modulo the bucket count,
// entries of one bucket in their given order.
template <class V>
void orderForBuckets(std::vector<KeyedEntry<V>>& entries, std::uint32_t buckets) {
    if (buckets == 0)
        return;
    std::stable_sort(entries.begin(), entries.end(), [buckets](const auto& a, const auto& b) {
        return a.key % buckets < b.key % buckets;
    });
}

// Entries in JSON: one object per entry with its "key" beside the value's fields.
template <class V, class ValueJson>
QJsonArray keyedToJson(const std::vector<KeyedEntry<V>>& entries, bool keyIsId,
                       ValueJson&& valueJson) {
    QJsonArray array;
    for (const KeyedEntry<V>& entry : entries)
        array.append(withKey(valueJson(entry.value),
                             keyIsId ? QJsonValue(didJson(entry.key)) : qint64(entry.key)));
    return array;
}

template <class ValueFromJson>
auto keyedFromJson(const JsonNode& node, ValueFromJson&& valueFromJson) {
    using V = std::decay_t<std::invoke_result_t<ValueFromJson&, const JsonNode&>>;
    std::vector<KeyedEntry<V>> entries;
    for (const JsonNode& element : node.elements())
        entries.push_back({element["key"].u32(), valueFromJson(element)});
    return entries;
}

// A table's bucket figure from `bucketsNode` when given (the entries then keep their source
// order), else `fallback` with the entries put in bucket order (`bucketsOf` turns the figure
// into a bucket count).
template <class V, class Figure, class BucketsOf>
Figure bucketFigureFromJson(const JsonNode& bucketsNode, Figure fallback,
                            std::vector<KeyedEntry<V>>& entries, BucketsOf&& bucketsOf) {
    if (!bucketsNode.isMissing()) {
        if constexpr (sizeof(Figure) == 1)
            return bucketsNode.u8();
        else
            return bucketsNode.u16();
    }
    orderForBuckets(entries, bucketsOf(fallback));
    return fallback;
}

// Fails at `node` when a list holds more than `max` items (its count is a narrow field).
void checkAtMost(const JsonNode& node, std::size_t size, std::size_t max);

// A member read by `fromJson`, or its default when the source leaves it out.
template <class T> T orDefault(const JsonNode& node, T (*fromJson)(const JsonNode&)) {
    return node.isMissing() ? T{} : fromJson(node);
}

// Lists behind a compressed-uint count (the character generator's): read, and written back.
template <typename ReadItem>
auto readCompressedList(ByteCursor& in, const char* countField, std::size_t minItemBytes,
                        const char* what, ReadItem&& readItem) {
    return readNamedItems(in, readCompressedCount(in, countField, minItemBytes), what, readItem);
}

template <typename T, typename WriteItem = WriteValue>
void writeCompressedList(ByteWriter& out, const std::vector<T>& items, WriteItem&& writeItem = {}) {
    out.compressedUInt(std::uint32_t(items.size()));
    writeItems(out, items, writeItem);
}

} // namespace portalkit::dat
