#include "datreader/container/dat_header.h"

#include "datreader/io/byte_cursor.h"
#include "datreader/io/byte_writer.h"

#include <algorithm>

namespace portalkit::dat {

DatHeader DatHeader::parse(std::span<const std::uint8_t> bytes) {
    ByteCursor in(bytes.first(std::min(bytes.size(), kDefinedSize)), 0, OffsetKind::File);
    DatHeader h;
    auto version = in.bytes(256, "header.versionString");
    std::copy(version.begin(), version.end(), h.versionString.begin());
    auto transaction = in.bytes(64, "header.transactionRecord");
    std::copy(transaction.begin(), transaction.end(), h.transactionRecord.begin());
    h.magic = in.u32("header.magic");
    h.blockSize = in.u32("header.blockSize");
    h.fileSize = in.u32("header.fileSize");
    h.dataSet = in.u32("header.dataSet");
    h.dataSubset = in.u32("header.dataSubset");
    h.firstFree = in.u32("header.firstFree");
    h.finalFree = in.u32("header.finalFree");
    h.freeCount = in.u32("header.freeCount");
    h.rootOffset = in.u32("header.rootOffset");
    h.youngLru = in.u32("header.youngLru");
    h.oldLru = in.u32("header.oldLru");
    h.useLru = in.u32("header.useLru");
    h.masterMapId = in.u32("header.masterMapId");
    h.enginePackVersion = in.u32("header.enginePackVersion");
    h.gamePackVersion = in.u32("header.gamePackVersion");
    auto guid = in.bytes(16, "header.versionGuid");
    std::copy(guid.begin(), guid.end(), h.versionGuid.begin());
    h.minorVersion = in.u32("header.minorVersion");
    return h;
}

std::array<std::uint8_t, DatHeader::kDefinedSize> DatHeader::serialize() const {
    ByteWriter out;
    out.bytes(versionString);
    out.bytes(transactionRecord);
    for (std::uint32_t value :
         {magic, blockSize, fileSize, dataSet, dataSubset, firstFree, finalFree, freeCount,
          rootOffset, youngLru, oldLru, useLru, masterMapId, enginePackVersion, gamePackVersion})
        out.u32(value);
    out.bytes(versionGuid);
    out.u32(minorVersion);
    std::array<std::uint8_t, kDefinedSize> bytes{};
    std::copy(out.data().begin(), out.data().end(), bytes.begin());
    return bytes;
}

DatHeader DatHeader::defaultsFor(DatKind kind) {
    DatHeader h;
    h.blockSize = defaultBlockSize(kind);
    // DatReaderWriter's "empty transaction"; its meaning is unconfirmed (docs/formats.md).
    h.transactionRecord[1] = 0x50;
    h.transactionRecord[2] = 0x4C;
    h.minorVersion = 6657;
    switch (kind) {
    case DatKind::Cell:
        h.dataSet = 2;
        h.dataSubset = 1;
        h.enginePackVersion = 22;
        break;
    case DatKind::Local:
        h.dataSet = 3;
        h.dataSubset = 1;
        h.enginePackVersion = 110;
        break;
    case DatKind::HighRes:
        h.dataSet = 1;
        h.dataSubset = kHighResSubset;
        h.enginePackVersion = 110;
        break;
    case DatKind::Portal:
    case DatKind::Unknown:
        h.dataSet = 1;
        h.dataSubset = 0;
        h.enginePackVersion = 110;
        break;
    }
    return h;
}

void DatHeader::copyVersionFrom(const DatHeader& source) {
    versionString = source.versionString;
    transactionRecord = source.transactionRecord;
    masterMapId = source.masterMapId;
    enginePackVersion = source.enginePackVersion;
    gamePackVersion = source.gamePackVersion;
    versionGuid = source.versionGuid;
    minorVersion = source.minorVersion;
}

DatKind DatHeader::kind() const {
    switch (dataSet) {
    case 1:
        return dataSubset == kHighResSubset ? DatKind::HighRes : DatKind::Portal;
    case 2:
        return DatKind::Cell;
    case 3:
        return DatKind::Local;
    default:
        return DatKind::Unknown;
    }
}

std::uint32_t DatHeader::firstBlockOffset() const {
    const std::uint32_t size = blockSize == 0 ? 1 : blockSize;
    return (std::uint32_t(kDefinedSize) + size - 1) / size * size;
}

} // namespace portalkit::dat
