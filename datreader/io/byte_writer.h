#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace portalkit::dat {

// Little-endian appender, the mirror of ByteCursor: each read has its write.
class ByteWriter {
  public:
    void u8(std::uint8_t value) { m_bytes.push_back(value); }
    void u16(std::uint16_t value) { fixed(value); }
    void u32(std::uint32_t value) { fixed(value); }
    void i32(std::int32_t value) { fixed(value); }
    void f32(float value) { fixed(value); }
    void f64(double value) { fixed(value); }
    void bytes(std::span<const std::uint8_t> data) {
        m_bytes.insert(m_bytes.end(), data.begin(), data.end());
    }
    void zeros(std::size_t count) { m_bytes.resize(m_bytes.size() + count, 0); }
    // Zero-fills to the next multiple of four, as Turbine's packer does.
    void align4() { zeros((4 - m_bytes.size() % 4) % 4); }

    void compressedUInt(std::uint32_t value);
    // 2-byte form when the offset allows, else 4 bytes; `longForm` forces the 4-byte form so a
    // record keeps the form it was read in.
    void packedDid(std::uint32_t did, std::uint32_t knownType, bool longForm = false);

    // Overwrites four bytes already written (for sizes and counts known only later).
    void patchU32(std::size_t position, std::uint32_t value) {
        std::memcpy(m_bytes.data() + position, &value, sizeof value);
    }

    std::size_t size() const { return m_bytes.size(); }
    const std::vector<std::uint8_t>& data() const { return m_bytes; }
    std::vector<std::uint8_t> take() { return std::move(m_bytes); }

  private:
    template <typename T> void fixed(T value) {
        const auto at = m_bytes.size();
        m_bytes.resize(at + sizeof(T));
        std::memcpy(m_bytes.data() + at, &value, sizeof(T));
    }

    std::vector<std::uint8_t> m_bytes;
};

} // namespace portalkit::dat
