#include "datreader/io/byte_writer.h"

#include <stdexcept>

namespace portalkit::dat {

void ByteWriter::compressedUInt(std::uint32_t value) {
    if (value < 0x80) {
        u8(std::uint8_t(value));
    } else if (value < 0x4000) {
        u8(std::uint8_t(0x80 | (value >> 8)));
        u8(std::uint8_t(value));
    } else if (value < 0x40000000) {
        // High 14 bits big-endian, low 16 bits as an ordinary LE u16 (docs/formats.md).
        u8(std::uint8_t(0xC0 | (value >> 24)));
        u8(std::uint8_t(value >> 16));
        u16(std::uint16_t(value));
    } else {
        throw std::invalid_argument("compressed integer above 0x3FFFFFFF");
    }
}

void ByteWriter::packedDid(std::uint32_t did, std::uint32_t knownType, bool longForm) {
    const std::uint32_t offset = did - knownType;
    if (offset > 0x3FFFFFFF)
        throw std::invalid_argument("packed DID outside its known type");
    // Readers take the short form up to 0x7FFF (docs/formats.md), so any short form read can be
    // written back as it was; longForm keeps a long form that was read.
    if (!longForm && offset <= 0x7FFF) {
        u16(std::uint16_t(offset));
        return;
    }
    u16(std::uint16_t(0x8000 | (offset >> 16)));
    u16(std::uint16_t(offset));
}

} // namespace portalkit::dat
