#pragma once

// The shapes every record codec repeats, written once: counted lists read, written and turned to
// and from JSON with one item function per direction (so decode and encode stay mirror images),
// the bytes retail data carries outside the known fields (alignment fill, trailing bytes), field
// lists and the frame every record shares (docs/formats.md#retail-bytes).

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/common.h"
#include "datreader/records/record_codec.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace portalkit::dat {

// A hash table entry: a 4-byte key (an id, a skill or enum number) and its value; shared by the
// tables' codecs, which keep entries in stored order.
template <typename V> struct KeyedEntry {
    std::uint32_t key = 0;
    V value{};
    bool operator==(const KeyedEntry&) const = default;
};

// `count` items, each read by `readItem(in)`; the count must already be bounded by the bytes left.
template <typename ReadItem>
auto readItems(ByteCursor& in, std::size_t count, ReadItem&& readItem) {
    std::vector<std::decay_t<std::invoke_result_t<ReadItem&, ByteCursor&>>> items;
    items.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        items.push_back(readItem(in));
    return items;
}

// A u32 count (field `countField`, each item at least `minItemBytes`), then the items.
template <typename ReadItem>
auto readList(ByteCursor& in, const char* countField, std::size_t minItemBytes,
              ReadItem&& readItem) {
    return readItems(in, readCount(in, countField, minItemBytes), readItem);
}

// As readItems, but a fault inside an item also says which: "reading <what> <index>".
template <typename ReadItem>
auto readNamedItems(ByteCursor& in, std::size_t count, const char* what, ReadItem&& readItem) {
    std::size_t index = 0;
    return readItems(in, count, [&](ByteCursor& cursor) {
        try {
            ++index;
            return readItem(cursor);
        } catch (DatError& error) {
            error.withContext(std::string("reading ") + what + " " + std::to_string(index - 1));
            throw;
        }
    });
}

template <typename ReadItem>
auto readNamedList(ByteCursor& in, const char* countField, std::size_t minItemBytes,
                   const char* what, ReadItem&& readItem) {
    return readNamedItems(in, readCount(in, countField, minItemBytes), what, readItem);
}

// Item readers for the plain shapes: a u32 and the common structures.
inline auto readU32As(const char* field) {
    return [field](ByteCursor& in) { return in.u32(field); };
}
template <typename T> auto readAs(T (*read)(ByteCursor&, const char*), const char* field) {
    return [read, field](ByteCursor& in) { return read(in, field); };
}

// The encoder's item writer when none is given: u32s as u32s, structures by their `write`.
struct WriteValue {
    void operator()(ByteWriter& out, std::uint32_t value) const { out.u32(value); }
    template <typename T> void operator()(ByteWriter& out, const T& value) const {
        write(out, value);
    }
};

template <typename T, typename WriteItem = WriteValue>
void writeItems(ByteWriter& out, const std::vector<T>& items, WriteItem&& writeItem = {}) {
    for (const T& item : items)
        writeItem(out, item);
}

// The mirror of readList: the u32 count, then the items.
template <typename T, typename WriteItem = WriteValue>
void writeList(ByteWriter& out, const std::vector<T>& items, WriteItem&& writeItem = {}) {
    out.u32(std::uint32_t(items.size()));
    writeItems(out, items, writeItem);
}

// The JSON item form when none is given: the structure's toJson.
struct ToJsonValue {
    template <typename T> auto operator()(const T& value) const { return toJson(value); }
};

template <typename T, typename ItemJson = ToJsonValue>
QJsonArray listToJson(const std::vector<T>& items, ItemJson&& itemJson = {}) {
    QJsonArray array;
    for (const T& item : items)
        array.append(itemJson(item));
    return array;
}

// Ids as "0x%08X" strings.
QJsonArray didListToJson(const std::vector<std::uint32_t>& ids);

// The items of a JSON array (a missing node is an empty list), each read by `itemFromJson`.
template <typename ItemFromJson>
auto listFromJson(const JsonNode& node, ItemFromJson&& itemFromJson) {
    std::vector<std::decay_t<std::invoke_result_t<ItemFromJson&, const JsonNode&>>> items;
    for (const JsonNode& element : node.elements())
        items.push_back(itemFromJson(element));
    return items;
}

inline std::uint32_t u32FromJson(const JsonNode& node) {
    return node.u32();
}

// A count a source may repeat beside its list: when given it must be `actual`; the error says
// "<given> disagrees with the <actual><what>".
void checkGivenCount(const JsonNode& count, std::size_t actual, const char* what);

// A JSON object with the map key it is stored under beside its fields.
QJsonObject withKey(QJsonObject object, const QJsonValue& key);

// The fill an align4 skips, as a little-endian value of the 0 to 3 bytes it spans. Retail fill is
// not always zero; writePad writes the same number of bytes back and throws DatError (named
// `field`) when `pad` does not fit in them.
std::uint32_t readPad(ByteCursor& in, const char* field);
void writePad(ByteWriter& out, std::uint32_t pad, const char* field);
// A non-zero pad under `key`; a zero pad is left out, so most JSON does not mention it.
void putPad(QJsonObject& object, const char* key, std::uint32_t pad);

// Whatever follows the last known field.
std::vector<std::uint8_t> readTrailing(ByteCursor& in);
// Trailing bytes under "trailing" as hex, left out when there are none.
void putTrailing(QJsonObject& object, const std::vector<std::uint8_t>& trailing);

// Byte strings in JSON: hex text, as JsonNode::hexBytes reads it; a missing node is empty.
QString hexJson(const std::vector<std::uint8_t>& bytes);
std::vector<std::uint8_t> bytesFromJson(const JsonNode& node);

// Field lists: a record spells a run of plain fields once, as a template run with each of the
// four visitors below (decode, encode, toJson, fromJson), so the directions cannot drift apart:
//     template <typename Self, typename Visit> void plainFields(Self& r, Visit&& v) {
//         v.f32("emitter.minA", r.minA); ...
//     }
// The name is the one decode errors carry; the JSON key is its part after the last '.'. In JSON
// u32s are numbers, dids "0x%08X" strings; fromJson lets every such field default to zero.
std::string_view jsonKey(const char* field);

struct FieldReader {
    ByteCursor& in;
    void u32(const char* field, std::uint32_t& value) { value = in.u32(field); }
    void did(const char* field, std::uint32_t& value) { value = in.u32(field); }
    void i32(const char* field, std::int32_t& value) { value = in.i32(field); }
    void f32(const char* field, float& value) { value = in.f32(field); }
    void f64(const char* field, double& value) { value = in.f64(field); }
    void vec3(const char* field, Vec3& value) { value = readVec3(in, field); }
};

struct FieldWriter {
    ByteWriter& out;
    void u32(const char*, std::uint32_t value) { out.u32(value); }
    void did(const char*, std::uint32_t value) { out.u32(value); }
    void i32(const char*, std::int32_t value) { out.i32(value); }
    void f32(const char*, float value) { out.f32(value); }
    void f64(const char*, double value) { out.f64(value); }
    void vec3(const char*, const Vec3& value) { write(out, value); }
};

struct FieldJsonWriter {
    QJsonObject& object;
    void put(const char* field, const QJsonValue& value);
    void u32(const char* field, std::uint32_t value) { put(field, qint64(value)); }
    void did(const char* field, std::uint32_t value) { put(field, didJson(value)); }
    void i32(const char* field, std::int32_t value) { put(field, value); }
    void f32(const char* field, float value) { put(field, exactJson(value)); }
    void f64(const char* field, double value) { put(field, exactJson(value)); }
    void vec3(const char* field, const Vec3& value) { put(field, toJson(value)); }
};

struct FieldJsonReader {
    const JsonNode& node;
    JsonNode at(const char* field) const { return node[jsonKey(field)]; }
    void u32(const char* field, std::uint32_t& value) { value = at(field).u32(0); }
    void did(const char* field, std::uint32_t& value) { value = at(field).u32(0); }
    void i32(const char* field, std::int32_t& value) { value = at(field).i32(0); }
    void f32(const char* field, float& value) { value = at(field).f32(0); }
    void f64(const char* field, double& value) { value = at(field).f64(0); }
    void vec3(const char* field, Vec3& value);
};

// Every record but Surface opens with its own id and ends after its last field; a record type
// with a `trailing` member keeps whatever bytes follow that field, the others must end there.
// decodeRecordFrame, encodeRecordFrame, recordFrameJson and recordFrameFromJson handle that frame,
// so a record's codec only spells its own fields, once per direction.
template <typename Record>
concept KeepsTrailing = requires(Record record) {
    record.trailing;
};

template <typename Record, typename Body>
Record decodeRecordFrame(std::span<const std::uint8_t> bytes, std::uint32_t did, const char* name,
                         Body&& body) {
    ByteCursor in(bytes, 0, OffsetKind::Entry, did);
    Record record;
    record.id = readOwnId(in, did);
    body(in, record);
    if constexpr (KeepsTrailing<Record>)
        record.trailing = readTrailing(in);
    else
        in.expectEnd(name);
    return record;
}

template <typename Record, typename Body>
std::vector<std::uint8_t> encodeRecordFrame(const Record& record, Body&& body) {
    ByteWriter out;
    out.u32(record.id);
    body(out);
    if constexpr (KeepsTrailing<Record>)
        out.bytes(record.trailing);
    return out.take();
}

// The record's fields with its "id" (and its "trailing" bytes, when there are any).
template <typename Record> QJsonObject recordFrameJson(const Record& record, QJsonObject fields) {
    fields["id"] = didJson(record.id);
    if constexpr (KeepsTrailing<Record>)
        putTrailing(fields, record.trailing);
    return fields;
}

template <typename Record, typename Body>
Record recordFrameFromJson(const JsonNode& node, std::uint32_t did, Body&& body) {
    Record record;
    record.id = ownIdFromJson(node, did);
    body(record);
    if constexpr (KeepsTrailing<Record>)
        record.trailing = bytesFromJson(node["trailing"]);
    return record;
}

} // namespace portalkit::dat
