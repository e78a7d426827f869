#pragma once

// One field list for reading and writing a message. After the opcode and guid every message
// begins with, each message lists its fields once, in wire order, as
// `template <typename Io, typename Self> static void fields(Io&, Self&)`; the four Io classes
// here each do one job with that list: decode the bytes, encode them, write the JSON form and
// read it back. A field is named as its decode failures name it ("SetState.instanceStamp");
// its JSON key is that name after the message's ("instanceStamp").

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"
#include "datreader/io/json_node.h"
#include "preview/core/math.h"
#include "preview/wire/opcodes.h"
#include "preview/wire/values.h"

#include <QJsonObject>
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace portalkit::preview::wire {

// "SetState.state" -> "state".
inline const char* jsonKey(const char* field) {
    const char* dot = std::strrchr(field, '.');
    return dot ? dot + 1 : field;
}

// The kinds of field: `id` (a u32 shown
// as "0x%08X"), `realBits` (a u32 holding a float's raw bits), `stamp` (a u16), `vector`, `pad`
// (bytes kept only to re-encode), `rest` (every byte left) and `part` (a nested structure with
// its own decode, encode and JSON).
class FieldReader {
  public:
    explicit FieldReader(dat::ByteCursor& in) : m_in(in) {}
    void id(const char* field, std::uint32_t& value) { value = m_in.u32(field); }
    void realBits(const char* field, std::uint32_t& value) { value = m_in.u32(field); }
    void stamp(const char* field, std::uint16_t& value) { value = m_in.u16(field); }
    void vector(const char* field, Vec3& value, bool = false) { value = readVector(m_in, field); }
    template <std::size_t N>
    void pad(const char* field, const char*, std::array<std::uint8_t, N>& value) {
        const auto bytes = m_in.bytes(N, field);
        std::copy(bytes.begin(), bytes.end(), value.begin());
    }
    void rest(const char* field, std::vector<std::uint8_t>& value) {
        const auto bytes = m_in.bytes(m_in.remaining(), field);
        value.assign(bytes.begin(), bytes.end());
    }
    template <typename Part> void part(const char*, Part& value) { value = Part::decode(m_in); }

  private:
    dat::ByteCursor& m_in;
};

class FieldWriter {
  public:
    explicit FieldWriter(dat::ByteWriter& out) : m_out(out) {}
    void id(const char*, std::uint32_t value) { m_out.u32(value); }
    void realBits(const char*, std::uint32_t value) { m_out.u32(value); }
    void stamp(const char*, std::uint16_t value) { m_out.u16(value); }
    void vector(const char*, Vec3 value, bool = false) { writeVector(m_out, value); }
    template <std::size_t N>
    void pad(const char*, const char*, const std::array<std::uint8_t, N>& value) {
        m_out.bytes(value);
    }
    void rest(const char*, const std::vector<std::uint8_t>& value) { m_out.bytes(value); }
    template <typename Part> void part(const char*, const Part& value) { value.encode(m_out); }

  private:
    dat::ByteWriter& m_out;
};

class FieldJsonWriter {
  public:
    explicit FieldJsonWriter(QJsonObject& out) : m_out(out) {}
    void id(const char* field, std::uint32_t value) { m_out[jsonKey(field)] = hexJson(value); }
    // The real, and its bits always: the raw truth, NaN payloads included.
    void realBits(const char* field, std::uint32_t value) {
        putRealBits(m_out, jsonKey(field), value);
        m_out[QString::fromLatin1(jsonKey(field)) + "Bits"] = hexJson(value);
    }
    void stamp(const char* field, std::uint16_t value) { m_out[jsonKey(field)] = value; }
    void vector(const char* field, Vec3 value, bool = false) {
        putVec3(m_out, jsonKey(field), value);
    }
    // Only when not all zero, as a new message has them.
    template <std::size_t N>
    void pad(const char*, const char* key, const std::array<std::uint8_t, N>& value) {
        if (value != std::array<std::uint8_t, N>{})
            m_out[key] = bytesJson(value);
    }
    void rest(const char* field, const std::vector<std::uint8_t>& value) {
        m_out[jsonKey(field)] = bytesJson(value);
    }
    template <typename Part> void part(const char* key, const Part& value) {
        m_out[key] = toJson(value);
    }

  private:
    QJsonObject& m_out;
};

// Stamps, pads and the rest may be left out (zero, empty); a vector marked optional too.
class FieldJsonReader {
  public:
    explicit FieldJsonReader(const dat::JsonNode& node) : m_node(node) {}
    void id(const char* field, std::uint32_t& value) { value = m_node[jsonKey(field)].u32(); }
    void realBits(const char* field, std::uint32_t& value) {
        value = realBitsFromJson(m_node, jsonKey(field));
    }
    void stamp(const char* field, std::uint16_t& value) { value = m_node[jsonKey(field)].u16(0); }
    void vector(const char* field, Vec3& value, bool optional = false) {
        if (!optional || hasReal(m_node, jsonKey(field)))
            value = vec3MemberFromJson(m_node, jsonKey(field));
    }
    template <std::size_t N>
    void pad(const char*, const char* key, std::array<std::uint8_t, N>& value) {
        value = padFromJson<N>(m_node[key]);
    }
    void rest(const char* field, std::vector<std::uint8_t>& value) {
        if (m_node.has(jsonKey(field)))
            value = bytesFromJson(m_node[jsonKey(field)]);
    }
    template <typename Part> void part(const char* key, Part& value) {
        value = Part::fromJson(m_node[key]);
    }

  private:
    const dat::JsonNode& m_node;
};

// Every message begins with its opcode and the object's guid; its own fields follow.
template <typename M> std::string guidField() {
    return std::string(opcodeName(M::kOpcode)) + ".guid";
}

// The whole body, opcode first.
template <typename M> M decodeFields(dat::ByteCursor& in) {
    readOpcode(in, M::kOpcode);
    M message;
    message.guid = in.u32(guidField<M>().c_str());
    FieldReader reader(in);
    M::fields(reader, message);
    return message;
}

template <typename M> void encodeFields(const M& message, dat::ByteWriter& out) {
    out.u32(M::kOpcode);
    out.u32(message.guid);
    FieldWriter writer(out);
    M::fields(writer, message);
}

// The fields beside the opcode, name and guid, which toJson(const Message&) writes.
template <typename M> void putJsonFields(const M& message, QJsonObject& out) {
    FieldJsonWriter writer(out);
    M::fields(writer, message);
}

template <typename M> M jsonFields(const dat::JsonNode& node, std::uint32_t guid) {
    M message;
    message.guid = guid;
    FieldJsonReader reader(node);
    M::fields(reader, message);
    return message;
}

} // namespace portalkit::preview::wire
