#include "datreader/io/byte_cursor.h"

#include <bit>
#include <string>

static_assert(std::endian::native == std::endian::little, "PortalKit reads DATs natively as LE");

namespace portalkit::dat {

const std::uint8_t* ByteCursor::need(std::size_t count, const char* field) {
    if (count > remaining())
        fail(field, "needs " + std::to_string(count) + " bytes, only " +
                        std::to_string(remaining()) + " left");
    const std::uint8_t* at = m_data.data() + m_pos;
    m_pos += count;
    return at;
}

std::span<const std::uint8_t> ByteCursor::bytes(std::size_t count, const char* field) {
    const std::uint8_t* at = need(count, field);
    return {at, count};
}

void ByteCursor::align4(const char* field) {
    skip((4 - m_pos % 4) % 4, field);
}

std::uint32_t ByteCursor::compressedUInt(const char* field) {
    const std::uint8_t first = u8(field);
    if ((first & 0x80) == 0)
        return first;
    if ((first & 0x40) == 0)
        return (std::uint32_t(first & 0x7F) << 8) | u8(field);
    const std::uint32_t second = u8(field);
    const std::uint32_t low = u16(field);
    return (std::uint32_t(first & 0x3F) << 24) | (second << 16) | low;
}

ByteCursor::PackedDid ByteCursor::packedDid(std::uint32_t knownType, const char* field) {
    const std::uint16_t word = u16(field);
    if ((word & 0x8000) == 0)
        return {knownType + word, false};
    const std::uint16_t low = u16(field);
    return {knownType + ((std::uint32_t(word & 0x3FFF) << 16) | low), true};
}

void ByteCursor::seek(std::size_t position, const char* field) {
    if (position > m_data.size())
        failAt(position, field, "seek past the end (" + std::to_string(m_data.size()) + " bytes)");
    m_pos = position;
}

void ByteCursor::expectEnd(const char* field) const {
    if (!atEnd())
        fail(field, std::to_string(remaining()) + " bytes left over");
}

void ByteCursor::fail(const char* field, std::string message) const {
    failAt(m_pos, field, std::move(message));
}

void ByteCursor::failAt(std::size_t position, const char* field, std::string message) const {
    throw DatError(field, std::move(message), m_base + position, m_kind, m_did);
}

} // namespace portalkit::dat
