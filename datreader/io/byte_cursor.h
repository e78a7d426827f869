#pragma once

#include "datreader/io/dat_error.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

namespace portalkit::dat {

// Bounds-checked little-endian reader over one byte range. Every read names the field it is for,
// so a fault reports DID, offset and field without the caller adding anything.
class ByteCursor {
  public:
    // `base` is the offset reported for byte 0 of `data`; `kind` says what that offset means.
    explicit ByteCursor(std::span<const std::uint8_t> data, std::uint64_t base = 0,
                        OffsetKind kind = OffsetKind::Entry,
                        std::optional<std::uint32_t> did = std::nullopt)
        : m_data(data), m_base(base), m_kind(kind), m_did(did) {}

    std::uint8_t u8(const char* field) { return fixed<std::uint8_t>(field); }
    std::uint16_t u16(const char* field) { return fixed<std::uint16_t>(field); }
    std::uint32_t u32(const char* field) { return fixed<std::uint32_t>(field); }
    std::int32_t i32(const char* field) { return fixed<std::int32_t>(field); }
    float f32(const char* field) { return fixed<float>(field); }
    double f64(const char* field) { return fixed<double>(field); }

    std::span<const std::uint8_t> bytes(std::size_t count, const char* field);
    void skip(std::size_t count, const char* field) { bytes(count, field); }
    // Skips the 0-3 pad bytes to the next multiple of four from the start of the range; the pad
    // bytes must exist (their values are not checked).
    void align4(const char* field);

    // 1/2/4-byte compressed unsigned integer (docs/formats.md).
    std::uint32_t compressedUInt(const char* field);
    // A DID stored as an offset from a known type, in 2 or 4 bytes (docs/formats.md).
    struct PackedDid {
        std::uint32_t did;
        bool longForm;
    };
    PackedDid packedDid(std::uint32_t knownType, const char* field);

    std::size_t position() const { return m_pos; }
    std::size_t size() const { return m_data.size(); }
    std::size_t remaining() const { return m_data.size() - m_pos; }
    bool atEnd() const { return m_pos == m_data.size(); }
    void seek(std::size_t position, const char* field);
    // Fails unless every byte was consumed.
    void expectEnd(const char* field) const;

    [[noreturn]] void fail(const char* field, std::string message) const;
    [[noreturn]] void failAt(std::size_t position, const char* field, std::string message) const;

  private:
    template <typename T> T fixed(const char* field) {
        T value;
        std::memcpy(&value, need(sizeof(T), field), sizeof(T));
        return value; // DATs are little-endian, as is every platform we build for.
    }
    const std::uint8_t* need(std::size_t count, const char* field);

    std::span<const std::uint8_t> m_data;
    std::size_t m_pos = 0;
    std::uint64_t m_base;
    OffsetKind m_kind;
    std::optional<std::uint32_t> m_did;
};

} // namespace portalkit::dat
