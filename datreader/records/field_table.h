#pragma once

// Plain structures of fixed-size scalars (Scene objects, most of the Region's parts) described
// once as a table of fields, so their read, write and JSON forms cannot drift apart and each
// structure does not spell four near-identical functions. Lists of such structures share the
// count check against the bytes left and the "reading ... i" context.

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/dat_error.h"
#include "datreader/io/json_node.h"
#include "datreader/records/codec_helpers.h"
#include "datreader/records/common.h"

#include <QJsonArray>
#include <QJsonObject>
#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace portalkit::dat {

// How a u32 field is spelled in JSON: a number, an id ("0x%08X"), or a bool32 (true/false when
// 0 or 1, a number otherwise, so odd retail values survive).
enum class FieldStyle { Number, Id, Bool };

template <class T> struct Field {
    const char* name;
    std::variant<std::uint32_t T::*, std::int32_t T::*, float T::*, double T::*> member;
    FieldStyle style = FieldStyle::Number;
};

// Reads every field in order; a short read names `prefix.name`.
template <class T, std::size_t N>
void readFields(ByteCursor& in, T& value, const std::array<Field<T>, N>& fields,
                const std::string& prefix) {
    for (const Field<T>& field : fields) {
        const std::string name = prefix + "." + field.name;
        std::visit(
            [&](auto member) {
                using V = std::remove_reference_t<decltype(value.*member)>;
                if constexpr (std::is_same_v<V, std::uint32_t>)
                    value.*member = in.u32(name.c_str());
                else if constexpr (std::is_same_v<V, std::int32_t>)
                    value.*member = in.i32(name.c_str());
                else if constexpr (std::is_same_v<V, float>)
                    value.*member = in.f32(name.c_str());
                else
                    value.*member = in.f64(name.c_str());
            },
            field.member);
    }
}

template <class T, std::size_t N>
void writeFields(ByteWriter& out, const T& value, const std::array<Field<T>, N>& fields) {
    for (const Field<T>& field : fields) {
        std::visit(
            [&](auto member) {
                using V = std::remove_cvref_t<decltype(value.*member)>;
                if constexpr (std::is_same_v<V, std::uint32_t>)
                    out.u32(value.*member);
                else if constexpr (std::is_same_v<V, std::int32_t>)
                    out.i32(value.*member);
                else if constexpr (std::is_same_v<V, float>)
                    out.f32(value.*member);
                else
                    out.f64(value.*member);
            },
            field.member);
    }
}

template <class T, std::size_t N>
void fieldsToJson(QJsonObject& object, const T& value, const std::array<Field<T>, N>& fields) {
    for (const Field<T>& field : fields) {
        std::visit(
            [&](auto member) {
                using V = std::remove_cvref_t<decltype(value.*member)>;
                const V v = value.*member;
                if constexpr (std::is_same_v<V, std::uint32_t>) {
                    if (field.style == FieldStyle::Id)
                        object[field.name] = didJson(v);
                    else if (field.style == FieldStyle::Bool)
                        object[field.name] = bool32Json(v);
                    else
                        object[field.name] = qint64(v);
                } else if constexpr (std::is_same_v<V, std::int32_t>) {
                    object[field.name] = v;
                } else {
                    object[field.name] = exactJson(v);
                }
            },
            field.member);
    }
}

// A missing key keeps the value `value` already holds (its default), so hand-written sources
// stay short; a present key of the wrong kind fails naming its path.
template <class T, std::size_t N>
void fieldsFromJson(const JsonNode& node, T& value, const std::array<Field<T>, N>& fields) {
    for (const Field<T>& field : fields) {
        const JsonNode child = node[field.name];
        if (child.isMissing())
            continue;
        std::visit(
            [&](auto member) {
                using V = std::remove_reference_t<decltype(value.*member)>;
                if constexpr (std::is_same_v<V, std::uint32_t>)
                    value.*member =
                        field.style == FieldStyle::Bool ? bool32FromJson(child) : child.u32();
                else if constexpr (std::is_same_v<V, std::int32_t>)
                    value.*member = child.i32();
                else if constexpr (std::is_same_v<V, float>)
                    value.*member = child.f32();
                else
                    value.*member = child.f64();
            },
            field.member);
    }
}

// Structures made only of table fields: callables for the list helpers below.
template <class T, std::size_t N>
auto plainReader(const std::array<Field<T>, N>& fields, const char* prefix) {
    return [&fields, prefix](ByteCursor& in) {
        T value;
        readFields(in, value, fields, prefix);
        return value;
    };
}
template <class T, std::size_t N> auto plainWriter(const std::array<Field<T>, N>& fields) {
    return [&fields](ByteWriter& out, const T& value) { writeFields(out, value, fields); };
}
template <class T, std::size_t N> auto plainToJson(const std::array<Field<T>, N>& fields) {
    return [&fields](const T& value) {
        QJsonObject object;
        fieldsToJson(object, value, fields);
        return object;
    };
}
template <class T, std::size_t N> auto plainFromJson(const std::array<Field<T>, N>& fields) {
    return [&fields](const JsonNode& node) {
        T value;
        fieldsFromJson(node, value, fields);
        return value;
    };
}

// Counted lists (readNamedList, writeList, listToJson, listFromJson) are codec_helpers.h's.

// Lists of plain u32 values (ids, indices).
inline std::vector<std::uint32_t> readU32List(ByteCursor& in, const char* field) {
    return readNamedList(in, field, 4, field, [&](ByteCursor& c) { return c.u32(field); });
}
inline void writeU32List(ByteWriter& out, const std::vector<std::uint32_t>& values) {
    writeList(out, values, [](ByteWriter& o, std::uint32_t v) { o.u32(v); });
}
// Indices (where 0xFFFFFFFF means none) spelled as numbers; ids go through didListToJson.
QJsonArray u32ListToJson(const std::vector<std::uint32_t>& values);
std::vector<std::uint32_t> u32ListFromJson(const JsonNode& node);

} // namespace portalkit::dat
