#pragma once

#include "datreader/container/dat_kind.h"

#include <array>
#include <cstdint>
#include <span>

namespace portalkit::dat {

// The 400 defined bytes at the start of a DAT: version string, transaction record and the
// DiskFileInfo at 0x140 (docs/formats.md). Field names follow the client's where known.
struct DatHeader {
    static constexpr std::uint32_t kMagic = 0x5442; // "BT"
    static constexpr std::size_t kDiskInfoOffset = 0x140;
    static constexpr std::size_t kDefinedSize = 400;
    static constexpr std::uint32_t kHighResSubset = 0x69466948; // "HiFi"

    std::array<std::uint8_t, 256> versionString{};
    std::array<std::uint8_t, 64> transactionRecord{};
    std::uint32_t magic = kMagic;
    std::uint32_t blockSize = 1024;
    std::uint32_t fileSize = 0;
    std::uint32_t dataSet = 1;
    std::uint32_t dataSubset = 0;
    std::uint32_t firstFree = 0;
    std::uint32_t finalFree = 0;
    std::uint32_t freeCount = 0;
    std::uint32_t rootOffset = 0;
    std::uint32_t youngLru = 0;
    std::uint32_t oldLru = 0;
    std::uint32_t useLru = 0; // a byte in the client, followed by three undefined bytes
    std::uint32_t masterMapId = 0;
    std::uint32_t enginePackVersion = 0;
    std::uint32_t gamePackVersion = 0;
    std::array<std::uint8_t, 16> versionGuid{};
    std::uint32_t minorVersion = 0;

    // Reads the layout only; DatFile decides what is acceptable. `bytes` must hold 400 bytes.
    static DatHeader parse(std::span<const std::uint8_t> bytes);
    std::array<std::uint8_t, kDefinedSize> serialize() const;

    // A header for a new DAT of `kind` with end-of-retail version values (docs/formats.md,
    // Writing).
    static DatHeader defaultsFor(DatKind kind);
    // Copies what identifies a DAT's release (version string, transaction record, master map,
    // engine/game pack versions, GUID and minor version) from `source`.
    void copyVersionFrom(const DatHeader& source);

    DatKind kind() const;
    // The lowest offset a block may start at: the first block boundary past the 400 defined bytes.
    std::uint32_t firstBlockOffset() const;
};

} // namespace portalkit::dat
